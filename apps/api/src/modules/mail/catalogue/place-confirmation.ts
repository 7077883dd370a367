// To the buyer of a group order, once per change of its places: the people they named (or
// named instead of someone) with their days (docs/groups.md). A list of twenty people is one
// e-mail, not twenty.

import { orderReference } from '@store/shared/domain/order-reference';
import { formatDateLong } from '@store/shared/domain/time';
import type { OutgoingEmail } from '../outbox';
import type { MailSettings } from '../settings';
import { brandedEmail, button, escapeHtml } from '../layout';

export interface PlaceConfirmationData {
  orderId: string;
  buyer: { name: string; email: string };
  productName: string;
  /** Each person as the buyer typed them, with the days they got and who had them before. */
  people: readonly {
    name: string;
    email: string;
    previous: { name: string; email: string } | null;
    days: readonly { label: string; startsAt: Date }[];
  }[];
}

export function placeConfirmationEmail(settings: MailSettings, data: PlaceConfirmationData): OutgoingEmail {
  const ordersUrl = `${settings.publicUrl}/orders`;
  const ref = orderReference(data.orderId);
  const reassigned = data.people.some((p) => p.previous);
  const n = data.people.length;
  const done =
    n === 1
      ? `${reassigned ? 'Reasignaste' : 'Asignaste'} un lugar de tu orden ${ref} (${data.productName}):`
      : `Asignaste lugares de tu orden ${ref} (${data.productName}) a ${n} personas:`;
  const lines = data.people.map((p) => {
    const days = p.days.map((d) => `${d.label} (${formatDateLong(d.startsAt)})`).join(', ');
    const instead = p.previous ? `, en lugar de ${p.previous.name} (${p.previous.email})` : '';
    return `${p.name} (${p.email})${instead}: ${days}`;
  });
  const after = `${n === 1 ? 'Le enviamos un correo' : 'Enviamos un correo a cada persona'} con su acceso. Puedes ver y cambiar los lugares en Mis Productos.`;
  return brandedEmail(settings, {
    to: data.buyer.email,
    subject: `${n > 1 ? `${n} lugares asignados` : reassigned ? 'Lugar reasignado' : 'Lugar asignado'} (orden ${ref})`,
    html: `<p>Hola ${escapeHtml(data.buyer.name)}:</p>
<p>${escapeHtml(done)}</p>
<ul style="padding-left:20px">${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>
<p>${escapeHtml(after)}</p>
${button(ordersUrl, 'Ir a Mis Productos')}`,
    text: `Hola ${data.buyer.name}:

${done}
${lines.map((l) => `- ${l}`).join('\n')}

${after}
${ordersUrl}`,
  });
}
