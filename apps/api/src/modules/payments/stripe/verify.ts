// A Stripe Checkout Session judged (verify.ts): did Stripe receive exactly this order's money?

import { CURRENCY } from '@store/shared/constants';
import type { ExpectedPayment, PaymentOutcome } from '../verify';

/** The part of a Checkout Session we judge (from retrieve or a signed event). */
export interface StripeSessionLike {
  id: string;
  status: string | null;
  payment_status: string;
  amount_total: number | null;
  currency: string | null;
  client_reference_id: string | null;
}

/** Stripe: trust only payment_status 'paid' for our session, amount and currency. */
export function judgeStripeSession(
  session: StripeSessionLike,
  expected: ExpectedPayment & { stripeSessionId?: string | null },
): PaymentOutcome {
  if (expected.stripeSessionId && session.id !== expected.stripeSessionId) {
    return { kind: 'mismatch', reason: `sesión distinta (${session.id})` };
  }
  if (session.payment_status !== 'paid') {
    if (session.status === 'expired') return { kind: 'failed', reason: 'sesión expirada' };
    if (session.status === 'complete') return { kind: 'pending', reason: 'pago asíncrono en proceso' };
    return { kind: 'unpaid', reason: `sesión ${session.status} ${session.payment_status}` };
  }
  if (session.client_reference_id !== expected.orderId) {
    return { kind: 'mismatch', reason: `client_reference_id ${session.client_reference_id}` };
  }
  if ((session.currency ?? '').toUpperCase() !== CURRENCY) {
    return { kind: 'mismatch', reason: `moneda ${session.currency}` };
  }
  if (session.amount_total !== expected.amountCentavos) {
    return {
      kind: 'mismatch',
      reason: `monto ${session.amount_total} centavos en lugar de ${expected.amountCentavos}`,
    };
  }
  return { kind: 'paid' };
}
