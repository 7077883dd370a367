// The order lifecycle (docs/lifecycle.md): one function per action of the transition table
// (table.ts), each run in the caller's transaction after taking the order's row lock, each
// refusing (409, Spanish, nothing changed) what the table does not allow from the current
// state. Seats move only through the seats module, and only for the rows a transition
// actually moved; every effect elsewhere (e-mail, CFDI, the waiting list) follows an event
// emitted in the same transaction (events.ts).
//
//   pay              pendiente → pagado, exactly once; never a day twice
//   closeDuplicate   money for days already owned: pendiente → reembolsado | cancelado
//   expire, abandon  an unpaid hold ends (expired; abandoned, declined, replaced)
//   adminCancel      pendiente | pagado → cancelado
//   requestRefund    a refund asked of the provider (one in flight per order)
//   completeRefund   the provider refunded: the refund's days end, money recorded
//   refundInProcess  the provider took it but answered PENDING: the row keeps waiting
//   failRefund       the provider refused: nothing changes but the refund row
//   cancelFree       the buyer cancels days with nothing to give back (free claims)
//   recordRefund     a refund made outside the store, recorded by an admin
//   providerRefund   a refund or chargeback the provider reports on its own
//   allowTransfer    one more transfer per day (admin)
// Each checks the table through guard.ts (refusalOf) under the order's lock. Opening an order
// (hold, claimFree) is open.ts; a transfer is transfer.ts; a team's places are group.ts.

import { randomUUID } from 'node:crypto';
import { ADMIN_MSG } from '@store/shared/admin-messages';
import type { OrderStatus } from '@store/shared/constants';
import { cancellationFigures } from '@store/shared/domain/cancellation';
import { toPesos } from '@store/shared/domain/money';
import { MSG } from '@store/shared/messages';
import type { HoldClosedReason, RefundKind } from '../../db/schema';
import type { Queryable, Tx } from '../../db/client';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { releaseCouponUse } from '../coupons/repo';
import { deleteCartLines } from '../cart/repo';
import { dayEnds, findPaidElsewhere, giveBackSeats, takeSeat } from '../seats/repo';
import { findCouponByCode, incrementCouponUse, insertRedemption } from '../coupons/repo';
import { emit } from './events';
import { countLiveOrderDays, findOrder, findOrderDays, findOrderIdsOf, type OrderRow } from './reads';
import {
  addRefunded,
  deleteOrders,
  audit,
  lockForExpiry,
  lockIfUnchanged,
  lockOrder,
  lockPending,
  moveOrderDayRows,
  moveOrderDays,
  transitionOrder,
} from './repo';
import {
  completeRefundRow,
  failRefundRow,
  findPendingRefund,
  findRefund,
  findRefundByProviderId,
  insertCompletedRefund,
  insertRefund,
  scheduleRefundRow,
  setRefundInProcess,
  type RefundRow,
} from './refunds-repo';
import { refusalOf } from './guard';
import type { Action } from './table';
import { addExtraTransfer, findRootOrderId } from './transfer-repo';
import { closePayment, recordPaid, type PaidPatch } from './payments-repo';

export type { PaidPatch } from './payments-repo';

export interface TransitionResult {
  /** True only for the call that changed the order. */
  changed: boolean;
  /** The order after the call (null when the id is unknown). */
  order: OrderRow | null;
  /**
   * pay only: the user already holds one of the order's days through another paid
   * order, so this one was left pending. Money received for it must go back.
   */
  duplicate?: boolean;
}

/** Locks the order and refuses (409) an action the table does not allow from its state. */
async function lockFor(
  tx: Tx,
  orderId: string,
  action: Action,
  opts: { refusal: string; refundInFlight?: string },
): Promise<OrderRow> {
  const order = await lockOrder(tx, orderId);
  if (!order) throw new AppError('not_found', MSG.orderNotFound);
  const refusal = await refusalOf(tx, action, order);
  if (refusal === 'state') throw new AppError('conflict', opts.refusal);
  if (refusal) throw new AppError('conflict', opts.refundInFlight ?? opts.refusal);
  return order;
}

/**
 * Ends the order's days that still hold a seat (all, or these) with `to`, gives back one seat
 * per row actually moved, and lets the waiting list know. Answers the day options ended.
 */
async function endDays(
  tx: Tx,
  orderId: string,
  to: 'cancelado' | 'reembolsado',
  productDayIds?: readonly string[],
  now = new Date(),
): Promise<string[]> {
  const moved = await moveOrderDays(tx, orderId, ['pendiente', 'pagado'], to, productDayIds);
  if (moved.length > 0) {
    await giveBackSeats(tx, moved);
    await emit(tx, 'seats.freed', { productDayIds: moved, now });
  }
  return moved;
}

