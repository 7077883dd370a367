// The contact form's rule: a visitor's message becomes an e-mail to the association, written
// to the outbox (mail/catalogue/contact-message.ts, delivered by the `mail.sender` job).

import type { ContactBody } from '@store/shared/schemas/contact';
import { MSG } from '@store/shared/messages';
import type { Config } from '../../config';
import type { Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';
import { contactMessageEmail } from '../mail/catalogue/contact-message';
import { enqueueEmail } from '../mail/outbox';
import type { MailSettings } from '../mail/settings';
import { findFirstAdminEmail } from './repo';

/** CONTACT_EMAIL, else ADMIN_EMAIL, else the first administrator in the database. */
async function recipient(db: Queryable, config: Config): Promise<string> {
  const to = config.CONTACT_EMAIL ?? config.ADMIN_EMAIL ?? (await findFirstAdminEmail(db));
  if (!to) throw new AppError('unavailable', MSG.contactUnavailable);
  return to;
}

export async function sendContactMessage(
  db: Queryable,
  config: Config,
  mail: MailSettings,
  msg: ContactBody,
): Promise<void> {
  const to = await recipient(db, config);
  await enqueueEmail(db, contactMessageEmail(mail, { to, message: msg, receivedAt: new Date() }));
}
