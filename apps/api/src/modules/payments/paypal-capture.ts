// PayPal capture and settlement shared by the browser's capture, a new checkout attempt
// that meets an earlier PayPal order (checkout.ts), the webhook and the expiry sweep: claim
// inside the payment window, capture idempotently, settle what PayPal says, and give money
// back through PayPal's refund API when it paid for days the user already holds.

import { CURRENCY } from '@store/shared/constants';
import { centavosToDecimalString } from '@store/shared/domain/money';
import { MSG } from '@store/shared/messages';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { findOrder, findOrderDays } from '../lifecycle/reads';
import type { OrderRow } from '../lifecycle/reads';
import { claimForCapture, closeDuplicatePayment, endPendingOrder } from '../lifecycle/service';
import { findPaidElsewhere } from '../seats/repo';
import { PaypalUnavailableError, type PaypalClient, type PaypalOrder } from './paypal-client';
import { auditPayment, countPaymentAudits } from './repo';
import { settle, type PaymentDeps, type SettleOptions, type SettleResult } from './settle';
import { PENDING_REFUND_LOOK_MS } from './refunds';
import { judgePaypalOrder, type PaymentOutcome } from './verify';

/**
 * Capture refusals PayPal documents as recoverable by the payer: the JS SDK's
 * `actions.restart()` reopens the window on the same order to choose another funding source.
 */
const RESTART_ISSUES = new Set([
  'INSTRUMENT_DECLINED',
  'PAYER_ACTION_REQUIRED',
  'REDIRECT_PAYER_FOR_ALTERNATE_FUNDING',
]);

export function paypalOf(deps: PaymentDeps): PaypalClient {
  if (!deps.providers.paypal) throw new AppError('unavailable', MSG.paymentNotConfigured);
  return deps.providers.paypal;
}

/** True when the user already holds one of the order's days through another paid order. */
export async function ownsAnotherCopy(deps: PaymentDeps, order: OrderRow): Promise<boolean> {
  // A group order's places are nobody's until the buyer names them (docs/groups.md).
  if (order.kind === 'grupo') return false;
  const days = await findOrderDays(deps.db, order.id);
  const owned = await findPaidElsewhere(
    deps.db,
    order.userId,
    days.map((d) => d.productDayId),
    order.id,
  );
  return owned.size > 0;
}

/**
 * Claims the pending order (inside its window), captures it at PayPal and settles what
 * PayPal says. Answers the paid order, or throws the AppError the buyer should see.
 */
