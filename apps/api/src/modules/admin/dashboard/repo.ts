// The dashboard's queries of members and events; its order figures come from orders/repo.

import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client';
import { productDays, products, users } from '../../../db/schema';
import { orderTotals } from '../../orders/repo';

export async function totals(db: Queryable) {
  const o = await orderTotals(db);
  const [members] = await db.select({ n: count() }).from(users);
  const [events] = await db.select({ n: count() }).from(products).where(eq(products.active, true));
  return { ...o, members: members?.n ?? 0, activeEvents: events?.n ?? 0 };
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
