// POST /api/cart/add: one of (product, day) into the server cart.
import type { CartAddBody } from '@store/shared/schemas/cart';
import { apiRequest } from '../../../lib/api-client';

export async function addCartItem(body: CartAddBody) {
  return apiRequest('/api/cart/add', async () => (await import('@store/shared/schemas/common')).okResponse, {
    method: 'POST',
    body,
  });
}
