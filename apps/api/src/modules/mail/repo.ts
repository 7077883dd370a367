// Every query of the mail module besides the enqueue (outbox.ts): claiming due messages,
// recording the outcome, and reading an order for its confirmation.

import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { emailOutbox, orderDays, orders, productDays, users } from '../../db/schema';

export type OutboxRow = typeof emailOutbox.$inferSelect;

/**
 * Claims up to `limit` due messages: bumps their attempt count and pushes next_attempt_at
 * past a lease, in one statement with SKIP LOCKED, so two replicas never send the same
 * message and a sender that dies mid-send leaves it to be retried after the lease.
 */
export async function claimDueMessages(
  db: Queryable,
  /** Absent = the database clock (rows are stamped with it, to the microsecond). */
  now: Date | undefined,
  leaseMs: number,
  limit: number,
): Promise<OutboxRow[]> {
  const current = now ?? sql`now()`;
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, current)))
    .orderBy(asc(emailOutbox.nextAttemptAt), asc(emailOutbox.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(emailOutbox)
    .set({
      attempts: sql`${emailOutbox.attempts} + 1`,
      nextAttemptAt: now
        ? new Date(now.getTime() + leaseMs)
        : sql`now() + ${leaseMs} * interval '1 millisecond'`,
    })
    .where(inArray(emailOutbox.id, due))
    .returning();
}

export async function markSent(db: Queryable, id: string, now: Date): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ status: 'sent', sentAt: now, lastError: null })
    .where(eq(emailOutbox.id, id));
}

export async function markFailedAttempt(
  db: Queryable,
  id: string,
  error: string,
  nextAttemptAt: Date | null,
): Promise<void> {
  await db
    .update(emailOutbox)
    .set(
      nextAttemptAt
        ? { lastError: error.slice(0, 1000), nextAttemptAt }
        : { lastError: error.slice(0, 1000), status: 'failed' },
    )
    .where(eq(emailOutbox.id, id));
}

/** The order with its buyer's name and account e-mail, for the confirmation. */
export async function findOrderForConfirmation(db: Queryable, orderId: string) {
  const [row] = await db
    .select({ order: orders, email: users.email, name: users.name })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  return row ?? null;
}

/** When each day of an order happens (current label and instants of the day option). */
export async function findOrderDaySchedule(db: Queryable, orderId: string) {
  return db
    .select({
      productId: orderDays.productId,
      label: productDays.label,
      startsAt: productDays.startsAt,
      endsAt: productDays.endsAt,
    })
    .from(orderDays)
    .innerJoin(productDays, eq(productDays.id, orderDays.productDayId))
    .where(eq(orderDays.orderId, orderId))
    .orderBy(asc(productDays.startsAt), asc(productDays.position));
}