/** endDays for these rows (places of a group order): one seat back per row actually moved. */
async function endRows(
  tx: Tx,
  orderId: string,
  to: 'cancelado' | 'reembolsado',
  rowIds: readonly string[],
  now = new Date(),
): Promise<string[]> {
  const moved = await moveOrderDayRows(tx, orderId, rowIds, ['pendiente', 'pagado'], to);
  if (moved.length > 0) {
    await giveBackSeats(tx, moved);
    await emit(tx, 'seats.freed', { productDayIds: moved, now });
  }
  return moved;
}

/**
 * After days of a paid order ended: with none left the order ends too, `reembolsado` when
 * everything went back, `reembolso_parcial` when part did (the terms' charge), `cancelado`
 * when nothing did (its coupon use is given back). Answers the new status when it changed.
 */
async function followDays(tx: Tx, orderId: string): Promise<OrderStatus | null> {
  if ((await countLiveOrderDays(tx, orderId)) > 0) return null;
  const current = await findOrder(tx, orderId);
  if (!current || current.status !== 'pagado') return null;
  const status: OrderStatus =
    current.refundedCentavos <= 0
      ? 'cancelado'
      : current.refundedCentavos >= current.amountCentavos
        ? 'reembolsado'
        : 'reembolso_parcial';
  const updated = await transitionOrder(tx, orderId, ['pagado'], { status, expiresAt: null });
  if (!updated) return null;
  if (status === 'cancelado') await releaseCouponUse(tx, orderId);
  // Its CFDI is cancelled when nothing of the sale stands; with the terms' charge kept the
  // operation happened in part, and the credit note covers what went back (docs/cfdi.md).
  if (status !== 'reembolso_parcial') await emit(tx, 'order.ended', { orderId, status });
  return status;
}

/**
 * pendiente → pagado, exactly once: the conditional update lets only one caller (browser
 * capture, webhook, retry, an admin marking cash paid) win. A day the user already holds
 * through another paid order is never granted twice: the order stays pending and the result
 * says `duplicate` (checked first, and enforced by the one-paid index for a concurrent
 * payment of the other order).
 */
export async function pay(tx: Tx, orderId: string, patch: PaidPatch = {}): Promise<TransitionResult> {
  const current = await lockOrder(tx, orderId);
  if (!current || (await refusalOf(tx, 'pay', current))) return { changed: false, order: current };
  const days = await findOrderDays(tx, orderId);
  // A group order's places are nobody's yet: the buyer may also hold one of its days.
  const group = current.kind === 'grupo';
  const ownedElsewhere = group
    ? new Set<string>()
    : await findPaidElsewhere(
        tx,
        current.userId,
        days.map((d) => d.productDayId),
        orderId,
      );
  if (ownedElsewhere.size > 0) return { changed: false, order: current, duplicate: true };
  let updated: OrderRow | null;
  try {
    // A savepoint: a unique violation undoes only this step, and the caller's transaction
    // can still record what happened.
    updated = await tx.transaction(async (sp) => {
      const row = await transitionOrder(sp, orderId, ['pendiente'], {
        status: 'pagado',
        payment: true,
        paidAt: new Date(),
        expiresAt: null,
      });
      if (row) {
        await moveOrderDays(sp, orderId, ['pendiente'], 'pagado');
        await recordPaid(sp, orderId, patch);
      }
      return row;
    });
  } catch (err) {
    if (!isUniqueViolation(err, 'order_days_one_paid_idx')) throw err;
    return { changed: false, order: await findOrder(tx, orderId), duplicate: true };
  }
  if (!updated) return { changed: false, order: await findOrder(tx, orderId) };
  if (!group) await deleteCartLines(tx, updated.userId, days);
  await emit(tx, 'order.paid', { orderId, at: updated.paidAt ?? new Date() });
  return { changed: true, order: updated };
}

/**
 * Money arrived for a pending order whose days the user already holds (two tabs, two
 * providers): the order never grants anything. With `refunded` (the provider gave the money
 * back: its refund id) it becomes `reembolsado` with the whole amount refunded; otherwise
 * `cancelado`, for a person to refund. Seats and the coupon use are given back either way.
 */
