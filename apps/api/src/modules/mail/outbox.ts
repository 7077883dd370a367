// The e-mail outbox: messages are written in the same transaction as what causes them;
// a background loop (modules/mail/sender.ts) delivers them.

import type { Queryable } from '../../db/client';
import { withoutQueryParams } from '../../lib/db-errors';
import { emailOutbox } from '../../db/schema';

export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface OutgoingEmail {
  to: string;
  subject: string;
  html: string;
  text: string;
  replyTo?: string;
  attachments?: readonly EmailAttachment[];
  /** A message with a key already queued (sent or not) is not queued again. */
  dedupeKey?: string;
  /** Files made when it is sent, not now (late-attachments.ts). */
  attachLater?: { kind: string; key: string };
}

/** What a failed outbox insert is reported as: never the query, whose parameters hold the links. */
export const OUTBOX_INSERT_FAILED = 'no se pudo poner un correo en la cola';

/** Queues a message; false when its dedupeKey was already used (nothing queued). */
export async function enqueueEmail(db: Queryable, msg: OutgoingEmail): Promise<boolean> {
  return (await enqueueEmails(db, [msg])) === 1;
}

/**
 * Queues several messages in one statement (a team's list: one e-mail per person); answers how
 * many were queued (a dedupeKey already used queues nothing).
 */
export async function enqueueEmails(db: Queryable, msgs: readonly OutgoingEmail[]): Promise<number> {
  if (msgs.length === 0) return 0;
  const rows = await db
    .insert(emailOutbox)
    .values(
      msgs.map((msg) => ({
        to: msg.to,
        subject: msg.subject,
        html: msg.html,
        text: msg.text,
        replyTo: msg.replyTo ?? null,
        attachments: (msg.attachments ?? []).map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          contentBase64: a.content.toString('base64'),
        })),
        dedupeKey: msg.dedupeKey ?? null,
        attachLater: msg.attachLater ?? null,
      })),
    )
    .onConflictDoNothing({ target: emailOutbox.dedupeKey })
    .returning({ id: emailOutbox.id })
    .catch((err: unknown) => {
      throw withoutQueryParams(err, OUTBOX_INSERT_FAILED);
    });
  return rows.length;
}
