// Places for a team priced as checkout prices them (docs/groups.md): N places of the chosen
// days of one event (every day of an event sold whole), each place at the event's institutional
// price or else its general price at `now`, the coupon applied as on any order, the service fee once. Seats are
// checked (capacity − taken − open offers ≥ N per day) so the quote never promises places
// that are not there; taking them is the lifecycle's (lifecycle/group.ts).

import { choosePrice, splitCentavos } from '@store/shared/domain/pricing';
import { computeTotals, type Totals } from '@store/shared/domain/totals';
import { MSG } from '@store/shared/messages';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { productDays, products } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { applyCoupon, type AppliedCoupon } from '../coupons/service';
import { findBuyerType, findTiers } from '../pricing/repo';
import { heldByOffers } from '../seats/repo';
import { GROUP_MSG, groupSeatsShort } from '@store/shared/group-messages';

export interface GroupQuoteInput {
  productId: string;
  /** Day labels (an event sold whole: every day, whatever is given). */
  days: readonly string[];
  places: number;
  couponCode?: string | null;
}

export interface GroupQuoteDay {
  productDayId: string;
  label: string;
  position: number;
  startsAt: Date;
  /** One place of this day. */
  priceCentavos: number;
  seatCapacity: number | null;
}

export interface GroupQuoteResult extends Totals {
  product: typeof products.$inferSelect;
  places: number;
  days: GroupQuoteDay[];
  /** One place, every chosen day. */
  pricePerPlace: number;
  coupon: AppliedCoupon | null;
}

/** The group purchase priced from the database at `now`, or the Spanish AppError refusing it. */
export async function quoteGroup(
  db: Queryable,
  userId: string,
  input: GroupQuoteInput,
  now = new Date(),
): Promise<GroupQuoteResult> {
  if (!isUuid(input.productId)) throw new AppError('not_found', GROUP_MSG.groupProductUnavailable);
  const [product] = await db.select().from(products).where(eq(products.id, input.productId));
  // Archived and draft events are not sold.
  if (!product || !product.active || product.draft) {
    throw new AppError('not_found', GROUP_MSG.groupProductUnavailable);
  }
  const all = await db
    .select({
      productDayId: productDays.id,
      label: productDays.label,
      position: productDays.position,
      startsAt: productDays.startsAt,
      endsAt: productDays.endsAt,
      seatCapacity: productDays.seatCapacity,
      free: sql<number | null>`CASE WHEN ${productDays.seatCapacity} IS NULL THEN NULL
        ELSE ${productDays.seatCapacity} - ${productDays.seatsTaken} - ${heldByOffers(null, now)} END`,
    })
    .from(productDays)
    .where(and(eq(productDays.productId, product.id)))
    .orderBy(asc(productDays.position));
  const whole = product.saleMode === 'completo';
  const wanted = new Set(input.days);
  if (!whole) {
    if (wanted.size === 0) throw new AppError('bad_request', GROUP_MSG.groupDaysRequired);
    for (const label of wanted) {
      if (!all.some((d) => d.label === label)) throw new AppError('bad_request', GROUP_MSG.groupDayUnknown);
    }
  }
  const chosen = whole ? all : all.filter((d) => wanted.has(d.label));
  if (chosen.length === 0) throw new AppError('bad_request', GROUP_MSG.groupDaysRequired);
  // A place is named before its day starts (assignment refuses a started day), so a started
  // day is not sold to a team: its places could not be given to anyone nor cancelled.
  if (chosen.some((d) => d.startsAt.getTime() <= now.getTime())) {
    throw new AppError('conflict', GROUP_MSG.groupDayStarted);
  }
  for (const d of chosen) {
    const free = d.free === null ? null : Math.max(0, Number(d.free));
    if (free !== null && free < input.places) throw new AppError('conflict', groupSeatsShort(d.label, free));
  }

  // The fee schedule's institutional price when the association set one, else the general
  // price at `now` (a buyer's own type or scholarship is not for places for others).
  const tiers = (await findTiers(db, [product.id])).get(product.id) ?? [];
  const price =
    product.institutionalPriceCentavos ??
    choosePrice({
      basePriceCentavos: product.priceCentavos,
      tiers,
      buyer: { userType: 'general', verified: true, becado: false },
      now,
    }).priceCentavos;
  const perDay = whole ? splitCentavos(price, chosen.length) : chosen.map(() => price);
  const days: GroupQuoteDay[] = chosen.map((d, i) => ({
    productDayId: d.productDayId,
    label: d.label,
    position: d.position,
    startsAt: d.startsAt,
    priceCentavos: perDay[i]!,
    seatCapacity: d.seatCapacity,
  }));
  const pricePerPlace = perDay.reduce((a, b) => a + b, 0);
  const subtotal = pricePerPlace * input.places;
  if (subtotal === 0) throw new AppError('conflict', GROUP_MSG.groupFree);

  let coupon: AppliedCoupon | null = null;
  const code = input.couponCode?.trim();
  if (code) {
    const userType = await findBuyerType(db, userId);
    if (!userType) throw new AppError('unauthorized', MSG.unauthorized);
    coupon = await applyCoupon(db, {
      code,
      userId,
      userType,
      lines: [{ productId: product.id, priceCentavos: pricePerPlace, quantity: input.places }],
      now,
    });
  }
  return {
    ...computeTotals(subtotal, coupon?.discount ?? 0),
    product,
    places: input.places,
    days,
    pricePerPlace,
    coupon,
  };
}
