// E-mails of a transfer to a colleague (docs/after-sale.md → Transfers): the colleague's and
// the giver's confirmation (catalogue/transfer-*.ts). Enqueued in the transfer's transaction,
// so they go out if and only if it commits; the dedupe keys are the transfer's.

import type { Queryable } from '../../db/client';
import { transferReceivedEmail } from './catalogue/transfer-received';
import { transferSentEmail } from './catalogue/transfer-sent';
import { withGreetingNames } from './greeting';
import { enqueueEmail } from './outbox';
import type { MailSettings } from './settings';

export interface TransferMail {
  transferId: string;
  productName: string;
  days: { label: string; startsAt: Date }[];
  from: { name: string; email: string };
  to: { name: string; email: string };
  /** The giver's order (its reference appears in the giver's e-mail). */
  fromOrderId: string;
  /** A set-password token when the account was created for the colleague. */
  setPasswordToken: string | null;
  /** How many days the set-password link is valid. */
  tokenDays: number;
}

export async function enqueueTransferEmails(
  db: Queryable,
  settings: MailSettings,
  m: TransferMail,
): Promise<void> {
  // Both greeted (and named to each other) by the accented name they set for their constancias.
  const greet = await withGreetingNames(db, [m.from, m.to]);
  m = { ...m, from: greet(m.from.email, m.from), to: greet(m.to.email, m.to) };
  await enqueueEmail(db, {
    ...transferReceivedEmail(settings, m),
    dedupeKey: `transferencia:${m.transferId}:colega`,
  });
  await enqueueEmail(db, {
    ...transferSentEmail(settings, m),
    dedupeKey: `transferencia:${m.transferId}:origen`,
  });
}