export async function closeDuplicate(
  tx: Tx,
  orderId: string,
  opts: {
    /**
     * The provider's refund of the whole capture: done, or still `pending` at the provider
     * (its PENDING answer: the money has not moved yet). Null: nothing refunded.
     */
    refunded: { providerRefundId: string | null; pending?: boolean; nextLookAt?: Date } | null;
    patch?: PaidPatch;
  },
): Promise<TransitionResult> {
  const current = await lockOrder(tx, orderId);
  if (!current) return { changed: false, order: null };
  if (await refusalOf(tx, 'closeDuplicate', current)) return { changed: false, order: current };
  const done = opts.refunded !== null && !opts.refunded.pending;
  // A refund still in process keeps the order cancelled (money received, nothing granted)
  // until the provider completes it; completeRefund then records the money.
  const status = done ? 'reembolsado' : 'cancelado';
  const now = new Date();
  const updated = await transitionOrder(tx, orderId, ['pendiente'], {
    status,
    expiresAt: null,
    closedReason: 'duplicado',
    ...(opts.refunded ? { payment: true, paidAt: now } : {}),
    ...(done ? { refundedCentavos: current.amountCentavos } : {}),
  });
  if (!updated) return { changed: false, order: current };
  await recordPaid(tx, orderId, opts.patch ?? {});
  await endDays(tx, orderId, status === 'reembolsado' ? 'reembolsado' : 'cancelado');
  if (opts.refunded && current.amountCentavos > 0) {
    if (done) {
      await insertCompletedRefund(tx, {
        orderId,
        kind: 'admin',
        productDayIds: [],
        amountCentavos: current.amountCentavos,
        providerRefundId: opts.refunded.providerRefundId,
        completedAt: now,
      });
    } else {
      const row = await insertRefund(tx, {
        orderId,
        kind: 'admin',
        productDayIds: [],
        amountCentavos: current.amountCentavos,
        actorId: null,
      });
      if (row && opts.refunded.providerRefundId) {
        await setRefundInProcess(tx, row.id, opts.refunded.providerRefundId, opts.refunded.nextLookAt ?? now);
      }
    }
  }
  await releaseCouponUse(tx, orderId);
  await emit(tx, 'order.ended', { orderId, status });
  return { changed: true, order: updated };
}

/** Thrown inside payLate's savepoint when a seat is no longer free: undoes the reopening. */
class SeatGone extends Error {}

/**
 * Money arrived for an order that had already ended unpaid (an OXXO voucher paid at the
 * counter just before it expired, confirmed the next business day; a SPEI transfer after the
 * deadline). If every one of its seats is still free (nobody took it, no waiting-list offer
 * holds it, the day has not ended, the buyer does not hold the day elsewhere) the order is
 * paid after all, all or nothing. Otherwise the money is recorded and the whole amount is
 * asked back from the provider: a refund row in flight that the refund sweep asks for (its id
 * is the idempotency key) — or, for a provider that cannot give money back (`refundOnline:
 * false`: OXXO cash), left for a person to refund outside the store. Once per order: a second
 * notice of the same money finds it paid.
 */
export async function payLate(
  tx: Tx,
  orderId: string,
  patch: PaidPatch = {},
  opts: { refundOnline?: boolean } = {},
): Promise<{
  changed: boolean;
  /** refunding: a refund row asks the provider; byHand: the provider cannot, a person refunds it. */
  outcome: 'honoured' | 'refunding' | 'byHand' | 'none';
  order: OrderRow | null;
  refund: RefundRow | null;
}> {
  const current = await lockOrder(tx, orderId);
  if (!current || (await refusalOf(tx, 'payLate', current)) || current.payment) {
    return { changed: false, outcome: 'none', order: current, refund: null };
  }
  const now = new Date();
  const days = await findOrderDays(tx, orderId);
  const dayIds = days.map((d) => d.productDayId);
  const ends = await dayEnds(tx, dayIds);
  let honoured = false;
  try {
    honoured = await tx.transaction(async (sp) => {
      if (dayIds.some((id) => (ends.get(id)?.getTime() ?? 0) <= now.getTime())) throw new SeatGone();
      if (current.kind !== 'grupo') {
        const elsewhere = await findPaidElsewhere(sp, current.userId, dayIds, orderId);
        if (elsewhere.size > 0) throw new SeatGone();
      }
      for (const day of days) {
        if (!(await takeSeat(sp, day.productDayId, current.userId, now))) throw new SeatGone();
      }
      const row = await transitionOrder(sp, orderId, ['cancelado'], {
        status: 'pagado',
        payment: true,
        paidAt: now,
        expiresAt: null,
        closedReason: null,
      });
      if (!row) throw new SeatGone();
      await moveOrderDays(sp, orderId, ['cancelado'], 'pagado');
      await recordPaid(sp, orderId, patch);
      return true;
    });
  } catch (err) {
    if (!(err instanceof SeatGone) && !isUniqueViolation(err)) throw err;
  }
  if (honoured) {
    // The price paid carried the coupon: its use counts again when the coupon still allows it.
    const coupon = current.couponCode ? await findCouponByCode(tx, current.couponCode) : null;
    if (coupon) {
      const counted = await tx.transaction((sp) => incrementCouponUse(sp, coupon.id)).catch(() => false);
      if (counted) await insertRedemption(tx, { couponId: coupon.id, userId: current.userId, orderId });
    }
    if (current.kind !== 'grupo') await deleteCartLines(tx, current.userId, days);
    const order = await findOrder(tx, orderId);
    await emit(tx, 'order.paid', { orderId, at: now });
    await emit(tx, 'order.paid_late', { orderId, honoured: true, refundId: null });
    return { changed: true, outcome: 'honoured', order, refund: null };
  }
  const order = await transitionOrder(tx, orderId, ['cancelado'], {
    status: 'cancelado',
    payment: true,
    paidAt: now,
  });
  await recordPaid(tx, orderId, patch);
  if (opts.refundOnline === false) {
    await emit(tx, 'order.paid_late', { orderId, honoured: false, refundId: null });
    return { changed: true, outcome: 'byHand', order, refund: null };
  }
  const id = randomUUID();
  const refund = await insertRefund(tx, {
    id,
    providerReference: id,
    orderId,
    kind: 'admin',
    productDayIds: [],
    orderDayIds: [],
    amountCentavos: current.amountCentavos,
    actorId: null,
    nextAttemptAt: now,
  });
  await emit(tx, 'order.paid_late', { orderId, honoured: false, refundId: refund?.id ?? null });
  return { changed: true, outcome: 'refunding', order, refund };
}

