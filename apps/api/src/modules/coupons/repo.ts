// Every query of the coupons module.

import { and, count, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { couponRedemptions, coupons } from '../../db/schema';

export type CouponRow = typeof coupons.$inferSelect;

/** The coupon with this code (codes are stored uppercase and matched case-insensitively). */
export async function findCouponByCode(db: Queryable, code: string): Promise<CouponRow | null> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(eq(sql`upper(${coupons.code})`, code.trim().toUpperCase()));
  return row ?? null;
}

export async function countUserRedemptions(db: Queryable, couponId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.userId, userId)));
  return Number(row?.n ?? 0);
}

/**
 * Counts one use, only while the coupon is under its total limit. The check and the
 * increment are one statement, so concurrent orders can never push usedCount past maxUses.
 */
export async function incrementCouponUse(db: Queryable, couponId: string): Promise<boolean> {
  const rows = await db
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(
      and(
        eq(coupons.id, couponId),
        sql`(${coupons.maxUses} IS NULL OR ${coupons.usedCount} < ${coupons.maxUses})`,
      ),
    )
    .returning({ id: coupons.id });
  return rows.length === 1;
}

export async function insertRedemption(
  db: Queryable,
  row: { couponId: string; userId: string; orderId: string },
): Promise<void> {
  await db.insert(couponRedemptions).values(row);
}

/** Gives back the use an order took (its redemption row and one usedCount). */
export async function releaseCouponUse(db: Queryable, orderId: string): Promise<void> {
  const removed = await db
    .delete(couponRedemptions)
    .where(eq(couponRedemptions.orderId, orderId))
    .returning({ couponId: couponRedemptions.couponId });
  for (const r of removed) {
    await db
      .update(coupons)
      .set({ usedCount: sql`GREATEST(${coupons.usedCount} - 1, 0)` })
      .where(eq(coupons.id, r.couponId));
  }
}
