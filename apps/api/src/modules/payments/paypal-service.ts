// PayPal rules (docs/product.md → Deliberate changes): the server creates the PayPal order for its own total and
// captures it; an order is paid only when PayPal captured exactly its amount in MXN. The
// webhook reconciles captures whose browser went away.

import { CURRENCY } from '@store/shared/constants';
import { centavosToDecimalString, decimalStringToCentavos } from '@store/shared/domain/money';
import { MSG } from '@store/shared/messages';
import type { z } from 'zod';
import type { placeOrderBody } from '@store/shared/schemas/order';
import { isUniqueViolation } from '../../lib/db-errors';
import { isUuid } from '../../lib/ids';
import { AppError } from '../../lib/errors';
import { cancelOrder, createOrderFromCart, type OrderRow } from '../orders/service';
import {
  PaypalUnavailableError,
  type PaypalClient,
  type PaypalOrder,
  type WebhookHeaders,
} from './paypal-client';
import {
  addRefunded,
  auditPayment,
  claimForCapture,
  findOrderById,
  findOrderByPaypalCaptureId,
  findOrderByPaypalId,
  paymentEventSeen,
  recordPaymentEvent,
  lockIfUnchanged,
  setProviderIds,
} from './repo';
import { cancelGuarded, settle, type PaymentDeps } from './settle';
import { judgePaypalOrder, type PaymentOutcome } from './verify';

/** A capture in progress keeps the order (and its seats) at least this long. */
const CAPTURE_HOLD_MS = 15 * 60_000;

function paypalOf(deps: PaymentDeps): PaypalClient {
  if (!deps.providers.paypal) throw new AppError('unavailable', MSG.paymentNotConfigured);
  return deps.providers.paypal;
}

/** Short description PayPal shows the buyer. */
function describe(order: OrderRow): string {
  return order.items.map((i) => i.name).join(', ');
}

/**
 * POST /api/paypal/create-order: a pending order for the server's total (cart, coupon, fee)
 * and a PayPal order for exactly that amount in MXN, tied to ours by custom_id. The cart is
 * kept until the payment is confirmed, so a failed or abandoned payment loses nothing.
 */
export async function createPaypalOrder(
  deps: PaymentDeps,
  userId: string,
  body: z.output<typeof placeOrderBody>,
): Promise<{ paypalOrderId: string; orderId: string }> {
  const paypal = paypalOf(deps);
  const expiresAt = new Date(Date.now() + deps.config.PENDING_ORDER_TTL_MINUTES * 60_000);
  const order = await deps.db.transaction((tx) =>
    createOrderFromCart(tx, {
      userId,
      address: body.address,
      couponCode: body.couponCode ?? null,
      paymentMethod: 'paypal',
      status: 'pendiente',
      expiresAt,
      clientItems: body.items,
      clientAmount: body.amount,
      clearCart: false,
      check: (quote) => {
        if (quote.isFree) throw new AppError('bad_request', MSG.freeOrderNoPayment);
      },
    }),
  );

  const giveUp = async (err: unknown, message: string = MSG.paymentError): Promise<never> => {
    deps.log.error({ err, orderId: order.id }, 'no se pudo crear la orden de PayPal');
    await deps.db.transaction((tx) => cancelOrder(tx, order.id, { status: 'cancelado' }));
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
    if (!(await setProviderIds(deps.db, order.id, { paypalOrderId: created.id }))) {
      return giveUp(new Error('la orden dejó de estar pendiente'));
    }
  } catch (err) {
    if (isUniqueViolation(err)) return giveUp(err, MSG.paymentReused);
    throw err;
  }
  return { paypalOrderId: created.id, orderId: order.id };
}

/**
 * POST /api/order/paypal (onApprove): captures this user's pending order's PayPal order and
 * marks it paid only if PayPal captured exactly its amount in MXN. Repeating the call (or
 * racing the webhook) pays once: the capture is idempotent at PayPal (PayPal-Request-Id =
 * our order id) and pendiente → pagado is a conditional update.
 */
