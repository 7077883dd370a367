// POST /api/order/paypal (docs/product.md → API): the server captures the approved PayPal order and marks
// ours paid only if PayPal took exactly its amount in MXN.
import { type PaypalOrderBody } from '@store/shared/schemas/order';
import { paymentDoneResponse } from '@store/shared/schemas/payments';
import { apiRequest } from '../../../lib/api-client';

export function capturePaypalOrder(body: PaypalOrderBody) {
  return apiRequest('/api/order/paypal', paymentDoneResponse, { method: 'POST', body });
}
