// To a buyer whose cash or transfer arrived after their voucher or deadline had ended
// (docs/payments.md → Late payments): the purchase stands when its seats were still free;
// otherwise the whole amount goes back: through Stripe (which asks for a bank account by
// e-mail), or, for OXXO cash that Stripe cannot return, by the association itself.

import { formatPrice, toPesos } from '@store/shared/domain/money';
import { orderReference } from '@store/shared/domain/order-reference';
import { PAY_MSG } from '@store/shared/payment-messages';
import type { OutgoingEmail } from '../outbox';
import type { MailSettings } from '../settings';
import { brandedEmail, button, escapeHtml } from '../layout';

export interface PaymentLateData {
  to: string;
  name: string;
  orderId: string;
  amountCentavos: number;
  /** honoured: the purchase stands; refunded: Stripe returns it; byHand: the association does. */
  outcome: 'honoured' | 'refunded' | 'byHand';
}

export function paymentLateEmail(settings: MailSettings, data: PaymentLateData): OutgoingEmail {
  const ref = orderReference(data.orderId);
  const ordersUrl = `${settings.publicUrl}/orders`;
  const amount = formatPrice(toPesos(data.amountCentavos));
  const honoured = data.outcome === 'honoured';
  const lines = honoured
    ? [PAY_MSG.lateHonoured, 'Tu acceso y tu boleto están en Mis Productos.']
    : [
        PAY_MSG.lateRefunded,
        data.outcome === 'refunded'
          ? `Stripe, nuestro procesador de pagos, te enviará un correo para que indiques la cuenta bancaria (CLABE) donde depositar ${amount}.`
          : `Los pagos en efectivo en OXXO no pueden devolverse por el mismo medio: la asociación te escribirá para pedirte la cuenta bancaria (CLABE) donde depositarte ${amount}.`,
      ];
  return brandedEmail(settings, {
    to: data.to,
    subject: honoured
      ? `Recibimos tu pago: compra confirmada (orden ${ref})`
      : `Recibimos tu pago tarde: te lo reembolsamos (orden ${ref})`,
    html: `<p>Hola ${escapeHtml(data.name)}:</p>
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
${button(ordersUrl, 'Ir a Mis Productos')}`,
    text: `Hola ${data.name}:

${lines.join('\n\n')}
${ordersUrl}`,
  });
}