export async function capturePaypalOrder(
  deps: PaymentDeps,
  userId: string,
  body: { paypalOrderId: string },
): Promise<OrderRow> {
  const paypal = paypalOf(deps);
  const order = await findOrderByPaypalId(deps.db, body.paypalOrderId);
  // Ids PayPal issued for someone else's order (or outside our checkout) are never captured.
  if (!order) throw new AppError('not_found', MSG.paymentError);
  if (order.userId !== userId) throw new AppError('forbidden', MSG.paymentError);
  if (order.status === 'pagado') return order;
  if (order.status !== 'pendiente') throw new AppError('conflict', MSG.paymentError);

  if (!(await claimForCapture(deps.db, order.id, new Date(Date.now() + CAPTURE_HOLD_MS)))) {
    const now = await findOrderById(deps.db, order.id);
    if (now?.status === 'pagado') return now;
    throw new AppError('conflict', MSG.paymentError);
  }

  let remote: PaypalOrder | null;
  try {
    const result = await paypal.captureOrder(body.paypalOrderId, order.id);
    if (result.ok) remote = result.order;
    else if (result.issue === 'ORDER_ALREADY_CAPTURED') remote = await paypal.getOrder(body.paypalOrderId);
    else {
      deps.log.warn({ orderId: order.id, issue: result.issue }, 'PayPal rechazó el cobro');
      if (result.issue === 'INSTRUMENT_DECLINED') {
        await deps.db.transaction((tx) => cancelGuarded(tx, order));
      }
      throw new AppError('payment_failed', MSG.paymentError);
    }
  } catch (err) {
    if (!(err instanceof PaypalUnavailableError)) throw err;
    // We cannot tell whether PayPal captured: ask once more; otherwise the webhook or the
    // expiry sweep settles it. The order stays pending either way.
    deps.log.warn({ err, orderId: order.id }, 'sin respuesta de PayPal al cobrar');
    try {
      remote = await paypal.getOrder(body.paypalOrderId);
    } catch {
      throw new AppError('unavailable', MSG.paymentError);
    }
  }
  if (!remote) throw new AppError('payment_failed', MSG.paymentError);

  const outcome = judgePaypalOrder(remote, {
    orderId: order.id,
    amountCentavos: order.amountCentavos,
    paypalOrderId: order.paypalOrderId,
  });
  const result = await settlePaypal(deps, order, outcome, 'browser');
  if (result.paid) return (await findOrderById(deps.db, order.id)) ?? order;
  if (outcome.kind === 'pending') throw new AppError('payment_failed', MSG.paymentPendingReview);
  throw new AppError('payment_failed', MSG.paymentError);
}

/** settle() in its own transaction; a capture id already on another order is refused. */
async function settlePaypal(
  deps: PaymentDeps,
  order: OrderRow,
  outcome: PaymentOutcome,
  source: 'browser' | 'webhook',
) {
  const patch =
    outcome.kind === 'paid'
      ? { paypalCaptureId: outcome.captureId ?? null, paypalPayerId: outcome.payerId ?? null }
      : {};
  try {
    return await deps.db.transaction((tx) => settle(tx, deps, order, outcome, { source, patch }));
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    await auditPayment(deps.db, {
      action: 'payment.capture_reused',
      orderId: order.id,
      details: { source, ...patch },
    });
    throw new AppError('conflict', MSG.paymentReused);
  }
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
  const order = await findOrderByPaypalId(deps.db, paypalOrderId);
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
    if (await lockIfUnchanged(tx, order.id, seenAt)) await cancelOrder(tx, order.id, { status: 'cancelado' });
  });
}

const PAYPAL_EVENT_TYPES = new Set([
  'PAYMENT.CAPTURE.COMPLETED',
  'PAYMENT.CAPTURE.DENIED',
  'PAYMENT.CAPTURE.DECLINED',
  'PAYMENT.CAPTURE.PENDING',
  'PAYMENT.CAPTURE.REFUNDED',
  'PAYMENT.CAPTURE.REVERSED',
]);

interface PaypalEvent {
  id: string;
  event_type: string;
  resource: {
    id?: string;
    status?: string;
    custom_id?: string;
    amount?: { currency_code?: string; value?: string };
    supplementary_data?: { related_ids?: { order_id?: string } };
    links?: { rel?: string; href?: string }[];
  };
}

function parseEvent(raw: string): PaypalEvent {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new AppError('bad_request', MSG.invalidInput);
  }
  const e = parsed as Partial<PaypalEvent> | null;
  if (!e || typeof e !== 'object' || typeof e.id !== 'string' || typeof e.event_type !== 'string') {
    throw new AppError('bad_request', MSG.invalidInput);
  }
  return {
    id: e.id,
    event_type: e.event_type,
    resource: e.resource && typeof e.resource === 'object' ? e.resource : {},
  };
}

/**
 * POST /api/paypal/webhook: verified with PayPal's verify-webhook-signature call (the raw
 * body goes back byte for byte), then handled once per event id.
 */
