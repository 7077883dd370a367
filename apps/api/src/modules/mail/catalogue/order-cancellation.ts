// The confirmation of days the buyer cancelled (docs/after-sale.md): what was cancelled, what
// PayPal gives back, and what access is left.

import { CANCELLATION_CHARGE_PERCENT, CURRENCY_LABEL } from '@store/shared/constants';
import { formatPrice, toPesos } from '@store/shared/domain/money';
import { orderReference } from '@store/shared/domain/order-reference';
import type { OutgoingEmail } from '../outbox';
import type { MailSettings } from '../settings';
import { brandedEmail, button, dayList, escapeHtml, refundArrival } from '../layout';

export interface OrderCancellationData {
  to: string;
  name: string;
  orderId: string;
  days: { productName: string; label: string; startsAt: Date }[];
  paidCentavos: number;
  refundCentavos: number;
  /** Every day of the order is cancelled (no access left). */
  wholeOrder: boolean;
}

export function orderCancellationEmail(settings: MailSettings, data: OrderCancellationData): OutgoingEmail {
  const ref = orderReference(data.orderId);
  const ordersUrl = `${settings.publicUrl}/orders`;
  const money = (c: number) => formatPrice(toPesos(c), CURRENCY_LABEL);
  const list = dayList(data.days);
  const refundText =
    data.refundCentavos > 0
      ? `Te reembolsamos ${money(data.refundCentavos)} de los ${money(data.paidCentavos)} pagados por lo cancelado (menos el cargo administrativo del ${CANCELLATION_CHARGE_PERCENT} %). ${refundArrival('PayPal')}`
      : 'Esta compra no tuvo costo, así que no hay reembolso.';
  const accessText = data.wholeOrder
    ? 'Tu acceso a esta orden terminó y liberamos tus lugares.'
    : 'Tu acceso a los días cancelados terminó; conservas el resto de tu compra.';
  return brandedEmail(settings, {
    to: data.to,
    subject: `Cancelación de tu compra (orden ${ref})`,
    html: `<p>Hola ${escapeHtml(data.name)}:</p>
<p>Cancelamos lo siguiente de tu orden <strong>${escapeHtml(ref)}</strong>:</p>
${list.html}
<p>${escapeHtml(refundText)}</p>
<p>${escapeHtml(accessText)}</p>
${button(ordersUrl, 'Ir a Mis Productos')}`,
    text: `Hola ${data.name}:

Cancelamos lo siguiente de tu orden ${ref}:
${list.text}

${refundText}

${accessText}
${ordersUrl}`,
  });
}
