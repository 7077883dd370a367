// Stripe's events about OXXO vouchers, SPEI transfers and the refunds of either (docs/payments.md,
// docs/providers.md → Stripe): applied once per event id (payment_events), in any order —
// each is judged against the order as it stands, so a late, repeated or out-of-order event
// changes nothing or does what the order's state allows:
//
//   payment_intent.succeeded        → paid (exact amount, MXN, our order id); after the order
//                                     ended: payLate (honoured if seats are free, else refunded)
//   payment_intent.processing       → the seats stay held while Stripe decides
//   payment_intent.partially_funded → what is left to transfer is kept and shown; seats stay held
//   payment_intent.payment_failed   → the voucher lapsed (expirado) or the payment failed: ends a pending order
//   payment_intent.canceled         → ends a pending order
//   refund.updated                  → our refund row completes, fails, or keeps waiting for the
//                                     buyer's bank account (requires_action)

import type Stripe from 'stripe';
import type { Tx } from '../../../db/client';
import {
  completeRefund,
  failRefund,
  findOrderByPayment,
  findRefundByProviderId,
  notePaymentProgress,
  type OrderRow,
} from '../../lifecycle';
import { auditPayment } from '../repo';
import { cancelGuarded, settle, type PaymentDeps, type SettleResult } from '../settle';
import { judgeIntent, refundAnswerOf, type IntentLike } from './intents';

export const INTENT_EVENT_TYPES = new Set([
  'payment_intent.succeeded',
  'payment_intent.processing',
  'payment_intent.partially_funded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'payment_intent.requires_action',
  'refund.updated',
]);

/** The order a PaymentIntent belongs to (it must be the one we stored for it). */
export async function orderOfIntent(db: PaymentDeps['db'] | Tx, pi: IntentLike): Promise<OrderRow | null> {
  return (await findOrderByPayment(db, 'oxxo', pi.id)) ?? (await findOrderByPayment(db, 'spei', pi.id));
}

/** Applies one intent or refund event inside the webhook's transaction; returns a refund to ask after commit. */
export async function applyIntentEvent(
  tx: Tx,
  deps: PaymentDeps,
  event: Stripe.Event,
): Promise<{ lateRefundId: string | null }> {
  if (event.type === 'refund.updated') {
    await applyRefundEvent(tx, deps, event.data.object as Stripe.Refund);
    return { lateRefundId: null };
  }
  const pi = event.data.object as unknown as IntentLike;
  const order = await orderOfIntent(tx, pi);
  if (!order) return { lateRefundId: null };
  const outcome = judgeIntent(pi, {
    orderId: order.id,
    amountCentavos: order.amountCentavos,
    intentId: pi.id,
  });
  switch (event.type) {
    case 'payment_intent.succeeded': {
      const result: SettleResult = await settle(tx, deps, order, outcome, {
        source: 'webhook',
        patch: { captureId: pi.id },
      });
      return { lateRefundId: result.lateRefundId ?? null };
    }
    case 'payment_intent.processing':
      if (order.status === 'pendiente') await settle(tx, deps, order, outcome, { source: 'webhook' });
      return { lateRefundId: null };
    case 'payment_intent.partially_funded': {
      const remaining = pi.next_action?.display_bank_transfer_instructions?.amount_remaining;
      if (typeof remaining === 'number' && order.status === 'pendiente') {
        await notePaymentProgress(tx, order.id, pi.id, { amountRemaining: String(remaining) });
        await auditPayment(tx, {
          action: 'payment.partially_funded',
          orderId: order.id,
          details: { received: order.amountCentavos - remaining, remaining },
        });
      }
      return { lateRefundId: null };
    }
    case 'payment_intent.payment_failed': {
      const lapsed =
        (pi as unknown as Stripe.PaymentIntent).last_payment_error?.code ===
        'payment_intent_payment_attempt_expired';
      if (outcome.kind !== 'paid') await cancelGuarded(tx, order, lapsed ? 'expirado' : 'rechazado');
      return { lateRefundId: null };
    }
    case 'payment_intent.canceled':
      if (outcome.kind !== 'paid') await cancelGuarded(tx, order, 'rechazado');
      return { lateRefundId: null };
    default:
      return { lateRefundId: null };
  }
}

/** A refund of ours moved at Stripe: completed, failed, or still waiting for the buyer's bank account. */
async function applyRefundEvent(tx: Tx, deps: PaymentDeps, refund: Stripe.Refund): Promise<void> {
  const row = await findRefundByProviderId(tx, refund.id);
  if (!row || row.status !== 'pendiente') return;
  const answer = refundAnswerOf(refund);
  if (answer.kind === 'completed') await completeRefund(tx, row.id, refund.id, 'webhook');
  else if (answer.kind === 'failed') await failRefund(tx, row, answer.reason);
  else deps.log.info({ refundId: row.id, status: refund.status }, 'reembolso en espera en Stripe');
}
