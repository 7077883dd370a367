// Every query of the demo-data removal. The rows the demo seed wrote carry is_demo.

import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../../db/client';
import {
  auditLog,
  constancias,
  couponRedemptions,
  coupons,
  orderDays,
  orders,
  products,
  users,
} from '../../../db/schema';

export async function demoUserIds(db: Queryable): Promise<string[]> {
  return (await db.select({ id: users.id }).from(users).where(eq(users.isDemo, true))).map((r) => r.id);
}

/** Demo events: deleted unless an order (of a real customer) holds them, then archived. */
export async function removeDemoProducts(db: Queryable): Promise<{ deleted: number; archived: number }> {
  const demo = await db.select({ id: products.id }).from(products).where(eq(products.isDemo, true));
  if (demo.length === 0) return { deleted: 0, archived: 0 };
  const held = new Set(
    (
      await db
        .selectDistinct({ id: orderDays.productId })
        .from(orderDays)
        .where(
          inArray(
            orderDays.productId,
            demo.map((p) => p.id),
          ),
        )
    ).map((r) => r.id),
  );
  const keep = demo.filter((p) => held.has(p.id)).map((p) => p.id);
  const drop = demo.filter((p) => !held.has(p.id)).map((p) => p.id);
  if (keep.length > 0) {
    await db.update(products).set({ active: false, updatedAt: new Date() }).where(inArray(products.id, keep));
  }
  if (drop.length > 0) await db.delete(products).where(inArray(products.id, drop));
  return { deleted: drop.length, archived: keep.length };
}

/** Demo coupons: deleted unless a remaining order used them, then deactivated. */
export async function removeDemoCoupons(db: Queryable): Promise<{ deleted: number; deactivated: number }> {
  const demo = await db.select({ id: coupons.id }).from(coupons).where(eq(coupons.isDemo, true));
  if (demo.length === 0) return { deleted: 0, deactivated: 0 };
  const demoIds = demo.map((c) => c.id);
  const usedIds = new Set(
    [
      ...(await db
        .selectDistinct({ id: orders.couponId })
        .from(orders)
        .where(inArray(orders.couponId, demoIds))),
      ...(await db
        .selectDistinct({ id: couponRedemptions.couponId })
        .from(couponRedemptions)
        .where(inArray(couponRedemptions.couponId, demoIds))),
    ].map((r) => r.id),
  );
  const keep = demoIds.filter((id) => usedIds.has(id));
  const drop = demoIds.filter((id) => !usedIds.has(id));
  let deactivated = 0;
  if (keep.length > 0) {
    deactivated = (
      await db
        .update(coupons)
        .set({ active: false })
        .where(and(inArray(coupons.id, keep), eq(coupons.active, true)))
        .returning({ id: coupons.id })
    ).length;
  }
  if (drop.length > 0) await db.delete(coupons).where(inArray(coupons.id, drop));
  return { deleted: drop.length, deactivated };
}

/**
 * The demo accounts' constancias (the demo's finished event issues one at start): their rows
 * go, and the stored PDFs' keys are answered for the caller to delete once this commits.
 * Attendance, profiles and evaluation attempts go with the accounts (cascade).
 */
export async function deleteConstanciasOf(db: Queryable, userIds: string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .delete(constancias)
    .where(inArray(constancias.userId, userIds))
    .returning({ fileKey: constancias.fileKey });
  return rows.map((r) => r.fileKey);
}

/** Demo accounts (their orders must be gone): cart lines and reset links cascade. */
export async function deleteDemoUsers(db: Queryable, userIds: string[]): Promise<number> {
  if (userIds.length === 0) return 0;
  await db.update(auditLog).set({ actorId: null }).where(inArray(auditLog.actorId, userIds));
  await db.delete(couponRedemptions).where(inArray(couponRedemptions.userId, userIds));
  await db.delete(users).where(inArray(users.id, userIds));
  return userIds.length;
}
