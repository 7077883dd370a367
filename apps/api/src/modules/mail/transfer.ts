// E-mails of a transfer to a colleague (docs/after-sale.md → Transfers): the colleague's
// (what they received, and a link to choose a password when the store made the account for
// them) and the giver's confirmation. Enqueued in the transfer's transaction, so they go out
// if and only if it commits; the dedupe keys are the transfer's.

import { orderReference } from '@store/shared/domain/order-reference';
import { formatDateLong } from '@store/shared/domain/time';
import type { Queryable } from '../../db/client';
import { enqueueEmail } from './outbox';
import { mailSettings } from './settings';
import { brandedEmail, button, escapeHtml, linkFallback } from './templates';

export interface TransferMail {
  transferId: string;
  productName: string;
  days: { label: string; startsAt: Date }[];
  from: { name: string; email: string };
  to: { name: string; email: string };
  /** The giver's order (its reference appears in the giver's e-mail). */
  fromOrderId: string;
  /** A set-password token when the account was created for the colleague. */
  setPasswordToken: string | null;
  /** How many days the set-password link is valid. */
  tokenDays: number;
}

const dayLines = (m: TransferMail) =>
  m.days.map((d) => `${m.productName} — ${d.label} (${formatDateLong(d.startsAt)})`);

export async function enqueueTransferEmails(db: Queryable, m: TransferMail): Promise<void> {
  const settings = mailSettings();
  const ordersUrl = `${settings.publicUrl}/orders`;
  const lines = dayLines(m);
  const list = `<ul style="padding-left:20px">${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`;

  const intro = `${m.from.name} (${m.from.email}) te transfirió su lugar en:`;
  const access =
    'El acceso a la transmisión, tu lugar y el nombre de la constancia ahora son tuyos. Entra a Mis Productos con tu cuenta para verlo.';
  const setLink = m.setPasswordToken
    ? `${settings.publicUrl}/reset-password?token=${encodeURIComponent(m.setPasswordToken)}`
    : null;
  const account = setLink
    ? `Creamos una cuenta para ti con este correo. Elige tu contraseña con este enlace (vence en ${m.tokenDays} días y solo puede usarse una vez; después puedes pedir otro en "¿Olvidaste tu contraseña?"):`
    : null;
  await enqueueEmail(db, {
    ...brandedEmail(settings, {
      to: m.to.email,
      subject: `${m.from.name} te transfirió un lugar: ${m.productName}`,
      html: `<p>Hola ${escapeHtml(m.to.name)}:</p>
<p>${escapeHtml(intro)}</p>
${list}
<p>${escapeHtml(access)}</p>
${setLink && account ? `<p>${escapeHtml(account)}</p>\n${button(setLink, 'Elegir contraseña')}\n${linkFallback(setLink)}` : button(ordersUrl, 'Ir a Mis Productos')}`,
      text: `Hola ${m.to.name}:

${intro}
${lines.map((l) => `- ${l}`).join('\n')}

${access}
${setLink && account ? `\n${account}\n${setLink}\n` : ''}
${ordersUrl}`,
    }),
    dedupeKey: `transferencia:${m.transferId}:colega`,
  });

  const ref = orderReference(m.fromOrderId);
  const done = `Transferimos a ${m.to.name} (${m.to.email}) lo siguiente de tu orden ${ref}:`;
  const after =
    'Tu acceso a estos días terminó; tu pago no cambia (no hay reembolso). Tu colega recibió un correo con su acceso.';
  await enqueueEmail(db, {
    ...brandedEmail(settings, {
      to: m.from.email,
      subject: `Transferencia de tu lugar (orden ${ref})`,
      html: `<p>Hola ${escapeHtml(m.from.name)}:</p>
<p>${escapeHtml(done)}</p>
${list}
<p>${escapeHtml(after)}</p>
${button(ordersUrl, 'Ir a Mis Productos')}`,
      text: `Hola ${m.from.name}:

${done}
${lines.map((l) => `- ${l}`).join('\n')}

${after}
${ordersUrl}`,
    }),
    dedupeKey: `transferencia:${m.transferId}:origen`,
  });
}
