// GET /api/admin/waitlist: an event's waiting lists (entries per day, state, place in line).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminWaitlistResponse } from '@store/shared/schemas/admin/waitlist';
import { apiRequest } from '../../../../lib/api-client';
import { adminKeys, toSearch } from '../../../../lib/admin/query-keys';

export function getWaitlist(productId: string, signal?: AbortSignal) {
  return apiRequest(`/api/admin/waitlist${toSearch({ productId })}`, adminWaitlistResponse, { signal });
}

export const waitlistQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: adminKeys.waitlist(productId),
    queryFn: ({ signal }) => getWaitlist(productId, signal),
  });

export function useWaitlist(productId: string) {
  return useQuery({ ...waitlistQueryOptions(productId), enabled: productId !== '' });
}
