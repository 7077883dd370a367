// Reads of the orders and order_days tables that streams, mail, the back office and the
// buyer's pages make. Rows are written only by the lifecycle module (lifecycle/repo.ts); its
// own reads (lifecycle/reads.ts) are re-exported here for everyone else.

import type { OrderStatus, OrderStatusFilter, PaymentMethod, UserType } from '@store/shared/constants';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  lt,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client';
import {
  cfdiDocuments,
  emailOutbox,
  orderDays,
  orderRefunds,
  orders,
  productDays,
  orderPayments,
  products,
  users,
  type RefundStatus,
} from '../../db/schema';
import { greetingName } from '../mail/greeting';
export {
  findExpiredPending,
  findOrder,
  findOrderDayDetails,
  findOrderDays,
  type HoldingOrder,
  type OrderDayDetail,
  type OrderDayRow,
  type OrderRow,
} from '../lifecycle';
import type { OrderRow, PaymentRow } from '../lifecycle';

export async function findProductNames(db: Queryable, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(inArray(products.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** One bought day (or place) of an order as My products shows it; instants in epoch ms. */
export interface UserOrderDay {
  productId: string;
  day: string;
  status: OrderStatus;
  startsAt: number;
  /** The colleague a transferred day went to (null otherwise). */
  toName: string | null;
  toEmail: string | null;
}

export interface UserOrderRefund {
  amountCentavos: number;
  status: RefundStatus;
  /** When it completed, else when it was asked (epoch ms). */
  at: number;
}

export interface UserOrderWithDetails {
  order: OrderRow;
  /** The order's attempt at its provider, when it has one. */
  payment: PaymentRow | null;
  days: UserOrderDay[];
  refunds: UserOrderRefund[];
}

const epochMs = (column: string) => `floor(extract(epoch from ${column}) * 1000)::float8`;

// Correlated subqueries written out in full (in a select list Drizzle drops table names).
// Each is an index lookup per order or per day: order_days_order_day_idx, product_days by
// primary key, day_transfers_from_order_idx, order_refunds_order_idx. The day's schedule is a
// lateral subquery with OFFSET 0 so the planner keeps it a primary-key lookup per day: joined
// flat, a database without statistics (PGlite) reads every product day once per order.
const orderDaysJson = sql.raw(`coalesce((
  select json_agg(json_build_object(
      'productId', od.product_id, 'day', od.day, 'status', od.status,
      'startsAt', ${epochMs('pd.starts_at')}, 'toName', t.name, 'toEmail', t.email)
    order by pd.starts_at, pd.position, od.place)
  from order_days od
  cross join lateral (
    select p.starts_at, p.position from product_days p where p.id = od.product_day_id offset 0
  ) pd
  left join lateral (
    select dt.name, dt.email from day_transfers dt
    where dt.from_order_id = od.order_id and dt.product_day_id = od.product_day_id
    order by dt.seq limit 1
  ) t on od.status = 'transferido'
  where od.order_id = "orders"."id"), '[]'::json)`);

const orderRefundsJson = sql.raw(`coalesce((
  select json_agg(json_build_object(
      'amountCentavos', r.amount_centavos, 'status', r.status,
      'at', ${epochMs('coalesce(r.completed_at, r.created_at)')})
    order by r.created_at)
  from order_refunds r
  where r.order_id = "orders"."id"), '[]'::json)`);

function userOrdersQuery(db: Queryable) {
  return db
    .select({
      order: orders,
      payment: orderPayments,
      days: sql<UserOrderDay[]>`${orderDaysJson}`,
      refunds: sql<UserOrderRefund[]>`${orderRefundsJson}`,
    })
    .from(orders)
    .leftJoin(orderPayments, eq(orderPayments.orderId, orders.id))
    .where(eq(orders.userId, sql.placeholder('userId')))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .prepare('user_orders_with_details');
}

const preparedUserOrders = new WeakMap<Queryable, ReturnType<typeof userOrdersQuery>>();

/**
 * The user's orders, newest first, each with its days (status, start, to whom a transferred
 * day went) and its refunds: one prepared statement on orders_user_created_idx, the details
 * as JSON built by the database, so the cost grows with the answer and nothing else.
 */
export async function listUserOrdersWithDetails(
  db: Queryable,
  userId: string,
): Promise<UserOrderWithDetails[]> {
  let query = preparedUserOrders.get(db);
  if (!query) preparedUserOrders.set(db, (query = userOrdersQuery(db)));
  return query.execute({ userId });
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
    .select({ order: orders, email: users.email, name: greetingName })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!row) return null;
  // A group order has one row per place: each day once.
  const schedule = await findOrderDaySchedule(db, orderId);
  const seen = new Set<string>();
  return { ...row, schedule: schedule.filter((d) => !seen.has(d.productDayId) && seen.add(d.productDayId)) };
}

/** When and where each day of an order happens (current label, instants and the event's venue). */
export async function findOrderDaySchedule(db: Queryable, orderId: string) {
  return db
    .select({
      productId: orderDays.productId,
      productDayId: orderDays.productDayId,
      label: productDays.label,
      startsAt: productDays.startsAt,
      endsAt: productDays.endsAt,
      venueName: products.venueName,
      venueAddress: products.venueAddress,
      venueMapUrl: products.venueMapUrl,
    })
    .from(orderDays)
    .innerJoin(productDays, eq(productDays.id, orderDays.productDayId))
    .innerJoin(products, eq(products.id, orderDays.productId))
    .where(eq(orderDays.orderId, orderId))
    .orderBy(asc(productDays.startsAt), asc(productDays.position));
}

/** The order's days this user holds paid (not those given away since), soonest first. */
export async function findPaidDaySchedule(db: Queryable, orderId: string, userId: string) {
  return db
    .selectDistinct({
      productId: orderDays.productId,
      productDayId: orderDays.productDayId,
      label: productDays.label,
      startsAt: productDays.startsAt,
      endsAt: productDays.endsAt,
    })
    .from(orderDays)
    .innerJoin(productDays, eq(productDays.id, orderDays.productDayId))
    .where(and(eq(orderDays.orderId, orderId), eq(orderDays.userId, userId), eq(orderDays.status, 'pagado')))
    .orderBy(asc(productDays.startsAt));
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
      // What every order that received money kept: paid ones, and those cancelled or refunded
      // since with a charge kept (a partial refund), never a payment attempt without money.
      revenue:
        sql<number>`coalesce(sum(${orders.amountCentavos} - ${orders.refundedCentavos}) filter (where ${orders.paidAt} is not null), 0)`.mapWith(
          Number,
        ),
      paid: sql<number>`count(*) filter (where ${orders.status} = 'pagado')`.mapWith(Number),
      pending: sql<number>`count(*) filter (where ${orders.status} = 'pendiente')`.mapWith(Number),
    })
    .from(orders);
  const [seats] = await db.select({ n: count() }).from(orderDays).where(eq(orderDays.status, 'pagado'));
  return { revenue: o?.revenue ?? 0, paid: o?.paid ?? 0, pending: o?.pending ?? 0, seats: seats?.n ?? 0 };
}

