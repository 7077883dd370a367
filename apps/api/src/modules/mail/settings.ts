// What e-mails need from configuration: the public address for links (never the request's
// Host header) and the reply-to address. Set once by buildApp from the parsed config; templates
// and the order-confirmation enqueue read it, so callers inside a transaction need no config.
// The brand comes from the shared facts (packages/shared/src/site.ts), as on every page.

import { site } from '@store/shared/site';

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

let current: MailSettings = {
  publicUrl: 'http://localhost:3000',
  brand: site.shortName,
  brandName: site.name,
};

export function configureMail(settings: Partial<MailSettings>): void {
  current = {
    ...current,
    ...settings,
    publicUrl: (settings.publicUrl ?? current.publicUrl).replace(/\/$/, ''),
  };
}

export function mailSettings(): MailSettings {
  return current;
}
