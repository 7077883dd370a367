// Attendee list as CSV for Excel: UTF-8 with a BOM (so accents open correctly), CRLF line
// ends, RFC 4180 quoting, and cells that a spreadsheet would run as a formula neutralised.
// Dates are 'YYYY-MM-DD HH:mm' in Mexico City time.

import { USER_TYPE_LABELS, PAYMENT_METHOD_LABELS } from '@store/shared/constants';
import type { AdminAttendee } from '@store/shared/schemas/admin/attendees';
import { orderReference } from '@store/shared/domain/order-reference';
import { formatCsvDateTime } from '@store/shared/domain/time';

export function csvCell(value: string): string {
  // OWASP CSV injection: a leading = + - @ (or tab/CR) would be evaluated by Excel.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function attendeesCsv(rows: readonly AdminAttendee[]): string {
  const header = [
    'Nombre',
    'Correo',
    'Tipo de usuario',
    'Día',
    'Inicio del día',
    'Orden',
    'Fecha de pago',
    'Método de pago',
    'Cupón',
  ];
  const lines = rows.map((r) =>
    [
      r.name,
      r.email,
      USER_TYPE_LABELS[r.userType],
      r.day,
      formatCsvDateTime(r.dayStartsAt),
      orderReference(r.orderId),
      formatCsvDateTime(r.date),
      PAYMENT_METHOD_LABELS[r.paymentMethod],
      r.couponCode ?? '',
    ]
      .map(csvCell)
      .join(','),
  );
  return `\uFEFF${[header.join(','), ...lines].join('\r\n')}\r\n`;
}

/** A file-name-safe slug: 'Taller de Aminas' → 'taller-de-aminas'. */
export function slug(text: string): string {
  return (
    text
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'evento'
  );
}
