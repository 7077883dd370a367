// The accountant's CSV of CFDI documents: the receiver's fiscal data, the order and the
// document's amount, the status and folio; each credit note (CFDI de egreso of a partial
// refund) is a row of its own under its invoice, with the refunded amount and the related
// folio. Same format as the other exports (BOM, CRLF, formulas neutralised) through the
// attendees' toCsv.

import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '@store/shared/constants';
import { regimenLabel, usoLabel } from '@store/shared/domain/cfdi-catalogs';
import { centavosToDecimalString, toCentavos } from '@store/shared/domain/money';
import { orderReference } from '@store/shared/domain/order-reference';
import { formatCsvDateTime } from '@store/shared/domain/time';
import type { AdminCfdiDocument } from '@store/shared/schemas/admin/invoices';
import { toCsv } from '../attendees/csv';

/** "Nota de crédito pendiente", "Nota de crédito timbrada"… */
export function creditNoteStatusLabel(status: InvoiceStatus): string {
  return status === 'solicitada'
    ? 'Nota de crédito pendiente'
    : `Nota de crédito ${INVOICE_STATUS_LABELS[status].toLowerCase()}`;
}

/** One row a document, as listed: each invoice followed by its credit notes. */
export function documentsCsv(rows: readonly AdminCfdiDocument[]): string {
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
  const lines = rows.map((r) => {
    const invoice = r.kind === 'I';
    return [
      orderReference(r.orderId),
      invoice ? INVOICE_STATUS_LABELS[r.status] : creditNoteStatusLabel(r.status),
      r.rfc,
      r.razonSocial,
      `${r.regimenFiscal} - ${regimenLabel(r.regimenFiscal)}`,
      `${r.usoCfdi} - ${usoLabel(r.usoCfdi)}`,
      r.codigoPostal,
      r.email,
      r.name,
      centavosToDecimalString(toCentavos(r.amount)),
      invoice && r.paidAt ? formatCsvDateTime(r.paidAt) : '',
      formatCsvDateTime(r.requestedAt),
      r.folioFiscal ?? '',
      r.cancelMotive ?? '',
      invoice ? 'Ingreso' : 'Egreso (nota de crédito)',
      r.relatedFolio ?? '',
    ];
  });
  return toCsv([header, ...lines]);
}
