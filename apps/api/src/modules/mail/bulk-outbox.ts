// Many plain messages at once for jobs that write in several transactions (the member
// import): multi-row inserts, optionally held until the whole job has succeeded. Plain means
// the fields every message has; attachments and dedupe keys go through enqueueEmail.

import { inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { emailOutbox } from '../../db/schema';
import { withoutQueryParams } from '../../lib/db-errors';
import { OUTBOX_INSERT_FAILED, type OutgoingEmail } from './outbox';

type PlainEmail = Pick<OutgoingEmail, 'to' | 'subject' | 'html' | 'text' | 'replyTo'>;

/** Far enough ahead that the sender never picks a held message before it is released. */
const HELD_UNTIL = new Date('9999-01-01T00:00:00Z');

/**
 * Many messages in multi-row inserts. `held` messages wait (they are not due) until
 * releaseEmails(): a job writing in several transactions queues its e-mails as it goes and
 * sends none unless the whole job succeeds. Returns the new rows' ids, in order.
 */
export async function enqueueEmails(
  db: Queryable,
  msgs: readonly PlainEmail[],
  opts: { held?: boolean } = {},
): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < msgs.length; i += 200) {
    const rows = await db
      .insert(emailOutbox)
      .values(
        msgs.slice(i, i + 200).map((msg) => ({
          to: msg.to,
          subject: msg.subject,
          html: msg.html,
          text: msg.text,
          replyTo: msg.replyTo ?? null,
          ...(opts.held ? { nextAttemptAt: HELD_UNTIL } : {}),
        })),
      )
      .returning({ id: emailOutbox.id })
      .catch((err: unknown) => {
        throw withoutQueryParams(err, OUTBOX_INSERT_FAILED);
      });
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

/** Held messages become due now. */
export async function releaseEmails(db: Queryable, ids: readonly string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 1000) {
    await db
      .update(emailOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(inArray(emailOutbox.id, ids.slice(i, i + 1000)));
  }
}

/** Held messages of a job that failed are dropped. */
export async function dropEmails(db: Queryable, ids: readonly string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 1000) {
    await db.delete(emailOutbox).where(inArray(emailOutbox.id, ids.slice(i, i + 1000)));
  }
}
