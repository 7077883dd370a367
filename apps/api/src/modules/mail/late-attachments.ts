// Attachments made when a message is sent, not when it is queued (docs/on-sale.md): the order
// confirmation's receipt PDF and QR tickets cost tens of milliseconds of CPU each, too much to
// spend inside the payment's transaction at the minute a limited workshop opens. The message
// is queued in that transaction (sent if and only if the payment commits) naming what to
// attach; the sender makes the files then, from the order as it stands. The modules that own
// those files register how to make them (subscribers.ts); the mail module imports none.

import type { Queryable } from '../../db/client';
import type { EmailAttachment } from './outbox';

export type LateAttachments = (db: Queryable, key: string) => Promise<EmailAttachment[]>;

const makers = new Map<string, LateAttachments>();

/** How the files of messages of `kind` are made at send time. */
export function registerLateAttachments(kind: string, make: LateAttachments): void {
  makers.set(kind, make);
}

/** The files a queued message asked for; throws when nobody makes that kind (the send is retried). */
export async function makeLateAttachments(
  db: Queryable,
  spec: { kind: string; key: string },
): Promise<EmailAttachment[]> {
  const make = makers.get(spec.kind);
  if (!make) throw new Error(`no se sabe preparar los adjuntos «${spec.kind}»`);
  return make(db, spec.key);
}
