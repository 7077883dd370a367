// A buyer's cancellation from /orders, by the terms (docs/after-sale.md): every active day
// of the order, or some of them, until CANCELLATION_NOTICE_DAYS calendar days (Mexico City)
// before the first of them; refund = what was paid for them minus the CANCELLATION_CHARGE_PERCENT charge, through
// PayPal (refunds.ts). Free claims are cancelled with no refund. Orders paid another way
// (card, cash) are cancelled by the association.

import { CANCELLATION_CHARGE_PERCENT, CANCELLATION_NOTICE_DAYS } from '@store/shared/constants';
import { canCancelDay, lastCancellationDate } from '@store/shared/domain/cancellation';
import { toPesos } from '@store/shared/domain/money';
import { MSG } from '@store/shared/messages';
import type { CancellationQuote } from '@store/shared/schemas/after-sale';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import {
  buyerRefundFigures,
  cancellationRefusal,
  findOrder,
  findOrderDayDetails,
  findPayment,
  findPendingRefund,
  openCancellation,
  type OrderRow,
} from '../lifecycle';
import { BUYER_REFUND_TEXTS, executeRefund, refundAnswer, refundsOnline } from '../payments/refunds';
import type { PaymentDeps } from '../payments/settle';
import { GROUP_MSG } from '@store/shared/group-messages';

function ownOrder(order: OrderRow | null, userId: string): OrderRow {
  if (!order) throw new AppError('not_found', MSG.orderNotFound);
  if (order.userId !== userId) throw new AppError('forbidden', MSG.forbidden);
  return order;
}

const pesosOf = (f: { paidCentavos: number; chargeCentavos: number; refundCentavos: number }) => ({
  paid: toPesos(f.paidCentavos),
  charge: toPesos(f.chargeCentavos),
  refund: toPesos(f.refundCentavos),
});

/** What cancelling each active day, or the whole order, would refund at `now`. */
export async function cancellationQuote(
  deps: PaymentDeps,
  userId: string,
  orderId: string,
  now: Date,
): Promise<CancellationQuote> {
  if (!isUuid(orderId)) throw new AppError('not_found', MSG.orderNotFound);
  const db = deps.db;
  const order = ownOrder(await findOrder(db, orderId), userId);
  const payment = await findPayment(db, orderId);
  const days = await findOrderDayDetails(db, orderId);
  const inFlight = await findPendingRefund(db, orderId);
  const live = days.filter((d) => d.status === 'pagado');
  const reason =
    (order.kind === 'grupo' ? GROUP_MSG.groupCancelByPlace : null) ??
    cancellationRefusal(order, (o) => refundsOnline(deps, o, payment)) ??
    (live.length === 0 ? MSG.nothingLeftToCancel : inFlight ? MSG.cancelInProgress : null);
  const whole = buyerRefundFigures(
    order,
    days,
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
      wholeEvent: d.saleMode === 'completo',
      label: d.label,
      startsAt: d.startsAt.getTime(),
      endsAt: d.endsAt.getTime(),
      status: d.status,
      lastCancellationDate: lastCancellationDate(d.startsAt),
      cancellable: reason === null && d.status === 'pagado' && canCancelDay(now, d.startsAt),
      figures: pesosOf(buyerRefundFigures(order, days, [d.productDayId])),
    })),
    wholeEvents: [...new Set(live.filter((d) => d.saleMode === 'completo').map((d) => d.productId))].map(
      (productId) => {
        const together = live.filter((d) => d.productId === productId);
        return {
          productId,
          productName: together[0]!.productName,
          productDayIds: together.map((d) => d.productDayId),
          ...pesosOf(
            buyerRefundFigures(
              order,
              days,
              together.map((d) => d.productDayId),
            ),
          ),
          cancellable: reason === null && together.every((d) => canCancelDay(now, d.startsAt)),
        };
      },
    ),
    whole: {
      ...pesosOf(whole),
      cancellable: reason === null && live.length > 0 && live.every((d) => canCancelDay(now, d.startsAt)),
    },
  };
}

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
  // The provider's attempt is fixed once the order is paid: read before the lock.
  const payment = await findPayment(deps.db, input.orderId);
  const refunds = { refundsOnline: (o: OrderRow) => refundsOnline(deps, o, payment) };
  const plan = await deps.db.transaction((tx) => openCancellation(tx, userId, { ...input, ...refunds }, now));
  if (plan.kind === 'done') return { message: MSG.orderCancelled, refunded: 0 };
  const outcome = await executeRefund(deps, plan.order, plan.refund);
  return refundAnswer(outcome, plan.refund, BUYER_REFUND_TEXTS);
}
