// The e-mail offering a freed seat to the next in line: the day, how long the offer lasts
// and the claim link (its token is only here; the database keeps its hash). Enqueued in the
// offer's transaction; the dedupe key (the entry) sends it once.

import { formatDateLong, formatDateTime, MX_TIME_ZONE_LABEL } from '@store/shared/domain/time';
import type { Queryable } from '../../db/client';
import { enqueueEmail } from '../mail/outbox';
import { mailSettings } from '../mail/settings';
import { brandedEmail, button, escapeHtml, linkFallback } from '../mail/templates';

export interface WaitlistOfferMail {
  entryId: string;
  to: string;
  name: string;
  productName: string;
  label: string;
  startsAt: Date;
  expiresAt: Date;
  token: string;
}

export function waitlistClaimUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/lista-de-espera/reclamar?token=${encodeURIComponent(token)}`;
}

export async function enqueueWaitlistOffer(db: Queryable, data: WaitlistOfferMail): Promise<void> {
  const settings = mailSettings();
  const url = waitlistClaimUrl(settings.publicUrl, data.token);
  const what = `${data.productName} — ${data.label} (${formatDateLong(data.startsAt)})`;
  const until = `${formatDateTime(data.expiresAt)} (${MX_TIME_ZONE_LABEL})`;
  await enqueueEmail(db, {
    ...brandedEmail(settings, {
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
    }),
    dedupeKey: `lista-espera:oferta:${data.entryId}`,
  });
}
