// Every query of the mail module besides the enqueue (outbox.ts): claiming due messages and
// recording the outcome.

import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { emailOutbox } from '../../db/schema';

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