export async function captureAndSettle(
  deps: PaymentDeps,
  order: OrderRow,
  source: SettleOptions['source'],
  now: Date,
): Promise<OrderRow> {
  const paypal = paypalOf(deps);
  const paypalOrderId = order.paypalOrderId;
  if (!paypalOrderId) throw new AppError('conflict', MSG.paymentError);
  if (!(await claimForCapture(deps.db, order.id, now))) {
    const current = await findOrder(deps.db, order.id);
    if (current?.status === 'pagado') return current;
    if (current?.status === 'pendiente') throw new AppError('conflict', MSG.paymentWindowClosed);
    throw new AppError('conflict', MSG.paymentError);
  }

  let remote: PaypalOrder | null;
  try {
    // The PayPal-Request-Id is our order id; after a declined funding source the buyer's next
    // approval is a new request (PayPal would replay the declined answer to the same key).
    const declines = await countPaymentAudits(deps.db, order.id, 'payment.instrument_declined');
    const requestId = declines === 0 ? order.id : `${order.id}-${declines}`;
    const result = await paypal.captureOrder(paypalOrderId, requestId);
    if (result.ok) remote = result.order;
    else if (result.issue === 'ORDER_ALREADY_CAPTURED') remote = await paypal.getOrder(paypalOrderId);
    else if (RESTART_ISSUES.has(result.issue)) {
      // Recoverable (docs/providers.md): the PayPal order stays open and the button restarts
      // so the buyer picks another funding source; our order keeps its seats and window.
      await auditPayment(deps.db, {
        action: 'payment.instrument_declined',
        orderId: order.id,
        details: { issue: result.issue, paypalOrderId },
      });
      throw new AppError('payment_failed', MSG.paymentDeclinedRetry, 'restart');
    } else if (
      result.issue === 'ORDER_COMPLETION_IN_PROGRESS' ||
      result.status === 409 ||
      result.status === 429
    ) {
      // PayPal is still completing it: look once; otherwise the webhook or the sweep settles.
      remote = await paypal.getOrder(paypalOrderId);
      if (
        !remote ||
        judgePaypalOrder(remote, { orderId: order.id, amountCentavos: order.amountCentavos, paypalOrderId })
          .kind !== 'paid'
      ) {
        throw new AppError('payment_failed', MSG.paymentStillProcessing);
      }
    } else {
      deps.log.warn({ orderId: order.id, issue: result.issue }, 'PayPal rechazó el cobro');
      throw new AppError('payment_failed', MSG.paymentError);
    }
  } catch (err) {
    if (!(err instanceof PaypalUnavailableError)) throw err;
    // We cannot tell whether PayPal captured: ask once more; otherwise the webhook or the
    // expiry sweep settles it. The order stays pending either way.
    deps.log.warn({ err, orderId: order.id }, 'sin respuesta de PayPal al cobrar');
    try {
      remote = await paypal.getOrder(paypalOrderId);
    } catch {
      throw new AppError('unavailable', MSG.paymentError);
    }
  }
  if (!remote) throw new AppError('payment_failed', MSG.paymentError);

  const outcome = judgePaypalOrder(remote, {
    orderId: order.id,
    amountCentavos: order.amountCentavos,
    paypalOrderId,
  });
  const result = await settlePaypal(deps, order, outcome, { source });
  if (result.paid) return (await findOrder(deps.db, order.id)) ?? order;
  if (result.duplicate) throw new AppError('conflict', MSG.duplicatePaymentRefunded);
  if (outcome.kind === 'pending') throw new AppError('payment_failed', MSG.paymentPendingReview);
  throw new AppError('payment_failed', MSG.paymentError);
}

/**
 * settle() in its own transaction; a capture id already on another order is refused, and
 * money for days the user already holds goes back through PayPal's refund API.
 */
export async function settlePaypal(
  deps: PaymentDeps,
  order: OrderRow,
  outcome: PaymentOutcome,
  opts: Omit<SettleOptions, 'patch'>,
): Promise<SettleResult> {
  const patch =
    outcome.kind === 'paid'
      ? { paypalCaptureId: outcome.captureId ?? null, paypalPayerId: outcome.payerId ?? null }
      : {};
  let result: SettleResult;
  try {
    result = await deps.db.transaction((tx) => settle(tx, deps, order, outcome, { ...opts, patch }));
  } catch (err) {
    if (!isUniqueViolation(err, 'orders_paypal_capture_idx')) throw err;
    await auditPayment(deps.db, {
      action: 'payment.capture_reused',
      orderId: order.id,
      details: { source: opts.source, ...patch },
    });
    throw new AppError('conflict', MSG.paymentReused);
  }
  if (result.duplicate && outcome.kind === 'paid' && outcome.captureId) {
    await refundDuplicate(deps, order, outcome.captureId, opts.source);
  }
  return result;
}

/**
 * Gives back, through PayPal's refund API, a capture for days the user already holds, and
 * closes the order as refunded (seats and coupon use back), with an audit entry. The
 * PayPal-Request-Id is derived from our order, so a retry (the sweep, a redelivered
 * webhook) never refunds twice. If PayPal cannot be reached the order stays pending and the
 * next look at it (webhook, sweep) tries again.
 */
