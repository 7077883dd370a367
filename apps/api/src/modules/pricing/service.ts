// Pricing rules (docs/fees.md): the price each buyer pays for each event at a given instant,
// and the price of each (product, day) line of a cart, read from the tiers in the database.
//
//   buyerPrices(db, userId | null, products, now)   the buyer's price per event (null = visitor)
//   priceLines(db, userId, lines, now)              centavos per cart line; an event sold as a
//                                                   whole must have every day in the lines, its
//                                                   one price split over them to the centavo
//
// The participant type read from users.user_type is the verified one: only an admin changes
// it (directly or by approving a member's request with a proof).

import type { SaleMode } from '@store/shared/constants';
import { choosePrice, splitCentavos, type PriceChoice } from '@store/shared/domain/pricing';
import { wholeEventRequired } from '@store/shared/messages';
import type { Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';
import { findBuyerType, findDayOptions, findScholarshipProducts, findTiers } from './repo';

export interface PricedProduct {
  id: string;
  name: string;
  priceCentavos: number;
  saleMode: SaleMode;
}

/** The price the buyer (null = a visitor: general) pays for each product at `now`. */
export async function buyerPrices(
  db: Queryable,
  userId: string | null,
  products: readonly Pick<PricedProduct, 'id' | 'priceCentavos'>[],
  now: Date,
): Promise<Map<string, PriceChoice>> {
  const ids = [...new Set(products.map((p) => p.id))];
  const tiers = await findTiers(db, ids);
  const out = new Map<string, PriceChoice>();
  if (tiers.size === 0) {
    // No fee schedule: everyone pays the event's price (no need to know who asks).
    for (const p of products) {
      out.set(p.id, {
        priceCentavos: p.priceCentavos,
        userType: 'general',
        untilAt: null,
        scholarship: false,
        fromTier: false,
      });
    }
    return out;
  }
  const userType = userId ? ((await findBuyerType(db, userId)) ?? 'general') : 'general';
  const becado = userId ? await findScholarshipProducts(db, userId, ids) : new Set<string>();
  for (const p of products) {
    out.set(
      p.id,
      choosePrice({
        basePriceCentavos: p.priceCentavos,
        tiers: tiers.get(p.id) ?? [],
        buyer: { userType, verified: true, becado: becado.has(p.id) },
        now,
      }),
    );
  }
  return out;
}

export interface PriceableLine {
  productId: string;
  product: PricedProduct;
  productDay: { id: string; position: number };
}

/**
 * Centavos for each line (same order). Per-day events: each day at the buyer's price. Events
 * sold as a whole: the lines must hold every day option (else a 409 naming the event), and the
 * buyer's price is split over them in day order, the first days carrying the odd centavos.
 */
export async function priceLines(
  db: Queryable,
  userId: string,
  lines: readonly PriceableLine[],
  now: Date,
): Promise<number[]> {
  const products = [...new Map(lines.map((l) => [l.productId, l.product])).values()];
  const choices = await buyerPrices(db, userId, products, now);
  const whole = products.filter((p) => p.saleMode === 'completo');
  const options = await findDayOptions(
    db,
    whole.map((p) => p.id),
  );
  const wholeShares = new Map<string, number>();
  for (const p of whole) {
    const all = options.get(p.id) ?? [];
    const held = new Set(lines.filter((l) => l.productId === p.id).map((l) => l.productDay.id));
    if (all.length === 0 || all.some((d) => !held.has(d.id)) || held.size !== all.length) {
      throw new AppError('conflict', wholeEventRequired(p.name));
    }
    const shares = splitCentavos(choices.get(p.id)!.priceCentavos, all.length);
    all.forEach((d, i) => wholeShares.set(d.id, shares[i]!));
  }
  return lines.map((l) =>
    l.product.saleMode === 'completo'
      ? wholeShares.get(l.productDay.id)!
      : choices.get(l.productId)!.priceCentavos,
  );
}
