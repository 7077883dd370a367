// To the person named for a place of a group order (docs/groups.md): what they got and, when the
// store made their account, the link to choose a password.

import type { OutgoingEmail } from '../outbox';
import type { MailSettings } from '../settings';
import { brandedEmail, button, escapeHtml, eventDayList, linkFallback, setPasswordInvite } from '../layout';

export interface PlaceAssignedData {
  to: { name: string; email: string };
  buyer: { name: string; email: string };
  productName: string;
  days: readonly { label: string; startsAt: Date }[];
  /** A set-password token when the account was created for the person. */
  setPasswordToken: string | null;
  tokenDays: number;
}

export function placeAssignedEmail(settings: MailSettings, data: PlaceAssignedData): OutgoingEmail {
  const ordersUrl = `${settings.publicUrl}/orders`;
  const list = eventDayList(data.productName, data.days);
  const intro = `${data.buyer.name} (${data.buyer.email}) te asignó un lugar en:`;
  const access =
    'Con tu cuenta verás el día en Mis Productos, la transmisión, tu boleto con código QR y, después de asistir, la constancia a tu nombre.';
  const invite = data.setPasswordToken
    ? setPasswordInvite(settings, data.setPasswordToken, data.tokenDays)
    : null;
  return brandedEmail(settings, {
    to: data.to.email,
    subject: `Tienes un lugar: ${data.productName}`,
    html: `<p>Hola ${escapeHtml(data.to.name)}:</p>
<p>${escapeHtml(intro)}</p>
${list.html}
<p>${escapeHtml(access)}</p>
${invite ? `<p>${escapeHtml(invite.text)}</p>\n${button(invite.link, 'Elegir contraseña')}\n${linkFallback(invite.link)}` : button(ordersUrl, 'Ir a Mis Productos')}`,
    text: `Hola ${data.to.name}:

${intro}
${list.text}

${access}
${invite ? `\n${invite.text}\n${invite.link}\n` : ''}
${ordersUrl}`,
  });
}
