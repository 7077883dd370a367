// Refunds through PayPal's refund API for a buyer's cancellation or an admin refund
// (docs/after-sale.md). A refund row is written first (its id is the PayPal-Request-Id, so
// asking again never refunds twice), then PayPal is called, then the order changes:
//
//   PayPal refunds        → row completado; the days end, seats free, refunded amount and
//                           status updated, audit entry, e-mail — once, whether the API
//                           answer or the PAYMENT.CAPTURE.REFUNDED webhook arrives first
//   PayPal refuses (4xx)  → row fallido; the order stays paid, with an audit entry
//   no answer             → row stays pendiente; the webhook, or asking again, settles it

import { CURRENCY } from '@store/shared/constants';
import { cancellationFigures } from '@store/shared/domain/cancellation';
import { centavosToDecimalString, toPesos } from '@store/shared/domain/money';
import { MSG } from '@store/shared/messages';
import { ADMIN_MSG } from '@store/shared/admin-messages';
import { AppError } from '../../lib/errors';
import type { Tx } from '../../db/client';
import { enqueueCancellationEmail } from '../mail/after-sale';
import { onRefundCompleted } from '../invoices/service';
import { findOrder, findOrderDayDetails, findOrderForConfirmation, lockOrder } from '../orders/repo';
import { cancelOrderDays, type OrderRow } from '../orders/service';
import { offerFreedSeats } from '../waitlist/service';
import { PaypalUnavailableError } from './paypal-client';
import {
  auditPayment,
  completeRefund,
  failRefund,
  findPendingRefund,
  findRefundByProviderId,
  insertRefund,
  type RefundRow,
} from './repo';
import type { PaymentDeps } from './settle';

export type RefundOutcome = 'completed' | 'failed' | 'unconfirmed';

export interface CancellationEffect {
  orderId: string;
  productDayIds: readonly string[];
  refundCentavos: number;
  kind: 'cancelacion' | 'admin';
  actorId: string | null;
  /** The refund row, when money went back through the provider. */
  refundId: string | null;
  providerRefundId: string | null;
  source: 'api' | 'webhook';
}

/**
 * What a cancellation or refund does to the order, in the caller's transaction: the days
 * end (access and seat), the money is recorded, the order's status follows, an audit
 * entry and (for the buyer's cancellation) the confirmation e-mail.
 */
export async function applyCancellation(tx: Tx, effect: CancellationEffect): Promise<void> {
  const order = await findOrder(tx, effect.orderId);
  if (!order) return;
  const days = await findOrderDayDetails(tx, effect.orderId);
  const figures = cancellationFigures(
    {
      amountCentavos: order.amountCentavos,
      feeCentavos: order.feeCentavos,
      days: days.map((d) => ({
        productDayId: d.productDayId,
        priceCentavos: d.priceCentavos,
        live: d.status === 'pagado',
      })),
    },
    effect.productDayIds,
  );
  const ended = await cancelOrderDays(tx, effect.orderId, effect.productDayIds, {
    refundCentavos: effect.refundCentavos,
    dayStatus: effect.kind === 'admin' ? 'reembolsado' : 'cancelado',
  });
  // The freed seats go to the waiting list first, in this transaction.
  await offerFreedSeats(tx, ended);
  const after = await findOrder(tx, effect.orderId);
  // Part of the sale stands: the refunded amount gets a CFDI credit note (docs/cfdi.md).
  if (effect.refundId) {
    await onRefundCompleted(tx, {
      orderId: effect.orderId,
      refundId: effect.refundId,
      amountCentavos: effect.refundCentavos,
    });
  }
  await auditPayment(tx, {
    action: effect.kind === 'admin' ? 'order.refund' : 'order.cancelled_by_buyer',
    orderId: effect.orderId,
    actorId: effect.actorId,
    details: {
      days: ended,
      refunded: toPesos(effect.refundCentavos),
      ...(effect.kind === 'cancelacion' ? { paid: toPesos(figures.paidCentavos) } : {}),
      refundId: effect.refundId,
      providerRefundId: effect.providerRefundId,
      status: after?.status,
      source: effect.source,
    },
  });
  if (effect.kind !== 'cancelacion') return;
  const buyer = await findOrderForConfirmation(tx, effect.orderId);
  if (!buyer) return;
  const wanted = new Set(effect.productDayIds);
  await enqueueCancellationEmail(tx, {
    to: buyer.email,
    name: buyer.name,
    orderId: effect.orderId,
    days: days
      .filter((d) => wanted.has(d.productDayId))
      .map((d) => ({ productName: d.productName, label: d.label, startsAt: d.startsAt })),
    paidCentavos: figures.paidCentavos,
    refundCentavos: effect.refundCentavos,
    wholeOrder: after?.status !== 'pagado',
    dedupeKey: `cancelacion:${effect.refundId ?? `${effect.orderId}:${[...wanted].sort().join(',')}`}`,
  });
}

/** The completed refund row's effect on the order. */
function effectOf(refund: RefundRow, source: CancellationEffect['source']): CancellationEffect {
  return {
    orderId: refund.orderId,
    productDayIds: refund.productDayIds,
    refundCentavos: refund.amountCentavos,
    kind: refund.kind,
    actorId: refund.actorId,
    refundId: refund.id,
    providerRefundId: refund.providerRefundId,
    source,
  };
}

