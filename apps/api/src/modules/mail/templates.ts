// Spanish e-mail templates (HTML and plain text): password reset and order confirmation,
// and the shared frame other modules' e-mails use (brandedEmail, button, linkFallback).
// Every value from the database is HTML-escaped.

import { CURRENCY_LABEL } from '@store/shared/constants';
import { formatPrice } from '@store/shared/domain/money';
import { orderReference } from '@store/shared/domain/order-reference';
import { formatDateLong, formatTimeRange, MX_TIME_ZONE_LABEL } from '@store/shared/domain/time';
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

export interface PasswordResetData {
  to: string;
  name: string;
  token: string;
}

/** The reset link is PUBLIC_URL/reset-password?token=…, valid one hour, usable once. */
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

export interface ConfirmationDay {
  label: string;
  startsAt: Date | number;
  endsAt: Date | number;
}

export interface ConfirmationItem {
  name: string;
  days: ConfirmationDay[];
  isPresential: boolean;
}

/** 'Jueves 29 de mayo: 29 de mayo de 2025, 9:00–18:00' (Mexico City time). */
function dayLine(d: ConfirmationDay): string {
  return `${d.label}: ${formatDateLong(d.startsAt)}, ${formatTimeRange(d.startsAt, d.endsAt)}`;
}
const ZONE_NOTE = `Los horarios están en ${MX_TIME_ZONE_LABEL}.`;

export interface OrderConfirmationData {
  to: string;
  name: string;
  orderId: string;
  /** Pesos. */
  amount: number;
  items: ConfirmationItem[];
  /** In-person tickets attached (one QR per day). */
  tickets?: number;
}

/** What was bought, which days, and how to watch (My products at /orders). */
export function orderConfirmationEmail(settings: MailSettings, data: OrderConfirmationData): OutgoingEmail {
  const ordersUrl = `${settings.publicUrl}/orders`;
  const ref = orderReference(data.orderId);
  const subject = `Confirmación de tu compra (orden ${ref})`;
  const total = data.amount === 0 ? 'GRATIS' : formatPrice(data.amount, CURRENCY_LABEL);
  const hasStreams = data.items.some((i) => !i.isPresential);
  const hasPresential = data.items.some((i) => i.isPresential);

  const htmlItems = data.items
    .map(
      (i) =>
        `<li style="margin-bottom:8px"><strong>${escapeHtml(i.name)}</strong><br>${i.days.map((d) => escapeHtml(dayLine(d))).join('<br>')}<br><span style="color:#52525b">${i.isPresential ? 'Evento presencial' : 'Transmisión en vivo'}</span></li>`,
    )
    .join('\n');
  const textItems = data.items
    .map(
      (i) =>
        `- ${i.name}\n${i.days.map((d) => `  ${dayLine(d)}`).join('\n')}\n  ${i.isPresential ? 'Evento presencial' : 'Transmisión en vivo'}`,
    )
    .join('\n');
  const howToWatch = hasStreams
    ? 'Para ver las transmisiones, inicia sesión con tu cuenta, entra a «Mis Productos» y pulsa «Ver transmisión» en el evento; ahí verás el video de cada día que compraste.'
    : '';
  const presential = hasPresential
    ? `Para los eventos presenciales, preséntate en la sede el día del evento con una identificación; tu lugar está reservado a tu nombre.${
        data.tickets
          ? ' Adjuntamos tu boleto con código QR de cada día: muéstralo en la entrada (también está en «Mis Productos»).'
          : ''
      }`
    : '';

  return brandedEmail(settings, {
    to: data.to,
    subject,
    html: `<p>Hola ${escapeHtml(data.name)}:</p>
<p>¡Gracias por tu compra! Tu orden <strong>${escapeHtml(ref)}</strong> está confirmada.</p>
<ul style="padding-left:20px">${htmlItems}</ul>
<p style="color:#52525b;font-size:13px">${escapeHtml(ZONE_NOTE)}</p>
<p><strong>Total:</strong> ${escapeHtml(total)}</p>
${howToWatch ? `<p>${escapeHtml(howToWatch)}</p>${button(ordersUrl, 'Ir a Mis Productos')}` : ''}
${presential ? `<p>${escapeHtml(presential)}</p>` : ''}
<p>Guarda este correo como comprobante.</p>`,
    text: `Hola ${data.name}:

¡Gracias por tu compra! Tu orden ${ref} está confirmada.

${textItems}
${ZONE_NOTE}

Total: ${total}
${howToWatch ? `\n${howToWatch}\n${ordersUrl}\n` : ''}${presential ? `\n${presential}\n` : ''}
Guarda este correo como comprobante.`,
  });
}
