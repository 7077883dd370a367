// Every query of the dashboard: totals, paid (event, day) lines, recent orders.

import { and, asc, count, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client';
import { orderDays, orders, productDays, products, users } from '../../../db/schema';

export async function totals(db: Queryable) {
  const [o] = await db
    .select({
      revenue:
        sql<number>`coalesce(sum(${orders.amountCentavos} - ${orders.refundedCentavos}) filter (where ${orders.status} = 'pagado'), 0)`.mapWith(
          Number,
        ),
      paid: sql<number>`count(*) filter (where ${orders.status} = 'pagado')`.mapWith(Number),
      pending: sql<number>`count(*) filter (where ${orders.status} = 'pendiente')`.mapWith(Number),
    })
    .from(orders);
  const [seats] = await db.select({ n: count() }).from(orderDays).where(eq(orderDays.status, 'pagado'));
  const [members] = await db.select({ n: count() }).from(users);
  const [events] = await db.select({ n: count() }).from(products).where(eq(products.active, true));
  return {
    revenue: o?.revenue ?? 0,
    paid: o?.paid ?? 0,
    pending: o?.pending ?? 0,
    seats: seats?.n ?? 0,
    members: members?.n ?? 0,
    activeEvents: events?.n ?? 0,
  };
}

/** Every paid (event, day) line with its order's amounts. */
export async function paidLines(db: Queryable) {
  return db
    .select({
      orderId: orderDays.orderId,
      productId: orderDays.productId,
      productDayId: orderDays.productDayId,
      priceCentavos: orderDays.priceCentavos,
      subtotalCentavos: orders.subtotalCentavos,
      discountCentavos: orders.discountCentavos,
      refundedCentavos: orders.refundedCentavos,
    })
    .from(orderDays)
    .innerJoin(orders, eq(orders.id, orderDays.orderId))
    .where(eq(orderDays.status, 'pagado'));
}

/** Events to chart: the active ones and any other with sales, with their days in order. */
export async function eventsWithDays(db: Queryable, withSales: readonly string[]) {
  const rows = await db
    .select({ id: products.id, name: products.name, active: products.active, createdAt: products.createdAt })
    .from(products)
    .where(
      withSales.length > 0
        ? sql`${products.active} = true or ${inArray(products.id, [...withSales])}`
        : eq(products.active, true),
    );
  const ids = rows.map((r) => r.id);
  const days =
    ids.length === 0
      ? []
      : await db
          .select({
            id: productDays.id,
            productId: productDays.productId,
            label: productDays.label,
            seatCapacity: productDays.seatCapacity,
          })
          .from(productDays)
          .where(inArray(productDays.productId, ids))
          .orderBy(asc(productDays.position));
  return { rows, days };
}

export async function ordersSince(db: Queryable, since: Date) {
  return db
    .select({
      createdAt: orders.createdAt,
      paidAt: orders.paidAt,
      status: orders.status,
      amountCentavos: orders.amountCentavos,
      refundedCentavos: orders.refundedCentavos,
    })
    .from(orders)
    .where(and(gte(orders.createdAt, since)));
}
