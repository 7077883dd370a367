// Every query of the orders module: orders, their per-day entitlement rows and the seat
// counters those rows hold.

import type { OrderStatus, UserType } from '@store/shared/constants';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { orderDays, orders, productDays, users } from '../../db/schema';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
export type OrderDayRow = typeof orderDays.$inferSelect;

/**
 * Locks the user's row for the rest of the transaction: one user's orders are created one
 * at a time, so per-user checks (coupon uses, already owned) cannot race each other.
 */
export async function lockUser(db: Queryable, userId: string) {
  const [row] = await db
    .select({ id: users.id, userType: users.userType, email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row ?? null;
}

export async function findUserType(db: Queryable, userId: string): Promise<UserType | null> {
  const [row] = await db.select({ userType: users.userType }).from(users).where(eq(users.id, userId));
  return row?.userType ?? null;
}

/** Of these day options, the ones the user already has a paid order for. */
export async function findPaidProductDayIds(
  db: Queryable,
  userId: string,
  productDayIds: readonly string[],
): Promise<Set<string>> {
  if (productDayIds.length === 0) return new Set();
  const rows = await db
    .select({ id: orderDays.productDayId })
    .from(orderDays)
    .where(
      and(
        eq(orderDays.userId, userId),
        eq(orderDays.status, 'pagado'),
        inArray(orderDays.productDayId, [...productDayIds]),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

export async function insertOrder(db: Queryable, row: NewOrderRow): Promise<OrderRow> {
  const [created] = await db.insert(orders).values(row).returning();
  return created!;
}

export async function insertOrderDays(db: Queryable, rows: (typeof orderDays.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(orderDays).values(rows);
}

/**
 * Takes one seat of a day option, only while seats remain. Check and increment are one
 * statement (a concurrent order waits for the row lock and re-checks), so a day is never
 * oversold; the table's check constraint is the last line of defence.
 */
export async function reserveSeat(db: Queryable, productDayId: string): Promise<boolean> {
  const rows = await db
    .update(productDays)
    .set({ seatsTaken: sql`${productDays.seatsTaken} + 1` })
    .where(
      and(
        eq(productDays.id, productDayId),
        sql`(${productDays.seatCapacity} IS NULL OR ${productDays.seatsTaken} < ${productDays.seatCapacity})`,
      ),
    )
    .returning({ id: productDays.id });
  return rows.length === 1;
}

/** Gives back the seats an order's days hold. */
export async function releaseSeats(db: Queryable, orderId: string): Promise<void> {
  const days = await db
    .select({ productDayId: orderDays.productDayId })
    .from(orderDays)
    .where(eq(orderDays.orderId, orderId));
  const ids = days.map((d) => d.productDayId).sort();
  for (const id of ids) {
    await db
      .update(productDays)
      .set({ seatsTaken: sql`GREATEST(${productDays.seatsTaken} - 1, 0)` })
      .where(eq(productDays.id, id));
  }
}

export async function setOrderDaysStatus(db: Queryable, orderId: string, status: OrderStatus): Promise<void> {
  await db.update(orderDays).set({ status }).where(eq(orderDays.orderId, orderId));
}

export async function findOrderDays(db: Queryable, orderId: string): Promise<OrderDayRow[]> {
  return db.select().from(orderDays).where(eq(orderDays.orderId, orderId));
}

export async function findOrder(db: Queryable, orderId: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row ?? null;
}

/** Moves an order from one of `from` to `to` (with extra fields); null when it was not in `from`. */
export async function transitionOrder(
  db: Queryable,
  orderId: string,
  from: readonly OrderStatus[],
  patch: Partial<NewOrderRow> & { status: OrderStatus },
): Promise<OrderRow | null> {
  const [row] = await db
    .update(orders)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), inArray(orders.status, [...from])))
    .returning();
  return row ?? null;
}

export async function listUserOrders(db: Queryable, userId: string): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
}
