// Every query of the admin orders area: the filtered list and one order's detail.

import type { OrderStatus, PaymentMethod, UserType } from '@store/shared/constants';
import { and, asc, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../../db/client';
import { orderDays, orders, products, users } from '../../../db/schema';
import { addCalendarDays, startOfMexicoCityDay } from '@store/shared/domain/time';
import { containsPattern } from '../sql';

export type OrderRow = typeof orders.$inferSelect;
export interface OrderWithCustomer {
  order: OrderRow;
  customer: { id: string; name: string; email: string; userType: UserType };
}

export interface OrderFilter {
  productId?: string;
  productDayId?: string;
  status?: OrderStatus;
  method?: PaymentMethod;
  /** YYYY-MM-DD, Mexico City calendar. */
  from?: string;
  to?: string;
  search?: string;
  page: number;
  pageSize: number;
}

const customerColumns = { id: users.id, name: users.name, email: users.email, userType: users.userType };

function conditions(filter: OrderFilter): SQL | undefined {
  const where: SQL[] = [];
  if (filter.status) where.push(eq(orders.status, filter.status));
  if (filter.method) where.push(eq(orders.paymentMethod, filter.method));
  // Whole Mexico City calendar days, `to` included.
  if (filter.from) where.push(gte(orders.createdAt, startOfMexicoCityDay(filter.from)));
  if (filter.to) where.push(lt(orders.createdAt, startOfMexicoCityDay(addCalendarDays(filter.to, 1))));
  if (filter.productId) {
    where.push(
      sql`exists (select 1 from ${orderDays} where ${orderDays.orderId} = ${orders.id} and ${orderDays.productId} = ${filter.productId})`,
    );
  }
  if (filter.productDayId) {
    where.push(
      sql`exists (select 1 from ${orderDays} where ${orderDays.orderId} = ${orders.id} and ${orderDays.productDayId} = ${filter.productDayId})`,
    );
  }
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    const parts: SQL[] = [ilike(users.name, pattern), ilike(users.email, pattern)];
    // The e-mails show the first 8 characters of the id as the order reference.
    if (/^[0-9a-f-]{4,36}$/i.test(filter.search)) {
      parts.push(sql`cast(${orders.id} as text) like ${`${filter.search.toLowerCase()}%`}`);
    }
    where.push(or(...parts)!);
  }
  return where.length > 0 ? and(...where) : undefined;
}

export async function listOrders(
  db: Queryable,
  filter: OrderFilter,
): Promise<{ rows: OrderWithCustomer[]; total: number }> {
  const cond = conditions(filter);
  const rows = await db
    .select({ order: orders, customer: customerColumns })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(cond)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  const [totalRow] = await db
    .select({ n: count() })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(cond);
  return { rows, total: totalRow?.n ?? 0 };
}

export async function findOrderWithCustomer(db: Queryable, id: string): Promise<OrderWithCustomer | null> {
  const [row] = await db
    .select({ order: orders, customer: customerColumns })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, id));
  return row ?? null;
}

export async function lockOrder(db: Queryable, id: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).for('update');
  return row ?? null;
}

export async function findOrderLines(db: Queryable, orderId: string) {
  return db
    .select({
      productDayId: orderDays.productDayId,
      productId: orderDays.productId,
      productName: products.name,
      day: orderDays.day,
      priceCentavos: orderDays.priceCentavos,
      status: orderDays.status,
    })
    .from(orderDays)
    .innerJoin(products, eq(products.id, orderDays.productId))
    .where(eq(orderDays.orderId, orderId))
    .orderBy(asc(products.name), asc(orderDays.createdAt));
}

export async function addRefund(db: Queryable, id: string, centavos: number): Promise<void> {
  await db
    .update(orders)
    .set({ refundedCentavos: sql`${orders.refundedCentavos} + ${centavos}`, updatedAt: new Date() })
    .where(eq(orders.id, id));
}
