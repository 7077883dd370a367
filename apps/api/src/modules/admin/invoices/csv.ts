// The accountant's CSV of invoice requests: the receiver's fiscal data, the order and its
// amount, the status and folio. Same format as the other exports (BOM, CRLF, formulas
// neutralised) through the attendees' toCsv.

import { INVOICE_STATUS_LABELS } from '@store/shared/constants';
import { regimenLabel, usoLabel } from '@store/shared/domain/cfdi-catalogs';
import { centavosToDecimalString, toCentavos } from '@store/shared/domain/money';
import { orderReference } from '@store/shared/domain/order-reference';
import { formatCsvDateTime } from '@store/shared/domain/time';
import type { AdminInvoice } from '@store/shared/schemas/admin/invoices';
import { toCsv } from '../attendees/csv';

export function invoicesCsv(rows: readonly AdminInvoice[]): string {
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
  ];
  const lines = rows.map((r) => [
    orderReference(r.orderId),
    INVOICE_STATUS_LABELS[r.status],
    r.rfc,
    r.razonSocial,
    `${r.regimenFiscal} - ${regimenLabel(r.regimenFiscal)}`,
    `${r.usoCfdi} - ${usoLabel(r.usoCfdi)}`,
    r.codigoPostal,
    r.email,
    r.name,
    centavosToDecimalString(toCentavos(r.amount)),
    r.paidAt ? formatCsvDateTime(r.paidAt) : '',
    formatCsvDateTime(r.requestedAt),
    r.folioFiscal ?? '',
    r.cancelMotive ?? '',
  ]);
  return toCsv([header, ...lines]);
}
