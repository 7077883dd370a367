// What e-mails need from configuration: the public address for links (never the request's
// Host header) and the sender. Set once by buildApp from the parsed config; templates and
// the order-confirmation enqueue read it, so callers inside a transaction need no config.

export interface MailSettings {
  /** PUBLIC_URL without a trailing slash. */
  publicUrl: string;
  /** Short name the e-mails sign with. */
  brand: string;
  /** Reply-to address for customers' questions, when configured. */
  contactEmail?: string;
}

let current: MailSettings = { publicUrl: 'http://localhost:3000', brand: 'AMACC' };

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
