// POST /api/order/single: one of the user's orders (docs/product.md → Deliberate changes: owner only).
import { queryOptions } from '@tanstack/react-query';
import { orderSingleResponse } from '@store/shared/schemas/order';
import { apiRequest } from '../../../lib/api-client';

export async function getOrder(orderId: string, signal?: AbortSignal) {
  const res = await apiRequest('/api/order/single', orderSingleResponse, {
    method: 'POST',
    body: { orderId },
    signal,
  });
  return res.order;
}

export const orderQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: ['order', orderId],
    queryFn: ({ signal }) => getOrder(orderId, signal),
    retry: false,
  });
