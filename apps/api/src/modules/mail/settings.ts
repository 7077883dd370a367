// What e-mails need from configuration: the public address for links (never the request's
// Host header), the reply-to address and the tickets' key. Built from the parsed config by
// mailSettingsFrom and passed explicitly: buildApp decorates the app with it (routes read
// app.mailSettings), installs the lifecycle's subscribers with it, and server.ts hands it to the
// background jobs. The brand comes from the shared facts (packages/shared/src/site.ts), as on
// every page.

import { site } from '@store/shared/site';
import type { Config } from '../../config';

export interface MailSettings {
  /** PUBLIC_URL without a trailing slash. */
  publicUrl: string;
  /** Short name the e-mails sign with (the shared site facts' short name). */
  brand: string;
  /** The association's full name, under the signature. */
  brandName: string;
  /** Reply-to address for customers' questions, when configured. */
  contactEmail?: string;
  /** Key of the in-person tickets attached to confirmations (lib/tickets.ts); none, no tickets. */
  ticketSecret?: string;
}

export function mailSettingsFrom(
  config: Pick<Config, 'PUBLIC_URL' | 'JWT_SECRET' | 'CONTACT_EMAIL'>,
): MailSettings {
  return {
    publicUrl: config.PUBLIC_URL.replace(/\/$/, ''),
    brand: site.shortName,
    brandName: site.name,
    ticketSecret: config.JWT_SECRET,
    ...(config.CONTACT_EMAIL ? { contactEmail: config.CONTACT_EMAIL } : {}),
  };
}
