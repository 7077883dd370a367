// PayPal capture and settlement shared by the browser's capture, a new checkout attempt
// that meets an earlier PayPal order (checkout.ts), the webhook and the expiry sweep: claim
// inside the payment window, capture idempotently, settle what PayPal says, and give money
// back through PayPal's refund API when it paid for days the user already holds.

import { CURRENCY } from '@store/shared/constants';
import { centavosToDecimalString } from '@store/shared/domain/money';
import { MSG } from '@store/shared/messages';
import { isUniqueViolation } from '../../../lib/db-errors';
import { AppError } from '../../../lib/errors';
import {
  abandon,
  claimForCapture,
  closeDuplicate,
  findOrder,
  findOrderDays,
  findPayment,
  findPendingRefund,
  type OrderRow,
  type PaidPatch,
} from '../../lifecycle';
import { findPaidElsewhere } from '../../seats/repo';
import { PaypalUnavailableError, type PaypalClient, type PaypalOrder } from './client';
import { auditPayment, countPaymentAudits } from '../repo';
import { settle, type PaymentDeps, type SettleOptions, type SettleResult } from '../settle';
import { executeRefund } from '../refunds';
import type { PaymentOutcome } from '../verify';
import { judgePaypalOrder } from './verify';

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
  if (!deps.clients.paypal) throw new AppError('unavailable', MSG.paymentNotConfigured);
  return deps.clients.paypal;
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
  const paypalOrderId = (await findPayment(deps.db, order.id))?.externalId;
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
  // PayPal's webhook for this very capture may have settled the order first (and its refund,
  // for a duplicate, may already show on the capture): the buyer gets that settlement's answer.
  const current = await findOrder(deps.db, order.id);
  if (current?.status === 'pagado') return current;
  const captureIds = (remote.purchase_units ?? [])
    .flatMap((u) => u.payments?.captures ?? [])
    .map((c) => c.id);
  const captured = current?.closedReason === 'duplicado' ? await findPayment(deps.db, order.id) : null;
  if (captured?.captureId && captureIds.includes(captured.captureId)) {
    throw new AppError('conflict', MSG.duplicatePaymentRefunded);
  }
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
  const patch = paidPatch(outcome);
  let result: SettleResult;
  try {
    result = await deps.db.transaction((tx) => settle(tx, deps, order, outcome, { ...opts, patch }));
  } catch (err) {
    if (!isUniqueViolation(err, 'order_payments_capture_idx')) throw err;
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
 * Gives back, through PayPal's refund API, a capture for days the user already holds. First,
 * in one transaction, the order is closed (`cancelado`: nothing granted, seats and coupon use
 * back, the capture stored) with a pending refund row for the whole amount; then that row is
 * asked of PayPal like any other refund (`executeRefund`), so every answer PayPal documents is
 * followed the same way (docs/providers.md): COMPLETED records the money; PENDING waits for
 * PayPal; 409 in progress, 429 or no answer are asked again by the refund sweep with the same
 * key, and PayPal's own refund webhook is matched to the row, never booked as a refund made
 * outside the store; FAILED is shown to the admin as a refund that failed. Two callers at once
 * (the capture's answer and its webhook) close the order once: only the one that closed it
 * asks PayPal. Answers whether PayPal took the refund.
 */
export async function refundDuplicate(
  deps: PaymentDeps,
  order: OrderRow,
  captureId: string,
  source: SettleOptions['source'],
): Promise<boolean> {
  const amount = centavosToDecimalString(order.amountCentavos);
  const asked = await deps.db.transaction(async (tx) => {
    const closed = await closeDuplicate(tx, order.id, {
      refunded: { providerRefundId: null, pending: true },
      patch: { captureId },
    });
    if (!closed.changed || !closed.order) return null;
    const refund = await findPendingRefund(tx, order.id);
    await auditPayment(tx, {
      action: 'payment.duplicate_refund_requested',
      orderId: order.id,
      details: { captureId, refundId: refund?.id ?? null, amount, currency: CURRENCY, source },
    });
    return refund ? { order: closed.order, refund } : null;
  });
  if (!asked) return false;
  const outcome = await executeRefund(deps, asked.order, asked.refund);
  const level = outcome === 'failed' ? 'error' : 'warn';
  deps.log[level]({ orderId: order.id, captureId, outcome }, 'reembolso de un pago duplicado');
  return outcome === 'completed' || outcome === 'pending';
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
  paypalOrderId: string,
  opts: { keep: boolean; now: Date },
): Promise<'payable' | 'settled'> {
  const { now } = opts;
  const paypal = paypalOf(deps);
  let remote: PaypalOrder | null;
  try {
    remote = await paypal.getOrder(paypalOrderId);
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
        paypalOrderId,
      })
    : { kind: 'failed', reason: 'PayPal no conoce la orden' };
  if (outcome.kind === 'unpaid') {
    await deps.db.transaction(async (tx) => {
      await abandon(tx, order.id, 'reemplazado', { seenAt: order.updatedAt, stillOpen: true });
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

/** What PayPal told about the money taken, kept with the order's payment. */
export function paidPatch(outcome: PaymentOutcome): PaidPatch {
  if (outcome.kind !== 'paid') return {};
  return {
    captureId: outcome.captureId ?? null,
    ...(outcome.payerId ? { data: { payerId: outcome.payerId } } : {}),
  };
}
