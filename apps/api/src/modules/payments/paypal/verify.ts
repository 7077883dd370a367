// PayPal's answer judged (verify.ts): did PayPal receive exactly this order's money?

import { CURRENCY } from '@store/shared/constants';
import { decimalStringToCentavos } from '@store/shared/domain/money';
import type { ExpectedPayment, PaymentOutcome } from '../verify';
import type { PaypalOrder } from './client';

/**
 * PayPal: paid only when the order and its capture are COMPLETED (a completed order can
 * carry a declined or pending capture), the captured amount equals ours to the centavo,
 * the currency is MXN and both ids tie it to this order.
 */
export function judgePaypalOrder(
  order: PaypalOrder,
  expected: ExpectedPayment & { paypalOrderId?: string | null },
): PaymentOutcome {
  if (expected.paypalOrderId && order.id !== expected.paypalOrderId) {
    return { kind: 'mismatch', reason: `orden de PayPal distinta (${order.id})` };
  }
  const unit = order.purchase_units?.[0];
  const captures = unit?.payments?.captures ?? [];
  const completed = captures.filter((c) => c.status === 'COMPLETED');
  const ours = (customId: string | undefined) => customId === undefined || customId === expected.orderId;

  if (completed.length > 0) {
    if ((order.purchase_units?.length ?? 0) !== 1 || completed.length !== 1 || captures.length !== 1) {
      return { kind: 'mismatch', reason: 'la orden de PayPal tiene más de un cobro' };
    }
    const capture = completed[0]!;
    if (unit?.custom_id !== expected.orderId || !ours(capture.custom_id)) {
      return { kind: 'mismatch', reason: `custom_id ${capture.custom_id ?? unit?.custom_id} no es la orden` };
    }
    if (capture.amount?.currency_code !== CURRENCY) {
      return { kind: 'mismatch', reason: `moneda ${capture.amount?.currency_code}` };
    }
    const captured = decimalStringToCentavos(capture.amount.value);
    if (captured !== expected.amountCentavos) {
      return {
        kind: 'mismatch',
        reason: `monto ${capture.amount.value} en lugar de ${expected.amountCentavos / 100}`,
      };
    }
    if (order.status !== 'COMPLETED') {
      // PayPal has not closed the order yet; a later look (webhook, sweep) decides.
      return { kind: 'pending', reason: `orden ${order.status} con cobro completado` };
    }
    return { kind: 'paid', captureId: capture.id, payerId: order.payer?.payer_id };
  }
  if (captures.some((c) => c.status === 'PENDING')) return { kind: 'pending', reason: 'cobro PENDING' };
  if (captures.length > 0) {
    return { kind: 'failed', reason: `cobro ${captures.map((c) => c.status).join(', ')}` };
  }
  if (order.status === 'VOIDED') return { kind: 'failed', reason: 'orden VOIDED' };
  return { kind: 'unpaid', reason: `orden ${order.status} sin cobro` };
}
