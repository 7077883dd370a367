// Stripe Checkout as a way to pay (provider.ts): a card payment on Stripe's hosted page,
// confirmed by the session's status (the browser's return and the webhook). Refunds are made
// in Stripe's dashboard and recorded by the association ("Registrar reembolso hecho fuera de
// la tienda"); money for days already held is closed for a person to refund.

import type Stripe from 'stripe';
import { MSG } from '@store/shared/messages';
import { AppError } from '../../../lib/errors';
import type { OrderRow } from '../../lifecycle';
import { noOnlineRefund, type PaymentProvider } from '../provider';
import { reconcileUnreachable, settle, type PaymentDeps, type SettleOptions } from '../settle';
import { judgeStripeSession, type StripeSessionLike } from './verify';
import { cardPatch } from './service';
import { stripeRoutes } from './routes';
import { stripeWebhook } from './webhook';

export const stripeProvider: PaymentProvider = {
  method: 'stripe',
  // 04 tarjeta de crédito, 28 tarjeta de débito: Stripe's charge says which (card.funding).
  satPaymentForm: (payment) => (payment?.data.funding === 'debit' ? '28' : '04'),
  confirmedByStaff: false,
  refundWaitsForBuyer: false,
  honoursLatePayment: false,
  returnsDuplicates: false,
  holdMs: (config) => config.PENDING_ORDER_TTL_MINUTES * 60_000,
  reuseMinRemainingMs: (config) => Math.min(5 * 60_000, (config.PENDING_ORDER_TTL_MINUTES * 60_000) / 2),
  refundsOnline: () => false,
  reconcileHold: (deps, order, payment, opts) =>
    payment
      ? reconcileStripeHold(deps, order, payment.externalId, opts)
      : reconcileUnreachable(deps, order, opts),
  async settleExpired(deps, order, payment, now) {
    const stripe = deps.clients.stripe;
    if (!stripe || !payment) return null;
    let session: Stripe.Checkout.Session = await stripe.checkout.sessions.retrieve(payment.externalId);
    if (session.status === 'open') session = await expireStripeSession(stripe, session);
    const opts = { source: 'expiry' as const, seenAt: order.updatedAt, cancelUnpaid: true, now };
    return settleSession(deps, order, payment.externalId, session, opts);
  },
  refund: noOnlineRefund,
  routes: stripeRoutes,
  webhooks: stripeWebhook,
};

/** Stripe: an open session is the same attempt's; replacing it expires it first, then settles. */
async function reconcileStripeHold(
  deps: PaymentDeps,
  order: OrderRow,
  sessionId: string,
  opts: { keep: boolean; now: Date },
): Promise<'payable' | 'settled'> {
  const stripe = deps.clients.stripe;
  if (!stripe) throw new AppError('unavailable', MSG.cardPaymentNotConfigured);
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.retrieve(sessionId);
    if (session.status === 'open' && opts.keep) return 'payable';
    if (session.status === 'open') session = await expireStripeSession(stripe, session);
  } catch {
    throw new AppError('unavailable', MSG.paymentError);
  }
  await settleSession(deps, order, sessionId, session, {
    source: 'checkout',
    seenAt: order.updatedAt,
    stillOpen: true,
    cancelUnpaid: true,
    now: opts.now,
  });
  return 'settled';
}

/** What the session says, settled in one transaction. */
export async function settleSession(
  deps: PaymentDeps,
  order: OrderRow,
  sessionId: string,
  session: Stripe.Checkout.Session,
  opts: Omit<SettleOptions, 'patch'>,
) {
  const outcome = judgeStripeSession(session as StripeSessionLike, {
    orderId: order.id,
    amountCentavos: order.amountCentavos,
    stripeSessionId: sessionId,
  });
  const patch =
    outcome.kind === 'paid' && deps.clients.stripe ? await cardPatch(deps.clients.stripe, session) : {};
  return deps.db.transaction((tx) => settle(tx, deps, order, outcome, { ...opts, patch }));
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
