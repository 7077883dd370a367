// POST /api/paypal/create-order: the server writes a pending order for its own total and
// creates the PayPal order for exactly that amount; answers the PayPal order id and ours.
import { paypalCreateOrderResponse, type PaypalCreateOrderBody } from '@store/shared/schemas/payments';
import { apiRequest } from '../../../lib/api-client';

export async function createPaypalOrder(
  body: PaypalCreateOrderBody,
): Promise<{ id: string; orderId: string }> {
  const res = await apiRequest('/api/paypal/create-order', paypalCreateOrderResponse, {
    method: 'POST',
    body,
  });
  return { id: res.id, orderId: res.orderId };
}
