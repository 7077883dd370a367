// Catalogue rules.

import type { Product, ProductListState, ProductSingleResponse } from '@store/shared/schemas/product';
import { MSG } from '@store/shared/messages';
import type { Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { dayLinksFor, hasPaidAccess } from '../streams/service';
import { toPublicProduct } from './mappers';
import { findProductWithDays, listActiveProducts } from './repo';

/** The catalogue at `now`: upcoming events by default (see listActiveProducts). */
export async function listProducts(
  db: Queryable,
  state: ProductListState = 'proximos',
  now = new Date(),
): Promise<Product[]> {
  return (await listActiveProducts(db, state, now)).map(toPublicProduct);
}

/**
 * product/single (docs/product.md → Deliberate changes: needs the token): the public product plus dayLinks for
 * the days the caller has paid for. An archived product stays visible to those who own it.
 */
export async function getProductForUser(
  db: Queryable,
  userId: string,
  productId: string,
): Promise<ProductSingleResponse['product']> {
  if (!isUuid(productId)) throw new AppError('not_found', MSG.productNotFound);
  const found = await findProductWithDays(db, productId);
  if (!found) throw new AppError('not_found', MSG.productNotFound);
  if (!found.product.active && !(await hasPaidAccess(db, userId, productId))) {
    throw new AppError('not_found', MSG.productNotFound);
  }
  return { ...toPublicProduct(found), dayLinks: await dayLinksFor(db, userId, productId) };
}
