// Every query of the payments module: finding orders by provider id, the claim a capture
// makes before it runs, the guarded lock an expiry takes, webhook idempotency and the
// audit trail of payments that need a person.

import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { auditLog, orders, paymentEvents } from '../../db/schema';
import type { OrderRow } from '../orders/service';

export async function findOrderById(db: Queryable, id: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row ?? null;
}

export async function findOrderByPaypalId(db: Queryable, paypalOrderId: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.paypalOrderId, paypalOrderId));
  return row ?? null;
}

export async function findOrderByPaypalCaptureId(db: Queryable, captureId: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.paypalCaptureId, captureId));
  return row ?? null;
}

/** Records the provider's id on a still-pending order (unique: one provider order, one of ours). */
export async function setProviderIds(
  db: Queryable,
  orderId: string,
  ids: { paypalOrderId?: string; stripeSessionId?: string; expiresAt?: Date },
): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ ...ids, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pendiente')))
    .returning({ id: orders.id });
  return rows.length === 1;
}

/**
 * A capture announces itself before it runs: the order must still be pending, and its
 * expiry moves out and updated_at changes, so an expiry that read the order earlier
 * (see lockForExpiry) no longer cancels it. Returns false when the order is no longer pending.
 */
export async function claimForCapture(db: Queryable, orderId: string, holdUntil: Date): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({
      expiresAt: sql`GREATEST(COALESCE(${orders.expiresAt}, ${holdUntil}), ${holdUntil})`,
      updatedAt: new Date(),
    })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pendiente')))
    .returning({ id: orders.id });
  return rows.length === 1;
}

/** Keeps a pending order (and its seats) while the provider still decides (capture PENDING). */
export async function extendExpiry(db: Queryable, orderId: string, until: Date): Promise<void> {
  await db
    .update(orders)
    .set({ expiresAt: until, updatedAt: new Date() })
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

/** Adds a refund to an order; returns the refunded total, or null if the order is unknown. */
export async function addRefunded(db: Queryable, orderId: string, centavos: number): Promise<number | null> {
  const [row] = await db
    .update(orders)
    .set({ refundedCentavos: sql`${orders.refundedCentavos} + ${centavos}`, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), inArray(orders.status, ['pagado', 'reembolsado'])))
    .returning({ refunded: orders.refundedCentavos });
  return row ? row.refunded : null;
}

/**
 * Records a provider event as handled. False when it was already recorded: a concurrent
 * delivery of the same event waits on the unique index and then sees the conflict.
 */
export async function recordPaymentEvent(
  db: Queryable,
  event: { provider: 'paypal' | 'stripe'; eventId: string; type: string },
): Promise<boolean> {
  const rows = await db
    .insert(paymentEvents)
    .values(event)
    .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
    .returning({ id: paymentEvents.id });
  return rows.length === 1;
}

export async function paymentEventSeen(db: Queryable, provider: string, eventId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: paymentEvents.id })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventId, eventId)));
  return Boolean(row);
}

/** A payment the association must look at (money received that we could not honour). */
export async function auditPayment(
  db: Queryable,
  entry: { action: string; orderId: string; details: Record<string, unknown> },
): Promise<void> {
  await db.insert(auditLog).values({
    actorId: null,
    action: entry.action,
    entity: 'order',
    entityId: entry.orderId,
    details: entry.details,
  });
}
