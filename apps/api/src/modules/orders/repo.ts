// Every query of the orders and order_days tables, for every module: orders, their per-day
// entitlement rows, the seat counters those rows hold, the reads payments, cart, streams,
// mail and the back office make of them.

import type { OrderStatus, PaymentMethod, UserType } from '@store/shared/constants';
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { heldByOffers } from '../../db/seat-holds';
import { emailOutbox, orderDays, orders, productDays, products, users } from '../../db/schema';

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

/** Of these products, the ones the user holds at least one paid day of. */
export async function findPaidProductIds(
  db: Queryable,
  userId: string,
  productIds: readonly string[],
): Promise<Set<string>> {
  if (productIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ productId: orderDays.productId })
    .from(orderDays)
    .where(
      and(
        eq(orderDays.userId, userId),
        inArray(orderDays.productId, [...productIds]),
        eq(orderDays.status, 'pagado'),
      ),
    );
  return new Set(rows.map((r) => r.productId));
}

export async function findProductNames(db: Queryable, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(inArray(products.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.name]));
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
 * Takes one seat of a day option for `userId`, only while seats remain once the open
 * waiting-list offers of other users are counted. Check and increment are one statement (a
 * concurrent order waits for the row lock and re-checks), so a day is never oversold; the
 * table's check constraint is the last line of defence.
 */
