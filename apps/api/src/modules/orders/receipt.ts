// The receipt of a paid order as a PDF (pdfkit): the association's data, the buyer, one
// line per bought day (one for an event sold as a whole, with its days), subtotal, discount, service fee, total, refunds, payment method and
// reference, and the payment date (Mexico City). A team purchase's names the institution
// first (its invoice's razón social and RFC, else the billing name and address given at
// checkout) and the buyer as «Comprado por», with the places of each day. Every text wraps
// inside the margins; a row never splits across pages; the footer (not a CFDI) is on every
// page. Downloadable from Mis Productos (GET /api/order/{id}/receipt) and attached to the
// confirmation e-mail.

import PDFDocument from 'pdfkit';
import { CURRENCY_LABEL, PAYMENT_METHOD_LABELS } from '@store/shared/constants';
import { formatPrice, toPesos } from '@store/shared/domain/money';
import { orderReference } from '@store/shared/domain/order-reference';
import { formatDateTime, MX_TIME_ZONE_LABEL } from '@store/shared/domain/time';
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
  /**
   * What was bought, one line each: a day of an event sold per day («Evento · Día 1 (14 de
   * enero de 2027)»), an event sold as a whole with all its days in one line, or a team's day
   * with its places. The text wraps; the amount stands on its first line.
   */
  lines: { text: string; priceCentavos: number }[];
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
    bufferPages: true,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const FOOTER = 'Este recibo es un comprobante de pago; no es un comprobante fiscal (CFDI).';
  /** The lowest y text may reach: the page's bottom margin, less room for the footer. */
  const bottom = () => doc.page.height - doc.page.margins.bottom - 24;
  /** Starts a new page when `height` more would not fit on this one. */
  const room = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };
  const VALUE_WIDTH = 140;
  const labelWidth = width - VALUE_WIDTH - 16;
  const row = (label: string, value: string, bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    // The whole row on one page: a wrapped label and its amount never split.
    room(doc.heightOfString(label, { width: labelWidth }));
    const y = doc.y;
    doc.text(label, left, y, { width: labelWidth });
    // A label wrapped over several lines: the next row starts below its last one.
    const below = doc.y;
    doc.text(value, left + width - VALUE_WIDTH, y, { width: VALUE_WIDTH, align: 'right' });
    doc.x = left;
    doc.y = Math.max(below, doc.y);
    doc.moveDown(0.3);
  };
  /** A heading and its lines, each wrapped within the page. */
  const block = (title: string, body: string[]) => {
    doc.font('Helvetica-Bold').fontSize(10);
    room(doc.heightOfString([title, ...body].join('\n'), { width }));
    doc.text(title, left, doc.y, { width });
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
  for (const l of lines) row(l.text, money(l.priceCentavos));
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
  // The footer on every page, inside the margins (written last: pages are buffered).
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    const y = doc.page.height - doc.page.margins.bottom - 12;
    // Below the bottom margin pdfkit would open a new page: write it with the margin lifted.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(8).fillColor('#52525b');
    const pages = range.count > 1 ? ` · Página ${i - range.start + 1} de ${range.count}` : '';
    doc.text(`${FOOTER}${pages}`, left, y, { width, lineBreak: false, ellipsis: false });
    doc.page.margins.bottom = margin;
  }
  doc.end();
  return done;
}
