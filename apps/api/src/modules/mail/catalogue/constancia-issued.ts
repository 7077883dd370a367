// The constancia of an event, sent with its PDF attached (docs/attendance.md): its folio and
// where anyone can check it.

import type { OutgoingEmail } from '../outbox';
import type { MailSettings } from '../settings';
import { brandedEmail, button, escapeHtml } from '../layout';

export interface ConstanciaIssuedData {
  to: string;
  /** The name printed on the constancia. */
  name: string;
  eventName: string;
  folio: string;
  /** The public page that verifies the folio. */
  verifyUrl: string;
}

export function constanciaIssuedEmail(settings: MailSettings, data: ConstanciaIssuedData): OutgoingEmail {
  const ordersUrl = `${settings.publicUrl}/orders`;
  return brandedEmail(settings, {
    to: data.to,
    subject: `Tu constancia de ${data.eventName}`,
    html: `<p>Hola ${escapeHtml(data.name)}:</p>
<p>Te enviamos adjunta tu constancia de <strong>${escapeHtml(data.eventName)}</strong> (folio <strong>${escapeHtml(data.folio)}</strong>).</p>
<p>Cualquier persona puede comprobar que es auténtica con el código QR impreso o en ${escapeHtml(data.verifyUrl)}.</p>
<p>También puedes descargarla cuando quieras desde «Mis Productos».</p>
${button(ordersUrl, 'Ir a Mis Productos')}`,
    text: `Hola ${data.name}:

Te enviamos adjunta tu constancia de ${data.eventName} (folio ${data.folio}).
Cualquier persona puede comprobar que es auténtica con el código QR impreso o en ${data.verifyUrl}.
También puedes descargarla cuando quieras desde «Mis Productos»: ${ordersUrl}`,
  });
}
