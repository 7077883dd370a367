// Money is integer centavos inside; the API and the UI speak pesos. These are the only
// conversions, so client and server agree to the centavo.

export function toCentavos(pesos: number): number {
  return Math.round(pesos * 100);
}

export function toPesos(centavos: number): number {
  return centavos / 100;
}

/** '2,510.00' style amount without the currency label, es-MX grouping. */
export function formatAmount(pesos: number): string {
  return pesos.toLocaleString('es-MX', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** 'MXN$2,510.00'; whole amounts drop the centavos ('MXN$2,500'). */
export function formatPrice(pesos: number, label = 'MXN$'): string {
  const whole = Number.isInteger(pesos);
  return `${label}${pesos.toLocaleString('es-MX', {
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  })}`;
}

/** PayPal's amount.value: always two decimals, dot separator. */
export function centavosToDecimalString(centavos: number): string {
  const sign = centavos < 0 ? '-' : '';
  const abs = Math.abs(centavos);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Parses '2510.00' into 251000; null when it is not a plain decimal amount. */
export function decimalStringToCentavos(value: string): number | null {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}
