// To the buyer when the association changes an order from the back office (docs/after-sale.md
// → What the association does): a refund (through the provider or recorded as made outside
// the store), with or without ending access, or a cancellation. Says what happened, how much
// comes back and when, and what access is left.

import { CURRENCY_LABEL } from '@store/shared/constants';
import { formatPrice, toPesos } from '@store/shared/domain/money';
import { orderReference } from '@store/shared/domain/order-reference';
import type { OutgoingEmail } from '../outbox';
import type { MailSettings } from '../settings';
import { brandedEmail, button, dayList, escapeHtml, refundArrival } from '../layout';

export interface OrderChangedByAdminData {
  to: string;
  name: string;
  orderId: string;
  change:
    | {
        kind: 'refund';
        amountCentavos: number;
        /** The provider the money went back through ('PayPal'); null: given back outside the store. */
        provider: string | null;
      }
    | {
        kind: 'cancel';
        /** The order was paid (access ends) or only held (its places are freed). */
        wasPaid: boolean;
      };
  /** The days whose access ended with this change. */
  endedDays: { productName: string; label: string; startsAt: Date }[];
  /** Nothing of the order gives access any more. */
  noAccessLeft: boolean;
}

export function orderChangedByAdminEmail(
  settings: MailSettings,
  data: OrderChangedByAdminData,
): OutgoingEmail {
  const ref = orderReference(data.orderId);
  const ordersUrl = `${settings.publicUrl}/orders`;
  const money = (c: number) => formatPrice(toPesos(c), CURRENCY_LABEL);
  const paragraphs: string[] = [];
  let subject: string;
  if (data.change.kind === 'refund') {
    subject = `Reembolso de tu compra (orden ${ref})`;
    paragraphs.push(
      data.change.provider
        ? `La asociación te reembolsó ${money(data.change.amountCentavos)} de tu orden ${ref} a través de ${data.change.provider}.`
        : `La asociación registró un reembolso de ${money(data.change.amountCentavos)} de tu orden ${ref}.`,
      refundArrival(data.change.provider),
    );
  } else if (data.change.wasPaid) {
    subject = `Cancelamos tu orden ${ref}`;
    paragraphs.push(
      `La asociación canceló tu orden ${ref}.`,
      'Esta cancelación no devuelve dinero por sí sola: si te corresponde un reembolso, te llegará otro correo cuando se haga.',
    );
  } else {
    subject = `Cancelamos tu orden pendiente ${ref}`;
    paragraphs.push(
      `La asociación canceló tu orden ${ref}, que estaba pendiente de pago: ya no necesitas pagarla y los lugares que apartaba quedaron libres.`,
    );
  }
  const access =
    data.change.kind === 'cancel' && !data.change.wasPaid
      ? null
      : data.endedDays.length === 0
        ? 'Conservas tu acceso a todo lo que compraste en esta orden.'
        : data.noAccessLeft
          ? 'Tu acceso a esta orden terminó y liberamos tus lugares:'
          : 'Tu acceso a estos días terminó; conservas el resto de tu compra:';
  const list = access && data.endedDays.length > 0 ? dayList(data.endedDays) : null;
  return brandedEmail(settings, {
    to: data.to,
    subject,
    html: `<p>Hola ${escapeHtml(data.name)}:</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${access ? `<p>${escapeHtml(access)}</p>` : ''}${list ? `\n${list.html}` : ''}
${button(ordersUrl, 'Ir a Mis Productos')}`,
    text: `Hola ${data.name}:

${paragraphs.join('\n\n')}
${access ? `\n${access}\n` : ''}${list ? `${list.text}\n` : ''}
${ordersUrl}`,
  });
}
