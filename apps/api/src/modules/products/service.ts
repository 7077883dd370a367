// Catalogue rules.

import type { ProductSingleResponse } from '@store/shared/schemas/product';
import { MSG } from '@store/shared/messages';
import { toCentavos, toPesos } from '@store/shared/domain/money';
import type { Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { choosePrice } from '@store/shared/domain/pricing';
import type { Role, UserType } from '@store/shared/constants';
import { hasPaidAccess } from '../streams/service';
import { toPublicProducts } from './public-products';
import { findBuyerView, findProductWithDays } from './repo';
import type { UserViews } from '../orders/user-views';
import type { CatalogueSnapshot } from './snapshot';

/** The buyer's paid days of an event with their links, and scholarship: held per buyer and event. */
export function heldBuyerView(
  db: Queryable,
  views: Pick<UserViews, 'value'>,
  userId: string,
  productId: string,
) {
  return views.value(userId, `buyer-view:${productId}`, () => findBuyerView(db, userId, productId));
}

/**
 * product/single (docs/product.md → Deliberate changes: needs the token): the public product plus
 * dayLinks for the days the caller has paid for and the caller's own price. An archived product
 * stays visible to those who own it; a draft only to staff, marked `draft` (their preview,
 * docs/product.md → Drafts and publishing), and to anyone else it is unknown. For an active event the public part and its fee schedule
 * come from the snapshot, the caller's type from the session, and the rest (paid days with
 * their links, scholarship) one prepared statement, held per buyer and event by app.userViews.
 */
export async function getProductForUser(
  db: Queryable,
  catalogue: Pick<CatalogueSnapshot, 'publicProduct'>,
  /** Holds the buyer's paid days and scholarship per event (app.userViews: memory on a repeat visit). */
  views: Pick<UserViews, 'value'>,
  user: { id: string; userType: UserType; role: Role },
  productId: string,
  now = new Date(),
): Promise<ProductSingleResponse['product']> {
  if (!isUuid(productId)) throw new AppError('not_found', MSG.productNotFound);
  // An active event: its public part from the snapshot; otherwise (archived, a draft or
  // unknown) it is shown only to those who paid for one of its days, or to staff for a draft.
  let publicProduct = await catalogue.publicProduct(productId);
  let draft = false;
  if (!publicProduct) {
    const found = await findProductWithDays(db, productId);
    if (!found) throw new AppError('not_found', MSG.productNotFound);
    draft = found.product.draft;
    const visible = draft
      ? user.role === 'admin'
      : found.product.active || (await hasPaidAccess(db, user.id, productId));
    if (!visible) throw new AppError('not_found', MSG.productNotFound);
    [publicProduct] = await toPublicProducts(db, [found]);
  }
  const { paidDays, becado } = await heldBuyerView(db, views, user.id, productId);
  const choice = choosePrice({
    basePriceCentavos: toCentavos(publicProduct!.price),
    tiers: publicProduct!.tiers.map((t) => ({
      userType: t.userType,
      untilAt: t.until,
      priceCentavos: toCentavos(t.price),
      scholarshipPriceCentavos: t.scholarshipPrice === null ? null : toCentavos(t.scholarshipPrice),
    })),
    buyer: { userType: user.userType, verified: true, becado },
    now,
  });
  const dayLinks: Record<string, string> = {};
  for (const day of paidDays) if (day.streamUrl) dayLinks[day.label] = day.streamUrl;
  return {
    ...publicProduct!,
    ...(draft ? { draft: true } : {}),
    dayLinks,
    myPrice: {
      price: toPesos(choice.priceCentavos),
      userType: choice.userType,
      until: choice.untilAt,
      scholarship: choice.scholarship,
    },
  };
}
