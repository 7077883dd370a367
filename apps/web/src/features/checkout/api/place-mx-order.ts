// The Mexican ways to pay of the cart's checkout, each with the same body as the PayPal flow
// (placeOrderBody); any of them may wait in the checkout line (lib/api-client.ts reads it):
// POST /api/order/stripe opens Stripe's card page (the buyer chooses meses sin intereses there)
// and answers its address; /api/order/oxxo and /api/order/spei hold the order and answer how to
// pay it (the voucher, the transfer data). A refusal (over OXXO's limit, too close to the event,
// a way turned off) comes back as an ApiError with the server's Spanish message.
import { instructionsResponse } from '@store/shared/schemas/mx-payments';
import { stripeOrderResponse, type PlaceOrderBody } from '@store/shared/schemas/order';
import { apiRequest } from '../../../lib/api-client';

export function startCardPayment(body: PlaceOrderBody) {
  return apiRequest('/api/order/stripe', stripeOrderResponse, { method: 'POST', body });
}

export function placeOxxoOrder(body: PlaceOrderBody) {
  return apiRequest('/api/order/oxxo', instructionsResponse, { method: 'POST', body });
}

export function placeSpeiOrder(body: PlaceOrderBody) {
  return apiRequest('/api/order/spei', instructionsResponse, { method: 'POST', body });
}
