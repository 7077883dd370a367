// Catalogue rules.

import type { ProductSingleResponse } from '@store/shared/schemas/product';
import { MSG } from '@store/shared/messages';
import { toCentavos, toPesos } from '@store/shared/domain/money';
import type { Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { dayLinksFor, hasPaidAccess } from '../streams/service';
import { buyerPrices } from '../pricing/service';
import { toPublicProducts } from './public-products';
import { findProductWithDays } from './repo';
import type { CatalogueSnapshot } from './snapshot';

/**
 * product/single (docs/product.md → Deliberate changes: needs the token): the public product plus
 * dayLinks for the days the caller has paid for and the caller's own price. An archived product
 * stays visible to those who own it.
 */
export async function getProductForUser(
  db: Queryable,
  catalogue: Pick<CatalogueSnapshot, 'publicProduct'>,
  userId: string,
  productId: string,
  now = new Date(),
): Promise<ProductSingleResponse['product']> {
  if (!isUuid(productId)) throw new AppError('not_found', MSG.productNotFound);
  // An active event: its public part from the snapshot; otherwise (archived or unknown) it is
  // shown only to those who paid for one of its days.
  let publicProduct = await catalogue.publicProduct(productId);
  if (!publicProduct) {
    const found = await findProductWithDays(db, productId);
    if (!found) throw new AppError('not_found', MSG.productNotFound);
    if (!found.product.active && !(await hasPaidAccess(db, userId, productId))) {
      throw new AppError('not_found', MSG.productNotFound);
    }
    [publicProduct] = await toPublicProducts(db, [found]);
  }
  const base = { id: productId, priceCentavos: toCentavos(publicProduct!.price) };
  const choice = (await buyerPrices(db, userId, [base], now)).get(productId)!;
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
