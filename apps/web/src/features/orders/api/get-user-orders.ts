// GET /api/order/userorders: the signed-in user's orders, newest first. The last answer is
// kept with its ETag, so asking again while nothing changed is a 304 without a body.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserOrdersResponse } from '@store/shared/schemas/order';
import { apiRequestTagged, type Tagged } from '../../../lib/api-client';
import { getToken, useToken } from '../../../lib/auth-token';
import { userQueryKeys } from '../../../lib/query-keys';

/** The last answer, for the session it was asked with. */
let last: { token: string | null; answer: Tagged<UserOrdersResponse> } | null = null;

export async function getUserOrders(signal?: AbortSignal) {
  const token = getToken();
  const answer = await apiRequestTagged(
    '/api/order/userorders',
    async () => (await import('@store/shared/schemas/order')).userOrdersResponse,
    last?.token === token ? last.answer : null,
    signal,
  );
  last = { token, answer };
  return [...answer.data.orders].sort((a, b) => b.date - a.date);
}

export const userOrdersQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: userQueryKeys.orders(token),
    queryFn: ({ signal }) => getUserOrders(signal),
    enabled: Boolean(token),
  });

export function useUserOrders() {
  return useQuery(userOrdersQueryOptions(useToken()));
}
