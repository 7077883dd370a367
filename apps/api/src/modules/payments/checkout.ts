// One live pending order per user and (product, day), whatever the way of paying. Every
// order-creating call (PayPal create-order, Stripe checkout, cash order, free claim) goes
// through holdOrder: the identical pending order is handed back while its payment window
// lasts (same seat, same coupon use, same provider order); any other pending order on the
// same days is settled first (its provider says whether money moved: paid, captured or
// cancelled) and only then replaced. A user can therefore hold each day at most once, and
// cannot pay for a day twice from two tabs.

import type Stripe from 'stripe';
import { MSG } from '@store/shared/messages';
import type { Config } from '../../config';
import { AppError } from '../../lib/errors';
import { findOrder, type HoldingOrder, type OrderRow } from '../lifecycle/reads';
import { openOrder, type CreateOrderInput } from '../lifecycle/open';
import { assertInvoiceable, attachCheckoutRequest } from '../invoices/service';
import { reconcilePaypalHold } from './paypal-capture';
import { cancelGuarded, settle, type PaymentDeps } from './settle';
import { judgeStripeSession, type StripeSessionLike } from './verify';

/** Rounds of "settle what stands in the way, then try again" before answering 409. */
const MAX_ROUNDS = 3;

/**
 * An identical pending order is reused only while this much of its window is left: a buyer
 * coming back seconds before the sweep would otherwise pay into an order about to close.
 */
export function reuseMinRemainingMs(config: Config, method: CreateOrderInput['paymentMethod']): number {
  if (method === 'cod') return Math.min(3600_000, (config.CASH_ORDER_TTL_HOURS * 3600_000) / 2);
  return Math.min(5 * 60_000, (config.PENDING_ORDER_TTL_MINUTES * 60_000) / 2);
}

/** The user's order for the cart: reused, or created after what stood in its way was settled. */
export async function holdOrder(deps: PaymentDeps, input: CreateOrderInput): Promise<OrderRow> {
  const now = input.now ?? new Date();
  const reuse =
    input.status === 'pendiente'
      ? { reuseMinRemainingMs: reuseMinRemainingMs(deps.config, input.paymentMethod) }
      : {};
  // The CFDI request travels with the order: checked against the server total, attached in
  // the order's own transaction (the lifecycle does not import the invoices module).
  const fiscal = input.invoice ?? null;
  const withInvoice: Partial<CreateOrderInput> = {
    maxHoldsPerNetwork: deps.config.MAX_OPEN_HOLDS_PER_NETWORK,
    attachInvoice: (tx, orderId) => attachCheckoutRequest(tx, { orderId, userId: input.userId, fiscal }),
    ...(fiscal
      ? {
          check: (quote) => {
            input.check?.(quote);
            assertInvoiceable(quote.total);
          },
        }
      : {}),
  };
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const result = await deps.db.transaction((tx) =>
      openOrder(tx, { ...input, ...withInvoice, ...reuse, now }),
    );
    if (result.kind === 'created') return result.order;
    const held = result.kind === 'reusable' ? [result.order] : result.orders;
    for (const order of held) {
      const keep = result.kind === 'reusable';
      if ((await reconcileHold(deps, order, { keep, now })) === 'payable' && keep) return result.order;
      // Its provider had been paid: those days are the user's now (the cart was emptied).
      if ((await findOrder(deps.db, order.id))?.status === 'pagado') {
        throw new AppError('conflict', MSG.alreadyOwned);
      }
    }
  }
  throw new AppError('conflict', MSG.paymentInProgress);
}

/**
 * Asks the provider of a pending order met by a new attempt what became of it, and records
 * that: 'payable' when it is the same attempt and can still be paid as it is; otherwise it
 * is settled (paid, refunded as a duplicate, or cancelled with its seats and coupon back).
 */
async function reconcileHold(
  deps: PaymentDeps,
  order: HoldingOrder,
  opts: { keep: boolean; now: Date },
): Promise<'payable' | 'settled'> {
  if (order.paymentMethod === 'paypal' && order.paypalOrderId) return reconcilePaypalHold(deps, order, opts);
  if (order.paymentMethod === 'stripe' && order.stripeSessionId)
    return reconcileStripeHold(deps, order, opts);
  if (opts.keep) return 'payable';
  // A provider order of a provider no longer configured: nobody can pay it any more.
  deps.log.warn({ orderId: order.id }, 'orden pendiente de un proveedor sin configurar: se cancela');
  await deps.db.transaction((tx) =>
    cancelGuarded(tx, order, 'reemplazado', { seenAt: order.updatedAt, stillOpen: true }),
  );
  return 'settled';
}

/** Stripe: an open session is the same attempt's; replacing it expires it first, then settles. */
async function reconcileStripeHold(
  deps: PaymentDeps,
  order: OrderRow,
  opts: { keep: boolean; now: Date },
): Promise<'payable' | 'settled'> {
  const stripe = deps.providers.stripe;
  const sessionId = order.stripeSessionId;
  if (!stripe || !sessionId) throw new AppError('unavailable', MSG.cardPaymentNotConfigured);
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.retrieve(sessionId);
    if (session.status === 'open' && opts.keep) return 'payable';
    if (session.status === 'open') session = await expireStripeSession(stripe, session);
  } catch {
    throw new AppError('unavailable', MSG.paymentError);
  }
  const outcome = judgeStripeSession(session as StripeSessionLike, {
    orderId: order.id,
    amountCentavos: order.amountCentavos,
    stripeSessionId: sessionId,
  });
  await deps.db.transaction((tx) =>
    settle(tx, deps, order, outcome, {
      source: 'checkout',
      patch: { stripeSessionId: session.id },
      seenAt: order.updatedAt,
      stillOpen: true,
      cancelUnpaid: true,
      now: opts.now,
    }),
  );
  return 'settled';
}

/** Closes an open session so nobody can pay it after we release the seats. */
export async function expireStripeSession(
  stripe: Stripe,
  session: Stripe.Checkout.Session,
): Promise<Stripe.Checkout.Session> {
  try {
    return await stripe.checkout.sessions.expire(session.id);
  } catch {
    // Completed between our two calls: read it again and judge what it is now.
    return stripe.checkout.sessions.retrieve(session.id);
  }
}
