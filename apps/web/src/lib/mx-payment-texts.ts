// What the buyer reads about the Mexican ways to pay, wherever they show: the checkout's
// options, the team purchase, the payment page and Mis Productos (the server's own texts are
// PAY_MSG in @store/shared/payment-messages). Dates are Mexico City's, through the shared
// time helpers; money in MXN$ as everywhere in the store.
import { formatPrice, toPesos } from '@store/shared/domain/money';
import type { MsiPlan } from '@store/shared/domain/mx-payments';
import { formatDateFull, formatDateTime, formatTime, MX_TIME_ZONE_LABEL } from '@store/shared/domain/time';

export const CARD_LABEL = 'Tarjeta de crédito o débito';
export const OXXO_LABEL = 'Efectivo en OXXO';
export const SPEI_LABEL = 'Transferencia SPEI';

/** Centavos as the store shows money: 'MXN$1,250.50'. */
export function centavosText(centavos: number): string {
  return formatPrice(toPesos(centavos));
}

/** '1 día', '3 días'. */
export function daysText(n: number): string {
  return n === 1 ? '1 día' : `${n} días`;
}

/** 'jueves, 5 de junio de 2025 a las 23:59 (hora de la Ciudad de México)'. */
export function deadlineText(ms: number): string {
  return `${formatDateFull(ms)} a las ${formatTime(ms)} (${MX_TIME_ZONE_LABEL})`;
}

/** '12 × MXN$208.34'. */
export function msiPlanText(plan: MsiPlan): string {
  return `${plan.count} × ${centavosText(plan.monthlyCentavos)}`;
}

export const MSI_CHOSEN_ON_CARD_PAGE =
  'Eliges tu plan en la página segura de pago, al escribir los datos de tu tarjeta de crédito (bancos participantes).';

export const PAYPAL_NOTE = 'Con tu cuenta PayPal o con tarjeta, en la ventana segura de PayPal.';

export const CARD_NOTE = 'Visa, Mastercard o American Express, en la página segura de pago de Stripe.';

export function oxxoNote(expiresAfterDays: number): string {
  return (
    `Te damos una ficha para pagar en efectivo en cualquier tienda OXXO. Vence en ${daysText(expiresAfterDays)} ` +
    'y tu lugar queda apartado hasta entonces.'
  );
}

export function speiNote(holdDays: number): string {
  return (
    'Al colocar tu orden te damos una CLABE para transferir desde tu banca en línea. ' +
    `Tu lugar queda apartado ${daysText(holdDays)} mientras llega la transferencia.`
  );
}

/** Mis Productos: an order still waiting for cash or a transfer. */
export function pendingPaymentText(kind: 'oxxo' | 'spei', expiresAt: number): string {
  return kind === 'oxxo'
    ? `Pago pendiente en OXXO · vence el ${formatDateTime(expiresAt)}`
    : `Transferencia SPEI pendiente · fecha límite ${formatDateTime(expiresAt)}`;
}

/** Mis Productos: a card payment in meses sin intereses. */
export function installmentsText(months: number): string {
  return `Pagado con tarjeta a ${months} meses sin intereses`;
}
