// A member's constancia was revoked (docs/attendance.md → Revocation): why, what its folio's
// page now says, and whether a new one follows.

import type { OutgoingEmail } from '../outbox';
import type { MailSettings } from '../settings';
import { brandedEmail, button, escapeHtml } from '../layout';

export interface ConstanciaRevokedData {
  to: string;
  /** The name printed on the constancia. */
  name: string;
  eventName: string;
  folio: string;
  reason: 'reembolso' | 'cancelacion' | 'asistencia' | 'manual';
  /** The staff's words (a correction or a revocation by hand). */
  note: string | null;
  verifyUrl: string;
}

const WHY: Record<ConstanciaRevokedData['reason'], string> = {
  reembolso: 'se reembolsó un día que la constancia acreditaba',
  cancelacion: 'se canceló un día que la constancia acreditaba',
  asistencia: 'el personal de la asociación corrigió tu asistencia',
  manual: 'el personal de la asociación la revocó',
};

export function constanciaRevokedEmail(settings: MailSettings, data: ConstanciaRevokedData): OutgoingEmail {
  const ordersUrl = `${settings.publicUrl}/orders`;
  const why = `${WHY[data.reason]}${data.note ? ` (${data.note})` : ''}`;
  const next =
    data.reason === 'manual'
      ? 'Si tienes dudas, responde a este correo.'
      : 'Si con los días que quedan aún cumples los requisitos, recibirás en unos minutos una nueva constancia con otro folio.';
  return brandedEmail(settings, {
    to: data.to,
    subject: `Tu constancia de ${data.eventName} fue revocada`,
    html: `<p>Hola ${escapeHtml(data.name)}:</p>
<p>Tu constancia de <strong>${escapeHtml(data.eventName)}</strong> (folio <strong>${escapeHtml(data.folio)}</strong>) fue revocada porque ${escapeHtml(why)}.</p>
<p>Desde ahora su página de verificación dice que está revocada: ${escapeHtml(data.verifyUrl)}</p>
<p>${escapeHtml(next)}</p>
${button(ordersUrl, 'Ir a Mis Productos')}`,
    text: `Hola ${data.name}:

Tu constancia de ${data.eventName} (folio ${data.folio}) fue revocada porque ${why}.
Desde ahora su página de verificación dice que está revocada: ${data.verifyUrl}
${next}
Mis Productos: ${ordersUrl}`,
  });
}
