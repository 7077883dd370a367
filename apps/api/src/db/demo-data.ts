// What the demo seed left in the database (rows marked is_demo): read by the start banner
// (server.ts) and the admin's "Eliminar datos de demostración" (modules/admin/demo-data).

import { and, count, eq } from 'drizzle-orm';
import type { Queryable } from './client';
import { coupons, products, users } from './schema';

export interface DemoDataCounts {
  products: number;
  coupons: number;
  users: number;
}

/** Removable demo rows: published demo events, active demo coupons, demo accounts. */
export async function countDemoData(db: Queryable): Promise<DemoDataCounts> {
  const [p] = await db
    .select({ n: count() })
    .from(products)
    .where(and(eq(products.isDemo, true), eq(products.active, true)));
  const [c] = await db
    .select({ n: count() })
    .from(coupons)
    .where(and(eq(coupons.isDemo, true), eq(coupons.active, true)));
  const [u] = await db.select({ n: count() }).from(users).where(eq(users.isDemo, true));
  return { products: p?.n ?? 0, coupons: c?.n ?? 0, users: u?.n ?? 0 };
}

export async function demoDataStatus(db: Queryable): Promise<DemoDataCounts & { present: boolean }> {
  const counts = await countDemoData(db);
  return { present: counts.products + counts.coupons + counts.users > 0, ...counts };
}
