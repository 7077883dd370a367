// To a member the back office imported: their account exists, and a link (valid
// WELCOME_LINK_DAYS days, usable once) to choose their password on /reset-password, the first
// login of docs/product.md → First login.

import { ADMIN_MSG } from '@store/shared/admin-messages';
import type { OutgoingEmail } from '../outbox';
import type { MailSettings } from '../settings';
import { brandedEmail, button, escapeHtml, linkFallback } from '../layout';

export const WELCOME_LINK_DAYS = 7;

export interface MemberWelcomeData {
  to: string;
  name: string;
  token: string;
}

export function memberWelcomeEmail(settings: MailSettings, data: MemberWelcomeData): OutgoingEmail {
  const link = `${settings.publicUrl}/reset-password?token=${encodeURIComponent(data.token)}`;
  const loginUrl = `${settings.publicUrl}/login`;
  const intro = `${settings.brand} creó una cuenta a tu nombre en su tienda en línea, con este correo (${data.to}). Con ella puedes comprar eventos y ver las transmisiones.`;
  const how = `Para entrar por primera vez, define tu contraseña en este enlace. Vence en ${WELCOME_LINK_DAYS} días y solo puede usarse una vez:`;
  const after = `Después inicia sesión en ${loginUrl}. Si el enlace venció, entra a ${loginUrl}, elige «¿Olvidaste tu contraseña?» y escribe este correo: recibirás un enlace nuevo.`;
  return brandedEmail(settings, {
    to: data.to,
    subject: ADMIN_MSG.importWelcomeSubject,
    html: `<p>Hola ${escapeHtml(data.name)}:</p>
<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(how)}</p>
${button(link, 'Definir mi contraseña')}
${linkFallback(link)}
<p>${escapeHtml(after)}</p>`,
    text: `Hola ${data.name}:

${intro}

${how}

${link}

${after}`,
  });
}
