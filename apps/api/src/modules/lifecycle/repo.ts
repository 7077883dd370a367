// The lifecycle's writes (docs/lifecycle.md): the only code that inserts or changes orders and
// order_days rows, and the row locks its transitions take. Private to the lifecycle module: an
// ESLint zone keeps every other module out of this file.

import type { OrderStatus } from '@store/shared/constants';
import type { NewOrderRow, OrderRow } from './reads';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { auditLog, orderDays, orders, products, users } from '../../db/schema';

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

export async function insertOrder(db: Queryable, row: NewOrderRow): Promise<OrderRow> {
  const [created] = await db.insert(orders).values(row).returning();
  return created!;
}

export async function insertOrderDays(db: Queryable, rows: (typeof orderDays.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(orderDays).values(rows);
}

/**
 * Moves the order's days that are in one of `from` to `to`; answers the day options of the
 * rows actually moved (a row another transaction moved first is not counted twice).
 */
export async function moveOrderDays(
  db: Queryable,
  orderId: string,
  from: readonly OrderStatus[],
  to: OrderStatus,
  productDayIds?: readonly string[],
): Promise<string[]> {
  if (productDayIds?.length === 0) return [];
  const rows = await db
    .update(orderDays)
    .set({ status: to })
    .where(
      and(
        eq(orderDays.orderId, orderId),
        inArray(orderDays.status, [...from]),
        productDayIds ? inArray(orderDays.productDayId, [...productDayIds]) : undefined,
      ),
    )
    .returning({ productDayId: orderDays.productDayId });
  return rows.map((r) => r.productDayId).sort();
}

/**
 * Moves these rows (places of a group order) that are in one of `from` to `to`; answers the
 * day option of each row actually moved, once per row (a seat each).
 */
export async function moveOrderDayRows(
  db: Queryable,
  orderId: string,
  rowIds: readonly string[],
  from: readonly OrderStatus[],
  to: OrderStatus,
): Promise<string[]> {
  if (rowIds.length === 0) return [];
  const rows = await db
    .update(orderDays)
    .set({ status: to })
    .where(
      and(
        eq(orderDays.orderId, orderId),
        inArray(orderDays.id, [...rowIds]),
        inArray(orderDays.status, [...from]),
      ),
    )
    .returning({ productDayId: orderDays.productDayId });
  return rows.map((r) => r.productDayId).sort();
}

/**
 * Names the holder of paid places of a group order, only while each row is still paid and
 * held by `previous` (null: unassigned): answers how many rows changed. The one-paid index
 * refuses a person who already holds the day.
 */
export async function setPlaceHolder(
  db: Queryable,
  orderId: string,
  rowIds: readonly string[],
  previous: string | null,
  holder: string,
  /** The name the buyer typed for the holder. */
  holderName: string,
  now: Date,
): Promise<number> {
  const rows = await db
    .update(orderDays)
    .set({ userId: holder, holderName, assignedAt: now })
    .where(
      and(
        eq(orderDays.orderId, orderId),
        inArray(orderDays.id, [...rowIds]),
        eq(orderDays.status, 'pagado'),
        previous === null ? isNull(orderDays.userId) : eq(orderDays.userId, previous),
      ),
    )
    .returning({ id: orderDays.id });
  return rows.length;
}

/**
 * setPlaceHolder for free places of several people in one statement (a team's list): each
 * entry's rows get its holder, if still paid and still free. Answers how many rows changed.
 */
export async function setFreePlaceHolders(
  db: Queryable,
  orderId: string,
  entries: readonly { rowIds: readonly string[]; holder: string; holderName: string }[],
  now: Date,
): Promise<number> {
  const values = entries.flatMap((e) =>
    e.rowIds.map((id) => sql`(${id}::uuid, ${e.holder}::uuid, ${e.holderName}::text)`),
  );
  if (values.length === 0) return 0;
  const result = await db.execute<{ id: string }>(
    sql`UPDATE order_days AS od SET user_id = v.holder, holder_name = v.name, assigned_at = ${now.toISOString()}::timestamptz
      FROM (VALUES ${sql.join(values, sql`, `)}) AS v(id, holder, name)
      WHERE od.id = v.id AND od.order_id = ${orderId}::uuid AND od.status = 'pagado' AND od.user_id IS NULL
      RETURNING od.id`,
  );
  return (Array.isArray(result) ? result : ((result as { rows: unknown[] }).rows ?? [])).length;
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
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.payment, true),
        inArray(orders.status, ['pagado', 'reembolsado', 'reembolso_parcial', 'cancelado']),
      ),
    )
    .returning({ refunded: orders.refundedCentavos });
  return row ? row.refunded : null;
}

// Reads other modules make of orders (cart, streams, mail, admin). They live here so the
// orders and order_days tables are queried from one file.

/** Keeps order_days.day (a copy of the label) in step with a renamed day option. */
export async function renameOrderDays(db: Queryable, productDayId: string, label: string): Promise<void> {
  await db.update(orderDays).set({ day: label }).where(eq(orderDays.productDayId, productDayId));
}

export async function updateOrderItems(
  db: Queryable,
  orderId: string,
  items: OrderRow['items'],
): Promise<void> {
  await db.update(orders).set({ items }).where(eq(orders.id, orderId));
}

/** An audit entry on an order, in the transition's transaction. */
export async function audit(
  db: Queryable,
  entry: { action: string; orderId: string; details: Record<string, unknown>; actorId?: string | null },
): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId ?? null,
    action: entry.action,
    entity: 'order',
    entityId: entry.orderId,
    details: entry.details,
  });
}

/** Several audit entries of one order in one statement. */
export async function auditMany(
  db: Queryable,
  entries: readonly {
    action: string;
    orderId: string;
    details: Record<string, unknown>;
    actorId?: string | null;
  }[],
): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(auditLog).values(
    entries.map((e) => ({
      actorId: e.actorId ?? null,
      action: e.action,
      entity: 'order',
      entityId: e.orderId,
      details: e.details,
    })),
  );
}

export async function deleteOrders(db: Queryable, ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await db.delete(orders).where(inArray(orders.id, [...ids]));
}

/**
 * Takes a key-share lock on these events (ids sorted) before their days' seats: an admin's
 * edit locks the event and then its days, so a checkout that locked a day first and then
 * needed the event (the order-day row's foreign key) could deadlock with it. Waiting here
 * keeps one order for everybody: event, then days.
 */
export async function lockProductsForSale(db: Queryable, productIds: readonly string[]): Promise<void> {
  const ids = [...new Set(productIds)].sort();
  if (ids.length === 0) return;
  await db
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id))
    .for('key share');
}
