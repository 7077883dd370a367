// Every query of the pricing module: an event's price tiers, the scholarships a member holds,
// the day options of events sold as a whole.

import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { UserType } from '@store/shared/constants';
import type { PriceTier } from '@store/shared/domain/pricing';
import type { Queryable } from '../../db/client';
import { priceTiers, productDays, scholarships, users } from '../../db/schema';

export type PriceTierRow = typeof priceTiers.$inferSelect;

export function toPriceTier(row: PriceTierRow): PriceTier {
  return {
    userType: row.userType,
    untilAt: row.untilAt ? row.untilAt.getTime() : null,
    priceCentavos: row.priceCentavos,
    scholarshipPriceCentavos: row.scholarshipPriceCentavos,
  };
}

/** The tiers of each product (products without tiers are absent from the map). */
export async function findTiers(
  db: Queryable,
  productIds: readonly string[],
): Promise<Map<string, PriceTier[]>> {
  const map = new Map<string, PriceTier[]>();
  if (productIds.length === 0) return map;
  const rows = await db
    .select()
    .from(priceTiers)
    .where(inArray(priceTiers.productId, [...productIds]))
    .orderBy(asc(priceTiers.userType), asc(priceTiers.untilAt));
  for (const row of rows) map.set(row.productId, [...(map.get(row.productId) ?? []), toPriceTier(row)]);
  return map;
}

/** Of these products, the ones the member holds a scholarship for (one for every event counts for all). */
export async function findScholarshipProducts(
  db: Queryable,
  userId: string,
  productIds: readonly string[],
): Promise<Set<string>> {
  if (productIds.length === 0) return new Set();
  const rows = await db
    .select({ productId: scholarships.productId })
    .from(scholarships)
    .where(
      and(
        eq(scholarships.userId, userId),
        or(isNull(scholarships.productId), inArray(scholarships.productId, [...productIds])),
      ),
    );
  if (rows.some((r) => r.productId === null)) return new Set(productIds);
  return new Set(rows.map((r) => r.productId as string));
}

export async function findBuyerType(db: Queryable, userId: string): Promise<UserType | null> {
  const [row] = await db.select({ userType: users.userType }).from(users).where(eq(users.id, userId));
  return row?.userType ?? null;
}

/** Every day option (id and label, in order) of these products. */
export async function findDayOptions(db: Queryable, productIds: readonly string[]) {
  const map = new Map<string, { id: string; label: string }[]>();
  if (productIds.length === 0) return map;
  const rows = await db
    .select({ productId: productDays.productId, id: productDays.id, label: productDays.label })
    .from(productDays)
    .where(inArray(productDays.productId, [...productIds]))
    .orderBy(asc(productDays.productId), asc(productDays.position));
  for (const r of rows) map.set(r.productId, [...(map.get(r.productId) ?? []), { id: r.id, label: r.label }]);
  return map;
}
