// E-mails of a group order's place (docs/groups.md): to the person named for it (what they
// got, and a link to choose a password when the store made the account), to the buyer (the
// confirmation of the change) and, on a reassignment, to the person who held it before.
// Enqueued in the assignment's transaction, so they go out if and only if it commits.

import { orderReference } from '@store/shared/domain/order-reference';
import { formatDateLong } from '@store/shared/domain/time';
import type { Queryable } from '../../db/client';
import { enqueueEmail } from './outbox';
import { mailSettings } from './settings';
import { brandedEmail, button, escapeHtml, linkFallback } from './templates';

export interface PlaceMail {
  orderId: string;
  rowId: string;
  productName: string;
  days: { label: string; startsAt: Date }[];
  buyer: { name: string; email: string };
  to: { name: string; email: string };
  previous: { name: string; email: string } | null;
  setPasswordToken: string | null;
  tokenDays: number;
  at: Date;
}

export async function enqueuePlaceEmails(db: Queryable, m: PlaceMail): Promise<void> {
  const settings = mailSettings();
  const ordersUrl = `${settings.publicUrl}/orders`;
  const lines = m.days.map((d) => `${m.productName} — ${d.label} (${formatDateLong(d.startsAt)})`);
  const list = `<ul style="padding-left:20px">${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`;
  const text = lines.map((l) => `- ${l}`).join('\n');
  const key = `lugar:${m.rowId}:${m.at.getTime()}`;

  const intro = `${m.buyer.name} (${m.buyer.email}) te asignó un lugar en:`;
  const access =
    'Con tu cuenta verás el día en Mis Productos, la transmisión, tu boleto con código QR y, después de asistir, la constancia a tu nombre.';
  const setLink = m.setPasswordToken
    ? `${settings.publicUrl}/reset-password?token=${encodeURIComponent(m.setPasswordToken)}`
    : null;
  const account = setLink
    ? `Creamos una cuenta para ti con este correo. Elige tu contraseña con este enlace (vence en ${m.tokenDays} días y solo puede usarse una vez; después puedes pedir otro en "¿Olvidaste tu contraseña?"):`
    : null;
  await enqueueEmail(db, {
    ...brandedEmail(settings, {
      to: m.to.email,
      subject: `Tienes un lugar: ${m.productName}`,
      html: `<p>Hola ${escapeHtml(m.to.name)}:</p>
<p>${escapeHtml(intro)}</p>
${list}
<p>${escapeHtml(access)}</p>
${setLink && account ? `<p>${escapeHtml(account)}</p>\n${button(setLink, 'Elegir contraseña')}\n${linkFallback(setLink)}` : button(ordersUrl, 'Ir a Mis Productos')}`,
      text: `Hola ${m.to.name}:

${intro}
${text}

${access}
${setLink && account ? `\n${account}\n${setLink}\n` : ''}
${ordersUrl}`,
    }),
    dedupeKey: `${key}:persona`,
  });

  const ref = orderReference(m.orderId);
  const done = m.previous
    ? `Reasignaste a ${m.to.name} (${m.to.email}) el lugar que tenía ${m.previous.name} (${m.previous.email}) en tu orden ${ref}:`
    : `Asignaste a ${m.to.name} (${m.to.email}) un lugar de tu orden ${ref}:`;
  await enqueueEmail(db, {
    ...brandedEmail(settings, {
      to: m.buyer.email,
      subject: `${m.previous ? 'Lugar reasignado' : 'Lugar asignado'} (orden ${ref})`,
      html: `<p>Hola ${escapeHtml(m.buyer.name)}:</p>
<p>${escapeHtml(done)}</p>
${list}
<p>${escapeHtml('Le enviamos un correo con su acceso. Puedes ver todos los lugares en Mis Productos.')}</p>
${button(ordersUrl, 'Ir a Mis Productos')}`,
      text: `Hola ${m.buyer.name}:

${done}
${text}

Le enviamos un correo con su acceso. Puedes ver todos los lugares en Mis Productos.
${ordersUrl}`,
    }),
    dedupeKey: `${key}:comprador`,
  });

  if (m.previous) {
    const gone = `${m.buyer.name} reasignó a otra persona el lugar que te había asignado en:`;
    await enqueueEmail(db, {
      ...brandedEmail(settings, {
        to: m.previous.email,
        subject: `Tu lugar fue reasignado: ${m.productName}`,
        html: `<p>Hola ${escapeHtml(m.previous.name)}:</p>
<p>${escapeHtml(gone)}</p>
${list}
<p>${escapeHtml('Ya no tienes acceso a estos días con ese lugar. Si crees que es un error, habla con quien hizo la compra.')}</p>`,
        text: `Hola ${m.previous.name}:

${gone}
${text}

Ya no tienes acceso a estos días con ese lugar. Si crees que es un error, habla con quien hizo la compra.`,
      }),
      dedupeKey: `${key}:anterior`,
    });
  }
}
