// PayPal rules: the server creates the PayPal order for its own total and captures it; an
// order is paid only when PayPal captured exactly its amount in MXN. One live pending order
// per user and day (checkout.ts); a day already owned is refused before capture and, when
// money arrives anyway, refunded through PayPal. The webhook reconciles captures whose
// browser went away; only deliveries that can be PayPal's are verified with PayPal.

import { CURRENCY } from '@store/shared/constants';
import { centavosToDecimalString, decimalStringToCentavos } from '@store/shared/domain/money';
import { MSG } from '@store/shared/messages';
import type { z } from 'zod';
import type { placeOrderBody } from '@store/shared/schemas/order';
import { isUniqueViolation } from '../../../lib/db-errors';
import { AppError } from '../../../lib/errors';
import {
  abandon,
  attachPayment,
  findOrderByCapture,
  findOrderByPayment,
  findPayment,
  providerRefund,
  type OrderRow,
} from '../../lifecycle';
import { holdOrder } from '../checkout';
import { captureAndSettle, ownsAnotherCopy, paidPatch, paypalOf, refundDuplicate } from './capture';
import { PaypalUnavailableError, type PaypalClient, type PaypalOrder, type WebhookHeaders } from './client';
import { refundedCaptureId, screenPaypalDelivery, type PaypalEvent } from './webhook-screen';
import { reconcileRefundEvent } from '../refunds';
import { paypalRefundStatus } from './refund-status';
import { auditPayment, paymentEventSeen, recordPaymentEvent } from '../repo';
import { cancelGuarded, settle, type PaymentDeps } from '../settle';
import { judgePaypalOrder } from './verify';

/** Short description PayPal shows the buyer. */
function describe(order: OrderRow): string {
  return order.items.map((i) => i.name).join(', ');
}

/**
 * POST /api/paypal/create-order: the user's pending order for the server's total (cart,
 * coupon, fee) and a PayPal order for exactly that amount in MXN, tied to ours by
 * custom_id. Asking again for the same cart gives the same PayPal order back (same seat,
 * same coupon use, same payment window); a different cart replaces it. The cart is kept until
 * the payment is confirmed, so a failed or abandoned payment loses nothing.
 */
export async function createPaypalOrder(
  deps: PaymentDeps,
  userId: string,
  body: z.output<typeof placeOrderBody>,
  clientNetwork: string | null = null,
  /** The seat is held: what is left waits on PayPal (the checkout line's slot can go). */
  afterHold: () => void = () => undefined,
): Promise<{ paypalOrderId: string; orderId: string }> {
  const paypal = paypalOf(deps);
  const now = new Date();
  const order = await holdOrder(deps, {
    userId,
    address: body.address,
    couponCode: body.couponCode ?? null,
    invoice: body.invoice ?? null,
    invoicePlan: body.invoicePlan,
    paymentMethod: 'paypal',
    status: 'pendiente',
    clientNetwork,
    expiresAt: new Date(now.getTime() + deps.providers.paypal.holdMs(deps.config)),
    clientItems: body.items,
    clientAmount: body.amount,
    clearCart: false,
    check: (quote) => {
      if (quote.isFree) throw new AppError('bad_request', MSG.freeOrderNoPayment);
    },
    now,
  });
  afterHold();
  const paypalOrderId =
    (await findPayment(deps.db, order.id))?.externalId ?? (await attachPaypalOrder(deps, paypal, order));
  return { paypalOrderId, orderId: order.id };
}

/**
 * Creates the PayPal order of one of ours. The PayPal-Request-Id is derived from our order
 * id, so two calls for the same order (two tabs, a retry after a crash) get the same PayPal
 * order back and never a second one.
 */
export async function attachPaypalOrder(
  deps: PaymentDeps,
  paypal: PaypalClient,
  order: OrderRow,
): Promise<string> {
  const giveUp = async (err: unknown, message: string = MSG.paymentError): Promise<never> => {
    deps.log.error({ err, orderId: order.id }, 'no se pudo crear la orden de PayPal');
    await deps.db.transaction((tx) => abandon(tx, order.id, 'rechazado'));
    throw new AppError(err instanceof PaypalUnavailableError ? 'unavailable' : 'conflict', message);
  };

  let created: PaypalOrder;
  try {
    created = await paypal.createOrder({
      amount: centavosToDecimalString(order.amountCentavos),
      currency: CURRENCY,
      customId: order.id,
      description: describe(order),
      requestId: `create-${order.id}`,
    });
  } catch (err) {
    return giveUp(err);
  }
  const asked = created.purchase_units?.[0]?.amount;
  if (
    asked &&
    (asked.currency_code !== CURRENCY || decimalStringToCentavos(asked.value) !== order.amountCentavos)
  ) {
    return giveUp(new Error(`PayPal devolvió ${asked.value} ${asked.currency_code}`));
  }
  try {
    if (!(await attachPayment(deps.db, order.id, { provider: 'paypal', externalId: created.id }))) {
      return giveUp(new Error('la orden dejó de estar pendiente'));
    }
  } catch (err) {
    if (isUniqueViolation(err)) return giveUp(err, MSG.paymentReused);
    throw err;
  }
  return created.id;
}

