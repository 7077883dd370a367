// Shared setup for the payments tests: an app wired to the local PayPal and Stripe fakes,
// a buyer with a cart, and the facts every test checks (order row, grants, cart, e-mails).

import { and, eq, like } from 'drizzle-orm';
import { expect } from 'vitest';
import { MSG } from '@store/shared/messages';
import { toPesos } from '@store/shared/domain/money';
import { SERVICE_FEE_CENTAVOS } from '@store/shared/constants';
import {
  auditLog,
  cartLines,
  emailOutbox,
  orderDays,
  orderPayments,
  orderRefunds,
  orders,
  productDays,
} from '../src/db/schema';
import { createTestContext, type TestContext } from './context';
import { createProduct, type ProductSpec } from './factories';
import { startFakePaypal, type FakePaypal } from '../src/dev/paypal-simulator/fake-paypal';
import { startFakeStripe, type FakeStripe } from './fakes/fake-stripe';
import { ADDRESS, addToCart, createUser, post, type TestUser } from './store-helpers';
import { createPaymentDeps } from '../src/modules/payments/registry';
import type { PaymentDeps } from '../src/modules/payments/settle';

export interface PaymentsHarness {
  ctx: TestContext;
  paypal: FakePaypal;
  stripe: FakeStripe;
  deps: PaymentDeps;
  close(): Promise<void>;
}

export async function startPaymentsHarness(env: Record<string, string> = {}): Promise<PaymentsHarness> {
  const paypal = await startFakePaypal();
  const stripe = await startFakeStripe();
  const ctx = await createTestContext({
    PAYPAL_CLIENT_ID: paypal.clientId,
    PAYPAL_CLIENT_SECRET: paypal.clientSecret,
    PAYPAL_API_BASE: paypal.url,
    PAYPAL_WEBHOOK_ID: paypal.webhookId,
    PAYPAL_SDK_BASE: paypal.url,
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_HOST: stripe.host,
    STRIPE_API_PORT: String(stripe.port),
    STRIPE_API_PROTOCOL: 'http',
    ...env,
  });
  const deps: PaymentDeps = createPaymentDeps({
    db: ctx.database.db,
    config: ctx.config,
    log: { info: () => undefined, warn: () => undefined, error: () => undefined },
  });
  return {
    ctx,
    paypal,
    stripe,
    deps,
    close: async () => {
      await ctx.close();
      await Promise.all([paypal.close(), stripe.close()]);
    },
  };
}

export interface Buyer {
  user: TestUser;
  productId: string;
  productDayId: string;
  /** Pesos the buyer sees and must pay (price + service fee). */
  total: number;
  /** The order body fields (docs/product.md → API) shared by create-order, order/paypal and order/stripe. */
  body: {
    address: typeof ADDRESS;
    items: { _id: string; days: string; quantity: number }[];
    amount: number;
    discount: number;
  };
}

/** A user with one product-day in the cart. */
export async function buyerWithCart(ctx: TestContext, spec: ProductSpec = {}): Promise<Buyer> {
  const user = await createUser(ctx);
  const { product, days } = await createProduct(ctx.database.db, { price: 1000, ...spec });
  const day = days[0]!;
  await addToCart(ctx, user, product.id, day.label);
  const total = toPesos(product.priceCentavos + SERVICE_FEE_CENTAVOS);
  return {
    user,
    productId: product.id,
    productDayId: day.id,
    total,
    body: {
      address: ADDRESS,
      items: [{ _id: product.id, days: day.label, quantity: 1 }],
      amount: total,
      discount: 0,
    },
  };
}

export async function createPaypalOrder(ctx: TestContext, buyer: Buyer, extra: Record<string, unknown> = {}) {
  const res = await post(ctx, '/api/paypal/create-order', buyer.user.token, { ...buyer.body, ...extra });
  if (res.statusCode !== 200) throw new Error(`create-order ${res.statusCode}: ${res.body}`);
  return res.json() as { id: string; orderId: string };
}

export function payPaypal(ctx: TestContext, buyer: Buyer, paypalOrderId: string, token = buyer.user.token) {
  return post(ctx, '/api/order/paypal', token, {
    ...buyer.body,
    couponCode: null,
    paypalOrderId,
    paypalPayerId: 'FAKEPAYER01',
  });
}

