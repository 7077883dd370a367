// The password reset: a link to PUBLIC_URL/reset-password?token=…, valid one hour, usable once.

import type { OutgoingEmail } from '../outbox';
import type { MailSettings } from '../settings';
import { brandedEmail, button, escapeHtml, linkFallback } from '../layout';

export interface PasswordResetData {
  to: string;
  name: string;
  token: string;
}

export function passwordResetEmail(settings: MailSettings, data: PasswordResetData): OutgoingEmail {
  const link = `${settings.publicUrl}/reset-password?token=${encodeURIComponent(data.token)}`;
  const subject = 'Restablece tu contraseña';
  const intro =
    'Recibimos una solicitud para restablecer la contraseña de tu cuenta. Para elegir una nueva, abre este enlace:';
  const rules =
    'El enlace vence en 1 hora y solo puede usarse una vez. Si no solicitaste el cambio, ignora este correo: tu contraseña seguirá siendo la misma.';
  return brandedEmail(settings, {
    to: data.to,
    subject,
    html: `<p>Hola ${escapeHtml(data.name)}:</p>
<p>${intro}</p>
${button(link, 'Restablecer contraseña')}
${linkFallback(link)}
<p>${rules}</p>`,
    text: `Hola ${data.name}:

${intro}

${link}

${rules}`,
  });
}
