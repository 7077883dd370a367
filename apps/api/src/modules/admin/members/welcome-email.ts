// The e-mail an imported member receives: their account exists, and a link (valid 7 days,
// usable once) to choose their password on /reset-password, the first-login flow of SPEC §4.

import { ADMIN_MSG } from '@store/shared/admin-messages';
import type { OutgoingEmail } from '../../mail/outbox';
import type { MailSettings } from '../../mail/settings';
import { escapeHtml } from '../../mail/templates';

export const WELCOME_LINK_DAYS = 7;

export function welcomeEmail(
  settings: MailSettings,
  data: { to: string; name: string; token: string },
): OutgoingEmail {
  const link = `${settings.publicUrl}/reset-password?token=${encodeURIComponent(data.token)}`;
  const loginUrl = `${settings.publicUrl}/login`;
  const subject = ADMIN_MSG.importWelcomeSubject;
  const intro = `${settings.brand} creó una cuenta a tu nombre en su tienda en línea, con este correo (${data.to}). Con ella puedes comprar eventos y ver las transmisiones.`;
  const how = `Para entrar por primera vez, define tu contraseña en este enlace. Vence en ${WELCOME_LINK_DAYS} días y solo puede usarse una vez:`;
  const after = `Después inicia sesión en ${loginUrl}. Si el enlace venció, entra a ${loginUrl}, elige «¿Olvidaste tu contraseña?» y escribe este correo: recibirás un enlace nuevo.`;
  const html = `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#18181b;line-height:1.6;max-width:600px;margin:0 auto;padding:24px">
<p>Hola ${escapeHtml(data.name)}:</p>
<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(how)}</p>
<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:#b91c1c;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:bold;display:inline-block">Definir mi contraseña</a></p>
<p>Si el botón no funciona, copia esta dirección en tu navegador:<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p>${escapeHtml(after)}</p>
<p>${escapeHtml(settings.brand)}</p>
</body></html>`;
  const text = `Hola ${data.name}:

${intro}

${how}

${link}

${after}

${settings.brand}`;
  return {
    to: data.to,
    subject,
    html,
    text,
    ...(settings.contactEmail ? { replyTo: settings.contactEmail } : {}),
  };
}
