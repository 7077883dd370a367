// Every query of a transfer to a colleague (docs/after-sale.md → Transfers): the order's
// days with their sale mode and instants, the transfers already made of a day and the
// day_transfers history. The orders module and the back office read the history from here.

import { and, asc, eq, inArray, max, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { auditLog, dayTransfers, orderDays, orders, productDays, products } from '../../db/schema';

/** Every day of an order with what a transfer needs, in date order. */
export async function findTransferDays(db: Queryable, orderId: string) {
  return db
    .select({
      productDayId: orderDays.productDayId,
      productId: orderDays.productId,
      productName: products.name,
      saleMode: products.saleMode,
      label: productDays.label,
      day: orderDays.day,
      status: orderDays.status,
      startsAt: productDays.startsAt,
      endsAt: productDays.endsAt,
    })
    .from(orderDays)
    .innerJoin(productDays, eq(productDays.id, orderDays.productDayId))
    .innerJoin(products, eq(products.id, orderDays.productId))
    .where(eq(orderDays.orderId, orderId))
    .orderBy(asc(productDays.startsAt), asc(productDays.position));
}
export type TransferDay = Awaited<ReturnType<typeof findTransferDays>>[number];

/** The paid order a received order's days come from (itself when it was not received). */
export async function findRootOrderId(db: Queryable, orderId: string): Promise<string> {
  const [row] = await db
    .select({ rootOrderId: dayTransfers.rootOrderId })
    .from(dayTransfers)
    .where(eq(dayTransfers.toOrderId, orderId))
    .limit(1);
  return row?.rootOrderId ?? orderId;
}

/** How many times each of these days of the root order was transferred (its highest seq). */
export async function countTransfers(
  db: Queryable,
  rootOrderId: string,
  productDayIds: readonly string[],
): Promise<Map<string, number>> {
  if (productDayIds.length === 0) return new Map();
  const rows = await db
    .select({ productDayId: dayTransfers.productDayId, n: max(dayTransfers.seq) })
    .from(dayTransfers)
    .where(
      and(eq(dayTransfers.rootOrderId, rootOrderId), inArray(dayTransfers.productDayId, [...productDayIds])),
    )
    .groupBy(dayTransfers.productDayId);
  return new Map(rows.map((r) => [r.productDayId, r.n ?? 0]));
}

/** The administrator's extra transfers per day on a paid order. */
export async function findExtraTransfers(db: Queryable, orderId: string): Promise<number> {
  const [row] = await db.select({ n: orders.extraTransfers }).from(orders).where(eq(orders.id, orderId));
  return row?.n ?? 0;
}

/**
 * The giver's live days become `transferido` (access ends; the seat is not given back: the
 * colleague's row takes it). Returns the days actually changed.
 */
export async function markTransferred(db: Queryable, orderId: string, productDayIds: readonly string[]) {
  const rows = await db
    .update(orderDays)
    .set({ status: 'transferido' })
    .where(
      and(
        eq(orderDays.orderId, orderId),
        inArray(orderDays.productDayId, [...productDayIds]),
        eq(orderDays.status, 'pagado'),
      ),
    )
    .returning({ productDayId: orderDays.productDayId });
  return rows.map((r) => r.productDayId);
}

export async function insertTransfers(db: Queryable, rows: (typeof dayTransfers.$inferInsert)[]) {
  return db.insert(dayTransfers).values(rows).returning({ id: dayTransfers.id });
}

/** Every transfer an order took part in (paid, gave or received), oldest first, for the back office. */
export async function findOrderTransfers(db: Queryable, orderId: string) {
  return db
    .select({
      id: dayTransfers.id,
      rootOrderId: dayTransfers.rootOrderId,
      fromOrderId: dayTransfers.fromOrderId,
      toOrderId: dayTransfers.toOrderId,
      day: productDays.label,
      name: dayTransfers.name,
      email: dayTransfers.email,
      seq: dayTransfers.seq,
      createdAt: dayTransfers.createdAt,
    })
    .from(dayTransfers)
    .innerJoin(productDays, eq(productDays.id, dayTransfers.productDayId))
    .where(
      or(
        eq(dayTransfers.rootOrderId, orderId),
        eq(dayTransfers.fromOrderId, orderId),
        eq(dayTransfers.toOrderId, orderId),
      ),
    )
    .orderBy(asc(dayTransfers.createdAt), asc(dayTransfers.seq));
}

/** One more transfer per day allowed on a paid order; answers the new allowance (null: no such order). */
export async function addExtraTransfer(db: Queryable, orderId: string): Promise<number | null> {
  const [row] = await db
    .update(orders)
    .set({ extraTransfers: sql`${orders.extraTransfers} + 1`, updatedAt: new Date() })
    .where(eq(orders.id, orderId))
    .returning({ n: orders.extraTransfers });
  return row ? row.n : null;
}

/** An audit entry on an order about a transfer (given, received, allowed by an administrator). */
export async function auditTransfer(
  db: Queryable,
  entry: { actorId: string; orderId: string; action: string; details: Record<string, unknown> },
): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    entity: 'order',
    entityId: entry.orderId,
    details: entry.details,
  });
}
