// Every query of the orders module: orders, their per-day entitlement rows and the seat
// counters those rows hold.

import type { OrderStatus, UserType } from '@store/shared/constants';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
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

/** Of these day options, the ones the user holds through a paid order other than `exceptOrderId`. */
export async function findPaidElsewhere(
  db: Queryable,
  userId: string,
  productDayIds: readonly string[],
  exceptOrderId: string,
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
        ne(orderDays.orderId, exceptOrderId),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** A pending order with the day options it holds. */
export type HoldingOrder = OrderRow & { productDayIds: string[] };

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
  return rows.map((r) => ({
    ...r,
    productDayIds: days.filter((d) => d.orderId === r.id).map((d) => d.productDayId),
  }));
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

export async function findOrderByPaypalId(db: Queryable, paypalOrderId: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.paypalOrderId, paypalOrderId));
  return row ?? null;
}

export async function findOrderByPaypalCaptureId(db: Queryable, captureId: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.paypalCaptureId, captureId));
  return row ?? null;
}

/**
 * Records the provider's id on a still-pending order that has none yet, or already has this
 * one (two calls attaching the same idempotent provider order). Unique: one provider order,
 * one of ours.
 */
export async function setProviderIds(
  db: Queryable,
  orderId: string,
  ids: { paypalOrderId: string } | { stripeSessionId: string },
): Promise<boolean> {
  const same =
    'paypalOrderId' in ids
      ? sql`(${orders.paypalOrderId} IS NULL OR ${orders.paypalOrderId} = ${ids.paypalOrderId})`
      : sql`(${orders.stripeSessionId} IS NULL OR ${orders.stripeSessionId} = ${ids.stripeSessionId})`;
  const rows = await db
    .update(orders)
    .set({ ...ids, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pendiente'), same))
    .returning({ id: orders.id });
  return rows.length === 1;
}

/**
 * A capture announces itself before it runs: the order must still be pending and inside its
 * payment window, and its updated_at changes, so an expiry that read the order earlier (see
 * lockForExpiry) no longer cancels it. The window itself never moves: retrying a capture
 * cannot keep seats held. False when the order is no longer pending or its window closed.
 */
export async function claimForCapture(db: Queryable, orderId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ updatedAt: now })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.status, 'pendiente'),
        sql`(${orders.expiresAt} IS NULL OR ${orders.expiresAt} > ${now})`,
      ),
    )
    .returning({ id: orders.id });
  return rows.length === 1;
}

/**
 * Keeps a pending order (and its seats) until `until` while the provider still decides
 * (capture PENDING): never shortens the hold, and the caller passes a fixed point (the
 * order's creation plus the review hold), so repeating the call moves nothing.
 */
export async function holdUntil(db: Queryable, orderId: string, until: Date): Promise<void> {
  await db
    .update(orders)
    .set({
      expiresAt: sql`GREATEST(COALESCE(${orders.expiresAt}, ${until}), ${until})`,
      updatedAt: new Date(),
    })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pendiente')));
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

/**
 * Locks an expired pending order for cancelling, only if nobody touched it since `seen`
 * was read (a capture claim changes updated_at). Timestamps are compared to the
 * millisecond, the precision a JS Date keeps.
 */
export async function lockForExpiry(db: Queryable, orderId: string, seen: Date, now: Date): Promise<boolean> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.status, 'pendiente'),
        sql`${orders.expiresAt} < ${now}`,
        sql`date_trunc('milliseconds', ${orders.updatedAt}) = date_trunc('milliseconds', ${seen}::timestamptz)`,
      ),
    )
    .for('update');
  return rows.length === 1;
}

/** Locks the order for the rest of the transaction if it is still pending. */
export async function lockPending(db: Queryable, orderId: string): Promise<boolean> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pendiente')))
    .for('update');
  return rows.length === 1;
}

/** Same guard as lockForExpiry, without the expiry condition (buyer cancelled in PayPal). */
export async function lockIfUnchanged(db: Queryable, orderId: string, seen: Date): Promise<boolean> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.status, 'pendiente'),
        sql`date_trunc('milliseconds', ${orders.updatedAt}) = date_trunc('milliseconds', ${seen}::timestamptz)`,
      ),
    )
    .for('update');
  return rows.length === 1;
}

/** Locks the order (any status) for the rest of the transaction. */
export async function lockOrder(db: Queryable, id: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).for('update');
  return row ?? null;
}

/**
 * Adds a refund to a paid (or refunded) order, never beyond what was charged: PayPal's
 * REFUNDED event for a refund we made ourselves adds nothing twice. Returns the refunded
 * total, or null if the order is not paid or refunded.
 */
export async function addRefunded(db: Queryable, orderId: string, centavos: number): Promise<number | null> {
  const [row] = await db
    .update(orders)
    .set({
      refundedCentavos: sql`LEAST(${orders.refundedCentavos} + ${centavos}, ${orders.amountCentavos})`,
      updatedAt: new Date(),
    })
    .where(and(eq(orders.id, orderId), inArray(orders.status, ['pagado', 'reembolsado'])))
    .returning({ refunded: orders.refundedCentavos });
  return row ? row.refunded : null;
}