/**
 * POST /api/order/paypal (onApprove): captures this user's pending order's PayPal order and
 * marks it paid only if PayPal captured exactly its amount in MXN. Repeating the call (or
 * racing the webhook) pays once: the capture is idempotent at PayPal (PayPal-Request-Id =
 * our order id) and pendiente → pagado is a conditional update. Refused before any capture:
 * a day the user already owns (paid meanwhile elsewhere), or a payment window that closed.
 */
export async function capturePaypalOrder(
  deps: PaymentDeps,
  userId: string,
  body: { paypalOrderId: string },
  now = new Date(),
): Promise<OrderRow> {
  paypalOf(deps);
  const order = await findOrderByPayment(deps.db, 'paypal', body.paypalOrderId);
  // Ids PayPal issued for someone else's order (or outside our checkout) are never captured.
  if (!order) throw new AppError('not_found', MSG.paymentError);
  if (order.userId !== userId) throw new AppError('forbidden', MSG.paymentError);
  if (order.status === 'pagado') return order;
  if (order.status !== 'pendiente') throw new AppError('conflict', MSG.paymentError);

  if (await ownsAnotherCopy(deps, order)) {
    await deps.db.transaction((tx) => cancelGuarded(tx, order, 'duplicado'));
    throw new AppError('conflict', MSG.alreadyOwned);
  }
  if (order.expiresAt && order.expiresAt.getTime() <= now.getTime()) {
    // The sweep asks PayPal and settles it; the hold is not extended for a late capture.
    throw new AppError('conflict', MSG.paymentWindowClosed);
  }
  return captureAndSettle(deps, order, 'browser', now);
}

/**
 * POST /api/paypal/cancel-order (the buyer closed PayPal's window): the pending order is
 * cancelled, giving back its seats and coupon use, unless PayPal shows it approved or paid.
 */
export async function cancelPaypalOrder(
  deps: PaymentDeps,
  userId: string,
  paypalOrderId: string,
): Promise<void> {
  const paypal = paypalOf(deps);
  const order = await findOrderByPayment(deps.db, 'paypal', paypalOrderId);
  if (!order || order.userId !== userId) throw new AppError('not_found', MSG.orderNotFound);
  if (order.status !== 'pendiente') return;
  const seenAt = order.updatedAt;
  let remote: PaypalOrder | null;
  try {
    remote = await paypal.getOrder(paypalOrderId);
  } catch {
    return; // the expiry sweep settles it later
  }
  if (remote && remote.status !== 'CREATED' && remote.status !== 'VOIDED') return;
  await deps.db.transaction(async (tx) => {
    // Only if nothing (a capture claim) touched the order since we read it.
    await abandon(tx, order.id, 'abandonado', { seenAt, stillOpen: true });
  });
}

/**
 * POST /api/paypal/webhook: screened first (webhook-screen.ts: headers, certificate
 * host, event type, resource shape; junk never costs a call to PayPal), then verified with
 * PayPal's verify-webhook-signature call (the raw body goes back byte for byte), then
 * handled once per event id.
 */
export async function handlePaypalWebhook(
  deps: PaymentDeps,
  headers: WebhookHeaders,
  raw: string,
): Promise<void> {
  const paypal = paypalOf(deps);
  if (!deps.config.PAYPAL_WEBHOOK_ID) throw new AppError('unavailable', MSG.paymentNotConfigured);
  const event = screenPaypalDelivery(headers, raw, deps.config.PAYPAL_API_BASE);
  let valid: boolean;
  try {
    valid = await paypal.verifyWebhookSignature(headers, raw);
  } catch (err) {
    deps.log.warn({ err }, 'PayPal no pudo verificar el webhook');
    throw new AppError('unavailable', MSG.serverError); // PayPal retries non-2xx deliveries
  }
  if (!valid) throw new AppError('bad_request', MSG.webhookRejected);
  if (await paymentEventSeen(deps.db, 'paypal', event.id)) return;
  await handleVerifiedEvent(deps, paypal, event);
}

