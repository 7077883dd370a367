// The terms' cancellation rule, in integer centavos and Mexico City calendar days:
// a written cancellation at least CANCELLATION_NOTICE_DAYS calendar days before the first
// cancelled day is refunded minus a CANCELLATION_CHARGE_PERCENT administrative charge.
// Later, the place can only be transferred. Used by the API (what is refunded) and the web
// (what the buyer is shown before confirming), so both agree to the centavo.

import { CANCELLATION_CHARGE_PERCENT, CANCELLATION_NOTICE_DAYS } from '../constants';
import { addCalendarDays, calendarDaysBetween, mexicoCityDate, startOfMexicoCityDay } from './time';

type Instant = Date | number;

/** True while a day starting at `startsAt` may still be cancelled at `now`. */
export function canCancelDay(now: Instant, startsAt: Instant): boolean {
  return calendarDaysBetween(now, startsAt) >= CANCELLATION_NOTICE_DAYS;
}

/** The last Mexico City date (YYYY-MM-DD) on which a day starting at `startsAt` can be cancelled. */
export function lastCancellationDate(startsAt: Instant): string {
  return addCalendarDays(mexicoCityDate(startsAt), -CANCELLATION_NOTICE_DAYS);
}

/**
 * The instant from which a day starting at `startsAt` can no longer be cancelled (the Mexico
 * City midnight after its last cancellation date): what is held about "cancellable" expires then.
 */
export function cancellableUntil(startsAt: Instant): Date {
  return startOfMexicoCityDay(addCalendarDays(lastCancellationDate(startsAt), 1));
}

/** The administrative charge on `paidCentavos` (rounded to the centavo). */
export function cancellationCharge(paidCentavos: number): number {
  return Math.round((paidCentavos * CANCELLATION_CHARGE_PERCENT) / 100);
}

/** What goes back to the buyer for `paidCentavos` cancelled: paid minus the charge. */
export function cancellationRefund(paidCentavos: number): number {
  return paidCentavos - cancellationCharge(paidCentavos);
}

/**
 * Splits `total` centavos over `weights` in proportion (largest remainder): the parts are
 * integers and always add up to `total`. Zero weights everywhere: an even split.
 */
export function allocateByWeight(total: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  const sum = weights.reduce((a, b) => a + b, 0);
  const w = sum > 0 ? weights : weights.map(() => 1);
  const wSum = sum > 0 ? sum : weights.length;
  const exact = w.map((x) => (total * x) / wSum);
  const parts = exact.map((x) => Math.floor(x));
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((x, i) => ({ i, frac: x - Math.floor(x) }))
    .sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts;
}

export interface CancellableOrder {
  /** What the order charged, fee included. */
  amountCentavos: number;
  feeCentavos: number;
  /** Every day of the order (cancelled ones too), with its list price. */
  days: readonly { productDayId: string; priceCentavos: number; live: boolean }[];
}

/**
 * What was paid for each day: the order's amount without the fee, split over all its days
 * by list price (so a coupon discount is shared the same way).
 */
export function paidPerDay(order: CancellableOrder): Map<string, number> {
  const base = Math.max(0, order.amountCentavos - order.feeCentavos);
  const parts = allocateByWeight(
    base,
    order.days.map((d) => d.priceCentavos),
  );
  return new Map(order.days.map((d, i) => [d.productDayId, parts[i]!]));
}

/**
 * The amount paid for cancelling `productDayIds` (live days of the order): their share,
 * plus the service fee when nothing live would be left. And what is refunded of it.
 */
export function cancellationFigures(
  order: CancellableOrder,
  productDayIds: readonly string[],
): { paidCentavos: number; chargeCentavos: number; refundCentavos: number; wholeOrder: boolean } {
  const shares = paidPerDay(order);
  const wanted = new Set(productDayIds);
  const wholeOrder = order.days.filter((d) => d.live).every((d) => wanted.has(d.productDayId));
  const amountWithoutFee = Math.max(0, order.amountCentavos - order.feeCentavos);
  const fee = order.amountCentavos - amountWithoutFee;
  let paid = [...wanted].reduce((sum, id) => sum + (shares.get(id) ?? 0), 0);
  if (wholeOrder) paid += fee;
  const charge = cancellationCharge(paid);
  return { paidCentavos: paid, chargeCentavos: charge, refundCentavos: paid - charge, wholeOrder };
}
