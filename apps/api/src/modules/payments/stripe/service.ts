// Stripe Checkout (kept in the API, not offered in the interface): a pending order and
// a Checkout Session in MXN; paid only when Stripe itself says so (retrieve or a signed
// webhook), never because the browser came back with success=true.

import type Stripe from 'stripe';
import type { z } from 'zod';
import { CURRENCY } from '@store/shared/constants';
import { msiPlansFor } from '@store/shared/domain/mx-payments';
import { MSG } from '@store/shared/messages';
import type { placeOrderBody } from '@store/shared/schemas/order';
import { AppError } from '../../../lib/errors';
import {
  abandon,
  attachPayment,
  findOrder,
  findOrderByPayment,
  findPayment,
  findRefund,
  type OrderRow,
  type PaidPatch,
} from '../../lifecycle';
import { getOwnOrder } from '../../orders/service';
import { readPaymentSettings } from '../settings';
import { holdOrder } from '../checkout';
import { paymentEventSeen, recordPaymentEvent } from '../repo';
import { cancelGuarded, settle, type PaymentDeps } from '../settle';
import { judgeStripeSession, type StripeSessionLike } from './verify';
import { executeRefund } from '../refunds';
import { applyIntentEvent, INTENT_EVENT_TYPES } from './intent-webhook';

/** Stripe accepts a session lifetime between 30 minutes and 24 hours. */
const MIN_SESSION_MINUTES = 31;
/** Our order outlives the session a little, so Stripe closes payment before we release seats. */
const ORDER_GRACE_MS = 5 * 60_000;

function stripeOf(deps: PaymentDeps): Stripe {
  if (!deps.clients.stripe) throw new AppError('unavailable', MSG.cardPaymentNotConfigured);
  return deps.clients.stripe;
}

/**
 * POST /api/order/stripe: the user's pending order + a Checkout Session; answers the session
 * URL. Asking again for the same cart answers the same open session (one seat, one coupon
 * use); a different cart expires the old session and replaces its order (checkout.ts).
 */
export async function createStripeCheckout(
  deps: PaymentDeps,
  userId: string,
  body: z.output<typeof placeOrderBody>,
  clientNetwork: string | null = null,
): Promise<{ sessionUrl: string; orderId: string }> {
  const stripe = stripeOf(deps);
  const now = new Date();
  const minutes = Math.min(24 * 60 - 1, Math.max(MIN_SESSION_MINUTES, deps.config.PENDING_ORDER_TTL_MINUTES));
  const order = await holdOrder(deps, {
    userId,
    address: body.address,
    couponCode: body.couponCode ?? null,
    invoice: body.invoice ?? null,
    invoicePlan: body.invoicePlan,
    paymentMethod: 'stripe',
    status: 'pendiente',
    clientNetwork,
    expiresAt: new Date(now.getTime() + minutes * 60_000 + ORDER_GRACE_MS),
    clientItems: body.items,
    clientAmount: body.amount,
    clearCart: false,
    check: (quote) => {
      if (quote.isFree) throw new AppError('bad_request', MSG.freeOrderNoPayment);
    },
    now,
  });
  // Derived from the order, so a second call for the same order sends Stripe the same
  // request under the same idempotency key and gets the same session back.
  const sessionExpiresAt = Math.floor(
    ((order.expiresAt?.getTime() ?? now.getTime()) - ORDER_GRACE_MS) / 1000,
  );

  const base = deps.config.PUBLIC_URL;
  const settings = await readPaymentSettings(deps.db);
  const msi = settings.card.enabled && settings.card.msi && msiPlansFor(order.amountCentavos).length > 0;
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        // One line for the whole order: exactly our total (coupon and fee included).
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: CURRENCY.toLowerCase(),
              unit_amount: order.amountCentavos,
              product_data: {
                name: order.items
                  .map((i) => i.name)
                  .join(', ')
                  .slice(0, 250),
              },
            },
          },
        ],
        success_url: `${base}/verify?success=true&orderId=${order.id}`,
        cancel_url: `${base}/verify?success=false&orderId=${order.id}`,
        client_reference_id: order.id,
        metadata: { orderId: order.id },
        customer_email: order.address.email,
        expires_at: sessionExpiresAt,
        locale: 'es',
        // Meses sin intereses: Stripe's page offers the plans the card and the amount qualify for.
        ...(msi ? { payment_method_options: { card: { installments: { enabled: true } } } } : {}),
      },
      { idempotencyKey: `checkout-${order.id}` },
    );
  } catch (err) {
    deps.log.error({ err, orderId: order.id }, 'no se pudo crear la sesión de Stripe');
    await deps.db.transaction((tx) => abandon(tx, order.id, 'rechazado'));
    throw new AppError('unavailable', MSG.paymentError);
  }
  if (
    !session.url ||
    !(await attachPayment(deps.db, order.id, { provider: 'stripe', externalId: session.id }))
  ) {
    await deps.db.transaction((tx) => abandon(tx, order.id, 'rechazado'));
    throw new AppError('unavailable', MSG.paymentError);
  }
  return { sessionUrl: session.url, orderId: order.id };
}

