// POST /api/cart/update: sets the quantity of (product, day); 0 removes the line.
import type { CartUpdateBody } from '@store/shared/schemas/cart';
import { apiRequest } from '../../../lib/api-client';

export async function updateCartItem(body: CartUpdateBody) {
  return apiRequest(
    '/api/cart/update',
    async () => (await import('@store/shared/schemas/common')).okResponse,
    { method: 'POST', body },
  );
}
