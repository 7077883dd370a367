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

/** The body kept once a message has left: its one-time links' tokens replaced (redact.ts). */
export interface RedactedBody {
  html: string;
  text: string;
}

export async function markSent(db: Queryable, id: string, now: Date, body: RedactedBody): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ status: 'sent', sentAt: now, lastError: null, html: body.html, text: body.text })
    .where(eq(emailOutbox.id, id));
}

/**
 * A failed delivery: retried at `nextAttemptAt`, or, when null, given up (status failed,
 * and `body` keeps it without its one-time links, like a sent one).
 */
export async function markFailedAttempt(
  db: Queryable,
  id: string,
  error: string,
  nextAttemptAt: Date | null,
  body: RedactedBody,
): Promise<void> {
  await db
    .update(emailOutbox)
    .set(
      nextAttemptAt
        ? { lastError: error.slice(0, 1000), nextAttemptAt }
        : { lastError: error.slice(0, 1000), status: 'failed', html: body.html, text: body.text },
    )
    .where(eq(emailOutbox.id, id));
}
