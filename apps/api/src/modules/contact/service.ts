// The contact form's rule: a visitor's message becomes an e-mail to the association, written
// to the outbox (delivered by the sender loop), with Reply-To set to the visitor.

import type { ContactBody } from '@store/shared/schemas/contact';
import { MSG } from '@store/shared/messages';
import { formatDateTime, MX_TIME_ZONE_LABEL } from '@store/shared/domain/time';
import type { Config } from '../../config';
import type { Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';
import { enqueueEmail, type OutgoingEmail } from '../mail/outbox';
import { mailSettings } from '../mail/settings';
import { escapeHtml } from '../mail/templates';
import { findFirstAdminEmail } from './repo';

/** CONTACT_EMAIL, else ADMIN_EMAIL, else the first administrator in the database. */
async function recipient(db: Queryable, config: Config): Promise<string> {
  const to = config.CONTACT_EMAIL ?? config.ADMIN_EMAIL ?? (await findFirstAdminEmail(db));
  if (!to) throw new AppError('unavailable', MSG.contactUnavailable);
  return to;
}

export function contactEmail(to: string, brand: string, msg: ContactBody, receivedAt: Date): OutgoingEmail {
  const when = `${formatDateTime(receivedAt)} (${MX_TIME_ZONE_LABEL})`;
  const subject = `[${brand}] Contacto: ${msg.topic} — ${msg.name}`;
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
  return { to, subject, html, text, replyTo: msg.email };
}

export async function sendContactMessage(db: Queryable, config: Config, msg: ContactBody): Promise<void> {
  const to = await recipient(db, config);
  await enqueueEmail(db, contactEmail(to, mailSettings().brand, msg, new Date()));
}
