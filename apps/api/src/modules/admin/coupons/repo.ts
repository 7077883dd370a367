// Every query of the admin coupons area.

import { desc, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../../db/client';
import { coupons, products } from '../../../db/schema';

export type CouponRow = typeof coupons.$inferSelect;
export type NewCouponRow = typeof coupons.$inferInsert;

export async function listCoupons(db: Queryable): Promise<CouponRow[]> {
  return db.select().from(coupons).orderBy(desc(coupons.createdAt), desc(coupons.id));
}

export async function findCoupon(db: Queryable, id: string): Promise<CouponRow | null> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
  return row ?? null;
}

export async function lockCoupon(db: Queryable, id: string): Promise<CouponRow | null> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id)).for('update');
  return row ?? null;
}

export async function findCouponByCode(db: Queryable, code: string): Promise<CouponRow | null> {
  const [row] = await db.select().from(coupons).where(eq(coupons.code, code));
  return row ?? null;
}

export async function insertCoupon(db: Queryable, row: NewCouponRow): Promise<CouponRow> {
  const [created] = await db.insert(coupons).values(row).returning();
  return created!;
}

export async function updateCoupon(
  db: Queryable,
  id: string,
  patch: Partial<NewCouponRow>,
): Promise<CouponRow> {
  const [row] = await db.update(coupons).set(patch).where(eq(coupons.id, id)).returning();
  return row!;
}

/** How many of these product ids exist (archived ones included). */
export async function countExistingProducts(db: Queryable, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, [...ids]));
  return rows.length;
}
