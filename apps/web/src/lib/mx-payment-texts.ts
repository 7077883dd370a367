// What the buyer reads of the Mexican ways to pay when choosing one: the checkout's options and
// the team purchase's (the server's own texts are PAY_MSG in @store/shared/payment-messages);
// money in MXN$ as everywhere in the store. Only those two pages import it, so it travels in
// their shared chunk: the payment page, Mis Productos and the back office keep their few
// words themselves rather than add a chunk to the list `/` loads (docs/speed.md).
import { formatPrice, toPesos } from '@store/shared/domain/money';
import type { MsiPlan } from '@store/shared/domain/mx-payments';

export const CARD_LABEL = 'Tarjeta de crédito o débito';

/** Centavos as the store shows money: 'MXN$1,250.50'. */
export function centavosText(centavos: number): string {
  return formatPrice(toPesos(centavos));
}

/** '1 día', '3 días'. */
export function daysText(n: number): string {
  return n === 1 ? '1 día' : `${n} días`;
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

/** With a SPEI transfer and an invoice: when the CFDI is stamped (docs/cfdi.md → PPD). */
export const INVOICE_PLAN_QUESTION = '¿Cuándo necesitas la factura?';

export const INVOICE_PLAN_LABELS = {
  PUE: 'Al recibir el pago',
  PPD: 'Antes de pagar, para tramitar el pago (PPD)',
} as const;

export const INVOICE_PPD_NOTE =
  'La factura PPD te llega al colocar tu orden; cuando recibamos tu transferencia te enviamos su complemento de pago (CFDI de pago).';