/**
 * POST /api/order/verifyStripe (the /verify page): asks Stripe for the session and trusts
 * only its payment_status (with amount and currency). success=false closes the session
 * and the order (seats back); the cart was never emptied.
 */
export async function verifyStripeCheckout(
  deps: PaymentDeps,
  userId: string,
  body: { success: string | boolean; orderId: string },
): Promise<OrderRow> {
  const stripe = stripeOf(deps);
  const order = await getOwnOrder(deps.db, userId, body.orderId);
  const payment = await findPayment(deps.db, order.id);
  if (payment?.provider !== 'stripe') throw new AppError('bad_request', MSG.paymentError);
  const sessionId = payment.externalId;
  if (order.status === 'pagado') return order;
  if (order.status !== 'pendiente') throw new AppError('payment_failed', MSG.paymentError);

  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.retrieve(sessionId);
  } catch (err) {
    deps.log.warn({ err, orderId: order.id }, 'Stripe no respondió al verificar');
    throw new AppError('unavailable', MSG.paymentError);
  }
  const outcome = judgeStripeSession(session as StripeSessionLike, {
    orderId: order.id,
    amountCentavos: order.amountCentavos,
    stripeSessionId: sessionId,
  });
  const patch = outcome.kind === 'paid' ? await cardPatch(stripe, session) : undefined;
  const result = await deps.db.transaction((tx) =>
    settle(tx, deps, order, outcome, { source: 'browser', ...(patch ? { patch } : {}) }),
  );
  if (result.paid) return (await findOrder(deps.db, order.id)) ?? order;

  const cancelled = body.success === false || body.success === 'false';
  if (cancelled && outcome.kind === 'unpaid' && session.status === 'open') {
    try {
      await stripe.checkout.sessions.expire(session.id);
      await deps.db.transaction((tx) => cancelGuarded(tx, order, 'abandonado'));
    } catch (err) {
      // Paid in the meantime, or Stripe unreachable: the webhook or the sweep settles it.
      deps.log.warn({ err, orderId: order.id }, 'no se pudo cerrar la sesión de Stripe');
    }
  }
  throw new AppError('payment_failed', MSG.paymentError);
}

const STRIPE_EVENT_TYPES = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
]);

