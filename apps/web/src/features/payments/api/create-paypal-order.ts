// POST /api/paypal/create-order: the server writes a pending order for its own total and
// creates the PayPal order for exactly that amount; answers the PayPal order id.
import { paypalCreateOrderResponse, type PaypalCreateOrderBody } from '@store/shared/schemas/payments';
import { apiRequest } from '../../../lib/api-client';

export async function createPaypalOrder(body: PaypalCreateOrderBody): Promise<string> {
  const res = await apiRequest('/api/paypal/create-order', paypalCreateOrderResponse, {
    method: 'POST',
    body,
  });
  return res.id;
}
