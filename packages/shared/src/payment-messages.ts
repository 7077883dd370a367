// Texts of the Mexican ways to pay (docs/payments.md): card with meses sin intereses, cash at
// OXXO, SPEI transfers, and the association's settings for them.

import { formatPrice, toPesos } from './domain/money';

export const PAY_MSG = {
  methodOff: 'Esta forma de pago no está disponible en este momento. Elige otra para continuar.',
  methodNotReady:
    'Esta forma de pago todavía no está lista: faltan datos de Stripe en el servidor. Elige otra para continuar.',
  oxxoTooLate:
    'El pago en OXXO ya no alcanza para este evento: el comprobante vencería después de que empiece. Paga con tarjeta, transferencia SPEI o PayPal.',
  speiTooLate:
    'La transferencia SPEI ya no alcanza para este evento: empieza antes de que podamos confirmar el pago. Paga con tarjeta o PayPal.',
  voucherIssued:
    'Tu ficha de pago en OXXO está lista. Tu lugar queda apartado hasta la fecha de vencimiento.',
  transferIssued:
    'Estos son los datos para tu transferencia SPEI. Tu lugar queda apartado hasta la fecha límite.',
  paymentStillOpen:
    'Ya tienes un pago pendiente para estos días: usa esa ficha o espera a que venza para elegir otra forma de pago.',
  instructionsNotFound: 'Esa orden no tiene un pago pendiente en OXXO ni por transferencia.',
  lateRefunded:
    'Tu pago llegó después de que venció tu ficha y el lugar ya se había ocupado: te reembolsaremos el importe completo.',
  lateHonoured:
    'Tu pago llegó después del vencimiento, pero el lugar seguía libre: tu compra quedó confirmada.',
  refundNeedsBankDetails:
    'Stripe le envió al comprador un correo para que indique su cuenta bancaria (CLABE); el reembolso se completa cuando la indique.',
  settingsSaved: 'Formas de pago guardadas.',
  settingsDaysInvalid: 'Elige de 1 a 7 días.',
  settingsNeedStripe:
    'Para activar esta forma de pago primero configura STRIPE_SECRET_KEY y STRIPE_WEBHOOK_SECRET en el servidor.',
  ppdOnlySpei:
    'La factura antes del pago (PPD) es solo para pagos por transferencia SPEI: elige SPEI o pide la factura al pagar.',
  ppdNeedsInvoice: 'Para recibir la factura antes de pagar, llena los datos de facturación.',
  webhookAmountMismatch: 'El importe o la moneda del pago no coincide con la orden.',
} as const;

/** A voucher above OXXO's cash limit, refused before it is issued. */
export function oxxoOverLimit(amountCentavos: number, limitCentavos: number): string {
  return (
    `OXXO recibe hasta ${formatPrice(toPesos(limitCentavos))} en efectivo por pago y este pedido es de ` +
    `${formatPrice(toPesos(amountCentavos))}. Paga con tarjeta (también a meses sin intereses), ` +
    'transferencia SPEI o PayPal, o divide tu compra en pedidos menores.'
  );
}