/** POST /api/stripe/webhook: constructEvent on the raw body, then once per event id. */
export async function handleStripeWebhook(
  deps: PaymentDeps,
  signature: string | undefined,
  raw: Buffer,
): Promise<void> {
  const stripe = stripeOf(deps);
  const secret = deps.config.STRIPE_WEBHOOK_SECRET;
  if (!secret) throw new AppError('unavailable', MSG.cardPaymentNotConfigured);
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(raw, signature ?? '', secret);
  } catch {
    throw new AppError('bad_request', MSG.webhookRejected);
  }
  if (INTENT_EVENT_TYPES.has(event.type)) return handleIntentWebhook(deps, event);
  if (!STRIPE_EVENT_TYPES.has(event.type)) return;
  if (await paymentEventSeen(deps.db, 'stripe', event.id)) return;

  const session = event.data.object as Stripe.Checkout.Session;
  const orderId = session.client_reference_id ?? session.metadata?.orderId;
  const order = await findOrderByPayment(deps.db, 'stripe', session.id);
  const record = { provider: 'stripe' as const, eventId: event.id, type: event.type };
  const patch = session.payment_status === 'paid' ? await cardPatch(stripe, session) : undefined;

  await deps.db.transaction(async (tx) => {
    if (!(await recordPaymentEvent(tx, record))) return;
    // Only the session we stored names the order (its client_reference_id must agree).
    if (!order || (orderId !== undefined && orderId !== null && orderId !== order.id)) return;
    const outcome = judgeStripeSession(session as StripeSessionLike, {
      orderId: order.id,
      amountCentavos: order.amountCentavos,
      stripeSessionId: session.id,
    });
    if (event.type === 'checkout.session.async_payment_failed' || event.type === 'checkout.session.expired') {
      if (outcome.kind !== 'paid') {
        await cancelGuarded(tx, order, event.type === 'checkout.session.expired' ? 'expirado' : 'rechazado');
      }
      return;
    }
    if (order.status === 'pendiente' || outcome.kind === 'paid') {
      await settle(tx, deps, order, outcome, { source: 'webhook', ...(patch ? { patch } : {}) });
    }
  });
}

/** An OXXO, SPEI or refund event (intent-webhook.ts), once per event id; a late payment's refund is asked after commit. */
async function handleIntentWebhook(deps: PaymentDeps, event: Stripe.Event): Promise<void> {
  if (await paymentEventSeen(deps.db, 'stripe', event.id)) return;
  const record = { provider: 'stripe' as const, eventId: event.id, type: event.type };
  const { lateRefundId } = await deps.db.transaction(async (tx) => {
    if (!(await recordPaymentEvent(tx, record))) return { lateRefundId: null };
    return applyIntentEvent(tx, deps, event);
  });
  if (lateRefundId) await askRefundNow(deps, lateRefundId);
}

/** Asks the provider for a refund row now; the refund sweep asks again if this fails. */
async function askRefundNow(deps: PaymentDeps, refundId: string): Promise<void> {
  try {
    const refund = await findRefund(deps.db, refundId);
    const order = refund ? await findOrder(deps.db, refund.orderId) : null;
    if (refund && order && refund.status === 'pendiente') await executeRefund(deps, order, refund);
  } catch (err) {
    deps.log.warn(
      { err, refundId },
      'no se pudo pedir a Stripe el reembolso de un pago tardío; lo pide el barrido',
    );
  }
}

/**
 * What the card payment of a paid session was (kept on the payment row): its payment intent,
 * the card's funding (debit or credit: the CFDI's forma de pago 28 or 04) and the months of a
 * meses-sin-intereses plan. Empty when Stripe does not say (the payment still counts).
 */
export async function cardPatch(
  stripe: Stripe,
  session: Pick<Stripe.Checkout.Session, 'payment_intent'>,
): Promise<PaidPatch> {
  const id = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
  if (!id) return {};
  try {
    const pi = await stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] });
    const charge = typeof pi.latest_charge === 'object' ? pi.latest_charge : null;
    const card = charge?.payment_method_details?.card;
    const data: Record<string, string> = { paymentIntent: pi.id };
    if (card?.funding) data.funding = card.funding;
    if (card?.installments?.plan?.count) data.installments = String(card.installments.plan.count);
    return { captureId: charge?.id ?? pi.id, data };
  } catch {
    return {};
  }
}
