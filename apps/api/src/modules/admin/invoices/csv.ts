// The accountant's CSV of invoice requests: the receiver's fiscal data, the order and its
// amount, the status and folio; each credit note (CFDI de egreso of a partial refund) is a
// row of its own under its invoice, with the refunded amount and the related folio. Same
// format as the other exports (BOM, CRLF, formulas neutralised) through the attendees' toCsv.

import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '@store/shared/constants';
import { regimenLabel, usoLabel } from '@store/shared/domain/cfdi-catalogs';
import { centavosToDecimalString, toCentavos } from '@store/shared/domain/money';
import { orderReference } from '@store/shared/domain/order-reference';
import { formatCsvDateTime } from '@store/shared/domain/time';
import type { AdminInvoice } from '@store/shared/schemas/admin/invoices';
import { toCsv } from '../attendees/csv';

/** "Nota de crédito pendiente", "Nota de crédito timbrada"… */
export function creditNoteStatusLabel(status: InvoiceStatus): string {
  return status === 'solicitada'
    ? 'Nota de crédito pendiente'
    : `Nota de crédito ${INVOICE_STATUS_LABELS[status].toLowerCase()}`;
}

/** Rows of `status` only when given (an invoice is listed for its credit notes too). */
export function invoicesCsv(rows: readonly AdminInvoice[], status?: InvoiceStatus): string {
  const header = [
    'Orden',
    'Estado',
    'RFC',
    'Razón social',
    'Régimen fiscal',
    'Uso CFDI',
    'C.P. fiscal',
    'Correo',
    'Nombre',
    'Total (MXN)',
    'Fecha de pago',
    'Fecha de solicitud',
    'Folio fiscal',
    'Motivo de cancelación',
    'Tipo de CFDI',
    'CFDI relacionado',
  ];
  const lines = rows.flatMap((r) => {
    const receiver = [
      r.rfc,
      r.razonSocial,
      `${r.regimenFiscal} - ${regimenLabel(r.regimenFiscal)}`,
      `${r.usoCfdi} - ${usoLabel(r.usoCfdi)}`,
      r.codigoPostal,
      r.email,
      r.name,
    ];
    const invoice = [
      orderReference(r.orderId),
      INVOICE_STATUS_LABELS[r.status],
      ...receiver,
      centavosToDecimalString(toCentavos(r.amount)),
      r.paidAt ? formatCsvDateTime(r.paidAt) : '',
      formatCsvDateTime(r.requestedAt),
      r.folioFiscal ?? '',
      r.cancelMotive ?? '',
      'Ingreso',
      '',
    ];
    const notes = r.creditNotes
      .filter((n) => !status || n.status === status)
      .map((n) => [
        orderReference(r.orderId),
        creditNoteStatusLabel(n.status),
        ...receiver,
        centavosToDecimalString(toCentavos(n.amount)),
        '',
        formatCsvDateTime(n.createdAt),
        n.folioFiscal ?? '',
        '',
        'Egreso (nota de crédito)',
        r.folioFiscal ?? '',
      ]);
    return [...(!status || r.status === status ? [invoice] : []), ...notes];
  });
  return toCsv([header, ...lines]);
}
