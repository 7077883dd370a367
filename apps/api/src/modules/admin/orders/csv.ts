// The back office's orders as CSV for Excel (the attendee export's writer: BOM, CRLF, quoting,
// formulas neutralised). Amounts in pesos with two decimals; dates in Mexico City time.

import { ORDER_STATUS_LABELS, PAYMENT_METHOD_LABELS } from '@store/shared/constants';
import { orderReference } from '@store/shared/domain/order-reference';
import { formatCsvDateTime } from '@store/shared/domain/time';
import type { AdminOrderSummary } from '@store/shared/schemas/admin/orders';
import { toCsv } from '../attendees/csv';

const pesos = (n: number) => n.toFixed(2);

export function ordersCsv(rows: readonly (AdminOrderSummary & { invoiced: boolean })[]): string {
  const header = [
    'Orden',
    'Fecha',
    'Fecha de pago',
    'Cliente',
    'Correo',
    'Eventos y días',
    'Tipo',
    'Estado',
    'Método de pago',
    'Subtotal',
    'Descuento',
    'Precio de servicio',
    'Total',
    'Reembolsado',
    'Cupón',
    'Factura solicitada',
  ];
  const lines = rows.map((o) => [
    orderReference(o._id),
    formatCsvDateTime(o.date),
    o.paidAt === null ? '' : formatCsvDateTime(o.paidAt),
    o.customer.name,
    o.customer.email,
    o.items.map((i) => `${i.name}: ${i.days.join(', ')}`).join(' | '),
    o.kind === 'grupo' ? `Equipo (${o.places ?? 0} lugares)` : 'Individual',
    ORDER_STATUS_LABELS[o.status],
    PAYMENT_METHOD_LABELS[o.paymentMethod],
    pesos(o.subtotal),
    pesos(o.discount),
    pesos(o.fee),
    pesos(o.amount),
    pesos(o.refunded),
    o.couponCode ?? '',
    o.invoiced ? 'Sí' : 'No',
  ]);
  return toCsv([header, ...lines]);
}
