// GET /api/admin/attendees: paid attendees of an event or one of its days.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminAttendeesResponse, type AdminAttendeesQuery } from '@store/shared/schemas/admin/attendees';
import { apiRequest } from '../../../../lib/api-client';
import { adminKeys, toSearch } from '../../../../lib/admin/query-keys';

export function getAttendees(q: AdminAttendeesQuery, signal?: AbortSignal) {
  return apiRequest(`/api/admin/attendees${toSearch(q)}`, adminAttendeesResponse, { signal });
}

export const attendeesQueryOptions = (q: AdminAttendeesQuery) =>
  queryOptions({ queryKey: adminKeys.attendees(q), queryFn: ({ signal }) => getAttendees(q, signal) });

export function useAttendees(q: AdminAttendeesQuery | null) {
  return useQuery({ ...attendeesQueryOptions(q ?? { productId: '' }), enabled: Boolean(q?.productId) });
}