/**
 * Every (event, day) line of the orders that received money (paid, or paid then cancelled,
 * refunded or transferred), with its order's amounts and status: the dashboard splits each
 * order's net over them (admin/dashboard/revenue.ts → lineRevenue).
 */
export async function revenueLines(db: Queryable) {
  return db
    .select({
      id: orderDays.id,
      orderId: orderDays.orderId,
      productId: orderDays.productId,
      productDayId: orderDays.productDayId,
      priceCentavos: orderDays.priceCentavos,
      status: orderDays.status,
      subtotalCentavos: orders.subtotalCentavos,
      discountCentavos: orders.discountCentavos,
      refundedCentavos: orders.refundedCentavos,
    })
    .from(orderDays)
    .innerJoin(orders, eq(orders.id, orderDays.orderId))
    .where(isNotNull(orders.paidAt))
    .orderBy(asc(orderDays.orderId), asc(orderDays.id));
}

/** The completed refunds of orders that received money, oldest first, with the lines each ended. */
export async function completedRefunds(db: Queryable) {
  return db
    .select({
      orderId: orderRefunds.orderId,
      amountCentavos: orderRefunds.amountCentavos,
      productDayIds: orderRefunds.productDayIds,
      orderDayIds: orderRefunds.orderDayIds,
    })
    .from(orderRefunds)
    .where(eq(orderRefunds.status, 'completado'))
    .orderBy(asc(orderRefunds.createdAt), asc(orderRefunds.id));
}

export async function ordersSince(db: Queryable, since: Date) {
  return (
    db
      .select({
        createdAt: orders.createdAt,
        paidAt: orders.paidAt,
        status: orders.status,
        amountCentavos: orders.amountCentavos,
        refundedCentavos: orders.refundedCentavos,
      })
      .from(orders)
      // An attempt that ended without money is not an order for the dashboard.
      .where(and(gte(orders.createdAt, since), sql`not ${unpaidAttempt}`))
  );
}

