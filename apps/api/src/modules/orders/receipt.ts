// The receipt of a paid order as a PDF (pdfkit): the association's data, the buyer, one
// line per bought day, subtotal, discount, service fee, total, refunds, payment method and
// reference, and the payment date (Mexico City). A team purchase's names the institution
// first (its invoice's razón social and RFC, else the billing name and address given at
// checkout) and the buyer as «Comprado por», with the places of each day. Downloadable from
// Mis Productos (GET /api/order/{id}/receipt) and attached to the confirmation e-mail.

import PDFDocument from 'pdfkit';
import { CURRENCY_LABEL, PAYMENT_METHOD_LABELS } from '@store/shared/constants';
import { formatPrice, toPesos } from '@store/shared/domain/money';
import { orderReference } from '@store/shared/domain/order-reference';
import { formatDateLong, formatDateTime, MX_TIME_ZONE_LABEL } from '@store/shared/domain/time';
import { site } from '@store/shared/site';
import type { Address } from '@store/shared/schemas/order';
import type { OrderRow } from './repo';

export interface ReceiptData {
  order: OrderRow;
  /** The provider's reference of the payment (paymentReference), when it has one. */
  reference: string | null;
  /** Paid by card in meses sin intereses: how many months (null: in one payment). */
  installments?: number | null;
  buyer: { name: string; email: string };
  lines: { productName: string; label: string; startsAt: Date; priceCentavos: number }[];
  /**
   * A team purchase (orders.kind 'grupo'): who it was bought for, the receiver of its invoice
   * when one was requested (null otherwise: the billing address given at checkout stands).
   */
  team?: { institution: { razonSocial: string; rfc: string } | null; billing: Address };
}

/** The billing name and address given at checkout, as lines (empty parts left out). */
export function billingLines(a: Address): string[] {
  const place = [a.city, a.state, a.zipcode ? `C.P. ${a.zipcode}` : ''].filter(Boolean).join(', ');
  return [`${a.firstName} ${a.lastName}`.trim(), a.street, place, a.country].filter((l) => l.trim() !== '');
}

const money = (centavos: number) => formatPrice(toPesos(centavos), CURRENCY_LABEL);

export function receiptFileName(orderId: string): string {
  return `recibo-${orderReference(orderId)}.pdf`;
}

export function renderReceipt(data: ReceiptData): Promise<Buffer> {
  const { order, buyer, lines, reference, installments, team } = data;
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 56,
    info: { Title: `Recibo ${orderReference(order.id)}`, Author: site.shortName },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const row = (label: string, value: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    doc.text(label, left, y, { width: width - 150 });
    // A label wrapped over several lines: the next row starts below its last one.
    const below = doc.y;
    doc.text(value, left + width - 140, y, { width: 140, align: 'right' });
    doc.x = left;
    doc.y = Math.max(below, doc.y);
    doc.moveDown(0.3);
  };
  /** A heading and its lines, each wrapped within the page. */
  const block = (title: string, body: string[]) => {
    doc.font('Helvetica-Bold').fontSize(10).text(title, left, doc.y, { width });
    doc.font('Helvetica');
    for (const l of body) doc.text(l, { width });
    doc.moveDown();
  };

  doc.fillColor('#b91c1c').font('Helvetica-Bold').fontSize(18).text(site.shortName);
  doc.fillColor('#18181b').font('Helvetica').fontSize(9).text(site.name);
  doc.text(`${site.address} · ${site.email} · ${site.phone}`);
  doc.moveDown(1.5);

  doc.font('Helvetica-Bold').fontSize(14).text('Recibo de pago');
  doc.font('Helvetica').fontSize(10);
  doc.text(`Orden: ${orderReference(order.id)}`);
  doc.text(`Fecha de pago: ${order.paidAt ? formatDateTime(order.paidAt) : '-'} (${MX_TIME_ZONE_LABEL})`);
  const plan = installments ? ` a ${installments} meses sin intereses` : '';
  doc.text(`Método de pago: ${PAYMENT_METHOD_LABELS[order.paymentMethod]}${plan}`);
  if (reference) doc.text(`Referencia del pago: ${reference}`);
  doc.moveDown();

  if (team) {
    if (team.institution) {
      block('Institución', [team.institution.razonSocial, `RFC: ${team.institution.rfc}`]);
    } else {
      block('Datos de facturación', billingLines(team.billing));
    }
    block('Comprado por', [buyer.name, buyer.email]);
  } else {
    block('Comprador', [buyer.name, buyer.email]);
  }

  doc.font('Helvetica-Bold').fontSize(11).text('Concepto');
  doc.moveDown(0.3);
  for (const l of lines)
    row(`${l.productName} · ${l.label} (${formatDateLong(l.startsAt)})`, money(l.priceCentavos));
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .strokeColor('#e4e4e7')
    .stroke();
  doc.moveDown(0.5);
  row('Subtotal', money(order.subtotalCentavos));
  if (order.discountCentavos > 0) {
    row(
      `Descuento${order.couponCode ? ` (cupón ${order.couponCode})` : ''}`,
      `-${money(order.discountCentavos)}`,
    );
  }
  row('Precio de servicio', order.amountCentavos === 0 ? 'GRATIS' : money(order.feeCentavos));
  row('Total pagado', order.amountCentavos === 0 ? 'GRATIS' : money(order.amountCentavos), true);
  if (order.refundedCentavos > 0) row('Reembolsado', `-${money(order.refundedCentavos)}`);
  doc.moveDown(2);
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor('#52525b')
    .text('Este recibo es un comprobante de pago; no es un comprobante fiscal (CFDI).', { width });
  doc.end();
  return done;
}
