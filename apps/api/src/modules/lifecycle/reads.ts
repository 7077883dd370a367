// The reads of orders and order_days the lifecycle builds on (and other modules share through
// orders/repo.ts): an order, its days, the pending orders holding a user's days.

import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { orderDays, orderPayments, orders, productDays, products } from '../../db/schema';

export type OrderRow = typeof orders.$inferSelect;

export type NewOrderRow = typeof orders.$inferInsert;

export type OrderDayRow = typeof orderDays.$inferSelect;

/** A pending order with the day options it holds. */
/** A pending order holding days; `atProvider`: a provider attempt was made (order_payments). */
export type HoldingOrder = OrderRow & { productDayIds: string[]; atProvider: boolean };

/** The user's pending orders that hold any of these day options (each with all its days). */
export async function findPendingHolding(
  db: Queryable,
  userId: string,
  productDayIds: readonly string[],
): Promise<HoldingOrder[]> {
  if (productDayIds.length === 0) return [];
  const holding = db
    .selectDistinct({ id: orderDays.orderId })
    .from(orderDays)
    .where(
      and(
        eq(orderDays.userId, userId),
        eq(orderDays.status, 'pendiente'),
        inArray(orderDays.productDayId, [...productDayIds]),
      ),
    );
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.status, 'pendiente'), inArray(orders.id, holding)))
    .orderBy(orders.createdAt);
  if (rows.length === 0) return [];
  const days = await db
    .select({ orderId: orderDays.orderId, productDayId: orderDays.productDayId })
    .from(orderDays)
    .where(
      inArray(
        orderDays.orderId,
        rows.map((r) => r.id),
      ),
    );
  const attempts = await db
    .select({ orderId: orderPayments.orderId })
    .from(orderPayments)
    .where(
      inArray(
        orderPayments.orderId,
        rows.map((r) => r.id),
      ),
    );
  return rows.map((r) => ({
    ...r,
    productDayIds: days.filter((d) => d.orderId === r.id).map((d) => d.productDayId),
    atProvider: attempts.some((a) => a.orderId === r.id),
  }));
}

export async function findOrderDays(db: Queryable, orderId: string): Promise<OrderDayRow[]> {
  return db.select().from(orderDays).where(eq(orderDays.orderId, orderId));
}

export async function findOrder(db: Queryable, orderId: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row ?? null;
}

/** Pending orders whose payment window closed, oldest first. */
export async function findExpiredPending(db: Queryable, now: Date, limit = 50): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.status, 'pendiente'),
        sql`${orders.expiresAt} IS NOT NULL`,
        sql`${orders.expiresAt} < ${now}`,
      ),
    )
    .orderBy(orders.expiresAt)
    .limit(limit);
}

/** Every day of an order with its product's name and the day option's instants, in date order. */
export async function findOrderDayDetails(db: Queryable, orderId: string) {
  return db
    .select({
      productDayId: orderDays.productDayId,
      productId: orderDays.productId,
      productName: products.name,
      /** `completo`: the event is sold as a whole (one line on a receipt). */
      saleMode: products.saleMode,
      label: productDays.label,
      priceCentavos: orderDays.priceCentavos,
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

export type OrderDayDetail = Awaited<ReturnType<typeof findOrderDayDetails>>[number];

/** How many of the order's days still grant access (pagado). */
export async function countLiveOrderDays(db: Queryable, orderId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orderDays)
    .where(and(eq(orderDays.orderId, orderId), eq(orderDays.status, 'pagado')));
  return row?.n ?? 0;
}

/** The ids of every order of these accounts. */
export async function findOrderIdsOf(db: Queryable, userIds: readonly string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(inArray(orders.userId, [...userIds]));
  return rows.map((r) => r.id);
}
