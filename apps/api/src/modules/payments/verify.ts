// The one decision "did the provider receive exactly this order's money?", as pure functions
// shared by the browser path, the webhooks and the expiry sweep, so all three agree.

import { CURRENCY } from '@store/shared/constants';
import { decimalStringToCentavos } from '@store/shared/domain/money';
import type { PaypalOrder } from './paypal/client';

/** What we know of our order when judging a provider's answer. */
export interface ExpectedPayment {
  orderId: string;
  amountCentavos: number;
  paypalOrderId?: string | null;
  stripeSessionId?: string | null;
}

export type PaymentOutcome =
  /** Money received: the exact amount, in MXN, for this order. Grant. */
  | { kind: 'paid'; captureId?: string; payerId?: string }
  /** The provider may still complete it (capture PENDING, async payment): keep waiting. */
  | { kind: 'pending'; reason: string }
  /** No money moved and none will for this provider order (declined, voided). */
  | { kind: 'failed'; reason: string }
  /** Not paid yet (not approved, not captured, session open). */
  | { kind: 'unpaid'; reason: string }
  /** Money moved but not what this order asked for: never grant; a person must refund. */
  | { kind: 'mismatch'; reason: string };

/**
 * PayPal: paid only when the order and its capture are COMPLETED (a completed order can
 * carry a declined or pending capture), the captured amount equals ours to the centavo,
 * the currency is MXN and both ids tie it to this order.
 */
export function judgePaypalOrder(order: PaypalOrder, expected: ExpectedPayment): PaymentOutcome {
  if (expected.paypalOrderId && order.id !== expected.paypalOrderId) {
    return { kind: 'mismatch', reason: `orden de PayPal distinta (${order.id})` };
  }
  const unit = order.purchase_units?.[0];
  const captures = unit?.payments?.captures ?? [];
  const completed = captures.filter((c) => c.status === 'COMPLETED');
  const ours = (customId: string | undefined) => customId === undefined || customId === expected.orderId;

  if (completed.length > 0) {
    if ((order.purchase_units?.length ?? 0) !== 1 || completed.length !== 1 || captures.length !== 1) {
      return { kind: 'mismatch', reason: 'la orden de PayPal tiene más de un cobro' };
    }
    const capture = completed[0]!;
    if (unit?.custom_id !== expected.orderId || !ours(capture.custom_id)) {
      return { kind: 'mismatch', reason: `custom_id ${capture.custom_id ?? unit?.custom_id} no es la orden` };
    }
    if (capture.amount?.currency_code !== CURRENCY) {
      return { kind: 'mismatch', reason: `moneda ${capture.amount?.currency_code}` };
    }
    const captured = decimalStringToCentavos(capture.amount.value);
    if (captured !== expected.amountCentavos) {
      return {
        kind: 'mismatch',
        reason: `monto ${capture.amount.value} en lugar de ${expected.amountCentavos / 100}`,
      };
    }
    if (order.status !== 'COMPLETED') {
      // PayPal has not closed the order yet; a later look (webhook, sweep) decides.
      return { kind: 'pending', reason: `orden ${order.status} con cobro completado` };
    }
    return { kind: 'paid', captureId: capture.id, payerId: order.payer?.payer_id };
  }
  if (captures.some((c) => c.status === 'PENDING')) return { kind: 'pending', reason: 'cobro PENDING' };
  if (captures.length > 0) {
    return { kind: 'failed', reason: `cobro ${captures.map((c) => c.status).join(', ')}` };
  }
  if (order.status === 'VOIDED') return { kind: 'failed', reason: 'orden VOIDED' };
  return { kind: 'unpaid', reason: `orden ${order.status} sin cobro` };
}

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
export function judgeStripeSession(session: StripeSessionLike, expected: ExpectedPayment): PaymentOutcome {
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
