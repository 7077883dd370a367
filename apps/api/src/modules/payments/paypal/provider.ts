// PayPal as a way to pay (provider.ts): the PayPal button's order, captured on our server
// (capture.ts, service.ts), confirmed by its capture; refunds through PayPal's refund API
// with our refund row's id as the PayPal-Request-Id and `invoice_id` (docs/providers.md).

import { CURRENCY } from '@store/shared/constants';
import { centavosToDecimalString } from '@store/shared/domain/money';
import { MSG } from '@store/shared/messages';
import type { OrderRow, PaymentRow, RefundRow } from '../../lifecycle';
import type { PaymentProvider, ProviderRefundAnswer } from '../provider';
import { reconcileUnreachable, type PaymentDeps } from '../settle';
import type { PaymentOutcome } from '../verify';
import { judgePaypalOrder } from './verify';
import { reconcilePaypalHold, settlePaypal } from './capture';
import { PaypalUnavailableError } from './client';
import { paypalRefundAnswer } from './refund-status';
import { paypalRoutes } from './routes';
import { paypalWebhook } from './webhook';

export const paypalProvider: PaymentProvider = {
  method: 'paypal',
  satPaymentForm: () => '31', // intermediario de pagos
  confirmedByStaff: false,
  refundWaitsForBuyer: false,
  honoursLatePayment: false,
  returnsDuplicates: true,
  holdMs: (config) => config.PENDING_ORDER_TTL_MINUTES * 60_000,
  reuseMinRemainingMs: (config) => Math.min(5 * 60_000, (config.PENDING_ORDER_TTL_MINUTES * 60_000) / 2),
  refundsOnline: (_order, payment) => payment?.captureId != null,
  reconcileHold: (deps, order, payment, opts) =>
    payment
      ? reconcilePaypalHold(deps, order, payment.externalId, opts)
      : reconcileUnreachable(deps, order, opts),
  async settleExpired(deps, order, payment, now) {
    const paypal = deps.clients.paypal;
    if (!paypal || !payment) return null;
    const remote = await paypal.getOrder(payment.externalId);
    const outcome: PaymentOutcome = remote
      ? judgePaypalOrder(remote, {
          orderId: order.id,
          amountCentavos: order.amountCentavos,
          paypalOrderId: payment.externalId,
        })
      : { kind: 'failed', reason: 'PayPal no conoce la orden' };
    // settlePaypal also refunds a capture for days the user already holds.
    return settlePaypal(deps, order, outcome, {
      source: 'expiry',
      seenAt: order.updatedAt,
      cancelUnpaid: true,
      now,
    });
  },
  refund: refundAtPaypal,
  routes: paypalRoutes,
  webhooks: paypalWebhook,
};

/** Asks PayPal for the refund (or reads the one it took) and says what it answered. */
async function refundAtPaypal(
  deps: PaymentDeps,
  order: OrderRow,
  payment: PaymentRow | null,
  refund: RefundRow,
): Promise<ProviderRefundAnswer> {
  const paypal = deps.clients.paypal;
  const captureId = payment?.captureId;
  if (!paypal || !captureId) return { kind: 'failed', reason: 'PayPal sin configurar o sin cobro' };
  try {
    if (refund.providerRefundId) {
      const remote = await paypal.getRefund(refund.providerRefundId);
      if (!remote) return { kind: 'retry', retryAfterMs: null, reason: 'PayPal no conoce el reembolso' };
      return paypalRefundAnswer(remote);
    }
    const result = await paypal.refundCapture(captureId, {
      amount: centavosToDecimalString(refund.amountCentavos),
      currency: CURRENCY,
      requestId: `refund-${refund.id}`,
      reference: refund.id,
      noteToPayer:
        refund.kind === 'cancelacion'
          ? MSG.cancellationRefundNote
          : order.closedReason === 'duplicado'
            ? MSG.duplicatePaymentRefundNote
            : 'Reembolso de tu compra.',
    });
    if (result.ok) return paypalRefundAnswer(result.refund);
    const reason = `${result.status} ${result.issue}`;
    return result.retry
      ? { kind: 'retry', retryAfterMs: result.retryAfterMs, reason }
      : { kind: 'failed', reason: result.issue };
  } catch (err) {
    if (!(err instanceof PaypalUnavailableError)) throw err;
    deps.log.warn({ err, orderId: order.id, refundId: refund.id }, 'sin respuesta de PayPal al reembolsar');
    return { kind: 'retry', retryAfterMs: null, reason: err.message };
  }
}
