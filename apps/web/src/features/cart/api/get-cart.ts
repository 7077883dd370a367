// POST /api/cart/get: the signed-in user's server cart ({ productId: { day: quantity } }).
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { userQueryKeys } from '../../../lib/query-keys';

export async function getCart(signal?: AbortSignal) {
  const res = await apiRequest(
    '/api/cart/get',
    async () => (await import('@store/shared/schemas/cart')).cartGetResponse,
    { method: 'POST', body: {}, signal },
  );
  return res.cartData;
}

export const cartQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: userQueryKeys.cart(token),
    queryFn: ({ signal }) => getCart(signal),
    enabled: Boolean(token),
  });
