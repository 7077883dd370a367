// Catalogue rules.

import type { ProductSingleResponse } from '@store/shared/schemas/product';
import { MSG } from '@store/shared/messages';
import type { Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { dayLinksFor, hasPaidAccess } from '../streams/service';
import { toPublicProduct } from './mappers';
import { findProductWithDays } from './repo';
import type { CatalogueSnapshot } from './snapshot';

/**
 * product/single (docs/product.md → Deliberate changes: needs the token): the public product plus dayLinks for
 * the days the caller has paid for. An archived product stays visible to those who own it.
 */
export async function getProductForUser(
  db: Queryable,
  catalogue: Pick<CatalogueSnapshot, 'publicProduct'>,
  userId: string,
  productId: string,
): Promise<ProductSingleResponse['product']> {
  if (!isUuid(productId)) throw new AppError('not_found', MSG.productNotFound);
  // An active event: its public part from the snapshot, then one indexed query for the links.
  const listed = await catalogue.publicProduct(productId);
  if (listed) return { ...listed, dayLinks: await dayLinksFor(db, userId, productId) };
  // Archived (or unknown): shown only to those who paid for one of its days.
  const found = await findProductWithDays(db, productId);
  if (!found) throw new AppError('not_found', MSG.productNotFound);
  if (!found.product.active && !(await hasPaidAccess(db, userId, productId))) {
    throw new AppError('not_found', MSG.productNotFound);
  }
  return { ...toPublicProduct(found), dayLinks: await dayLinksFor(db, userId, productId) };
}
