// Product rows → their public shape, with each event's fee schedule and prerequisite: what the
// catalogue snapshot holds and what product/single starts from. Nothing about any user.

import type { Product } from '@store/shared/schemas/product';
import type { Queryable } from '../../db/client';
import { findTiers } from '../pricing/repo';
import { toPublicProduct } from './mappers';
import { findProductNames, type ProductWithDays } from './repo';

/** Rows → public products: two queries whatever the number of rows (tiers, required names). */
export async function toPublicProducts(db: Queryable, rows: readonly ProductWithDays[]): Promise<Product[]> {
  const tiers = await findTiers(
    db,
    rows.map((r) => r.product.id),
  );
  const required = [
    ...new Set(rows.flatMap((r) => (r.product.requiresProductId ? [r.product.requiresProductId] : []))),
  ];
  const names = await findProductNames(db, required);
  return rows.map((r) => {
    const req = r.product.requiresProductId;
    return toPublicProduct(r, {
      tiers: tiers.get(r.product.id) ?? [],
      requires: req && names.has(req) ? { id: req, name: names.get(req)! } : null,
    });
  });
}
