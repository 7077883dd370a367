// GET /api/admin/events/:id: one event with its days, links and seat counts.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminEventResponse } from '@store/shared/schemas/admin/events';
import { apiRequest } from '../../../../lib/api-client';
import { adminKeys } from '../../../../lib/admin/query-keys';

export function getEvent(id: string, signal?: AbortSignal) {
  return apiRequest(`/api/admin/events/${encodeURIComponent(id)}`, adminEventResponse, { signal }).then(
    (r) => r.event,
  );
}

export const eventQueryOptions = (id: string) =>
  queryOptions({ queryKey: adminKeys.event(id), queryFn: ({ signal }) => getEvent(id, signal) });

export function useAdminEvent(id: string | undefined) {
  return useQuery({ ...eventQueryOptions(id ?? ''), enabled: Boolean(id) });
}