/**
 * The order's row with its attempt at the provider (order_payments), and that attempt's ids
 * under the names the tests speak of (a PayPal order and capture, a Stripe session).
 */
export async function orderRow(ctx: TestContext, id: string) {
  const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, id));
  const [payment] = await ctx.database.db.select().from(orderPayments).where(eq(orderPayments.orderId, id));
  const paypal = payment?.provider === 'paypal' ? payment : null;
  return {
    ...row!,
    providerPayment: payment ?? null,
    paypalOrderId: paypal?.externalId ?? null,
    paypalCaptureId: paypal?.captureId ?? null,
    stripeSessionId: payment?.provider === 'stripe' ? payment.externalId : null,
  };
}

/** Paid (access-granting) order days of the user. */
export async function grants(ctx: TestContext, userId: string): Promise<number> {
  const rows = await ctx.database.db
    .select({ id: orderDays.id })
    .from(orderDays)
    .where(and(eq(orderDays.userId, userId), eq(orderDays.status, 'pagado')));
  return rows.length;
}

export async function paidOrders(ctx: TestContext, userId: string): Promise<number> {
  const rows = await ctx.database.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'pagado')));
  return rows.length;
}

export async function cartSize(ctx: TestContext, userId: string): Promise<number> {
  return (await ctx.database.db.select().from(cartLines).where(eq(cartLines.userId, userId))).length;
}

/** Confirmation e-mails enqueued for this order. */
export async function confirmations(ctx: TestContext, orderId: string): Promise<number> {
  const ref = orderId.slice(0, 8).toUpperCase();
  const rows = await ctx.database.db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(like(emailOutbox.subject, `%${ref}%`));
  return rows.length;
}

export async function seatsTaken(ctx: TestContext, productDayId: string): Promise<number> {
  const [row] = await ctx.database.db.select().from(productDays).where(eq(productDays.id, productDayId));
  return row!.seatsTaken;
}

export async function auditActions(ctx: TestContext, orderId: string): Promise<string[]> {
  const rows = await ctx.database.db.select().from(auditLog).where(eq(auditLog.entityId, orderId));
  return rows.map((r) => r.action);
}

/** Deliver a signed webhook as the provider would. */
export function deliver(
  ctx: TestContext,
  url: string,
  delivery: { body: string; headers: Record<string, string> },
) {
  return ctx.app.inject({ method: 'POST', url, headers: delivery.headers, payload: delivery.body });
}

/**
 * PayPal finishes the order's refund it had answered PENDING (the money moved) and delivers
 * its signed PAYMENT.CAPTURE.REFUNDED, which carries our reference; answers the delivery.
 */
export async function settlePendingRefund(h: PaymentsHarness, orderId: string) {
  const [row] = await h.ctx.database.db
    .select()
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.status, 'pendiente')));
  if (!row?.providerRefundId) throw new Error('no refund PENDING at PayPal for this order');
  h.paypal.settleRefund(row.providerRefundId, 'COMPLETED');
  const paypalOrderId = (await orderRow(h.ctx, orderId)).paypalOrderId!;
  return deliver(
    h.ctx,
    '/api/paypal/webhook',
    h.paypal.refundEvent(paypalOrderId, undefined, row.providerRefundId),
  );
}

/**
 * A webhook delivery whose body was altered after signing, and the same body with no
 * signature headers, are both refused and leave the order pending with no access granted.
 */
export async function expectWebhookRefused(
  ctx: TestContext,
  url: string,
  signed: { body: string; headers: Record<string, string> },
  forgedBody: string,
  check: { orderId: string; userId: string },
) {
  const res = await deliver(ctx, url, { ...signed, body: forgedBody });
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ success: false, message: MSG.webhookRejected });
  const unsigned = await ctx.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json' },
    payload: signed.body,
  });
  expect(unsigned.statusCode).toBe(400);
  expect((await orderRow(ctx, check.orderId)).status).toBe('pendiente');
  expect(await grants(ctx, check.userId)).toBe(0);
}

/** Moves an order's payment window into the past. */
export async function expire(ctx: TestContext, orderId: string) {
  await ctx.database.db
    .update(orders)
    .set({ expiresAt: new Date(Date.now() - 60_000) })
    .where(eq(orders.id, orderId));
}
