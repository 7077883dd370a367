// Display helpers of the back office: dates in the association's time zone, money in MXN$,
// role names.
import { CURRENCY_LABEL, type Role } from '@store/shared/constants';
import { formatPrice } from '@store/shared/domain/money';

const TZ = 'America/Mexico_City';
const dateTime = new Intl.DateTimeFormat('es-MX', { timeZone: TZ, dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('es-MX', { timeZone: TZ, dateStyle: 'medium' });
const shortDay = new Intl.DateTimeFormat('es-MX', { timeZone: 'UTC', day: 'numeric', month: 'short' });

export function formatDateTime(ms: number): string {
  return dateTime.format(ms);
}

export function formatDate(ms: number): string {
  return dateOnly.format(ms);
}

/** '2026-05-29' → '29 may' (the timeline's calendar dates). */
export function formatCalendarDay(date: string): string {
  return shortDay.format(new Date(`${date}T12:00:00Z`));
}

export function money(pesos: number): string {
  return formatPrice(pesos, CURRENCY_LABEL);
}

/** An order's total as the store shows it: GRATIS for a free claim. */
export function orderAmount(pesos: number): string {
  return pesos === 0 ? 'GRATIS' : money(pesos);
}

/** ISO instant → value of <input type="datetime-local"> in the browser's zone, and back. */
export function toLocalInput(ms: number | null): string {
  if (ms === null) return '';
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
}

/** The roles as the back office names them. */
export const ROLE_LABELS: Record<Role, string> = { customer: 'Cliente', admin: 'Administración' };
