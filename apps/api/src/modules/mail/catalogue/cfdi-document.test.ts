// The buyer's e-mail of a stamped CFDI document, rendered from example data: an invoice and a
// credit note each say what they are, name the order and the folio, and attach the XML and
// PDF under the names the downloads use.

import { describe, expect, it } from 'vitest';
import { orderReference } from '@store/shared/domain/order-reference';
import { cfdiDocumentEmail, cfdiFileName, type CfdiDocumentMailData } from './cfdi-document';

const settings = {
  publicUrl: 'https://tienda.example.org',
  brand: 'AMACC',
  brandName: 'Asociación de prueba',
  contactEmail: 'contacto@example.org',
};
const ORDER = '5f0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b';
const REF = orderReference(ORDER);
const FOLIO = 'AAAAAAAA-1111-4111-8111-111111111111';
const example = (kind: 'I' | 'E', folio: string | null = FOLIO): CfdiDocumentMailData => ({
  to: 'diana@example.com',
  kind,
  orderId: ORDER,
  folio,
  xml: Buffer.from('<cfdi:Comprobante/>'),
  pdf: Buffer.from('%PDF-1.4'),
});

describe('the CFDI document e-mail', () => {
  it('an invoice: subject, text and HTML name the order and the folio; its files attached', () => {
    const mail = cfdiDocumentEmail(settings, example('I'));
    expect(mail).toMatchObject({ to: 'diana@example.com', subject: `Tu factura (CFDI) de la orden ${REF}` });
    expect(mail.text).toContain(
      `Adjuntamos el CFDI de tu orden ${REF} en XML y PDF.\nFolio fiscal: ${FOLIO}`,
    );
    expect(mail.text).toContain('También puedes descargarlo en cualquier momento desde «Mis Productos».');
    expect(mail.html).toContain(`Adjuntamos el CFDI de tu orden <strong>${REF}</strong> en XML y PDF.`);
    expect(mail.html).toContain('descargarlo en cualquier momento desde «Mis Productos»');
    expect(mail.attachments?.map((a) => [a.filename, a.contentType])).toEqual([
      [`CFDI ${REF}.xml`, 'application/xml'],
      [`CFDI ${REF}.pdf`, 'application/pdf'],
    ]);
  });

  it('a credit note says it is the refund’s, and is named as such', () => {
    const mail = cfdiDocumentEmail(settings, example('E'));
    expect(mail.subject).toBe(`Nota de crédito (CFDI) de la orden ${REF}`);
    expect(mail.text).toContain(
      `Adjuntamos la nota de crédito del reembolso de tu orden ${REF} en XML y PDF.`,
    );
    expect(mail.html).toContain('También puedes descargarla desde «Mis Productos».');
    expect(mail.attachments?.map((a) => a.filename)).toEqual([
      cfdiFileName('E', ORDER, 'xml'),
      cfdiFileName('E', ORDER, 'pdf'),
    ]);
    expect(cfdiFileName('E', ORDER, 'pdf')).toBe(`Nota de credito ${REF}.pdf`);
  });

  it('without a folio says none, and frames the message with the brand', () => {
    const mail = cfdiDocumentEmail(settings, example('I', null));
    expect(mail.text).not.toContain('Folio fiscal');
    expect(mail.html).not.toContain('Folio fiscal');
    expect(mail.text.endsWith('AMACC\nAsociación de prueba')).toBe(true);
    expect(mail.replyTo).toBe('contacto@example.org');
  });
});
