// The frame every e-mail of the catalogue (catalogue/) wears: the association's header, the
// footer with the way to reach it, the signature of the text body, the button and its written-out
// link. Every value from the database goes through escapeHtml.

import { formatDateLong } from '@store/shared/domain/time';
import type { OutgoingEmail } from './outbox';
import type { MailSettings } from './settings';

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function footer(settings: MailSettings): string {
  const help = settings.contactEmail
    ? `¿Tienes dudas? Responde a este correo o escribe a ${escapeHtml(settings.contactEmail)}.`
    : 'Este correo se envió automáticamente; no respondas a esta dirección.';
  return `${escapeHtml(settings.brandName)}<br>${help}`;
}

function layout(settings: MailSettings, title: string, body: string): string {
  const brand = settings.brand;
  return `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5;padding:24px 0">
<tr><td align="center">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:#b91c1c;color:#ffffff;padding:20px 24px;font-size:20px;font-weight:bold">${escapeHtml(brand)}</td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.6">${body}</td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#52525b;border-top:1px solid #e4e4e7">${footer(settings)}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

/**
 * One e-mail in the association's layout: the HTML body inside the branded frame, the text
 * body signed with the short and full name, and Reply-To when a contact address is set.
 */
export function brandedEmail(
  settings: MailSettings,
  mail: { to: string; subject: string; html: string; text: string },
): OutgoingEmail {
  return {
    to: mail.to,
    subject: mail.subject,
    html: layout(settings, mail.subject, mail.html),
    text: `${mail.text}\n\n${settings.brand}\n${settings.brandName}`,
    ...(settings.contactEmail ? { replyTo: settings.contactEmail } : {}),
  };
}

export function button(href: string, label: string): string {
  return `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="background:#b91c1c;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:bold;display:inline-block">${escapeHtml(label)}</a></p>`;
}

/** The button's link written out, for mail clients that do not show the button. */
export function linkFallback(href: string): string {
  return `<p>Si el botón no funciona, copia esta dirección en tu navegador:<br><a href="${escapeHtml(href)}" style="word-break:break-all">${escapeHtml(href)}</a></p>`;
}

/**
 * When money given back through a provider reaches the buyer (a refund through its API), or
 * that it was given back outside the store (`provider` null: recorded by the association).
 */
export function refundArrival(provider: string | null): string {
  return provider
    ? `${provider} lo abona al mismo medio con el que pagaste: al saldo de tu cuenta de inmediato y, si pagaste con tarjeta, normalmente en 3 a 5 días hábiles (según tu banco, hasta 30 días).`
    : 'La asociación te lo devolvió fuera de la tienda (por ejemplo, por transferencia o en efectivo).';
}

/** Days of one event as a list, 'Curso — Jueves 7 de enero (7 de enero de 2027)' each. */
export function eventDayList(
  productName: string,
  days: readonly { label: string; startsAt: Date }[],
): { html: string; text: string } {
  return dayList(days.map((d) => ({ productName, ...d })));
}

/** Days of any events as a list, 'Curso — Jueves 7 de enero (7 de enero de 2027)' each. */
export function dayList(days: readonly { productName: string; label: string; startsAt: Date }[]): {
  html: string;
  text: string;
} {
  const lines = days.map((d) => `${d.productName} — ${d.label} (${formatDateLong(d.startsAt)})`);
  return {
    html: `<ul style="padding-left:20px">${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`,
    text: lines.map((l) => `- ${l}`).join('\n'),
  };
}

/**
 * The set-password paragraph of an account the store made for someone (a transfer, a group
 * place): the text, and the link to /reset-password with its token.
 */
export function setPasswordInvite(
  settings: MailSettings,
  token: string,
  tokenDays: number,
): { text: string; link: string } {
  return {
    text: `Creamos una cuenta para ti con este correo. Elige tu contraseña con este enlace (vence en ${tokenDays} días y solo puede usarse una vez; después puedes pedir otro en "¿Olvidaste tu contraseña?"):`,
    link: `${settings.publicUrl}/reset-password?token=${encodeURIComponent(token)}`,
  };
}

/**
 * An e-mail to someone who now holds event days another member gave them (a transfer, a
 * group place): who gave what, what it gives them, and either the set-password link of the
 * account the store made for them or the way to Mis Productos.
 */
export function receivedDaysEmail(
  settings: MailSettings,
  data: {
    to: { name: string; email: string };
    subject: string;
    /** Who gave the days and how ("Ana (ana@…) te transfirió su lugar en:"). */
    intro: string;
    /** What the days give them now. */
    access: string;
    productName: string;
    days: readonly { label: string; startsAt: Date }[];
    setPasswordToken: string | null;
    tokenDays: number;
    /** The page of the event's registration questions, when they still have to answer them. */
    registrationUrl?: string | null;
  },
): OutgoingEmail {
  const ordersUrl = `${settings.publicUrl}/orders`;
  const list = eventDayList(data.productName, data.days);
  const invite = data.setPasswordToken
    ? setPasswordInvite(settings, data.setPasswordToken, data.tokenDays)
    : null;
  const registration = data.registrationUrl
    ? {
        text: 'Completa tu registro: responde las preguntas de registro del evento antes del primer día.',
        link: data.registrationUrl,
      }
    : null;
  return brandedEmail(settings, {
    to: data.to.email,
    subject: data.subject,
    html: `<p>Hola ${escapeHtml(data.to.name)}:</p>
<p>${escapeHtml(data.intro)}</p>
${list.html}
<p>${escapeHtml(data.access)}</p>
${registration ? `<p>${escapeHtml(registration.text)}</p>\n${button(registration.link, 'Completa tu registro')}\n` : ''}${invite ? `<p>${escapeHtml(invite.text)}</p>\n${button(invite.link, 'Elegir contraseña')}\n${linkFallback(invite.link)}` : button(ordersUrl, 'Ir a Mis Productos')}`,
    text: `Hola ${data.to.name}:

${data.intro}
${list.text}

${data.access}
${registration ? `\n${registration.text}\n${registration.link}\n` : ''}${invite ? `\n${invite.text}\n${invite.link}\n` : ''}
${ordersUrl}`,
  });
}
