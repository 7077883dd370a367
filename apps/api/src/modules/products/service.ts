// Catalogue rules.

import type { Product, ProductListState, ProductSingleResponse } from '@store/shared/schemas/product';
import { MSG } from '@store/shared/messages';
import { toPesos } from '@store/shared/domain/money';
import type { Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { dayLinksFor, hasPaidAccess } from '../streams/service';
import { findTiers } from '../pricing/repo';
import { buyerPrices } from '../pricing/service';
import { toPublicProduct } from './mappers';
import { findProductNames, findProductWithDays, listActiveProducts, type ProductWithDays } from './repo';

/** The catalogue at `now`: upcoming events by default (see listActiveProducts). */
export async function listProducts(
  db: Queryable,
  state: ProductListState = 'proximos',
  now = new Date(),
): Promise<Product[]> {
  return toPublicProducts(db, await listActiveProducts(db, state, now));
}

/** Rows → public products, with each one's fee schedule and prerequisite. */
async function toPublicProducts(db: Queryable, rows: readonly ProductWithDays[]): Promise<Product[]> {
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

/**
 * product/single (docs/product.md → Deliberate changes: needs the token): the public product plus dayLinks for
 * the days the caller has paid for. An archived product stays visible to those who own it.
 */
export async function getProductForUser(
  db: Queryable,
  userId: string,
  productId: string,
  now = new Date(),
): Promise<ProductSingleResponse['product']> {
  if (!isUuid(productId)) throw new AppError('not_found', MSG.productNotFound);
  const found = await findProductWithDays(db, productId);
  if (!found) throw new AppError('not_found', MSG.productNotFound);
  if (!found.product.active && !(await hasPaidAccess(db, userId, productId))) {
    throw new AppError('not_found', MSG.productNotFound);
  }
  const [publicProduct] = await toPublicProducts(db, [found]);
  const choice = (await buyerPrices(db, userId, [found.product], now)).get(productId)!;
  return {
    ...publicProduct!,
    dayLinks: await dayLinksFor(db, userId, productId),
    myPrice: {
      price: toPesos(choice.priceCentavos),
      userType: choice.userType,
      until: choice.untilAt,
      scholarship: choice.scholarship,
    },
  };
}
