// To a buyer whose payment waits for cash at OXXO or a SPEI transfer (docs/payments.md): the
// voucher or the transfer data when it is issued, and a reminder before it expires. The
// seat is held until then; the payment page has the barcode and can be printed.

import { formatPrice, toPesos } from '@store/shared/domain/money';
import { orderReference } from '@store/shared/domain/order-reference';
import { formatDateTime, MX_TIME_ZONE_LABEL } from '@store/shared/domain/time';
import type { PaymentInstructions } from '@store/shared/schemas/mx-payments';
import type { OutgoingEmail } from '../outbox';
import type { MailSettings } from '../settings';
import { brandedEmail, button, escapeHtml } from '../layout';

export interface PaymentPendingData {
  to: string;
  name: string;
  orderId: string;
  /** What the order buys, one line per event. */
  items: readonly string[];
  instructions: PaymentInstructions;
  /** 'issued' when the voucher or transfer data is new; 'reminder' before it expires. */
  moment: 'issued' | 'reminder';
}

/** The payment's facts as label/value rows, in the order the buyer needs them. */
function facts(i: PaymentInstructions): [string, string][] {
  const until = `${formatDateTime(new Date(i.expiresAt))} (${MX_TIME_ZONE_LABEL})`;
  if (i.kind === 'oxxo') {
    return [
      ['Monto a pagar', formatPrice(toPesos(i.amountCentavos))],
      ['Referencia OXXO', i.number],
      ['Vence', until],
    ];
  }
  const rows: [string, string][] = [
    ['CLABE', i.clabe],
    ['Banco', i.bankName],
    ['Referencia (concepto)', i.reference],
    ['Monto', formatPrice(toPesos(i.amountCentavos))],
  ];
  if (i.amountRemainingCentavos < i.amountCentavos) {
    rows.push(['Falta por transferir', formatPrice(toPesos(i.amountRemainingCentavos))]);
  }
  rows.push(['Fecha límite', until]);
  return rows;
}

export function paymentPendingEmail(settings: MailSettings, data: PaymentPendingData): OutgoingEmail {
  const i = data.instructions;
  const ref = orderReference(data.orderId);
  const pageUrl = `${settings.publicUrl}/pago/${data.orderId}`;
  const oxxo = i.kind === 'oxxo';
  const subject =
    data.moment === 'reminder'
      ? oxxo
        ? `Tu ficha de pago en OXXO vence pronto (orden ${ref})`
        : `Tu transferencia SPEI tiene fecha límite pronto (orden ${ref})`
      : oxxo
        ? `Tu ficha de pago en OXXO (orden ${ref})`
        : `Datos para tu transferencia SPEI (orden ${ref})`;
  const intro =
    data.moment === 'reminder'
      ? 'Aún no recibimos tu pago. Tu lugar sigue apartado hasta la fecha de vencimiento; después se libera para otra persona.'
      : 'Tu lugar está apartado. Completa el pago antes de la fecha de vencimiento; si no, el lugar se libera para otra persona.';
  const how = oxxo
    ? 'Acude a cualquier tienda OXXO, muestra el código de barras o dicta la referencia y paga el monto exacto en efectivo. Conserva tu comprobante: confirmamos el pago a más tardar el siguiente día hábil.'
    : 'Haz una transferencia SPEI desde tu banca en línea a la CLABE indicada, por el monto exacto, con la referencia como concepto. La confirmamos en cuanto llega (en días hábiles, casi siempre en menos de una hora).';
  const rows = facts(i);
  const items = data.items.map((n) => `<li>${escapeHtml(n)}</li>`).join('');
  return brandedEmail(settings, {
    to: data.to,
    subject,
    html: `<p>Hola ${escapeHtml(data.name)}:</p>
<p>${escapeHtml(intro)}</p>
<ul>${items}</ul>
<table role="presentation" cellpadding="6" style="border-collapse:collapse">${rows
      .map(
        ([k, v]) =>
          `<tr><td style="color:#555">${escapeHtml(k)}</td><td style="font-weight:bold;font-size:16px">${escapeHtml(v)}</td></tr>`,
      )
      .join('')}</table>
<p>${escapeHtml(how)}</p>
${button(pageUrl, oxxo ? 'Ver ficha de pago' : 'Ver datos de transferencia')}`,
    text: `Hola ${data.name}:

${intro}

${data.items.map((n) => `- ${n}`).join('\n')}

${rows.map(([k, v]) => `${k}: ${v}`).join('\n')}

${how}
${pageUrl}`,
  });
}