/** How a pending order is found still open before it is ended (see expire and abandon). */
export interface PendingGuard {
  /** Only if nothing (a capture claim) touched the order since it was read at this time. */
  seenAt?: Date;
  /** With seenAt: the order may still be inside its payment window. */
  stillOpen?: boolean;
  now?: Date;
}

/** expire: the payment window closed (the sweep); seats and the coupon use come back. */
export function expire(tx: Tx, orderId: string, guard: PendingGuard = {}): Promise<boolean> {
  return endPendingOrder(tx, orderId, 'expirado', guard);
}

/**
 * abandon: the buyer closed the payment, the provider refused it, a new attempt replaced it,
 * or the buyer already holds its days; seats and the coupon use come back.
 */
export function abandon(
  tx: Tx,
  orderId: string,
  reason: Exclude<HoldClosedReason, 'expirado'>,
  guard: PendingGuard = {},
): Promise<boolean> {
  return endPendingOrder(tx, orderId, reason, guard);
}

/**
 * An unpaid hold ends: pendiente → cancelado with its reason (the renewal rule of open.ts
 * reads it), seats and the coupon use given back. With a guard, only if the order is
 * unchanged since it was read (the expiry sweep and a late capture never both win). False
 * when the order was no longer pending (or changed meanwhile).
 */
async function endPendingOrder(
  tx: Tx,
  orderId: string,
  reason: HoldClosedReason,
  guard: PendingGuard = {},
): Promise<boolean> {
  const now = guard.now ?? new Date();
  const locked = !guard.seenAt
    ? await lockPending(tx, orderId)
    : guard.stillOpen
      ? await lockIfUnchanged(tx, orderId, guard.seenAt)
      : await lockForExpiry(tx, orderId, guard.seenAt, now);
  // The table's word on the order as it is (a closed order is refused, whatever the lock said).
  const order = await findOrder(tx, orderId);
  if (await refusalOf(tx, reason === 'expirado' ? 'expire' : 'abandon', order)) return false;
  if (!locked) return false;
  const updated = await transitionOrder(tx, orderId, ['pendiente'], {
    status: 'cancelado',
    expiresAt: null,
    closedReason: reason,
  });
  if (!updated) return false;
  await closePayment(tx, orderId);
  await endDays(tx, orderId, 'cancelado', undefined, now);
  await releaseCouponUse(tx, orderId);
  await emit(tx, 'order.ended', { orderId, status: 'cancelado' });
  return true;
}

/**
 * An admin cancels a pending or paid order: its days that still hold a seat end (a day
 * already transferred or cancelled keeps its state and its seat stays where it is), the
 * coupon use is given back. Money, if any, is refunded separately.
 */
