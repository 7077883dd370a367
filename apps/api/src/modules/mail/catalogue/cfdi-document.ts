// The buyer's e-mail with a stamped CFDI document (an invoice, or the credit note of a
// partial refund) and its XML and PDF attached (docs/cfdi.md). Pure: everything it says
// comes from its arguments; the caller queues it with the document's dedupe key.

import type { CfdiDocumentKind } from '@store/shared/constants';
import { orderReference } from '@store/shared/domain/order-reference';
import { brandedEmail, escapeHtml } from '../layout';
import type { OutgoingEmail } from '../outbox';
import type { MailSettings } from '../settings';

export interface CfdiDocumentMailData {
  to: string;
  kind: CfdiDocumentKind;
  orderId: string;
  /** Folio fiscal (the SAT stamp's UUID), when known. */
  folio: string | null;
  xml: Buffer;
  pdf: Buffer;
}

/** What the buyer's files are called, in the e-mail and when downloaded: "CFDI A1B2C3D4.xml". */
export function cfdiFileName(kind: CfdiDocumentKind, orderId: string, format: 'xml' | 'pdf'): string {
  const name = kind === 'E' ? 'Nota de credito' : kind === 'pago' ? 'Complemento de pago' : 'CFDI';
  return `${name} ${orderReference(orderId)}.${format}`;
}

const WORDING: Record<CfdiDocumentKind, { subject: string; what: string; whatOf: string; it: string }> = {
  I: {
    subject: 'Tu factura (CFDI)',
    what: 'el CFDI',
    whatOf: 'de tu orden',
    it: 'descargarlo',
  },
  E: {
    subject: 'Nota de crédito (CFDI)',
    what: 'la nota de crédito',
    whatOf: 'del reembolso de tu orden',
    it: 'descargarla',
  },
  pago: {
    subject: 'Complemento de pago (CFDI)',
    what: 'el complemento de pago',
    whatOf: 'de la factura de tu orden',
    it: 'descargarlo',
  },
};

export function cfdiDocumentEmail(settings: MailSettings, data: CfdiDocumentMailData): OutgoingEmail {
  const ref = orderReference(data.orderId);
  const w = WORDING[data.kind];
  const folioLine = data.folio ? `Folio fiscal: ${data.folio}` : '';
  const lead = `Adjuntamos ${w.what} ${w.whatOf}`;
  const later = data.kind === 'I' ? `en cualquier momento desde «Mis Productos».` : `desde «Mis Productos».`;
  return {
    ...brandedEmail(settings, {
      to: data.to,
      subject: `${w.subject} de la orden ${ref}`,
      html: `<p>${lead} <strong>${escapeHtml(ref)}</strong> en XML y PDF.</p>${
        data.folio ? `<p>${escapeHtml(folioLine)}</p>` : ''
      }<p>También puedes ${w.it} ${later}</p>`,
      text: `${lead} ${ref} en XML y PDF.\n${folioLine}\nTambién puedes ${w.it} ${later}`,
    }),
    attachments: [
      {
        filename: cfdiFileName(data.kind, data.orderId, 'xml'),
        contentType: 'application/xml',
        content: data.xml,
      },
      {
        filename: cfdiFileName(data.kind, data.orderId, 'pdf'),
        contentType: 'application/pdf',
        content: data.pdf,
      },
    ],
  };
}
