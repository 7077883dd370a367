// Every query of the payments module's own tables: webhook idempotency and the audit trail of
// payments that need a person. Orders are read and changed through orders/repo.ts.

import { and, count, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { auditLog, paymentEvents } from '../../db/schema';

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

/** How many times an action was audited on an order (e.g. declined funding sources). */
export async function countPaymentAudits(db: Queryable, orderId: string, action: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, orderId), eq(auditLog.action, action)));
  return row?.n ?? 0;
}
