// Attendee list as CSV for Excel, written by csv-stringify: UTF-8 with a BOM (so accents open
// correctly), CRLF line ends, RFC 4180 quoting (also of cells holding ';', the separator Excel
// uses in Spanish locales), and cells that a spreadsheet would run as a formula neutralised.
// Dates are 'YYYY-MM-DD HH:mm' in Mexico City time. After the fixed columns, one per registration
// question of the event (docs/questions.md), with each person's answer in Spanish.

import { stringify } from 'csv-stringify/sync';
import { USER_TYPE_LABELS, PAYMENT_METHOD_LABELS } from '@store/shared/constants';
import type { AdminAttendee } from '@store/shared/schemas/admin/attendees';
import { orderReference } from '@store/shared/domain/order-reference';
import { formatCsvDateTime } from '@store/shared/domain/time';

/** OWASP CSV injection: a cell starting with = + - @ (or tab/CR) would be run by Excel. */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** Rows of text cells → the CSV file's text (BOM, CRLF, quoting, formulas neutralised). */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return stringify(
    rows.map((r) => [...r]),
    {
      bom: true,
      record_delimiter: 'windows',
      // A lone CR or LF breaks a row in Excel too, not only the CRLF the library checks for.
      quoted_match: [/;/, /[\r\n]/],
      cast: { string: neutraliseFormula },
    },
  );
}

/** Extra columns after the fixed ones: their titles, and each person's cells (the event's answers). */
export interface ExtraColumns {
  titles: readonly string[];
  cells(userId: string): readonly string[];
}

const NO_EXTRA: ExtraColumns = { titles: [], cells: () => [] };

export function attendeesCsv(rows: readonly AdminAttendee[], extra: ExtraColumns = NO_EXTRA): string {
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
    'Pagado por',
    'Nombre en constancia',
    'Cédula profesional',
    'Especialidad',
    'Institución',
    'Minutos en línea',
    'Registro presencial',
    'Asistió',
    ...extra.titles,
  ];
  const lines = rows.map((r) => [
    r.name,
    r.email,
    USER_TYPE_LABELS[r.userType],
    r.day,
    formatCsvDateTime(r.dayStartsAt),
    orderReference(r.orderId),
    formatCsvDateTime(r.date),
    PAYMENT_METHOD_LABELS[r.paymentMethod],
    r.couponCode ?? '',
    r.paidBy ?? r.name,
    r.certificateName ?? '',
    r.cedula ?? '',
    r.specialty ?? '',
    r.institution ?? '',
    String(r.watchedMinutes),
    r.checkedInAt === null ? '' : formatCsvDateTime(r.checkedInAt),
    r.attended ? 'Sí' : 'No',
    ...extra.cells(r.userId),
  ]);
  return toCsv([header, ...lines]);
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
