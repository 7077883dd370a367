// Every query of the admin events area: products with their day options, the seat and order
// counts each day carries, and their fee schedule.

import { and, asc, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../../db/client';
import type { PriceTier } from '@store/shared/domain/pricing';
import type { ADMIN_EVENT_STATUSES } from '@store/shared/schemas/admin/events';
import { cartLines, priceTiers, productDays, products } from '../../../db/schema';
import { countOrderDaysByDay } from '../../orders/repo';
import { findTiers } from '../../pricing/repo';
import { containsPattern } from '../sql';

export type ProductRow = typeof products.$inferSelect;
export type AdminEventStatus = (typeof ADMIN_EVENT_STATUSES)[number];
export type ProductDayRow = typeof productDays.$inferSelect;
export interface DayWithCounts extends ProductDayRow {
  seatsSold: number;
  ordersCount: number;
}
export interface EventRecord {
  product: ProductRow;
  days: DayWithCounts[];
  tiers: PriceTier[];
}

async function attachDays(db: Queryable, rows: ProductRow[]): Promise<EventRecord[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const days = await db
    .select()
    .from(productDays)
    .where(inArray(productDays.productId, ids))
    .orderBy(asc(productDays.position));
  const counts = await countOrderDaysByDay(db, ids);
  const tiers = await findTiers(db, ids);
  const countByDay = new Map(counts.map((c) => [c.productDayId, c]));
  const byProduct = new Map<string, DayWithCounts[]>();
  for (const d of days) {
    const c = countByDay.get(d.id);
    const list = byProduct.get(d.productId) ?? [];
    list.push({ ...d, seatsSold: c?.sold ?? 0, ordersCount: c?.total ?? 0 });
    byProduct.set(d.productId, list);
  }
  return rows.map((product) => ({
    product,
    days: byProduct.get(product.id) ?? [],
    tiers: tiers.get(product.id) ?? [],
  }));
}

export async function listEvents(
  db: Queryable,
  filter: { search?: string; status: AdminEventStatus },
): Promise<EventRecord[]> {
  const where: SQL[] = [];
  if (filter.search) where.push(ilike(products.name, containsPattern(filter.search)));
  if (filter.status === 'archived') where.push(eq(products.active, false));
  // In the store: published and not archived; drafts: not yet published (archived ones aside).
  if (filter.status === 'active') where.push(eq(products.active, true), eq(products.draft, false));
  if (filter.status === 'draft') where.push(eq(products.active, true), eq(products.draft, true));
  const rows = await db
    .select()
    .from(products)
    .where(where.length > 0 ? and(...where) : undefined)
    .orderBy(desc(products.createdAt), desc(products.id));
  return attachDays(db, rows);
}

export async function findEvent(db: Queryable, id: string): Promise<EventRecord | null> {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  if (!row) return null;
  const [record] = await attachDays(db, [row]);
  return record ?? null;
}

/** Locks the product and its days for the rest of the transaction (checkouts wait). */
export async function lockEvent(db: Queryable, id: string): Promise<EventRecord | null> {
  const [row] = await db.select().from(products).where(eq(products.id, id)).for('update');
  if (!row) return null;
  await db
    .select({ id: productDays.id })
    .from(productDays)
    .where(eq(productDays.productId, id))
    .orderBy(asc(productDays.id))
    .for('update');
  const [record] = await attachDays(db, [row]);
  return record ?? null;
}

export async function insertProduct(
  db: Queryable,
  values: typeof products.$inferInsert,
): Promise<ProductRow> {
  const [row] = await db.insert(products).values(values).returning();
  return row!;
}

export async function updateProduct(
  db: Queryable,
  id: string,
  patch: Partial<typeof products.$inferInsert>,
): Promise<void> {
  await db
    .update(products)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(products.id, id));
}

export async function insertDays(db: Queryable, rows: (typeof productDays.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(productDays).values(rows);
}

export async function updateDay(
  db: Queryable,
  id: string,
  // Seat figures change only through the seats module (setSeatCapacity).
  patch: Omit<Partial<typeof productDays.$inferInsert>, 'seatsTaken' | 'seatCapacity'>,
): Promise<void> {
  await db.update(productDays).set(patch).where(eq(productDays.id, id));
}

export async function deleteDays(db: Queryable, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.delete(productDays).where(inArray(productDays.id, ids));
}

export async function findCartLinesOfProduct(db: Queryable, productId: string) {
  return db.select().from(cartLines).where(eq(cartLines.productId, productId));
}

export async function replaceCartLinesOfProduct(
  db: Queryable,
  productId: string,
  rows: (typeof cartLines.$inferInsert)[],
): Promise<void> {
  await db.delete(cartLines).where(eq(cartLines.productId, productId));
  if (rows.length > 0) await db.insert(cartLines).values(rows);
}

/** Replaces an event's whole fee schedule. */
export async function replaceTiers(
  db: Queryable,
  productId: string,
  tiers: readonly PriceTier[],
): Promise<void> {
  await db.delete(priceTiers).where(eq(priceTiers.productId, productId));
  if (tiers.length === 0) return;
  await db.insert(priceTiers).values(
    tiers.map((t) => ({
      productId,
      userType: t.userType,
      untilAt: t.untilAt === null ? null : new Date(t.untilAt),
      priceCentavos: t.priceCentavos,
      scholarshipPriceCentavos: t.scholarshipPriceCentavos,
    })),
  );
}

/** The prerequisite of a product (null = none), or undefined when the product does not exist. */
export async function findRequiredId(db: Queryable, id: string): Promise<string | null | undefined> {
  const [row] = await db
    .select({ requires: products.requiresProductId })
    .from(products)
    .where(eq(products.id, id));
  return row ? row.requires : undefined;
}
