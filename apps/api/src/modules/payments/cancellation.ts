// A buyer's cancellation from /orders, by the terms (docs/after-sale.md): every active day
// of the order, or some of them, until CANCELLATION_NOTICE_DAYS calendar days (Mexico City)
// before the first of them; refund = what was paid for them minus the 20 % charge, through
// PayPal (refunds.ts). Free claims are cancelled with no refund. Orders paid another way
// (card, cash) are cancelled by the association.

import {
  CANCELLATION_CHARGE_PERCENT,
  CANCELLATION_NOTICE_DAYS,
  canCancelDay,
  cancellationFigures,
  lastCancellationDate,
  type CancellableOrder,
} from '@store/shared/domain/cancellation';
import { toPesos } from '@store/shared/domain/money';
import { MSG } from '@store/shared/messages';
import type { CancellationQuote } from '@store/shared/schemas/after-sale';
import type { Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { findOrder, findOrderDayDetails, lockOrder, type OrderDayDetail } from '../orders/repo';
import type { OrderRow } from '../orders/service';
import { findPendingRefund, insertRefund, type RefundRow } from './repo';
import { applyCancellation, executeRefund } from './refunds';
import type { PaymentDeps } from './settle';

function ownOrder(order: OrderRow | null, userId: string): OrderRow {
  if (!order) throw new AppError('not_found', MSG.orderNotFound);
  if (order.userId !== userId) throw new AppError('forbidden', MSG.forbidden);
  return order;
}

function cancellable(order: OrderRow, days: readonly OrderDayDetail[]): CancellableOrder {
  return {
    amountCentavos: order.amountCentavos,
    feeCentavos: order.feeCentavos,
    days: days.map((d) => ({
      productDayId: d.productDayId,
      priceCentavos: d.priceCentavos,
      live: d.status === 'pagado',
    })),
  };
}

/** Why the order cannot be cancelled from the store at all; null when it can. */
function onlineRefusal(order: OrderRow): string | null {
  if (order.status !== 'pagado') return MSG.orderNotCancellable;
  if (order.amountCentavos > order.refundedCentavos && order.amountCentavos > 0) {
    if (order.paymentMethod !== 'paypal' || !order.paypalCaptureId) return MSG.cancelNotOnline;
  }
  return null;
}

const pesosOf = (f: { paidCentavos: number; chargeCentavos: number; refundCentavos: number }) => ({
  paid: toPesos(f.paidCentavos),
  charge: toPesos(f.chargeCentavos),
  refund: toPesos(f.refundCentavos),
});

/** What cancelling each active day, or the whole order, would refund at `now`. */
export async function cancellationQuote(
  db: Queryable,
  userId: string,
  orderId: string,
  now: Date,
): Promise<CancellationQuote> {
  if (!isUuid(orderId)) throw new AppError('not_found', MSG.orderNotFound);
  const order = ownOrder(await findOrder(db, orderId), userId);
  const days = await findOrderDayDetails(db, orderId);
  const model = cancellable(order, days);
  const reason = onlineRefusal(order);
  const live = days.filter((d) => d.status === 'pagado');
  const whole = cancellationFigures(
    model,
    live.map((d) => d.productDayId),
  );
  return {
    orderId,
    online: reason === null,
    reason,
    chargePercent: CANCELLATION_CHARGE_PERCENT,
    noticeDays: CANCELLATION_NOTICE_DAYS,
    days: days.map((d) => ({
      productDayId: d.productDayId,
      productId: d.productId,
      productName: d.productName,
      label: d.label,
      startsAt: d.startsAt.getTime(),
      endsAt: d.endsAt.getTime(),
      status: d.status,
      lastCancellationDate: lastCancellationDate(d.startsAt),
      cancellable: reason === null && d.status === 'pagado' && canCancelDay(now, d.startsAt),
      figures: pesosOf(cancellationFigures(model, [d.productDayId])),
    })),
    whole: {
      ...pesosOf(whole),
      cancellable: reason === null && live.length > 0 && live.every((d) => canCancelDay(now, d.startsAt)),
    },
  };
}

type Plan = { kind: 'done' } | { kind: 'refund'; order: OrderRow; refund: RefundRow };

/**
 * Cancels the buyer's days (all active ones when `productDayIds` is absent) at `now`.
 * Answers the pesos refunded, or throws the Spanish AppError the buyer should see; a
 * PayPal refusal or silence leaves the order paid (refunds.ts).
 */
export async function cancelOwnOrder(
  deps: PaymentDeps,
  userId: string,
  input: { orderId: string; productDayIds?: readonly string[] | undefined },
  now: Date,
): Promise<{ message: string; refunded: number }> {
  if (!isUuid(input.orderId)) throw new AppError('not_found', MSG.orderNotFound);
  const plan: Plan = await deps.db.transaction(async (tx) => {
    const order = ownOrder(await lockOrder(tx, input.orderId), userId);
    const refusal = onlineRefusal(order);
    if (refusal) throw new AppError('conflict', refusal);
    const days = await findOrderDayDetails(tx, order.id);
    const live = days.filter((d) => d.status === 'pagado');
    const wanted = [...new Set(input.productDayIds ?? live.map((d) => d.productDayId))].sort();
    if (wanted.length === 0) throw new AppError('conflict', MSG.orderNotCancellable);
    const chosen = wanted.map((id) => live.find((d) => d.productDayId === id));
    if (chosen.some((d) => !d)) throw new AppError('conflict', MSG.cancelDayNotActive);
    if (chosen.some((d) => !canCancelDay(now, d!.startsAt))) {
      throw new AppError('conflict', MSG.cancelWindowClosed);
    }
    const figures = cancellationFigures(cancellable(order, days), wanted);

    const pending = await findPendingRefund(tx, order.id);
    if (pending) {
      // The same cancellation asked again (PayPal did not answer the first time): same
      // refund row, same PayPal-Request-Id, so PayPal refunds at most once.
      const same =
        pending.kind === 'cancelacion' &&
        pending.amountCentavos === figures.refundCentavos &&
        [...pending.productDayIds].sort().join() === wanted.join();
      if (!same) throw new AppError('conflict', MSG.cancelInProgress);
      return { kind: 'refund', order, refund: pending };
    }
    if (figures.refundCentavos === 0) {
      await applyCancellation(tx, {
        orderId: order.id,
        productDayIds: wanted,
        refundCentavos: 0,
        kind: 'cancelacion',
        actorId: userId,
        refundId: null,
        providerRefundId: null,
        source: 'api',
      });
      return { kind: 'done' };
    }
    const refund = await insertRefund(tx, {
      orderId: order.id,
      kind: 'cancelacion',
      productDayIds: wanted,
      amountCentavos: figures.refundCentavos,
      actorId: userId,
    });
    if (!refund) throw new AppError('conflict', MSG.cancelInProgress);
    return { kind: 'refund', order, refund };
  });

  if (plan.kind === 'done') return { message: MSG.orderCancelled, refunded: 0 };
  const outcome = await executeRefund(deps, plan.order, plan.refund);
  if (outcome === 'failed') throw new AppError('payment_failed', MSG.refundFailed);
  if (outcome === 'unconfirmed') throw new AppError('unavailable', MSG.refundPending);
  return { message: MSG.orderCancelledRefund, refunded: toPesos(plan.refund.amountCentavos) };
}
