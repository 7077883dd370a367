// The e-mail outbox: messages are written in the same transaction as what causes them;
// a background loop (modules/mail/sender.ts) delivers them.

import type { Queryable } from '../../db/client';
import { emailOutbox } from '../../db/schema';

export interface OutgoingEmail {
  to: string;
  subject: string;
  html: string;
  text: string;
  replyTo?: string;
}

export async function enqueueEmail(db: Queryable, msg: OutgoingEmail): Promise<void> {
  await db.insert(emailOutbox).values({
    to: msg.to,
    subject: msg.subject,
    html: msg.html,
    text: msg.text,
    replyTo: msg.replyTo ?? null,
  });
}
