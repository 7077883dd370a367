// To the colleague who receives a transfer (docs/after-sale.md → Transfers): what they
// received and, when the store made their account, the link to choose a password.

import type { OutgoingEmail } from '../outbox';
import type { MailSettings } from '../settings';
import { brandedEmail, button, escapeHtml, eventDayList, linkFallback, setPasswordInvite } from '../layout';

export interface TransferReceivedData {
  from: { name: string; email: string };
  to: { name: string; email: string };
  productName: string;
  days: readonly { label: string; startsAt: Date }[];
  /** A set-password token when the account was created for the colleague. */
  setPasswordToken: string | null;
  tokenDays: number;
}

export function transferReceivedEmail(settings: MailSettings, data: TransferReceivedData): OutgoingEmail {
  const ordersUrl = `${settings.publicUrl}/orders`;
  const list = eventDayList(data.productName, data.days);
  const intro = `${data.from.name} (${data.from.email}) te transfirió su lugar en:`;
  const access =
    'El acceso a la transmisión, tu lugar y el nombre de la constancia ahora son tuyos. Entra a Mis Productos con tu cuenta para verlo.';
  const invite = data.setPasswordToken
    ? setPasswordInvite(settings, data.setPasswordToken, data.tokenDays)
    : null;
  return brandedEmail(settings, {
    to: data.to.email,
    subject: `${data.from.name} te transfirió un lugar: ${data.productName}`,
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
