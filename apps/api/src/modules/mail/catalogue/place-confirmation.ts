// To the buyer of a group order when they name someone for a place, or name someone else for
// it (docs/groups.md).

import { orderReference } from '@store/shared/domain/order-reference';
import type { OutgoingEmail } from '../outbox';
import type { MailSettings } from '../settings';
import { brandedEmail, button, escapeHtml, eventDayList } from '../layout';

export interface PlaceConfirmationData {
  orderId: string;
  buyer: { name: string; email: string };
  to: { name: string; email: string };
  /** Who held the place before, on a reassignment. */
  previous: { name: string; email: string } | null;
  productName: string;
  days: readonly { label: string; startsAt: Date }[];
}

export function placeConfirmationEmail(settings: MailSettings, data: PlaceConfirmationData): OutgoingEmail {
  const ordersUrl = `${settings.publicUrl}/orders`;
  const list = eventDayList(data.productName, data.days);
  const ref = orderReference(data.orderId);
  const done = data.previous
    ? `Reasignaste a ${data.to.name} (${data.to.email}) el lugar que tenía ${data.previous.name} (${data.previous.email}) en tu orden ${ref}:`
    : `Asignaste a ${data.to.name} (${data.to.email}) un lugar de tu orden ${ref}:`;
  const after = 'Le enviamos un correo con su acceso. Puedes ver todos los lugares en Mis Productos.';
  return brandedEmail(settings, {
    to: data.buyer.email,
    subject: `${data.previous ? 'Lugar reasignado' : 'Lugar asignado'} (orden ${ref})`,
    html: `<p>Hola ${escapeHtml(data.buyer.name)}:</p>
<p>${escapeHtml(done)}</p>
${list.html}
<p>${escapeHtml(after)}</p>
${button(ordersUrl, 'Ir a Mis Productos')}`,
    text: `Hola ${data.buyer.name}:

${done}
${list.text}

${after}
${ordersUrl}`,
  });
}
