// The buyer's e-mail with a stamped payment complement (CFDI de pago, type P) and its XML and
// PDF attached, and the files' names (docs/cfdi.md → Payment complement). Pure: everything it
// says comes from its arguments; the caller queues it with the document's dedupe key. Kept
// here until the mail catalogue's CFDI template (mail/catalogue/cfdi-document.ts) words the
// kind 'pago' itself.

import { orderReference } from '@store/shared/domain/order-reference';
import { brandedEmail, escapeHtml } from '../mail/layout';
import type { OutgoingEmail } from '../mail/outbox';
import type { MailSettings } from '../mail/settings';

/** What a complement's files are called, in the e-mail and when downloaded. */
export function complementFileName(orderId: string, format: 'xml' | 'pdf'): string {
  return `Complemento de pago ${orderReference(orderId)}.${format}`;
}

export function paymentComplementEmail(
  settings: MailSettings,
  data: { to: string; orderId: string; folio: string | null; xml: Buffer; pdf: Buffer },
): OutgoingEmail {
  const ref = orderReference(data.orderId);
  const folioLine = data.folio ? `Folio fiscal: ${data.folio}` : '';
  const lead = 'Recibimos el pago de tu orden';
  const what = 'Adjuntamos el complemento de pago (CFDI de pago) que lo ampara ante el SAT, en XML y PDF.';
  const later = 'También puedes descargarlo desde «Mis Productos», junto a la factura.';
  return {
    ...brandedEmail(settings, {
      to: data.to,
      subject: `Complemento de pago (CFDI) de la orden ${ref}`,
      html: `<p>${lead} <strong>${escapeHtml(ref)}</strong>. ${what}</p>${
        data.folio ? `<p>${escapeHtml(folioLine)}</p>` : ''
      }<p>${later}</p>`,
      text: `${lead} ${ref}. ${what}\n${folioLine}\n${later}`,
    }),
    attachments: [
      {
        filename: complementFileName(data.orderId, 'xml'),
        contentType: 'application/xml',
        content: data.xml,
      },
      {
        filename: complementFileName(data.orderId, 'pdf'),
        contentType: 'application/pdf',
        content: data.pdf,
      },
    ],
  };
}
