// POST /api/order/verifyStripe (docs/product.md → API): the server asks Stripe whether the order was paid.
import { paymentDoneResponse } from '@store/shared/schemas/payments';
import { apiRequest } from '../../../lib/api-client';

export function verifyStripe(body: { success: string; orderId: string }) {
  return apiRequest('/api/order/verifyStripe', paymentDoneResponse, { method: 'POST', body });
}
