// POST /api/order/single (owner only): where one of the buyer's orders stands, asked when the
// answer of its capture was lost (utils/recover-payment.ts).
import { orderSingleResponse, type Order } from '@store/shared/schemas/order';
import { apiRequest } from '../../../lib/api-client';

export type OrderState = Pick<Order, 'status' | 'paymentReference'>;

export async function getOrderState(orderId: string): Promise<OrderState> {
  const { order } = await apiRequest('/api/order/single', orderSingleResponse, {
    method: 'POST',
    body: { orderId },
  });
  return { status: order.status, paymentReference: order.paymentReference };
}
