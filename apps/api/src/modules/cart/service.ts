// Server cart rules (docs/product.md → Cart): a line is one (product, day) with quantity 1; the
// product must exist and be on sale (not archived, not a draft: either is "not found"), the day must be one of its options and not have ended,
// the day must not be sold out and the caller must not own it already. Updating to 0 removes
// the line (also a line whose day ended, which stays in the cart, shown as such, until the
// buyer removes it: checkout refuses it rather than charge for something else).

import type { CartData } from '@store/shared/domain/cart';
import { hasEnded } from '@store/shared/domain/event-days';
import { MSG, cartDaysEnded } from '@store/shared/messages';
import type { Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import {
  deleteCartLine,
  deleteProductLines,
  findCartLines,
  findProductDays,
  type ProductDayRow,
  type CartLineDetail,
  findProductDay,
  productExists,
  upsertCartLine,
} from './repo';
import { hasSeatFor, ownsProductDay } from '../seats/repo';

export async function getCart(db: Queryable, userId: string): Promise<CartData> {
  const cart: CartData = {};
  for (const line of await findCartLines(db, userId)) {
    (cart[line.productId] ??= {})[line.day] = line.quantity;
  }
  return cart;
}

export async function addToCart(
  db: Queryable,
  userId: string,
  itemId: string,
  day: string,
  now = new Date(),
): Promise<void> {
  if (!isUuid(itemId)) throw new AppError('not_found', MSG.productNotFound);
  const found = await findProductDay(db, itemId, day);
  if (!found) {
    const product = await productExists(db, itemId);
    if (!product || !onSale(product)) throw new AppError('not_found', MSG.productNotFound);
    throw new AppError('bad_request', MSG.invalidDay);
  }
  if (!onSale(found.product)) throw new AppError('not_found', MSG.productNotFound);
  if (found.product.saleMode === 'completo') {
    // Sold as a whole: choosing any day puts every day of the event in the cart.
    const days = await findProductDays(db, itemId);
    for (const d of days) await assertDayBuyable(db, userId, d, now);
    for (const d of days) await upsertCartLine(db, userId, itemId, d.label);
    return;
  }
  await assertDayBuyable(db, userId, found.productDay, now);
  await upsertCartLine(db, userId, itemId, day);
}

/** Archived and draft events are not sold (a draft is seen only by staff). */
function onSale(product: { active: boolean; draft: boolean }): boolean {
  return product.active && !product.draft;
}

async function assertDayBuyable(db: Queryable, userId: string, day: ProductDayRow, now: Date): Promise<void> {
  if (dayEnded(day, now)) throw new AppError('conflict', MSG.dayEnded);
  if (await ownsProductDay(db, userId, day.id)) throw new AppError('conflict', MSG.alreadyOwned);
  if (day.seatCapacity !== null && !(await hasSeatFor(db, day.id, userId, now))) {
    throw new AppError('conflict', MSG.seatsSoldOut);
  }
}

/** Sets a line's quantity: 0 removes it, anything above adds it with quantity 1. */
export async function updateCart(
  db: Queryable,
  userId: string,
  itemId: string,
  day: string,
  quantity: number,
  now = new Date(),
): Promise<void> {
  if (quantity <= 0) {
    if (!isUuid(itemId)) return;
    // An event sold as a whole leaves the cart with all its days.
    const product = await productExists(db, itemId);
    if (product?.saleMode === 'completo') await deleteProductLines(db, userId, itemId);
    else await deleteCartLine(db, userId, itemId, day);
    return;
  }
  await addToCart(db, userId, itemId, day, now);
}

function dayEnded(day: { startsAt: Date; endsAt: Date }, now: Date): boolean {
  return hasEnded({ startsAt: day.startsAt.getTime(), endsAt: day.endsAt.getTime() }, now);
}

/**
 * Refuses to price a cart holding a day that has ended at `now` (409, naming the days to
 * remove): the buyer pays for exactly what the cart shows, or nothing.
 */
export function assertNoEndedDays(lines: readonly CartLineDetail[], now: Date): void {
  const ended = lines.filter((l) => dayEnded(l.productDay, now));
  if (ended.length > 0) {
    throw new AppError('conflict', cartDaysEnded(ended.map((l) => ({ name: l.product.name, day: l.day }))));
  }
}
