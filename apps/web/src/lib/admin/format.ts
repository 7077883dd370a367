// Display and form helpers of the back office: money in MXN$, role names, and the
// datetime-local fields, which are Mexico City wall times converted by the shared time module
// (never the browser's zone). Dates are formatted with @store/shared/domain/time directly.
import { CURRENCY_LABEL, type Role } from '@store/shared/constants';
import { formatPrice } from '@store/shared/domain/money';
import { fromMexicoCityLocal, toMexicoCityLocal } from '@store/shared/domain/time';

export function money(pesos: number): string {
  return formatPrice(pesos, CURRENCY_LABEL);
}

const THOUSANDS = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/**
 * A chart axis's amount, short: 650, 1.3k, 1.95k, 2k. Never rounded to whole thousands: two
 * ticks (1,300 and 1,950; 1,050 and 1,400) would read «1k» and «2k», or «1k» twice.
 */
export function axisAmount(value: number): string {
  return Math.abs(value) >= 1000 ? `${THOUSANDS.format(value / 1000)}k` : String(value);
}

/** An order's total as the store shows it: GRATIS for a free claim. */
export function orderAmount(pesos: number): string {
  return pesos === 0 ? 'GRATIS' : money(pesos);
}

/** Instant (epoch ms) → value of an <input type="datetime-local"> in Mexico City time. */
export function toLocalInput(ms: number | null): string {
  return ms === null ? '' : toMexicoCityLocal(ms);
}

/**
 * A datetime-local value (Mexico City time) → ISO instant for the API; '' → null; text that is
 * not a valid wall time is passed on unchanged for the shared schema to refuse with its message.
 */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  return fromMexicoCityLocal(value)?.toISOString() ?? value;
}

/** The roles as the back office names them. */
export const ROLE_LABELS: Record<Role, string> = { customer: 'Cliente', admin: 'Administración' };
