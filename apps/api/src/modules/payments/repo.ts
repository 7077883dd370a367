// Every query of the payments module's own tables: webhook idempotency and the audit trail of
// payments that need a person. Orders are read and changed through orders/repo.ts.

import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { auditLog, orderRefunds, paymentEvents } from '../../db/schema';

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

/** A payment the association must look at, or an automatic action it should be able to trace. */
export async function auditPayment(
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

// Refunds the store asks PayPal for (refunds.ts).

export type RefundRow = typeof orderRefunds.$inferSelect;

/** A new pending refund; null when the order already has one in flight. */
export async function insertRefund(
  db: Queryable,
  row: typeof orderRefunds.$inferInsert,
): Promise<RefundRow | null> {
  const [created] = await db.insert(orderRefunds).values(row).onConflictDoNothing().returning();
  return created ?? null;
}

export async function findPendingRefund(db: Queryable, orderId: string): Promise<RefundRow | null> {
  const [row] = await db
    .select()
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.status, 'pendiente')));
  return row ?? null;
}

export async function findRefundByProviderId(
  db: Queryable,
  providerRefundId: string,
): Promise<RefundRow | null> {
  const [row] = await db
    .select()
    .from(orderRefunds)
    .where(eq(orderRefunds.providerRefundId, providerRefundId));
  return row ?? null;
}

/** pendiente → completado, once: null for every caller but the first (API answer or webhook). */
export async function completeRefund(
  db: Queryable,
  id: string,
  providerRefundId: string,
): Promise<RefundRow | null> {
  const [row] = await db
    .update(orderRefunds)
    .set({ status: 'completado', providerRefundId, completedAt: new Date() })
    .where(and(eq(orderRefunds.id, id), eq(orderRefunds.status, 'pendiente')))
    .returning();
  return row ?? null;
}

/** pendiente → fallido (the provider refused): the order stays as it was. */
export async function failRefund(db: Queryable, id: string, failure: string): Promise<boolean> {
  const rows = await db
    .update(orderRefunds)
    .set({ status: 'fallido', failure, completedAt: new Date() })
    .where(and(eq(orderRefunds.id, id), eq(orderRefunds.status, 'pendiente')))
    .returning({ id: orderRefunds.id });
  return rows.length === 1;
}
