// Refunds through PayPal's refund API for a buyer's cancellation or an admin refund
// (docs/after-sale.md, docs/lifecycle.md → Money). The lifecycle writes the refund row first
// (requestRefund: its id is the PayPal-Request-Id, so asking again never refunds twice), then
// PayPal is called outside any transaction, then the lifecycle applies the answer:
//
//   PayPal refunds        → completeRefund: the refund's days end, seats free, refunded
//                           amount and status follow, events (e-mail, credit note) — once,
//                           whether the API answer or the PAYMENT.CAPTURE.REFUNDED webhook
//                           arrives first
//   PayPal refuses (4xx)  → failRefund: the row fails; the order stays paid, audited
//   no answer             → the row stays pending (the order refuses other refunds, transfers
//                           and cancels meanwhile); the webhook, or asking again, settles it

import { CURRENCY } from '@store/shared/constants';
import { centavosToDecimalString, toPesos } from '@store/shared/domain/money';
import { MSG } from '@store/shared/messages';
import { ADMIN_MSG } from '@store/shared/admin-messages';
import { AppError } from '../../lib/errors';
import type { Tx } from '../../db/client';
import type { OrderRow } from '../lifecycle/reads';
import { findPendingRefund, findRefundByProviderId, type RefundRow } from '../lifecycle/refunds-repo';
import { completeRefund, failRefund, requestRefund } from '../lifecycle/service';
import { findOrderDayDetails } from '../orders/repo';
import { PaypalUnavailableError } from './paypal-client';
import { auditPayment } from './repo';
import type { PaymentDeps } from './settle';

export type RefundOutcome = 'completed' | 'failed' | 'unconfirmed';

/** Asks PayPal for the pending refund and applies what it answers (see the top of the file). */
export async function executeRefund(
  deps: PaymentDeps,
  order: OrderRow,
  refund: RefundRow,
): Promise<RefundOutcome> {
  const paypal = deps.providers.paypal;
  const captureId = order.paypalCaptureId;
  let failure: string | null = null;
  let providerRefundId: string | null = null;
  if (!paypal || !captureId) failure = 'PayPal sin configurar o sin cobro';
  else {
    try {
      const result = await paypal.refundCapture(captureId, {
        amount: centavosToDecimalString(refund.amountCentavos),
        currency: CURRENCY,
        requestId: `refund-${refund.id}`,
        noteToPayer: refund.kind === 'cancelacion' ? MSG.cancellationRefundNote : 'Reembolso de tu compra.',
      });
      if (result.ok) providerRefundId = result.refund.id;
      else failure = result.issue;
    } catch (err) {
      if (!(err instanceof PaypalUnavailableError)) throw err;
      deps.log.warn({ err, orderId: order.id, refundId: refund.id }, 'sin respuesta de PayPal al reembolsar');
      await auditPayment(deps.db, {
        action: 'payment.refund_unconfirmed',
        orderId: order.id,
        actorId: refund.actorId,
        details: { refundId: refund.id, amount: toPesos(refund.amountCentavos), reason: err.message },
      });
      return 'unconfirmed';
    }
  }
  if (failure !== null) {
    const reason = failure;
    await deps.db.transaction((tx) => failRefund(tx, refund, reason));
    deps.log.error({ orderId: order.id, refundId: refund.id, reason }, 'PayPal rechazó un reembolso');
    return 'failed';
  }
  // Null when the refund webhook got here first and already applied it.
  await deps.db.transaction((tx) => completeRefund(tx, refund.id, providerRefundId!, 'api'));
  return 'completed';
}

/**
 * A PAYMENT.CAPTURE.REFUNDED event for one of our orders, in the webhook's transaction.
 * True when it is a refund the store asked for (applied now if the API answer has not
 * arrived yet, or already applied): the caller must not count it again.
 */
export async function reconcileRefundEvent(
  tx: Tx,
  orderId: string,
  providerRefundId: string,
  centavos: number | null,
): Promise<boolean> {
  if (await findRefundByProviderId(tx, providerRefundId)) return true;
  const pending = await findPendingRefund(tx, orderId);
  if (!pending || centavos !== pending.amountCentavos) return false;
  await completeRefund(tx, pending.id, providerRefundId, 'webhook');
  return true;
}

/**
 * An admin refund of a PayPal order through PayPal's refund API: `amountCentavos` (never
 * more than what is left unrefunded), ending every active day when `revokeAccess`. The same
 * refund row, idempotency and webhook rules as a buyer's cancellation. An unanswered call
 * asked again with the same amount reuses the pending refund (same PayPal-Request-Id).
 */
export async function refundThroughPaypal(
  deps: PaymentDeps,
  input: { orderId: string; actorId: string; amountCentavos: number; revokeAccess: boolean; note: string },
): Promise<void> {
  const { order, refund } = await deps.db.transaction(async (tx) => {
    const days = await findOrderDayDetails(tx, input.orderId);
    const asked = await requestRefund(tx, {
      orderId: input.orderId,
      kind: 'admin',
      productDayIds: input.revokeAccess
        ? days.filter((d) => d.status === 'pagado').map((d) => d.productDayId)
        : [],
      amountCentavos: input.amountCentavos,
      actorId: input.actorId,
      refusal: ADMIN_MSG.orderNotRefundable,
      inFlight: ADMIN_MSG.orderRefundInProgress,
    });
    if (!asked.repeated) {
      await auditPayment(tx, {
        action: 'order.refund_requested',
        orderId: input.orderId,
        actorId: input.actorId,
        details: {
          refundId: asked.refund.id,
          amount: toPesos(input.amountCentavos),
          revokeAccess: input.revokeAccess,
          ...(input.note ? { note: input.note } : {}),
        },
      });
    }
    return asked;
  });
  const outcome = await executeRefund(deps, order, refund);
  if (outcome === 'failed') throw new AppError('payment_failed', ADMIN_MSG.orderRefundFailed);
  if (outcome === 'unconfirmed') throw new AppError('unavailable', ADMIN_MSG.orderRefundUnconfirmed);
}