export async function adminCancel(tx: Tx, orderId: string): Promise<OrderRow> {
  const order = await lockFor(tx, orderId, 'adminCancel', {
    refusal: ADMIN_MSG.orderNotCancellable,
    refundInFlight: ADMIN_MSG.orderRefundInProgress,
  });
  const updated = await transitionOrder(tx, orderId, [order.status], {
    status: 'cancelado',
    expiresAt: null,
    ...(order.status === 'pendiente' ? { closedReason: 'cancelado' as const } : {}),
  });
  if (!updated) throw new AppError('conflict', ADMIN_MSG.orderNotCancellable);
  // An unpaid order's open attempt at its provider ends with it.
  await closePayment(tx, orderId);
  const ended = await endDays(tx, orderId, 'cancelado');
  await releaseCouponUse(tx, orderId);
  await emit(tx, 'order.ended', { orderId, status: 'cancelado' });
  await emit(tx, 'order.cancelled_by_admin', { orderId, from: order.status, productDayIds: ended });
  return updated;
}

// Money (docs/lifecycle.md → Money): a refund never exceeds what was paid minus what was
// already refunded, ends only the days it names, and one refund at a time waits for the
// provider; a day in a refund in flight cannot be transferred.

/** The refunds of an order still to give: what was paid minus what was refunded. */
export function refundable(order: Pick<OrderRow, 'amountCentavos' | 'refundedCentavos'>): number {
  return Math.max(0, order.amountCentavos - order.refundedCentavos);
}

export interface RefundRequest {
  orderId: string;
  kind: 'cancelacion' | 'admin';
  /**
   * The days the refund ends when it completes (empty: money only, access kept), or
   * 'paid': every day still paid, read under the order's lock (a transfer that commits
   * first has taken its day out).
   */
  productDayIds: readonly string[] | 'paid';
  /** A group order's places (order_days ids) it ends instead of whole days. */
  orderDayIds?: readonly string[];
  amountCentavos: number;
  actorId: string | null;
  /** The order as read under the lock, for extra checks by the caller (throw to refuse). */
  check?: (order: OrderRow) => void;
  /** Spanish refusals for this caller. */
  refusal: string;
  inFlight: string;
}

/**
 * paid → a refund in flight: the refund row is written (its id is the provider's
 * idempotency key) under the order's lock. The same request asked again (the provider did
 * not answer) gets the same row back; any other request while one waits is refused.
 */
export async function requestRefund(
  tx: Tx,
  req: RefundRequest,
): Promise<{ order: OrderRow; refund: RefundRow; repeated: boolean }> {
  const order = await lockOrder(tx, req.orderId);
  if (!order) throw new AppError('not_found', MSG.orderNotFound);
  const productDayIds = [
    ...new Set(
      req.productDayIds === 'paid'
        ? (await findOrderDays(tx, order.id)).filter((d) => d.status === 'pagado').map((d) => d.productDayId)
        : req.productDayIds,
    ),
  ].sort();
  const pending = await findPendingRefund(tx, order.id);
  if (pending) {
    const same =
      pending.kind === req.kind &&
      pending.amountCentavos === req.amountCentavos &&
      [...pending.productDayIds].sort().join() === productDayIds.join() &&
      [...pending.orderDayIds].sort().join() === [...(req.orderDayIds ?? [])].sort().join();
    if (!same) throw new AppError('conflict', req.inFlight);
    return { order, refund: pending, repeated: true };
  }
  // A pending refund was answered above (the same request again, or refused as in flight).
  if (await refusalOf(tx, 'requestRefund', order)) throw new AppError('conflict', req.refusal);
  req.check?.(order);
  if (req.amountCentavos <= 0 || req.amountCentavos > refundable(order)) {
    throw new AppError('bad_request', ADMIN_MSG.orderRefundTooLarge);
  }
  // The row's id is also our reference at the provider (PayPal's invoice_id): its refund and
  // webhooks are matched by it (payments/refunds.ts).
  const id = randomUUID();
  const refund = await insertRefund(tx, {
    id,
    providerReference: id,
    orderId: order.id,
    kind: req.kind,
    productDayIds,
    orderDayIds: [...(req.orderDayIds ?? [])].sort(),
    amountCentavos: req.amountCentavos,
    actorId: req.actorId,
  });
  if (!refund) throw new AppError('conflict', req.inFlight);
  return { order, refund, repeated: false };
}

/**
 * The provider refunded (its answer, or its webhook, whichever comes first; the second finds
 * nothing to do): the refund row completes, the money is recorded, the refund's days end
 * (`cancelado` for the buyer's cancellation, `reembolsado` for an admin's), the order's
 * status follows, and the events go out. Null when the row was no longer pending.
 */
