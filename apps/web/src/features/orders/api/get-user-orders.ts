// POST /api/order/userorders: the signed-in user's orders, newest first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/auth-token';
import { userQueryKeys } from '../../../lib/query-keys';

export async function getUserOrders(signal?: AbortSignal) {
  const res = await apiRequest(
    '/api/order/userorders',
    async () => (await import('@store/shared/schemas/order')).userOrdersResponse,
    {
      method: 'POST',
      body: {},
      signal,
    },
  );
  return [...res.orders].sort((a, b) => b.date - a.date);
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