export async function refundDuplicate(
  deps: PaymentDeps,
  order: OrderRow,
  captureId: string,
  source: SettleOptions['source'],
): Promise<boolean> {
  const paypal = deps.providers.paypal;
  const amount = centavosToDecimalString(order.amountCentavos);
  let refundId: string | null = null;
  let pending = false;
  let failure: string | null = null;
  if (!paypal) failure = 'PayPal sin configurar';
  else {
    try {
      const result = await paypal.refundCapture(captureId, {
        amount,
        currency: CURRENCY,
        requestId: `refund-${order.id}`,
        noteToPayer: MSG.duplicatePaymentRefundNote,
      });
      if (result.ok && (result.refund.status === 'FAILED' || result.refund.status === 'CANCELLED')) {
        failure = `PayPal: ${result.refund.status}`;
      } else if (result.ok) {
        refundId = result.refund.id;
        // PENDING: PayPal took the refund but the money has not moved yet (docs/providers.md).
        pending = result.refund.status === 'PENDING';
      } else if (result.issue !== 'CAPTURE_FULLY_REFUNDED') failure = result.issue;
    } catch (err) {
      failure = err instanceof Error ? err.message : String(err);
    }
  }
  if (failure !== null) {
    await auditPayment(deps.db, {
      action: 'payment.duplicate_refund_failed',
      orderId: order.id,
      details: { captureId, amount, source, reason: failure },
    });
    deps.log.error(
      { orderId: order.id, captureId, reason: failure },
      'no se pudo reembolsar un pago duplicado',
    );
    return false;
  }
  await deps.db.transaction(async (tx) => {
    const closed = await closeDuplicatePayment(tx, order.id, {
      // A PENDING refund is followed like any other: the refund sweep reads it by its id
      // until PayPal completes it (the money is then recorded) or fails it (the admin sees it).
      refunded: {
        providerRefundId: refundId,
        pending,
        nextLookAt: new Date(Date.now() + PENDING_REFUND_LOOK_MS),
      },
      patch: { paypalCaptureId: captureId },
    });
    if (!closed.changed) return;
    await auditPayment(tx, {
      action: pending ? 'payment.duplicate_refund_pending' : 'payment.duplicate_refunded',
      orderId: order.id,
      details: { captureId, refundId, amount, currency: CURRENCY, source },
    });
  });
  deps.log.warn({ orderId: order.id, captureId, refundId, pending }, 'pago duplicado reembolsado');
  return true;
}

/**
 * A pending PayPal order met by a new attempt (checkout.ts): PayPal says what it is. Still
 * open and `keep` (the attempt is the same): 'payable'. Approved by the buyer: captured and
 * settled (the buyer already agreed to pay it). Captured, declined or voided: settled.
 * Otherwise (never approved, unknown to PayPal): cancelled, unless a capture touched it
 * meanwhile.
 */
export async function reconcilePaypalHold(
  deps: PaymentDeps,
  order: OrderRow,
  opts: { keep: boolean; now: Date },
): Promise<'payable' | 'settled'> {
  const { now } = opts;
  const paypal = paypalOf(deps);
  if (!order.paypalOrderId) return 'payable';
  let remote: PaypalOrder | null;
  try {
    remote = await paypal.getOrder(order.paypalOrderId);
  } catch {
    throw new AppError('unavailable', MSG.paymentError);
  }
  const captured = remote?.purchase_units?.[0]?.payments?.captures?.length ?? 0;
  const open =
    remote && captured === 0 && (remote.status === 'CREATED' || remote.status === 'PAYER_ACTION_REQUIRED');
  if (open && opts.keep) return 'payable';
  if (remote && captured === 0 && remote.status === 'APPROVED') {
    try {
      await captureAndSettle(deps, order, 'checkout', now);
    } catch (err) {
      // Whatever PayPal said is now recorded on the order; the new attempt looks again.
      if (!(err instanceof AppError)) throw err;
    }
    return 'settled';
  }
  const outcome: PaymentOutcome = remote
    ? judgePaypalOrder(remote, {
        orderId: order.id,
        amountCentavos: order.amountCentavos,
        paypalOrderId: order.paypalOrderId,
      })
    : { kind: 'failed', reason: 'PayPal no conoce la orden' };
  if (outcome.kind === 'unpaid') {
    await deps.db.transaction(async (tx) => {
      await endPendingOrder(tx, order.id, 'reemplazado', { seenAt: order.updatedAt, stillOpen: true });
    });
    return 'settled';
  }
  await settlePaypal(deps, order, outcome, {
    source: 'checkout',
    seenAt: order.updatedAt,
    stillOpen: true,
    now,
  });
  return 'settled';
}
