// The decision on a participant-type request: approved (the member's price changes from now on)
// or rejected (with the admin's reason).

import { USER_TYPE_LABELS, type UserType } from '@store/shared/constants';
import type { OutgoingEmail } from '../outbox';
import type { MailSettings } from '../settings';
import { brandedEmail, button, escapeHtml } from '../layout';

export interface ParticipantTypeDecisionData {
  to: string;
  name: string;
  requestedType: UserType;
  /** null = approved. */
  rejectionReason: string | null;
}

export function participantTypeDecisionEmail(
  settings: MailSettings,
  data: ParticipantTypeDecisionData,
): OutgoingEmail {
  const accountUrl = `${settings.publicUrl}/account#tipo-de-participante`;
  const type = USER_TYPE_LABELS[data.requestedType].toLowerCase();
  const approved = data.rejectionReason === null;
  const subject = approved
    ? 'Aprobamos tu tipo de participante'
    : 'Tu solicitud de tipo de participante no fue aprobada';
  const lead = approved
    ? `Revisamos tu comprobante y verificamos tu tipo de participante: ${type}. Desde ahora, al inscribirte pagas la cuota que le corresponde.`
    : `Revisamos tu comprobante y no pudimos verificar tu tipo de participante (${type}).`;
  const reasonText = approved ? '' : `Motivo: ${data.rejectionReason}`;
  const next = approved
    ? 'Las compras que ya hiciste conservan el precio que pagaste.'
    : 'Mientras tanto pagas la cuota general. Puedes enviar una nueva solicitud con otro comprobante desde tu cuenta.';
  return brandedEmail(settings, {
    to: data.to,
    subject,
    html: `<p>Hola ${escapeHtml(data.name)}:</p>
<p>${escapeHtml(lead)}</p>
${reasonText ? `<p><strong>${escapeHtml(reasonText)}</strong></p>` : ''}
<p>${escapeHtml(next)}</p>
${button(accountUrl, 'Ir a mi cuenta')}`,
    text: `Hola ${data.name}:

${lead}
${reasonText ? `\n${reasonText}\n` : ''}
${next}
${accountUrl}`,
  });
}
