// POST /api/paypal/cancel-order: the buyer closed PayPal's window; seats and coupon go back.
import { okResponse } from '@store/shared/schemas/common';
import { apiRequest } from '../../../lib/api-client';

export function cancelPaypalOrder(paypalOrderId: string) {
  return apiRequest('/api/paypal/cancel-order', okResponse, { method: 'POST', body: { paypalOrderId } });
}
