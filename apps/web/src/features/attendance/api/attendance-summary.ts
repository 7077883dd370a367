// GET /api/attendance/summary: per event already started, what each paid day counted and why,
// and where its constancia stands.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { myAttendanceSummaryResponse } from '@store/shared/schemas/attendance';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/auth-token';
import { attendanceKeys } from './keys';

export const attendanceSummaryQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: attendanceKeys.summary(token),
    queryFn: async ({ signal }) =>
      (await apiRequest('/api/attendance/summary', myAttendanceSummaryResponse, { signal })).events,
    enabled: Boolean(token),
  });

export function useAttendanceSummary() {
  return useQuery(attendanceSummaryQueryOptions(useToken()));
}