export async function completeRefund(
  tx: Tx,
  refundId: string,
  providerRefundId: string,
  source: 'api' | 'webhook',
): Promise<RefundRow | null> {
  const pending = await findRefund(tx, refundId);
  if (!pending) return null;
  if (await refusalOf(tx, 'completeRefund', await lockOrder(tx, pending.orderId))) return null;
  const done = await completeRefundRow(tx, refundId, providerRefundId);
  if (!done) return null;
  const before = await findOrder(tx, done.orderId);
  const byRow = done.orderDayIds.length > 0;
  const paid = byRow
    ? await paidForRows(tx, done.orderId, done.orderDayIds)
    : await paidFor(tx, done.orderId, done.productDayIds);
  await addRefunded(tx, done.orderId, Math.min(done.amountCentavos, before ? refundable(before) : 0));
  const to = done.kind === 'cancelacion' ? 'cancelado' : 'reembolsado';
  const ended = byRow
    ? await endRows(tx, done.orderId, to, done.orderDayIds)
    : await endDays(tx, done.orderId, to, done.productDayIds);
  const status = await followDays(tx, done.orderId);
  const after = await findOrder(tx, done.orderId);
  if (ended.length > 0) {
    await emit(tx, 'days.cancelled', {
      orderId: done.orderId,
      productDayIds: done.productDayIds,
      by: done.kind === 'cancelacion' ? 'buyer' : 'admin',
      paidCentavos: paid,
      refundCentavos: done.amountCentavos,
      refundId: done.id,
      wholeOrder: after?.status !== 'pagado',
    });
  }
  await emit(tx, 'refund.completed', {
    orderId: done.orderId,
    refundId: done.id,
    amountCentavos: done.amountCentavos,
    endsSale: status !== null && status !== 'reembolso_parcial',
    by: done.kind === 'cancelacion' ? 'buyer' : 'admin',
    via: 'provider',
    endedProductDayIds: ended,
  });
  await audit(tx, {
    action: done.kind === 'admin' ? 'order.refund' : 'order.cancelled_by_buyer',
    orderId: done.orderId,
    actorId: done.actorId,
    details: {
      days: ended,
      refunded: toPesos(done.amountCentavos),
      ...(done.kind === 'cancelacion' ? { paid: toPesos(paid) } : {}),
      refundId: done.id,
      providerRefundId,
      status: after?.status,
      source,
    },
  });
  return done;
}

/**
 * What the buyer paid for these days (their share of the order's amount; the last live days
 * also carry the service fee), read before they end.
 */
async function paidFor(tx: Queryable, orderId: string, productDayIds: readonly string[]): Promise<number> {
  const order = await findOrder(tx, orderId);
  if (!order || productDayIds.length === 0) return 0;
  const days = await findOrderDays(tx, orderId);
  return cancellationFigures(
    {
      amountCentavos: order.amountCentavos,
      feeCentavos: order.feeCentavos,
      days: days.map((d) => ({
        productDayId: d.productDayId,
        priceCentavos: d.priceCentavos,
        live: d.status === 'pagado',
      })),
    },
    productDayIds,
  ).paidCentavos;
}

/**
 * The provider took the refund but answered PENDING (the money has not moved): nothing ends,
 * no e-mail, no credit note; the row keeps waiting with the provider's id until its webhook
 * or the refund sweep reads COMPLETED (completeRefund) or FAILED (failRefund).
 */
export async function refundInProcess(
  tx: Tx,
  refund: RefundRow,
  providerRefundId: string,
  nextAttemptAt: Date,
): Promise<boolean> {
  await lockOrder(tx, refund.orderId);
  const order = await findOrder(tx, refund.orderId);
  if (await refusalOf(tx, 'refundInProcess', order)) return false;
  const row = await setRefundInProcess(tx, refund.id, providerRefundId, nextAttemptAt);
  if (!row) return false;
  if (refund.providerRefundId !== providerRefundId) {
    await audit(tx, {
      action: 'payment.refund_pending',
      orderId: refund.orderId,
      actorId: refund.actorId,
      details: { refundId: refund.id, providerRefundId, amount: toPesos(refund.amountCentavos) },
    });
  }
  return true;
}

/** A refund the provider did not settle (retry later, no answer): asked again at `at`. */
export async function scheduleRefundRetry(tx: Tx, refund: RefundRow, at: Date): Promise<void> {
  await scheduleRefundRow(tx, refund.id, at);
}

/** What the buyer paid for these rows (a group order's places): their share of the order's amount. */
async function paidForRows(tx: Queryable, orderId: string, rowIds: readonly string[]): Promise<number> {
  const order = await findOrder(tx, orderId);
  if (!order || rowIds.length === 0) return 0;
  const days = await findOrderDays(tx, orderId);
  return cancellationFigures(
    {
      amountCentavos: order.amountCentavos,
      feeCentavos: order.feeCentavos,
      days: days.map((d) => ({ productDayId: d.id, priceCentavos: d.priceCentavos, live: true })),
    },
    rowIds,
  ).paidCentavos;
}

