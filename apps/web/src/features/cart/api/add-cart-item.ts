// POST /api/cart/add: one of (product, day) into the server cart.
import type { CartAddBody } from '@store/shared/schemas/cart';
import { apiRequest } from '../../../lib/api-client';

/** `token`: a session not adopted yet (the login page adds the day chosen before signing in first). */
export async function addCartItem(body: CartAddBody, token?: string) {
  return apiRequest('/api/cart/add', async () => (await import('@store/shared/schemas/common')).okResponse, {
    method: 'POST',
    body,
    ...(token && { headers: { token } }),
  });
}
