// GET /api/attendance/mine: the time online counted for each paid day of an event.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { myAttendanceResponse } from '@store/shared/schemas/attendance';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/auth-token';
import { attendanceKeys } from './keys';

export const myAttendanceQueryOptions = (token: string | null, productId: string) =>
  queryOptions({
    queryKey: attendanceKeys.mine(token, productId),
    queryFn: async ({ signal }) =>
      (
        await apiRequest(
          `/api/attendance/mine?productId=${encodeURIComponent(productId)}`,
          myAttendanceResponse,
          {
            signal,
          },
        )
      ).days,
    enabled: Boolean(token),
  });

export function useMyAttendance(productId: string) {
  return useQuery(myAttendanceQueryOptions(useToken(), productId));
}
