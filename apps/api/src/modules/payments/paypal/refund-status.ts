// PayPal's refund statuses (Payments v2: COMPLETED, PENDING, FAILED, CANCELLED) as the
// payment port's answer (provider.ts → ProviderRefundAnswer), for the API's answer, the
// sweep's read and the refund webhook alike.

import type { ProviderRefundAnswer } from '../provider';
import type { PaypalRefund } from './client';

/** A refund resource's status (Payments v2) as the port's answer. */
export function paypalRefundAnswer(
  remote: Pick<PaypalRefund, 'id' | 'status' | 'status_details'>,
): ProviderRefundAnswer {
  return paypalRefundStatus(remote.id, remote.status, remote.status_details?.reason);
}

/** The same for a status read elsewhere (a refund webhook's resource). */
export function paypalRefundStatus(id: string, status: string, reason?: string): ProviderRefundAnswer {
  if (status === 'COMPLETED') return { kind: 'completed', providerRefundId: id };
  if (status === 'PENDING') return { kind: 'pending', providerRefundId: id };
  if (status === 'FAILED' || status === 'CANCELLED') {
    return { kind: 'failed', reason: `PayPal: ${status}${reason ? ` (${reason})` : ''}` };
  }
  return { kind: 'retry', retryAfterMs: null, reason: `estado desconocido ${status}` };
}
