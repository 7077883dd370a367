// OXXO vouchers and SPEI transfers through Stripe PaymentIntents (docs/payments.md): what the
// two asynchronous ways to pay share. The order is held while the buyer pays at the counter or
// at their bank: until the voucher expires (OXXO) or the association's deadline (SPEI), never
// past the start of its first day. Paid only when Stripe says `succeeded` for exactly this
// order's amount in MXN (retrieve, or a signed webhook). Money confirmed after the order ended
// goes through the lifecycle's payLate: honoured if its seats are still free, else refunded.

import type Stripe from 'stripe';
import { CURRENCY } from '@store/shared/constants';
import { paymentInstructionsOf } from '@store/shared/domain/mx-payments';
import type { PaymentInstructions } from '@store/shared/schemas/mx-payments';
import { MSG } from '@store/shared/messages';
import { PAY_MSG } from '@store/shared/payment-messages';
import { AppError } from '../../../lib/errors';
import type { OrderRow, PaymentRow } from '../../lifecycle';
import type { ProviderRefundAnswer } from '../provider';
import { settle, type PaymentDeps, type SettleOptions, type SettleResult } from '../settle';
import type { ExpectedPayment, PaymentOutcome } from '../verify';

export type IntentMethod = 'oxxo' | 'spei';

export function stripeOf(deps: PaymentDeps): Stripe {
  if (!deps.clients.stripe) throw new AppError('unavailable', MSG.cardPaymentNotConfigured);
  return deps.clients.stripe;
}

/** The part of a PaymentIntent we judge (from retrieve or a signed event). */
export interface IntentLike {
  id: string;
  status: string;
  amount: number;
  amount_received: number;
  currency: string;
  metadata: Record<string, string> | null;
  next_action?: Stripe.PaymentIntent.NextAction | null;
}

/** Stripe: paid only when `succeeded` with our order id, amount and currency. */
export function judgeIntent(
  pi: IntentLike,
  expected: ExpectedPayment & { intentId: string },
): PaymentOutcome {
  if (pi.id !== expected.intentId) return { kind: 'mismatch', reason: `intento distinto (${pi.id})` };
  if (pi.metadata?.orderId !== expected.orderId) {
    return { kind: 'mismatch', reason: `metadata.orderId ${pi.metadata?.orderId ?? 'ausente'}` };
  }
  switch (pi.status) {
    case 'succeeded':
      if (pi.currency.toUpperCase() !== CURRENCY)
        return { kind: 'mismatch', reason: `moneda ${pi.currency}` };
      if (pi.amount !== expected.amountCentavos || pi.amount_received !== expected.amountCentavos) {
        return {
          kind: 'mismatch',
          reason: `monto ${pi.amount_received} centavos recibidos en lugar de ${expected.amountCentavos}`,
        };
      }
      return { kind: 'paid', captureId: pi.id };
    case 'processing':
      return { kind: 'pending', reason: 'Stripe procesa el pago' };
    case 'requires_action':
      return { kind: 'unpaid', reason: 'ficha o transferencia sin pagar' };
    case 'canceled':
      return { kind: 'failed', reason: 'intento cancelado' };
    default:
      // requires_payment_method: the voucher lapsed or the payment failed.
      return { kind: 'failed', reason: `intento ${pi.status}` };
  }
}

/** What the buyer needs to pay, read from the intent's next action (kept as strings on the payment row). */
export function instructionsData(pi: IntentLike, holdUntil: Date): Record<string, string> {
  const next = pi.next_action;
  const data: Record<string, string> = { expiresAt: String(holdUntil.getTime()) };
  if (next?.oxxo_display_details) {
    const d = next.oxxo_display_details;
    data.number = d.number ?? '';
    data.voucherUrl = d.hosted_voucher_url ?? '';
    if (d.expires_after) data.expiresAt = String(Math.min(d.expires_after * 1000, holdUntil.getTime()));
  }
  const bank = next?.display_bank_transfer_instructions;
  if (bank) {
    const spei = bank.financial_addresses?.find((a) => a.type === 'spei')?.spei;
    data.clabe = spei?.clabe ?? '';
    data.bankName = spei?.bank_name ?? '';
    data.reference = bank.reference ?? '';
    data.amountRemaining = String(bank.amount_remaining ?? pi.amount);
    data.instructionsUrl = bank.hosted_instructions_url ?? '';
  }
  return data;
}

/** The payment row's data as the buyer's instructions; null when it holds none. */
export function instructionsOf(
  method: string,
  order: Pick<OrderRow, 'amountCentavos'>,
  payment: Pick<PaymentRow, 'data'> | null,
): PaymentInstructions | null {
  return paymentInstructionsOf(method, order.amountCentavos, payment?.data);
}

/** What the intent says, settled in one transaction. */
export function settleIntent(
  deps: PaymentDeps,
  order: OrderRow,
  pi: IntentLike,
  opts: Omit<SettleOptions, 'patch'>,
): Promise<SettleResult> {
  const outcome = judgeIntent(pi, {
    orderId: order.id,
    amountCentavos: order.amountCentavos,
    intentId: pi.id,
  });
  return deps.db.transaction((tx) =>
    settle(tx, deps, order, outcome, { ...opts, patch: { captureId: pi.id } }),
  );
}

