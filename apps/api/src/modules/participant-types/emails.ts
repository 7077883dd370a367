// The e-mails of a decision on a participant-type request: approved (the member's price
// changes from now on) or rejected (with the admin's reason). Enqueued in the decision's
// transaction, so each goes out if and only if the decision commits.

import { USER_TYPE_LABELS, type UserType } from '@store/shared/constants';
import type { Queryable } from '../../db/client';
import { enqueueEmail } from '../mail/outbox';
import { mailSettings } from '../mail/settings';
import { brandedEmail, button, escapeHtml } from '../mail/templates';

export interface DecisionMail {
  requestId: string;
  to: string;
  name: string;
  requestedType: UserType;
  /** null = approved. */
  rejectionReason: string | null;
}

export async function enqueueDecisionEmail(db: Queryable, data: DecisionMail): Promise<void> {
  const settings = mailSettings();
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
  await enqueueEmail(db, {
    ...brandedEmail(settings, {
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
    }),
    dedupeKey: `participant-type:${data.requestId}:${approved ? 'aprobada' : 'rechazada'}`,
  });
}
