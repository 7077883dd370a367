// The reminder to answer an event's registration questions (docs/questions.md): once per person
// and event, two days before their first day, while a required answer is missing.

import { formatDateLong } from '@store/shared/domain/time';
import type { OutgoingEmail } from '../outbox';
import type { MailSettings } from '../settings';
import { brandedEmail, button, escapeHtml, linkFallback } from '../layout';

export interface RegistrationReminderData {
  to: string;
  name: string;
  productId: string;
  productName: string;
  /** When the person's first day of the event starts. */
  startsAt: Date;
}

/** The page where a person answers an event's registration questions. */
export const registrationUrl = (settings: MailSettings, productId: string) =>
  `${settings.publicUrl}/registro/${productId}`;

export function registrationReminderEmail(
  settings: MailSettings,
  data: RegistrationReminderData,
): OutgoingEmail {
  const url = registrationUrl(settings, data.productId);
  const when = formatDateLong(data.startsAt);
  return brandedEmail(settings, {
    to: data.to,
    subject: `Completa tu registro: ${data.productName}`,
    html: `<p>Hola ${escapeHtml(data.name)}:</p>
<p><strong>${escapeHtml(data.productName)}</strong> empieza el ${escapeHtml(when)} y aún faltan tus respuestas a las preguntas de registro del evento.</p>
<p>Contéstalas antes de que empiece; solo toma un minuto.</p>
${button(url, 'Completa tu registro')}
${linkFallback(url)}`,
    text: `Hola ${data.name}:

${data.productName} empieza el ${when} y aún faltan tus respuestas a las preguntas de registro del evento.

Contéstalas antes de que empiece; solo toma un minuto:
${url}`,
  });
}