async function handleVerifiedEvent(
  deps: PaymentDeps,
  paypal: PaypalClient,
  event: PaypalEvent,
): Promise<void> {
  const record = { provider: 'paypal' as const, eventId: event.id, type: event.event_type };
  switch (event.event_type) {
    case 'PAYMENT.CAPTURE.COMPLETED':
    case 'PAYMENT.CAPTURE.PENDING': {
      const order = await orderForCapture(deps, event.resource);
      const paypalOrderId = order ? (await findPayment(deps.db, order.id))?.externalId : undefined;
      if (!order || !paypalOrderId) return void (await recordPaymentEvent(deps.db, record));
      if (order.status === 'pagado') return void (await recordPaymentEvent(deps.db, record));
      // The event says what happened; PayPal's order says it with every field we check.
      let remote: PaypalOrder | null;
      try {
        remote = await paypal.getOrder(paypalOrderId);
      } catch {
        throw new AppError('unavailable', MSG.serverError);
      }
      if (!remote) return void (await recordPaymentEvent(deps.db, record));
      const outcome = judgePaypalOrder(remote, {
        orderId: order.id,
        amountCentavos: order.amountCentavos,
        paypalOrderId,
      });
      const patch = paidPatch(outcome);
      const result = await deps.db.transaction(async (tx) => {
        if (!(await recordPaymentEvent(tx, record))) return null;
        if (order.status !== 'pendiente' && outcome.kind !== 'paid') return null;
        return settle(tx, deps, order, outcome, { source: 'webhook', patch });
      });
      if (result?.duplicate && outcome.kind === 'paid' && outcome.captureId) {
        await refundDuplicate(deps, order, outcome.captureId, 'webhook');
      }
      return;
    }
    case 'PAYMENT.CAPTURE.DENIED':
    case 'PAYMENT.CAPTURE.DECLINED': {
      const order = await orderForCapture(deps, event.resource);
      await deps.db.transaction(async (tx) => {
        if (!(await recordPaymentEvent(tx, record))) return;
        if (order?.status === 'pendiente') await cancelGuarded(tx, order, 'rechazado');
      });
      return;
    }
    case 'PAYMENT.CAPTURE.REFUNDED':
    case 'PAYMENT.CAPTURE.REVERSED': {
      const { resource } = event;
      // Only the capture we stored identifies the order: custom_id is never trusted here.
      const captureId = refundedCaptureId(resource);
      const order = captureId ? await findOrderByCapture(deps.db, 'paypal', captureId) : null;
      const centavos =
        resource.amount?.currency_code === CURRENCY ? decimalStringToCentavos(resource.amount.value) : null;
      await deps.db.transaction(async (tx) => {
        if (!(await recordPaymentEvent(tx, record))) return;
        if (!order) {
          deps.log.warn({ captureId, eventId: event.id }, 'reembolso de PayPal sin orden nuestra');
          return;
        }
        // A refund the store asked for (a cancellation, an admin refund) is applied once.
        const answer = paypalRefundStatus(resource.id, resource.status ?? 'COMPLETED');
        if (await reconcileRefundEvent(tx, order.id, resource, answer, centavos)) return;
        // One made outside the store (PayPal's dashboard) or a chargeback: recorded once, never
        // beyond what was paid; a full one ends access (the lifecycle's providerRefund).
        const recorded =
          centavos !== null &&
          (await providerRefund(tx, {
            orderId: order.id,
            providerRefundId: resource.id,
            amountCentavos: centavos,
          }));
        if (!recorded) {
          await auditPayment(tx, {
            action: 'payment.refund_unmatched',
            orderId: order.id,
            details: { resource },
          });
          return;
        }
        deps.log.info({ orderId: order.id, eventId: event.id }, 'reembolso de PayPal registrado');
      });
      return;
    }
  }
}

/** Our order for a capture event: custom_id is our id, tied to the PayPal order id. */
async function orderForCapture(
  deps: PaymentDeps,
  resource: { custom_id?: string; supplementary_data?: { related_ids?: { order_id?: string } } },
): Promise<OrderRow | null> {
  const paypalOrderId = resource.supplementary_data?.related_ids?.order_id;
  if (paypalOrderId) return findOrderByPayment(deps.db, 'paypal', paypalOrderId);
  return null;
}