export async function handlePaypalWebhook(
  deps: PaymentDeps,
  headers: WebhookHeaders,
  raw: string,
): Promise<void> {
  const paypal = paypalOf(deps);
  if (!deps.config.PAYPAL_WEBHOOK_ID) throw new AppError('unavailable', MSG.paymentNotConfigured);
  const event = parseEvent(raw);
  let valid: boolean;
  try {
    valid = await paypal.verifyWebhookSignature(headers, raw);
  } catch (err) {
    deps.log.warn({ err }, 'PayPal no pudo verificar el webhook');
    throw new AppError('unavailable', MSG.serverError); // PayPal retries non-2xx deliveries
  }
  if (!valid) throw new AppError('bad_request', MSG.webhookRejected);
  if (!PAYPAL_EVENT_TYPES.has(event.event_type)) return;
  if (await paymentEventSeen(deps.db, 'paypal', event.id)) return;

  const record = { provider: 'paypal' as const, eventId: event.id, type: event.event_type };
  const { resource } = event;
  switch (event.event_type) {
    case 'PAYMENT.CAPTURE.COMPLETED':
    case 'PAYMENT.CAPTURE.PENDING': {
      const order = await orderForCapture(deps, resource);
      if (!order?.paypalOrderId) return void (await recordPaymentEvent(deps.db, record));
      if (order.status === 'pagado') return void (await recordPaymentEvent(deps.db, record));
      // The event says what happened; PayPal's order says it with every field we check.
      let remote: PaypalOrder | null;
      try {
        remote = await paypal.getOrder(order.paypalOrderId);
      } catch {
        throw new AppError('unavailable', MSG.serverError);
      }
      if (!remote) return void (await recordPaymentEvent(deps.db, record));
      const outcome = judgePaypalOrder(remote, {
        orderId: order.id,
        amountCentavos: order.amountCentavos,
        paypalOrderId: order.paypalOrderId,
      });
      const patch =
        outcome.kind === 'paid'
          ? { paypalCaptureId: outcome.captureId ?? null, paypalPayerId: outcome.payerId ?? null }
          : {};
      await deps.db.transaction(async (tx) => {
        if (!(await recordPaymentEvent(tx, record))) return;
        if (order.status === 'pendiente' || outcome.kind === 'paid') {
          await settle(tx, deps, order, outcome, { source: 'webhook', patch });
        }
      });
      return;
    }
    case 'PAYMENT.CAPTURE.DENIED':
    case 'PAYMENT.CAPTURE.DECLINED': {
      const order = await orderForCapture(deps, resource);
      await deps.db.transaction(async (tx) => {
        if (!(await recordPaymentEvent(tx, record))) return;
        if (order?.status === 'pendiente') await cancelGuarded(tx, order);
      });
      return;
    }
    case 'PAYMENT.CAPTURE.REFUNDED':
    case 'PAYMENT.CAPTURE.REVERSED': {
      const up = resource.links?.find((l) => l.rel === 'up')?.href ?? '';
      const captureId = /\/captures\/([^/?]+)/.exec(up)?.[1];
      const order =
        (captureId ? await findOrderByPaypalCaptureId(deps.db, captureId) : null) ??
        (isUuid(resource.custom_id) ? await findOrderById(deps.db, resource.custom_id) : null);
      const centavos =
        resource.amount?.currency_code === CURRENCY
          ? decimalStringToCentavos(resource.amount.value ?? '')
          : null;
      await deps.db.transaction(async (tx) => {
        if (!(await recordPaymentEvent(tx, record))) return;
        if (!order || order.paymentMethod !== 'paypal') return;
        const refunded = centavos === null ? null : await addRefunded(tx, order.id, centavos);
        if (refunded === null) {
          await auditPayment(tx, {
            action: 'payment.refund_unmatched',
            orderId: order.id,
            details: { resource },
          });
          return;
        }
        // A full refund ends access; a partial one is recorded for the association.
        if (refunded >= order.amountCentavos) await cancelOrder(tx, order.id, { status: 'reembolsado' });
        deps.log.info({ orderId: order.id, refunded }, 'reembolso de PayPal registrado');
      });
      return;
    }
  }
}

/** Our order for a capture event: custom_id is our id, tied to the PayPal order id. */
async function orderForCapture(
  deps: PaymentDeps,
  resource: PaypalEvent['resource'],
): Promise<OrderRow | null> {
  const paypalOrderId = resource.supplementary_data?.related_ids?.order_id;
  const byCustom = isUuid(resource.custom_id) ? await findOrderById(deps.db, resource.custom_id) : null;
  if (byCustom && (!paypalOrderId || byCustom.paypalOrderId === paypalOrderId)) return byCustom;
  if (paypalOrderId) return findOrderByPaypalId(deps.db, paypalOrderId);
  return null;
}
