// A visitor's message from the contact form, to the association (plain, no store frame), with
// Reply-To set to the visitor so that answering reaches them.

import { formatDateTime, MX_TIME_ZONE_LABEL } from '@store/shared/domain/time';
import type { ContactBody } from '@store/shared/schemas/contact';
import type { OutgoingEmail } from '../outbox';
import type { MailSettings } from '../settings';
import { escapeHtml } from '../layout';

export interface ContactMessageData {
  /** The association's address. */
  to: string;
  message: ContactBody;
  receivedAt: Date;
}

export function contactMessageEmail(settings: MailSettings, data: ContactMessageData): OutgoingEmail {
  const msg = data.message;
  const when = `${formatDateTime(data.receivedAt)} (${MX_TIME_ZONE_LABEL})`;
  const subject = `[${settings.brand}] Contacto: ${msg.topic} — ${msg.name}`;
  const rows: [string, string][] = [
    ['Nombre', msg.name],
    ['Correo', msg.email],
    ['Teléfono', msg.phone || 'No indicado'],
    ['Tema', msg.topic],
    ['Recibido', when],
  ];
  const html = `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#18181b;line-height:1.5">
<h1 style="font-size:18px">Nuevo mensaje desde el formulario de contacto</h1>
<table role="presentation" cellpadding="4" style="border-collapse:collapse">
${rows.map(([k, v]) => `<tr><th align="left" style="padding-right:12px">${k}</th><td>${escapeHtml(v)}</td></tr>`).join('\n')}
</table>
<h2 style="font-size:16px;margin-top:20px">Mensaje</h2>
<p style="white-space:pre-wrap">${escapeHtml(msg.message)}</p>
<p style="color:#52525b;font-size:12px">Responde a este correo para contestar directamente a ${escapeHtml(msg.name)}.</p>
</body></html>`;
  const text = `Nuevo mensaje desde el formulario de contacto

${rows.map(([k, v]) => `${k}: ${v}`).join('\n')}

Mensaje:
${msg.message}

Responde a este correo para contestar directamente a ${msg.name}.
`;
  return { to: data.to, subject, html, text, replyTo: msg.email };
}
