// Server cart rules (docs/product.md → Cart): a line is one (product, day) with quantity 1; the
// product must exist and be on sale, the day must be one of its options, the day must not
// be sold out and the caller must not own it already. Updating to 0 removes the line.

import type { CartData } from '@store/shared/domain/cart';
import { MSG } from '@store/shared/messages';
import type { Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import {
  deleteCartLine,
  findCartLines,
  findProductDay,
  ownsProductDay,
  productExists,
  upsertCartLine,
} from './repo';

export async function getCart(db: Queryable, userId: string): Promise<CartData> {
  const cart: CartData = {};
  for (const line of await findCartLines(db, userId)) {
    (cart[line.productId] ??= {})[line.day] = line.quantity;
  }
  return cart;
}

export async function addToCart(db: Queryable, userId: string, itemId: string, day: string): Promise<void> {
  if (!isUuid(itemId)) throw new AppError('not_found', MSG.productNotFound);
  const found = await findProductDay(db, itemId, day);
  if (!found) {
    const product = await productExists(db, itemId);
    if (!product || !product.active) throw new AppError('not_found', MSG.productNotFound);
    throw new AppError('bad_request', MSG.invalidDay);
  }
  if (!found.product.active) throw new AppError('not_found', MSG.productNotFound);
  if (await ownsProductDay(db, userId, found.productDay.id)) {
    throw new AppError('conflict', MSG.alreadyOwned);
  }
  const { seatCapacity, seatsTaken } = found.productDay;
  if (seatCapacity !== null && seatsTaken >= seatCapacity) throw new AppError('conflict', MSG.seatsSoldOut);
  await upsertCartLine(db, userId, itemId, day);
}

/** Sets a line's quantity: 0 removes it, anything above adds it with quantity 1. */
export async function updateCart(
  db: Queryable,
  userId: string,
  itemId: string,
  day: string,
  quantity: number,
): Promise<void> {
  if (quantity <= 0) {
    if (isUuid(itemId)) await deleteCartLine(db, userId, itemId, day);
    return;
  }
  await addToCart(db, userId, itemId, day);
}
