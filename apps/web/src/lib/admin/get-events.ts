// GET /api/admin/events: events with search and status filter. The events page lists them; the
// other back-office areas (orders, attendees, waitlist, coupons, scholarships, attendance) pick one.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminEventsResponse, type AdminEventsQuery } from '@store/shared/schemas/admin/events';
import { apiRequest } from '../api-client';
import { adminKeys, toSearch } from './query-keys';

export function getEvents(q: AdminEventsQuery, signal?: AbortSignal) {
  return apiRequest(`/api/admin/events${toSearch(q)}`, adminEventsResponse, { signal }).then((r) => r.events);
}

export const eventsQueryOptions = (q: AdminEventsQuery) =>
  queryOptions({
    queryKey: adminKeys.events(q),
    queryFn: ({ signal }) => getEvents(q, signal),
    placeholderData: keepPreviousData,
  });

export function useAdminEvents(q: AdminEventsQuery = {}) {
  return useQuery(eventsQueryOptions(q));
}
