// POST /api/paypal/cancel-order: the buyer closed PayPal's window, or left the checkout page
// with a PayPal order still open; seats and coupon go back.
import { okResponse } from '@store/shared/schemas/common';
import { apiRequest } from '../../../lib/api-client';
import { getToken } from '../../../lib/auth-token';

const CANCEL_URL = '/api/paypal/cancel-order';

export function cancelPaypalOrder(paypalOrderId: string) {
  return apiRequest(CANCEL_URL, okResponse, { method: 'POST', body: { paypalOrderId } });
}

/**
 * The same call as the page goes away (`pagehide`, docs/on-sale.md → Never charged in silence):
 * `keepalive` lets it outlive the page, so the seat is back within seconds instead of when the
 * order's window ends. Nobody is left to read the answer.
 */
export function cancelPaypalOrderOnLeave(paypalOrderId: string): void {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Content-Type': 'application/json',
  };
  const token = getToken();
  if (token) headers.token = token;
  fetch(CANCEL_URL, {
    method: 'POST',
    keepalive: true,
    headers,
    body: JSON.stringify({ paypalOrderId }),
  }).catch(() => undefined);
}