/**
 * The expiry sweep at the voucher's expiry or the transfer's deadline: paid → paid; Stripe
 * still processing → held; otherwise the order ends and its seats go to the waiting list.
 * The intent is left as it is: a payment made at the counter minutes before the expiry is
 * confirmed by Stripe up to a business day later, and is then a late payment (payLate).
 */
export async function settleExpiredIntent(
  deps: PaymentDeps,
  order: OrderRow,
  payment: PaymentRow | null,
  now: Date,
): Promise<SettleResult | null> {
  const stripe = deps.clients.stripe;
  if (!stripe || !payment) return null;
  const pi = await stripe.paymentIntents.retrieve(payment.externalId);
  return settleIntent(deps, order, pi as IntentLike, {
    source: 'expiry',
    seenAt: order.updatedAt,
    cancelUnpaid: true,
    now,
  });
}

/**
 * A new checkout meets a pending voucher or transfer: the same attempt keeps it while Stripe
 * still waits for the money; another attempt (a changed cart, another way to pay) cancels the
 * intent at Stripe first, so the old voucher or CLABE reference can no longer pay this order,
 * then settles what Stripe says. Cash already handed over at a counter and confirmed later is
 * a late payment (payLate: honoured or refunded), never lost. While Stripe is processing a
 * payment the new attempt waits (409).
 */
export async function reconcileIntentHold(
  deps: PaymentDeps,
  order: OrderRow,
  payment: PaymentRow,
  opts: { keep: boolean; now: Date },
): Promise<'payable' | 'settled'> {
  const stripe = stripeOf(deps);
  let pi: Stripe.PaymentIntent;
  try {
    pi = await stripe.paymentIntents.retrieve(payment.externalId);
  } catch {
    throw new AppError('unavailable', MSG.paymentError);
  }
  if (pi.status === 'processing') throw new AppError('conflict', PAY_MSG.paymentStillOpen);
  if (pi.status === 'requires_action' || pi.status === 'requires_payment_method') {
    if (opts.keep && pi.status === 'requires_action') return 'payable';
    try {
      pi = await stripe.paymentIntents.cancel(pi.id, { cancellation_reason: 'abandoned' });
    } catch {
      // Paid or processing in between: read what it is now and settle that.
      pi = await stripe.paymentIntents.retrieve(pi.id);
      if (pi.status === 'processing') throw new AppError('conflict', PAY_MSG.paymentStillOpen);
    }
  }
  await settleIntent(deps, order, pi as IntentLike, {
    source: 'checkout',
    seenAt: order.updatedAt,
    stillOpen: true,
    cancelUnpaid: true,
    now: opts.now,
  });
  return 'settled';
}

/**
 * Gives money back through Stripe's Refunds API. OXXO and bank-transfer payments cannot go back
 * by themselves: Stripe e-mails the buyer (instructions_email) to ask for a bank account, and
 * the refund waits in `requires_action` until they answer (pending for us, shown to staff).
 */
export async function refundIntent(
  deps: PaymentDeps,
  order: OrderRow,
  payment: PaymentRow | null,
  refund: { id: string; amountCentavos: number; providerRefundId: string | null },
): Promise<ProviderRefundAnswer> {
  const stripe = deps.clients.stripe;
  if (!stripe || !payment) return { kind: 'retry', retryAfterMs: null, reason: 'Stripe no configurado' };
  let answer: Stripe.Refund;
  try {
    answer = refund.providerRefundId
      ? await stripe.refunds.retrieve(refund.providerRefundId)
      : await stripe.refunds.create(
          {
            payment_intent: payment.captureId ?? payment.externalId,
            amount: refund.amountCentavos,
            instructions_email: order.address.email,
            metadata: { orderId: order.id, refundId: refund.id },
          },
          { idempotencyKey: `refund-${refund.id}` },
        );
  } catch (err) {
    const e = err as { statusCode?: number; message?: string; type?: string };
    if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500 && e.statusCode !== 429) {
      return { kind: 'failed', reason: e.message ?? 'Stripe rechazó el reembolso' };
    }
    return { kind: 'retry', retryAfterMs: null, reason: e.message ?? 'Stripe no respondió' };
  }
  return refundAnswerOf(answer);
}

/** A Stripe Refund's status as the port's answer. */
export function refundAnswerOf(
  r: Pick<Stripe.Refund, 'id' | 'status' | 'failure_reason'>,
): ProviderRefundAnswer {
  switch (r.status) {
    case 'succeeded':
      return { kind: 'completed', providerRefundId: r.id };
    case 'failed':
    case 'canceled':
      return { kind: 'failed', reason: r.failure_reason ?? `reembolso ${r.status}` };
    default:
      // pending, requires_action (the buyer must give a bank account): waits for refund.updated.
      return { kind: 'pending', providerRefundId: r.id };
  }
}
