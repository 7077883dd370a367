// Every query of order_refunds (docs/lifecycle.md → Money): refunds asked of a provider (a
// buyer's cancellation, an admin refund), written before the provider is called so the row's
// id is the provider's idempotency key, and refunds made outside the store (recorded by an
// admin, or reported by the provider's webhook). Completed rows add up to the order's
// refunded_centavos.

import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { orderRefunds } from '../../db/schema';

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
export async function completeRefundRow(
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
export async function failRefundRow(db: Queryable, id: string, failure: string): Promise<boolean> {
  const rows = await db
    .update(orderRefunds)
    .set({ status: 'fallido', failure, completedAt: new Date() })
    .where(and(eq(orderRefunds.id, id), eq(orderRefunds.status, 'pendiente')))
    .returning({ id: orderRefunds.id });
  return rows.length === 1;
}

/** A refund that already happened (recorded by an admin, or reported by the provider). */
export async function insertCompletedRefund(
  db: Queryable,
  row: Omit<typeof orderRefunds.$inferInsert, 'status' | 'completedAt'> & { completedAt: Date },
): Promise<RefundRow> {
  const [created] = await db
    .insert(orderRefunds)
    .values({ ...row, status: 'completado' })
    .returning();
  return created!;
}

export async function findRefund(db: Queryable, id: string): Promise<RefundRow | null> {
  const [row] = await db.select().from(orderRefunds).where(eq(orderRefunds.id, id));
  return row ?? null;
}

/**
 * The provider took the refund but the money has not moved (PENDING): the row keeps waiting
 * with the provider's refund id, so its later answer (webhook or a look) finds it.
 */
export async function setRefundInProcess(
  db: Queryable,
  id: string,
  providerRefundId: string,
  nextAttemptAt: Date,
): Promise<RefundRow | null> {
  const [row] = await db
    .update(orderRefunds)
    .set({ providerRefundId, nextAttemptAt, attempts: sql`${orderRefunds.attempts} + 1` })
    .where(and(eq(orderRefunds.id, id), eq(orderRefunds.status, 'pendiente')))
    .returning();
  return row ?? null;
}

/** A pending refund to ask about again at `nextAttemptAt` (an answer worth retrying, no answer). */
export async function scheduleRefundRow(db: Queryable, id: string, nextAttemptAt: Date): Promise<void> {
  await db
    .update(orderRefunds)
    .set({ nextAttemptAt, attempts: sql`${orderRefunds.attempts} + 1` })
    .where(and(eq(orderRefunds.id, id), eq(orderRefunds.status, 'pendiente')));
}

/**
 * Refunds asked of a provider still waiting and due for another look: scheduled for now or
 * earlier, or never scheduled and older than `staleMs` (the process stopped mid-call).
 */
export async function findDueRefunds(db: Queryable, now: Date, staleMs: number): Promise<RefundRow[]> {
  const staleBefore = new Date(now.getTime() - staleMs);
  return db
    .select()
    .from(orderRefunds)
    .where(
      and(
        eq(orderRefunds.status, 'pendiente'),
        inArray(orderRefunds.kind, ['cancelacion', 'admin']),
        sql`(${orderRefunds.nextAttemptAt} <= ${now} OR (${orderRefunds.nextAttemptAt} IS NULL AND ${orderRefunds.createdAt} <= ${staleBefore}))`,
      ),
    )
    .orderBy(asc(orderRefunds.createdAt))
    .limit(50);
}
