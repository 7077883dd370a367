// The offer of a freed seat to the next in line (docs/after-sale.md#waiting-list): the day, how
// long the offer lasts and the claim link (its token is only here; the database keeps its hash).

import { formatDateLong, formatDateTime, MX_TIME_ZONE_LABEL } from '@store/shared/domain/time';
import type { OutgoingEmail } from '../outbox';
import type { MailSettings } from '../settings';
import { brandedEmail, button, escapeHtml, linkFallback } from '../layout';

export interface WaitlistOfferData {
  to: string;
  name: string;
  productName: string;
  label: string;
  startsAt: Date;
  expiresAt: Date;
  /** The page that claims the offer, with its token. */
  claimUrl: string;
}

export function waitlistOfferEmail(settings: MailSettings, data: WaitlistOfferData): OutgoingEmail {
  const url = data.claimUrl;
  const what = `${data.productName} — ${data.label} (${formatDateLong(data.startsAt)})`;
  const until = `${formatDateTime(data.expiresAt)} (${MX_TIME_ZONE_LABEL})`;
  return brandedEmail(settings, {
    to: data.to,
    subject: `Se liberó un lugar: ${data.productName}`,
    html: `<p>Hola ${escapeHtml(data.name)}:</p>
<p>Se liberó un lugar en <strong>${escapeHtml(what)}</strong> y eres la siguiente persona de la lista de espera.</p>
<p>Te lo guardamos hasta el <strong>${escapeHtml(until)}</strong>. Para tomarlo, inicia sesión con tu cuenta, pulsa el botón y completa el pago antes de esa hora; después pasará a la siguiente persona de la lista.</p>
${button(url, 'Reclamar mi lugar')}
${linkFallback(url)}`,
    text: `Hola ${data.name}:

Se liberó un lugar en ${what} y eres la siguiente persona de la lista de espera.

Te lo guardamos hasta el ${until}. Para tomarlo, inicia sesión con tu cuenta, abre este enlace y completa el pago antes de esa hora; después pasará a la siguiente persona de la lista.

${url}`,
  });
}