/**
 * cancelPlaces with nothing to give back: the buyer's group order places (rows) end now, a
 * seat back each, the order's status follows. `paid` is what they were paid (for the e-mail).
 */
export async function cancelPlacesWithoutRefund(
  tx: Tx,
  order: OrderRow,
  rowIds: readonly string[],
  paid: number,
  actorId: string,
): Promise<string[]> {
  const refusal = await refusalOf(tx, 'cancelPlaces', order);
  if (refusal) {
    throw new AppError('conflict', refusal === 'state' ? MSG.orderNotCancellable : MSG.cancelInProgress);
  }
  const ended = await endRows(tx, order.id, 'cancelado', rowIds);
  await followDays(tx, order.id);
  const after = await findOrder(tx, order.id);
  await emit(tx, 'days.cancelled', {
    orderId: order.id,
    productDayIds: [...new Set(ended)],
    by: 'buyer',
    paidCentavos: paid,
    refundCentavos: 0,
    refundId: null,
    wholeOrder: after?.status !== 'pagado',
  });
  await audit(tx, {
    action: 'order.cancelled_by_buyer',
    orderId: order.id,
    actorId,
    details: {
      places: rowIds,
      days: ended,
      refunded: 0,
      paid: toPesos(paid),
      status: after?.status,
      source: 'api',
    },
  });
  return ended;
}

/** The provider refused the refund: the row fails, the order stays as it was. */
export async function failRefund(tx: Tx, refund: RefundRow, reason: string): Promise<boolean> {
  if (await refusalOf(tx, 'failRefund', await lockOrder(tx, refund.orderId))) return false;
  if (!(await failRefundRow(tx, refund.id, reason))) return false;
  await audit(tx, {
    action: 'payment.refund_failed',
    orderId: refund.orderId,
    actorId: refund.actorId,
    details: { refundId: refund.id, amount: toPesos(refund.amountCentavos), reason },
  });
  return true;
}

/**
 * The buyer cancels days with nothing to give back (a free claim, or nothing left to
 * refund): the days end, the order's status follows.
 */
export async function cancelFree(
  tx: Tx,
  order: OrderRow,
  productDayIds: readonly string[],
  actorId: string,
): Promise<string[]> {
  const refusal = await refusalOf(tx, 'cancelFree', order);
  if (refusal) {
    throw new AppError('conflict', refusal === 'state' ? MSG.orderNotCancellable : MSG.cancelInProgress);
  }
  const paid = await paidFor(tx, order.id, productDayIds);
  const ended = await endDays(tx, order.id, 'cancelado', productDayIds);
  await followDays(tx, order.id);
  const after = await findOrder(tx, order.id);
  await emit(tx, 'days.cancelled', {
    orderId: order.id,
    productDayIds,
    by: 'buyer',
    paidCentavos: paid,
    refundCentavos: 0,
    refundId: null,
    wholeOrder: after?.status !== 'pagado',
  });
  await audit(tx, {
    action: 'order.cancelled_by_buyer',
    orderId: order.id,
    actorId,
    details: {
      days: ended,
      refunded: 0,
      paid: toPesos(paid),
      refundId: null,
      status: after?.status,
      source: 'api',
    },
  });
  return ended;
}

/**
 * An admin records a refund made outside the store (bank transfer, cash, the provider's
 * dashboard). With `revokeAccess` every remaining day ends and the order becomes
 * `reembolsado`; otherwise only the money is recorded.
 */
export async function recordRefund(
  tx: Tx,
  input: { orderId: string; actorId: string; amountCentavos: number; revokeAccess: boolean },
): Promise<void> {
  const order = await lockFor(tx, input.orderId, 'recordRefund', {
    refusal: ADMIN_MSG.orderNotRefundable,
    refundInFlight: ADMIN_MSG.orderRefundInProgress,
  });
  // A cancelled order is refunded only for money that arrived after it ended (payLate: OXXO
  // cash Stripe cannot return); it has no day left to end.
  const late = order.status === 'cancelado';
  if (late && !order.payment) throw new AppError('conflict', ADMIN_MSG.orderNotRefundable);
  if (input.amountCentavos > refundable(order))
    throw new AppError('bad_request', ADMIN_MSG.orderRefundTooLarge);
  const now = new Date();
  const refund =
    input.amountCentavos > 0
      ? await insertCompletedRefund(tx, {
          orderId: order.id,
          kind: 'manual',
          productDayIds: [],
          amountCentavos: input.amountCentavos,
          actorId: input.actorId,
          completedAt: now,
        })
      : null;
  if (input.amountCentavos > 0) await addRefunded(tx, order.id, input.amountCentavos);
  let endsSale = false;
  let ended: string[] = [];
  if (input.revokeAccess && !late) {
    ended = await endDays(tx, order.id, 'reembolsado');
    const updated = await transitionOrder(tx, order.id, ['pagado'], {
      status: 'reembolsado',
      expiresAt: null,
    });
    if (!updated) throw new AppError('conflict', ADMIN_MSG.orderNotRefundable);
    await emit(tx, 'order.ended', { orderId: order.id, status: 'reembolsado' });
    endsSale = true;
  }
  if (refund) {
    await emit(tx, 'refund.completed', {
      orderId: order.id,
      refundId: refund.id,
      amountCentavos: refund.amountCentavos,
      endsSale,
      by: 'admin',
      via: 'outside',
      endedProductDayIds: ended,
    });
  }
}