export async function reserveSeat(
  db: Queryable,
  productDayId: string,
  userId: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(productDays)
    .set({ seatsTaken: sql`${productDays.seatsTaken} + 1` })
    .where(
      and(
        eq(productDays.id, productDayId),
        sql`(${productDays.seatCapacity} IS NULL OR ${productDays.seatsTaken} + ${heldByOffers(userId, now)} < ${productDays.seatCapacity})`,
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

// Reads other modules make of orders (cart, streams, mail, admin). They live here so the
// orders and order_days tables are queried from one file.

/** True when the user already has a paid order for this day option (cart: "ya tienes acceso"). */
export async function ownsProductDay(db: Queryable, userId: string, productDayId: string): Promise<boolean> {
  return (await findPaidProductDayIds(db, userId, [productDayId])).size > 0;
}

/** The product's day options (current label and link) the user holds a paid order for. */
export async function findPaidDays(db: Queryable, userId: string, productId: string) {
  return db
    .selectDistinct({
      id: productDays.id,
      label: productDays.label,
      streamUrl: productDays.streamUrl,
      position: productDays.position,
    })
    .from(orderDays)
    .innerJoin(productDays, eq(productDays.id, orderDays.productDayId))
    .where(
      and(eq(orderDays.userId, userId), eq(orderDays.productId, productId), eq(orderDays.status, 'pagado')),
    )
    .orderBy(asc(productDays.position));
}

/** The order with its buyer's name and account e-mail, for the confirmation e-mail. */
export async function findOrderForConfirmation(db: Queryable, orderId: string) {
  const [row] = await db
    .select({ order: orders, email: users.email, name: users.name })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!row) return null;
  return { ...row, schedule: await findOrderDaySchedule(db, orderId) };
}

/** When each day of an order happens (current label and instants of the day option). */
export async function findOrderDaySchedule(db: Queryable, orderId: string) {
  return db
    .select({
      productId: orderDays.productId,
      productDayId: orderDays.productDayId,
      label: productDays.label,
      startsAt: productDays.startsAt,
      endsAt: productDays.endsAt,
    })
    .from(orderDays)
    .innerJoin(productDays, eq(productDays.id, orderDays.productDayId))
    .where(eq(orderDays.orderId, orderId))
    .orderBy(asc(productDays.startsAt), asc(productDays.position));
}

/** Per day option of these products: paid order days and all order days (any status). */
export async function countOrderDaysByDay(db: Queryable, productIds: readonly string[]) {
  if (productIds.length === 0) return [];
  return db
    .select({
      productDayId: orderDays.productDayId,
      sold: sql<number>`count(*) filter (where ${orderDays.status} = 'pagado')`.mapWith(Number),
      total: sql<number>`count(*)`.mapWith(Number),
    })
    .from(orderDays)
    .where(inArray(orderDays.productId, [...productIds]))
    .groupBy(orderDays.productDayId);
}

/** Keeps order_days.day (a copy of the label) in step with a renamed day option. */
export async function renameOrderDays(db: Queryable, productDayId: string, label: string): Promise<void> {
  await db.update(orderDays).set({ day: label }).where(eq(orderDays.productDayId, productDayId));
}

/** Orders holding any of these day options, with their item snapshots. */
export async function findOrdersWithDays(db: Queryable, productDayIds: string[]) {
  if (productDayIds.length === 0) return [];
  return db
    .select({ id: orders.id, items: orders.items })
    .from(orders)
    .where(
      inArray(
        orders.id,
        db
          .selectDistinct({ id: orderDays.orderId })
          .from(orderDays)
          .where(inArray(orderDays.productDayId, productDayIds)),
      ),
    );
}

export async function updateOrderItems(
  db: Queryable,
  orderId: string,
  items: OrderRow['items'],
): Promise<void> {
  await db.update(orders).set({ items }).where(eq(orders.id, orderId));
}

/** The number of paid orders of the user in `userId` (a column of the caller's query). */
export function paidOrderCount(userId: SQL): SQL<number> {
  // Written out in full: in a select list Drizzle drops table names, and the subquery's
  // "id" would then be the order's.
  return sql<number>`(select count(*) from orders o where o.user_id = ${userId} and o.status = 'pagado')`.mapWith(
    Number,
  );
}

/** Dashboard totals: net revenue, paid and pending orders, paid seats. */
export async function orderTotals(db: Queryable) {
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
  return { revenue: o?.revenue ?? 0, paid: o?.paid ?? 0, pending: o?.pending ?? 0, seats: seats?.n ?? 0 };
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
    .where(gte(orders.createdAt, since));
}

/** Paid attendees of an event (or one of its days), from the order_days rows. */
export async function listAttendees(db: Queryable, productId: string, productDayId?: string) {
  return db
    .select({
      orderId: orders.id,
      userId: users.id,
      name: users.name,
      email: users.email,
      userType: users.userType,
      productDayId: productDays.id,
      day: productDays.label,
      dayStartsAt: productDays.startsAt,
      paymentMethod: orders.paymentMethod,
      couponCode: orders.couponCode,
      paidAt: orders.paidAt,
      createdAt: orders.createdAt,
    })
    .from(orderDays)
    .innerJoin(orders, eq(orders.id, orderDays.orderId))
    .innerJoin(users, eq(users.id, orderDays.userId))
    .innerJoin(productDays, eq(productDays.id, orderDays.productDayId))
    .where(
      and(
        eq(orderDays.productId, productId),
        eq(orderDays.status, 'pagado'),
        productDayId ? eq(orderDays.productDayId, productDayId) : undefined,
      ),
    )
    .orderBy(asc(productDays.position), asc(users.name), asc(users.email));
}

export interface OrderWithCustomer {
  order: OrderRow;
  customer: { id: string; name: string; email: string; userType: UserType };
}

/** The back office's order search; dates and text come already resolved by the caller. */
export interface OrderSearch {
  productId?: string;
  productDayId?: string;
  status?: OrderStatus;
  method?: PaymentMethod;
  createdFrom?: Date;
  createdBefore?: Date;
  /** ILIKE pattern on the customer's name and e-mail. */
  customerPattern?: string;
  /** Lowercase start of the order id (the reference the e-mails show). */
  idPrefix?: string;
  page: number;
  pageSize: number;
}

const customerColumns = { id: users.id, name: users.name, email: users.email, userType: users.userType };

function searchConditions(s: OrderSearch): SQL | undefined {
  const where: SQL[] = [];
  if (s.status) where.push(eq(orders.status, s.status));
  if (s.method) where.push(eq(orders.paymentMethod, s.method));
  if (s.createdFrom) where.push(gte(orders.createdAt, s.createdFrom));
  if (s.createdBefore) where.push(lt(orders.createdAt, s.createdBefore));
  if (s.productId) {
    where.push(
      sql`exists (select 1 from ${orderDays} where ${orderDays.orderId} = ${orders.id} and ${orderDays.productId} = ${s.productId})`,
    );
  }
  if (s.productDayId) {
    where.push(
      sql`exists (select 1 from ${orderDays} where ${orderDays.orderId} = ${orders.id} and ${orderDays.productDayId} = ${s.productDayId})`,
    );
  }
  if (s.customerPattern) {
    const parts: SQL[] = [ilike(users.name, s.customerPattern), ilike(users.email, s.customerPattern)];
    if (s.idPrefix) parts.push(sql`cast(${orders.id} as text) like ${`${s.idPrefix}%`}`);
    where.push(or(...parts)!);
  }
  return where.length > 0 ? and(...where) : undefined;
}

export async function searchOrders(
  db: Queryable,
  search: OrderSearch,
): Promise<{ rows: OrderWithCustomer[]; total: number }> {
  const cond = searchConditions(search);
  const rows = await db
    .select({ order: orders, customer: customerColumns })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(cond)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(search.pageSize)
    .offset((search.page - 1) * search.pageSize);
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

/** One order's lines with their product names, for the back office. */
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

// After the sale: cancelling some days of an order (docs/after-sale.md).

/** Every day of an order with its product's name and the day option's instants, in date order. */
export async function findOrderDayDetails(db: Queryable, orderId: string) {
  return db
    .select({
      productDayId: orderDays.productDayId,
      productId: orderDays.productId,
      productName: products.name,
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

/**
 * Ends these live (pagado) days of the order with `status` and gives their seats back, in
 * one statement per day (ids sorted, so concurrent transactions cannot deadlock). Returns
 * the days actually ended: a day already ended by someone else is not counted twice.
 */
export async function endOrderDays(
  db: Queryable,
  orderId: string,
  productDayIds: readonly string[],
  status: OrderStatus,
): Promise<string[]> {
  if (productDayIds.length === 0) return [];
  const rows = await db
    .update(orderDays)
    .set({ status })
    .where(
      and(
        eq(orderDays.orderId, orderId),
        inArray(orderDays.productDayId, [...productDayIds]),
        eq(orderDays.status, 'pagado'),
      ),
    )
    .returning({ productDayId: orderDays.productDayId });
  const ended = rows.map((r) => r.productDayId).sort();
  for (const id of ended) {
    await db
      .update(productDays)
      .set({ seatsTaken: sql`GREATEST(${productDays.seatsTaken} - 1, 0)` })
      .where(eq(productDays.id, id));
  }
  return ended;
}

/** How many of the order's days still grant access (pagado). */
export async function countLiveOrderDays(db: Queryable, orderId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orderDays)
    .where(and(eq(orderDays.orderId, orderId), eq(orderDays.status, 'pagado')));
  return row?.n ?? 0;
}

/**
 * Paid days starting in (from, to] whose reminder `kind` was not queued yet (its outbox
 * dedupe key is `recordatorio:<kind>:<order day id>`), with what the reminder says.
 */
export async function findDaysToRemind(db: Queryable, kind: string, from: Date, to: Date, limit = 500) {
  const key = sql`${`recordatorio:${kind}:`} || ${orderDays.id}::text`;
  return db
    .select({
      orderDayId: orderDays.id,
      orderId: orderDays.orderId,
      email: users.email,
      name: users.name,
      productName: products.name,
      isPresential: products.isPresential,
      label: productDays.label,
      startsAt: productDays.startsAt,
      endsAt: productDays.endsAt,
    })
    .from(orderDays)
    .innerJoin(productDays, eq(productDays.id, orderDays.productDayId))
    .innerJoin(products, eq(products.id, orderDays.productId))
    .innerJoin(users, eq(users.id, orderDays.userId))
    .where(
      and(
        eq(orderDays.status, 'pagado'),
        sql`${productDays.startsAt} > ${from}`,
        sql`${productDays.startsAt} <= ${to}`,
        sql`NOT EXISTS (SELECT 1 FROM ${emailOutbox} WHERE ${emailOutbox.dedupeKey} = ${key})`,
      ),
    )
    .orderBy(asc(productDays.startsAt))
    .limit(limit);
}

/** Each day's own status for these orders (My products shows a day cancelled on its own). */
export async function findDayStatuses(db: Queryable, orderIds: readonly string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({
      orderId: orderDays.orderId,
      productId: orderDays.productId,
      day: orderDays.day,
      status: orderDays.status,
    })
    .from(orderDays)
    .where(inArray(orderDays.orderId, [...orderIds]));
}