/** Asks PayPal for the pending refund and applies what it answers (see the top of the file). */
export async function executeRefund(
  deps: PaymentDeps,
  order: OrderRow,
  refund: RefundRow,
): Promise<RefundOutcome> {
  const paypal = deps.providers.paypal;
  const captureId = order.paypalCaptureId;
  let failure: string | null = null;
  let providerRefundId: string | null = null;
  if (!paypal || !captureId) failure = 'PayPal sin configurar o sin cobro';
  else {
    try {
      const result = await paypal.refundCapture(captureId, {
        amount: centavosToDecimalString(refund.amountCentavos),
        currency: CURRENCY,
        requestId: `refund-${refund.id}`,
        noteToPayer: refund.kind === 'cancelacion' ? MSG.cancellationRefundNote : 'Reembolso de tu compra.',
      });
      if (result.ok) providerRefundId = result.refund.id;
      else failure = result.issue;
    } catch (err) {
      if (!(err instanceof PaypalUnavailableError)) throw err;
      deps.log.warn({ err, orderId: order.id, refundId: refund.id }, 'sin respuesta de PayPal al reembolsar');
      await auditPayment(deps.db, {
        action: 'payment.refund_unconfirmed',
        orderId: order.id,
        actorId: refund.actorId,
        details: { refundId: refund.id, amount: toPesos(refund.amountCentavos), reason: err.message },
      });
      return 'unconfirmed';
    }
  }
  if (failure !== null) {
    const reason = failure;
    await deps.db.transaction(async (tx) => {
      if (!(await failRefund(tx, refund.id, reason))) return;
      await auditPayment(tx, {
        action: 'payment.refund_failed',
        orderId: order.id,
        actorId: refund.actorId,
        details: { refundId: refund.id, amount: toPesos(refund.amountCentavos), reason },
      });
    });
    deps.log.error({ orderId: order.id, refundId: refund.id, reason }, 'PayPal rechazó un reembolso');
    return 'failed';
  }
  await deps.db.transaction(async (tx) => {
    // Null when the refund webhook got here first and already applied it.
    const done = await completeRefund(tx, refund.id, providerRefundId!);
    if (done) await applyCancellation(tx, effectOf(done, 'api'));
  });
  return 'completed';
}

/**
 * A PAYMENT.CAPTURE.REFUNDED event for one of our orders, in the webhook's transaction.
 * True when it is a refund the store asked for (applied now if the API answer has not
 * arrived yet, or already applied): the caller must not count it again.
 */
export async function reconcileRefundEvent(
  tx: Tx,
  orderId: string,
  providerRefundId: string,
  centavos: number | null,
): Promise<boolean> {
  if (await findRefundByProviderId(tx, providerRefundId)) return true;
  const pending = await findPendingRefund(tx, orderId);
  if (!pending || centavos !== pending.amountCentavos) return false;
  const done = await completeRefund(tx, pending.id, providerRefundId);
  if (done) await applyCancellation(tx, effectOf(done, 'webhook'));
  return true;
}

/**
 * An admin refund of a PayPal order through PayPal's refund API: `amountCentavos` (never
 * more than what is left unrefunded), ending every active day when `revokeAccess`. The same
 * refund row, idempotency and webhook rules as a buyer's cancellation. An unanswered call
 * asked again with the same amount reuses the pending refund (same PayPal-Request-Id).
 */
export async function refundThroughPaypal(
  deps: PaymentDeps,
  input: { orderId: string; actorId: string; amountCentavos: number; revokeAccess: boolean; note: string },
): Promise<void> {
  const { order, refund } = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId);
    if (!order) throw new AppError('not_found', MSG.orderNotFound);
    const pending = await findPendingRefund(tx, order.id);
    if (pending) {
      if (pending.kind === 'admin' && pending.amountCentavos === input.amountCentavos) {
        return { order, refund: pending };
      }
      throw new AppError('conflict', ADMIN_MSG.orderRefundInProgress);
    }
    if (order.status !== 'pagado') throw new AppError('conflict', ADMIN_MSG.orderNotRefundable);
    if (input.amountCentavos > order.amountCentavos - order.refundedCentavos) {
      throw new AppError('bad_request', ADMIN_MSG.orderRefundTooLarge);
    }
    const days = await findOrderDayDetails(tx, order.id);
    const refund = await insertRefund(tx, {
      orderId: order.id,
      kind: 'admin',
      productDayIds: input.revokeAccess
        ? days.filter((d) => d.status === 'pagado').map((d) => d.productDayId)
        : [],
      amountCentavos: input.amountCentavos,
      actorId: input.actorId,
    });
    if (!refund) throw new AppError('conflict', ADMIN_MSG.orderRefundInProgress);
    await auditPayment(tx, {
      action: 'order.refund_requested',
      orderId: order.id,
      actorId: input.actorId,
      details: {
        refundId: refund.id,
        amount: toPesos(input.amountCentavos),
        revokeAccess: input.revokeAccess,
        ...(input.note ? { note: input.note } : {}),
      },
    });
    return { order, refund };
  });
  const outcome = await executeRefund(deps, order, refund);
  if (outcome === 'failed') throw new AppError('payment_failed', ADMIN_MSG.orderRefundFailed);
  if (outcome === 'unconfirmed') throw new AppError('unavailable', ADMIN_MSG.orderRefundUnconfirmed);
}
