// The payment page's money and deadlines: centavos in MXN$ as everywhere in the store, and
// the moment a voucher or a transfer window ends in Mexico City's time.
import { formatPrice, toPesos } from '@store/shared/domain/money';
import { formatDateFull, formatTime, MX_TIME_ZONE_LABEL } from '@store/shared/domain/time';

/** 'MXN$1,250.50'. */
export function centavosText(centavos: number): string {
  return formatPrice(toPesos(centavos));
}

/** 'jueves, 5 de junio de 2025 a las 23:59 (hora de la Ciudad de México)'. */
export function deadlineText(ms: number): string {
  return `${formatDateFull(ms)} a las ${formatTime(ms)} (${MX_TIME_ZONE_LABEL})`;
}
