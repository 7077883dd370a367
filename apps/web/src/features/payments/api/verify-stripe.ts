// POST /api/order/verifyStripe (docs/product.md → API): the server asks Stripe whether the order was paid.
// After a confirmed card payment, POST /api/order/single says whether the buyer chose meses sin
// intereses on Stripe's page (the order's `installments`).
import { paymentDoneResponse } from '@store/shared/schemas/payments';
import { orderSingleResponse } from '@store/shared/schemas/order';
import { apiRequest } from '../../../lib/api-client';

export function verifyStripe(body: { success: string; orderId: string }) {
  return apiRequest('/api/order/verifyStripe', paymentDoneResponse, { method: 'POST', body });
}

/** The months of the order's card payment in meses sin intereses; null: one payment, or unknown. */
export async function paidInstallments(orderId: string): Promise<number | null> {
  try {
    const { order } = await apiRequest('/api/order/single', orderSingleResponse, {
      method: 'POST',
      body: { orderId },
    });
    return order.installments && order.installments > 1 ? order.installments : null;
  } catch {
    return null;
  }
}
