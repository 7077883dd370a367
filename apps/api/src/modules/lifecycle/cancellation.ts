// The buyer's cancellation by the terms (docs/after-sale.md → Cancelling): which orders the
// store cancels online, what a cancellation gives back, and the transition that opens it.
// The provider call and its answer are the payments module's (after-sale/cancellation.ts).

import { canCancelDay, cancellationFigures, type CancellableOrder } from '@store/shared/domain/cancellation';
import { MSG } from '@store/shared/messages';
import { AFTER_SALE_MSG } from '@store/shared/after-sale-messages';
import type { Tx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { findOrderDayDetails, type OrderDayDetail, type OrderRow } from './reads';
import { lockOrder } from './repo';
import type { RefundRow } from './refunds-repo';
import { cancelFree, refundable, requestRefund } from './service';
import { GROUP_MSG } from '@store/shared/group-messages';

/**
 * Whether the store itself can give this order's money back through its provider (the
 * payments module's providers answer; the lifecycle does not know them).
 */
export type RefundsOnline = (order: OrderRow) => boolean;

/** Why the buyer cannot cancel the order from the store at all; null when they can. */
export function cancellationRefusal(order: OrderRow, refundsOnline: RefundsOnline): string | null {
  if (order.status !== 'pagado') return MSG.orderNotCancellable;
  if (refundable(order) > 0 && !refundsOnline(order)) return MSG.cancelNotOnline;
  return null;
}

export function cancellableModel(order: OrderRow, days: readonly OrderDayDetail[]): CancellableOrder {
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

/**
 * What cancelling these days gives back by the terms: the terms' refund for them, but never
 * more than what is left once earlier refunds and the terms' charge are counted
 * (paid − refunded − charge), and never below zero.
 */
export function buyerRefundFigures(
  order: OrderRow,
  days: readonly OrderDayDetail[],
  wanted: readonly string[],
) {
  const figures = cancellationFigures(cancellableModel(order, days), wanted);
  const left = refundable(order) - figures.chargeCentavos;
  return { ...figures, refundCentavos: Math.max(0, Math.min(figures.refundCentavos, left)) };
}

export type CancellationPlan =
  { kind: 'done' } | { kind: 'refund'; order: OrderRow; refund: RefundRow; repeated: boolean };

/**
 * Opens the buyer's cancellation of these days (all active ones when absent) at `now`, under
 * the order's lock: with nothing to give back the days end now; otherwise a refund is asked
 * (the caller asks the provider). Throws the Spanish AppError the buyer should see.
 */
export async function openCancellation(
  tx: Tx,
  userId: string,
  input: { orderId: string; productDayIds?: readonly string[] | undefined; refundsOnline: RefundsOnline },
  now: Date,
): Promise<CancellationPlan> {
  const order = await lockOrder(tx, input.orderId);
  if (!order) throw new AppError('not_found', MSG.orderNotFound);
  if (order.userId !== userId) throw new AppError('forbidden', MSG.forbidden);
  // A group order is cancelled place by place (group.ts).
  if (order.kind === 'grupo') throw new AppError('conflict', GROUP_MSG.groupCancelByPlace);
  const refusal = cancellationRefusal(order, input.refundsOnline);
  if (refusal) throw new AppError('conflict', refusal);
  const days = await findOrderDayDetails(tx, order.id);
  const live = days.filter((d) => d.status === 'pagado');
  const wanted = [...new Set(input.productDayIds ?? live.map((d) => d.productDayId))].sort();
  if (wanted.length === 0) throw new AppError('conflict', MSG.orderNotCancellable);
  const chosen = wanted.map((id) => live.find((d) => d.productDayId === id));
  if (chosen.some((d) => !d)) throw new AppError('conflict', MSG.cancelDayNotActive);
  // An event sold as a whole is one registration: all its remaining days go together.
  for (const d of chosen) {
    if (d!.saleMode !== 'completo') continue;
    const together = live.filter((o) => o.productId === d!.productId);
    if (together.some((o) => !wanted.includes(o.productDayId))) {
      throw new AppError('conflict', AFTER_SALE_MSG.cancelWholeEventOnly(d!.productName));
    }
  }
  if (chosen.some((d) => !canCancelDay(now, d!.startsAt)))
    throw new AppError('conflict', MSG.cancelWindowClosed);
  const figures = buyerRefundFigures(order, days, wanted);
  if (figures.refundCentavos === 0) {
    await cancelFree(tx, order, wanted, userId);
    return { kind: 'done' };
  }
  const asked = await requestRefund(tx, {
    orderId: order.id,
    kind: 'cancelacion',
    productDayIds: wanted,
    amountCentavos: figures.refundCentavos,
    actorId: userId,
    refusal: MSG.orderNotCancellable,
    inFlight: MSG.cancelInProgress,
  });
  return { kind: 'refund', ...asked };
}
