// The cart priced as checkout prices it (docs/fees.md): each line at the buyer's tier, the
// prerequisites checked, the coupon applied, the service fee added, all in centavos from the
// database. Checkout (the lifecycle's openOrder), the coupon check and the cart and checkout
// pages all ask this one function.

import { computeTotals, type Totals } from '@store/shared/domain/totals';
import { toPesos } from '@store/shared/domain/money';
import { MSG, prerequisiteMissing } from '@store/shared/messages';
import type { Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';
import { applyCoupon, type AppliedCoupon } from '../coupons/service';
import { findBuyerType } from '../pricing/repo';
import { priceLines } from '../pricing/service';
import { findPaidProductIds } from '../seats/repo';
import { findCartLines, findProductNames, type ProductRow } from './repo';
import { assertNoEndedDays } from './service';

/** One (product, day) of the cart, priced from the database. */
export interface QuoteLine {
  productId: string;
  productDayId: string;
  day: string;
  /** Position of the day among the product's options. */
  position: number;
  priceCentavos: number;
  quantity: number;
  product: ProductRow;
  seatCapacity: number | null;
  seatsTaken: number;
}

/** Server totals (centavos) of the user's cart; `total` is what must be paid. */
export interface CartQuote extends Totals {
  lines: QuoteLine[];
  coupon: AppliedCoupon | null;
}

/**
 * The user's current server cart priced from the database, with the coupon (if a code is
 * given) checked against the user's type read from the database. Throws AppError (Spanish)
 * for an empty cart, a day that has ended at `now` or a coupon that does not apply.
 */
export async function quoteCart(
  db: Queryable,
  userId: string,
  couponCode?: string | null,
  now = new Date(),
): Promise<CartQuote> {
  const cart = await findCartLines(db, userId);
  if (cart.length === 0) throw new AppError('bad_request', MSG.emptyCart);
  assertNoEndedDays(cart, now);
  const prices = await priceLines(db, userId, cart, now);
  await assertPrerequisites(db, userId, cart);
  const lines: QuoteLine[] = cart.map((l, i) => ({
    productId: l.productId,
    productDayId: l.productDay.id,
    day: l.day,
    position: l.productDay.position,
    priceCentavos: prices[i]!,
    quantity: 1,
    product: l.product,
    seatCapacity: l.productDay.seatCapacity,
    seatsTaken: l.productDay.seatsTaken,
  }));
  const subtotal = lines.reduce((sum, l) => sum + l.priceCentavos * l.quantity, 0);
  let coupon: AppliedCoupon | null = null;
  const code = couponCode?.trim();
  if (code) {
    const userType = await findBuyerType(db, userId);
    if (!userType) throw new AppError('unauthorized', MSG.unauthorized);
    coupon = await applyCoupon(db, {
      code,
      userId,
      userType: userType,
      lines: lines.map((l) => ({
        productId: l.productId,
        priceCentavos: l.priceCentavos,
        quantity: l.quantity,
      })),
    });
  }
  return { ...computeTotals(subtotal, coupon?.discount ?? 0), lines, coupon };
}

/**
 * Refuses (409, Spanish, naming both events) a line whose event requires another one the buyer
 * neither holds a paid day of nor has in this cart.
 */
async function assertPrerequisites(
  db: Queryable,
  userId: string,
  cart: readonly { productId: string; product: ProductRow }[],
): Promise<void> {
  const inCart = new Set(cart.map((l) => l.productId));
  const needed = [
    ...new Map(
      cart
        .filter((l) => l.product.requiresProductId && !inCart.has(l.product.requiresProductId))
        .map((l) => [l.productId, l.product]),
    ).values(),
  ];
  if (needed.length === 0) return;
  const required = needed.map((p) => p.requiresProductId as string);
  const held = await findPaidProductIds(db, userId, required);
  const missing = needed.find((p) => !held.has(p.requiresProductId as string));
  if (!missing) return;
  const names = await findProductNames(db, [missing.requiresProductId as string]);
  throw new AppError(
    'conflict',
    prerequisiteMissing(missing.name, names.get(missing.requiresProductId as string) ?? ''),
  );
}

/**
 * The cart as checkout would price it, for the cart and checkout pages (pesos): each line at
 * the buyer's tier, or the Spanish reason checkout would refuse it. An empty cart is no problem.
 */
export async function quoteForDisplay(
  db: Queryable,
  userId: string,
  now = new Date(),
): Promise<{
  lines: { _id: string; day: string; price: number }[];
  subtotal: number | null;
  problem: string | null;
}> {
  const empty = (await findCartLines(db, userId)).length === 0;
  if (empty) return { lines: [], subtotal: 0, problem: null };
  try {
    const quote = await quoteCart(db, userId, null, now);
    return {
      lines: quote.lines.map((l) => ({ _id: l.productId, day: l.day, price: toPesos(l.priceCentavos) })),
      subtotal: toPesos(quote.subtotal),
      problem: null,
    };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { lines: [], subtotal: null, problem: err.message };
  }
}
