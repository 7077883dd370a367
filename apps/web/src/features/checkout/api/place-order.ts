// POST /api/order/place: free claim (server total 0), or a cash order when the server allows it.
import { placeOrderResponse, type PlaceOrderBody } from '@store/shared/schemas/order';
import { apiRequest } from '../../../lib/api-client';

export function placeOrder(body: PlaceOrderBody) {
  return apiRequest('/api/order/place', placeOrderResponse, { method: 'POST', body });
}