/**
 * A refund or chargeback the provider reports that the store did not ask for: recorded once
 * (by the provider's refund id) and never beyond what was paid; when nothing paid is left the
 * remaining days end and the order becomes `reembolsado`. False when it was already recorded
 * or nothing was left to refund (the caller audits it).
 */
export async function providerRefund(
  tx: Tx,
  input: { orderId: string; providerRefundId: string; amountCentavos: number; kind?: RefundKind },
): Promise<boolean> {
  const order = await lockOrder(tx, input.orderId);
  if (!order || (await refusalOf(tx, 'providerRefund', order))) return false;
  if (await findRefundByProviderId(tx, input.providerRefundId)) return true;
  const amount = Math.min(input.amountCentavos, refundable(order));
  if (amount <= 0) return false;
  const refund = await insertCompletedRefund(tx, {
    orderId: order.id,
    kind: input.kind ?? 'externo',
    productDayIds: [],
    amountCentavos: amount,
    providerRefundId: input.providerRefundId,
    completedAt: new Date(),
  });
  const refunded = await addRefunded(tx, order.id, amount);
  let endsSale = false;
  let ended: string[] = [];
  if (refunded !== null && refunded >= order.amountCentavos && order.status === 'pagado') {
    ended = await endDays(tx, order.id, 'reembolsado');
    await transitionOrder(tx, order.id, ['pagado'], { status: 'reembolsado', expiresAt: null });
    await emit(tx, 'order.ended', { orderId: order.id, status: 'reembolsado' });
    endsSale = true;
  }
  await emit(tx, 'refund.completed', {
    orderId: order.id,
    refundId: refund.id,
    amountCentavos: amount,
    endsSale,
    by: 'provider',
    via: 'provider',
    endedProductDayIds: ended,
  });
  return true;
}

/**
 * One more transfer per day for the paid order this order's days come from (itself, or the
 * order a colleague's transfer order was made from). Answers the root order and the new allowance.
 */
export async function allowTransfer(
  tx: Tx,
  orderId: string,
): Promise<{ rootOrderId: string; extraTransfers: number }> {
  await lockFor(tx, orderId, 'allowTransfer', { refusal: ADMIN_MSG.orderNotTransferable });
  const rootOrderId = await findRootOrderId(tx, orderId);
  const extraTransfers = (await addExtraTransfer(tx, rootOrderId)) ?? 0;
  return { rootOrderId, extraTransfers };
}

// Steps of the `pay` action that a provider's flow takes before the order is paid: attach
// the provider's ids to a pending order, announce a capture inside the payment window, and
// keep the seats while the provider still decides (docs/lifecycle.md → Holds).
export { claimForCapture, holdUntil } from './repo';
export { attachPayment, notePaymentProgress } from './payments-repo';

// An event's day renamed, or removed, in the back office: the orders' copies of the label
// (order_days.day and the items snapshot) follow.
export { renameOrderDays, updateOrderItems } from './repo';

/**
 * Deletes every order of these accounts (the demo customer's, when the association removes
 * the demo data): the days that held seats give them back and the coupon uses are returned
 * first, then the orders go (their days, refunds and coupon uses cascade). Answers how many.
 */
export async function deleteOrdersOf(tx: Tx, userIds: readonly string[]): Promise<number> {
  const ids = (await findOrderIdsOf(tx, userIds)).sort();
  for (const id of ids) {
    await lockOrder(tx, id);
    await giveBackSeats(tx, await moveOrderDays(tx, id, ['pendiente', 'pagado'], 'cancelado'));
    await releaseCouponUse(tx, id);
  }
  await deleteOrders(tx, ids);
  return ids.length;
}
