// To the buyer who transferred days to a colleague (docs/after-sale.md → Transfers): what left
// their order, and that their payment does not change.

import { orderReference } from '@store/shared/domain/order-reference';
import type { OutgoingEmail } from '../outbox';
import type { MailSettings } from '../settings';
import { brandedEmail, button, escapeHtml, eventDayList } from '../layout';

export interface TransferSentData {
  from: { name: string; email: string };
  to: { name: string; email: string };
  /** The giver's order. */
  fromOrderId: string;
  productName: string;
  days: readonly { label: string; startsAt: Date }[];
}

export function transferSentEmail(settings: MailSettings, data: TransferSentData): OutgoingEmail {
  const ordersUrl = `${settings.publicUrl}/orders`;
  const list = eventDayList(data.productName, data.days);
  const ref = orderReference(data.fromOrderId);
  const done = `Transferimos a ${data.to.name} (${data.to.email}) lo siguiente de tu orden ${ref}:`;
  const after =
    'Tu acceso a estos días terminó; tu pago no cambia (no hay reembolso). Tu colega recibió un correo con su acceso.';
  return brandedEmail(settings, {
    to: data.from.email,
    subject: `Transferencia de tu lugar (orden ${ref})`,
    html: `<p>Hola ${escapeHtml(data.from.name)}:</p>
<p>${escapeHtml(done)}</p>
${list.html}
<p>${escapeHtml(after)}</p>
${button(ordersUrl, 'Ir a Mis Productos')}`,
    text: `Hola ${data.from.name}:

${done}
${list.text}

${after}
${ordersUrl}`,
  });
}