/** Paid attendees of an event (or one of its days), from the order_days rows; who paid each order. */
export async function listAttendees(db: Queryable, productId: string, productDayId?: string) {
  const buyer = alias(users, 'buyer');
  return db
    .select({
      orderId: orders.id,
      paidBy: buyer.name,
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
    .innerJoin(buyer, eq(buyer.id, orders.userId))
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
  /** A status, or `sin_pago`: only the payment attempts that ended without money. */
  status?: OrderStatusFilter;
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

/**
 * A payment attempt that ended without any money: cancelled, never paid, nothing refunded, closed
 * by the hold's end (expired, the PayPal window closed, replaced by a new attempt, declined, a
 * duplicate; not an admin's cancellation), and no money ever captured at the provider.
 */
export const unpaidAttempt: SQL = sql`(${orders.status} = 'cancelado' and ${orders.paidAt} is null and ${orders.refundedCentavos} = 0 and ${orders.closedReason} in ('expirado', 'abandonado', 'reemplazado', 'rechazado', 'duplicado') and not exists (select 1 from ${orderPayments} where ${orderPayments.orderId} = ${orders.id} and ${orderPayments.status} = 'cobrado'))`;

function searchConditions(s: OrderSearch): SQL | undefined {
  const where: SQL[] = [];
  // The attempts that ended without money are listed only when asked for.
  if (s.status === 'sin_pago') where.push(unpaidAttempt);
  else {
    where.push(sql`not ${unpaidAttempt}`);
    if (s.status) where.push(eq(orders.status, s.status));
  }
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

/** Which of these orders asked for a CFDI (a document of kind invoice, in any state). */
export async function findInvoicedOrderIds(db: Queryable, orderIds: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < orderIds.length; i += 1000) {
    const chunk = orderIds.slice(i, i + 1000);
    const rows = await db
      .selectDistinct({ orderId: cfdiDocuments.orderId })
      .from(cfdiDocuments)
      .where(and(inArray(cfdiDocuments.orderId, [...chunk]), eq(cfdiDocuments.kind, 'I')));
    for (const r of rows) found.add(r.orderId);
  }
  return found;
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
      id: orderDays.id,
      productDayId: orderDays.productDayId,
      productId: orderDays.productId,
      productName: products.name,
      day: orderDays.day,
      place: orderDays.place,
      priceCentavos: orderDays.priceCentavos,
      status: orderDays.status,
      holderName: users.name,
      holderEmail: users.email,
    })
    .from(orderDays)
    .innerJoin(products, eq(products.id, orderDays.productId))
    .leftJoin(users, eq(users.id, orderDays.userId))
    .where(eq(orderDays.orderId, orderId))
    .orderBy(asc(products.name), asc(orderDays.createdAt), asc(orderDays.place));
}

/** The razón social of the CFDI asked for an order (the institution of a group order), if any. */
export async function findInvoiceReceiver(db: Queryable, orderId: string): Promise<string | null> {
  const [row] = await db
    .select({ name: cfdiDocuments.razonSocial })
    .from(cfdiDocuments)
    .where(and(eq(cfdiDocuments.orderId, orderId), eq(cfdiDocuments.kind, 'I')))
    .limit(1);
  return row?.name ?? null;
}

// After the sale: cancelling some days of an order (docs/after-sale.md).

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
      name: greetingName,
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

/**
 * Who holds a paid place on a day that starts by `until` and has not ended at `now` (each buyer
 * and event once, the soonest day first): the buyers whose answers the warm-up builds ahead.
 */
export async function findBuyersOfDaysSoon(db: Queryable, now: Date, until: Date, limit: number) {
  return db
    .selectDistinctOn([orderDays.userId, orderDays.productId], {
      userId: orderDays.userId,
      productId: orderDays.productId,
    })
    .from(orderDays)
    .innerJoin(productDays, eq(productDays.id, orderDays.productDayId))
    .where(
      and(
        eq(orderDays.status, 'pagado'),
        sql`${orderDays.userId} IS NOT NULL`,
        sql`${productDays.startsAt} <= ${until}`,
        sql`${productDays.endsAt} > ${now}`,
      ),
    )
    .orderBy(orderDays.userId, orderDays.productId)
    .limit(limit);
}

/** Pending OXXO and SPEI orders that end before `until`, were made before `madeBefore` and have not ended at `now`. */
export async function findPaymentsToRemind(
  db: Queryable,
  until: Date,
  madeBefore: Date,
  now: Date,
): Promise<string[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'pendiente'),
        inArray(orders.paymentMethod, ['oxxo', 'spei']),
        lt(orders.expiresAt, until),
        gt(orders.expiresAt, now),
        lt(orders.createdAt, madeBefore),
      ),
    )
    .limit(500);
  return rows.map((r) => r.id);
}
