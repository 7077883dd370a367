// PayPal as its Orders v2 and Payments v2 references say it answers (docs/providers.md →
// PayPal), each row made to happen by the fake: a refund PENDING then COMPLETED or FAILED,
// 409 PREVIOUS_REQUEST_IN_PROGRESS and 429 with Retry-After asked again with the same key, a
// declined funding source the buyer replaces, a capture still completing. Each checks what
// the store stored, showed (the API) and sent (e-mail, credit-note queue).

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_FEE_CENTAVOS } from '@store/shared/constants';
import { cancellationRefund } from '@store/shared/domain/cancellation';
import { toPesos } from '@store/shared/domain/money';
import { MSG } from '@store/shared/messages';
import { ADMIN_MSG } from '@store/shared/admin-messages';
import { emailOutbox, orderRefunds } from '../../../db/schema';
import { mexicoCityTime } from '../../../../test/factories';
import { createUser, post } from '../../../../test/store-helpers';
import {
  auditActions,
  buyerWithCart,
  createPaypalOrder,
  deliver,
  grants,
  orderRow,
  payPaypal,
  seatsTaken,
  startPaymentsHarness,
  type PaymentsHarness,
} from '../../../../test/payments-helpers';
import { sweepPendingRefunds } from '../refunds';

let h: PaymentsHarness;
beforeAll(async () => {
  h = await startPaymentsHarness();
});
afterAll(() => h.close());

const days = () => [
  {
    label: 'Día 1',
    seatCapacity: 10,
    startsAt: mexicoCityTime(20, '09:00'),
    endsAt: mexicoCityTime(20, '18:00'),
  },
];

async function paidBuyer() {
  const buyer = await buyerWithCart(h.ctx, { days: days() });
  const { id, orderId } = await createPaypalOrder(h.ctx, buyer);
  h.paypal.approve(id);
  const res = await payPaypal(h.ctx, buyer, id);
  if (res.statusCode !== 200) throw new Error(`order/paypal ${res.statusCode}: ${res.body}`);
  buyers.set(orderId, buyer.user);
  return { buyer, orderId, paypalOrderId: id, amountCentavos: 100_000 + SERVICE_FEE_CENTAVOS };
}

const refundsOf = (orderId: string) =>
  h.ctx.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));

async function cancellationMails(orderId: string): Promise<number> {
  const ref = orderId.slice(0, 8).toUpperCase();
  const rows = await h.ctx.database.db.select().from(emailOutbox);
  return rows.filter((r) => r.subject === `Cancelación de tu compra (orden ${ref})`).length;
}

/** What Mis Productos receives for the order's refunds. */
async function shownRefunds(token: string, orderId: string) {
  const res = await post(h.ctx, '/api/order/userorders', token);
  const order = res.json().orders.find((o: { _id: string }) => o._id === orderId);
  return { status: order.status as string, refunds: order.refunds as { status: string; amount: number }[] };
}

/** The sweep as the background job runs it, `minutes` from now. */
const sweepIn = (minutes: number) => sweepPendingRefunds(h.deps, new Date(Date.now() + minutes * 60_000));

describe('a refund PayPal answers PENDING', () => {
  it('ends nothing and sends nothing until the webhook says COMPLETED; then it applies once', async () => {
    const { buyer, orderId, amountCentavos } = await paidBuyer();
    h.paypal.scriptRefund({ kind: 'pending' });
    const res = await post(h.ctx, '/api/order/cancel', buyer.user.token, { orderId });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.refundInProcess);

    const [row] = await refundsOf(orderId);
    expect(row).toMatchObject({ status: 'pendiente', attempts: 1 });
    expect(row!.providerRefundId).toMatch(/^REF/);
    expect((await orderRow(h.ctx, orderId)).status).toBe('pagado');
    expect(await grants(h.ctx, buyer.user.id)).toBe(1);
    expect(await seatsTaken(h.ctx, buyer.productDayId)).toBe(1);
    expect(await cancellationMails(orderId)).toBe(0);
    expect(await shownRefunds(buyer.user.token, orderId)).toMatchObject({
      status: 'pagado',
      refunds: [{ status: 'pendiente', amount: toPesos(cancellationRefund(amountCentavos)) }],
    });
    expect(await auditActions(h.ctx, orderId)).toContain('payment.refund_pending');

    // A PENDING webhook changes nothing either.
    await deliver(
      h.ctx,
      '/api/paypal/webhook',
      h.paypal.refundEvent(findPaypalOrder(orderId), undefined, row!.providerRefundId!),
    );
    expect((await refundsOf(orderId))[0]!.status).toBe('pendiente');

    h.paypal.settleRefund(row!.providerRefundId!, 'COMPLETED');
    const hook = h.paypal.refundEvent(findPaypalOrder(orderId), undefined, row!.providerRefundId!);
    expect((await deliver(h.ctx, '/api/paypal/webhook', hook)).statusCode).toBe(200);
    expect((await refundsOf(orderId))[0]!.status).toBe('completado');
    expect((await orderRow(h.ctx, orderId)).status).toBe('reembolso_parcial');
    expect(await grants(h.ctx, buyer.user.id)).toBe(0);
    expect(await seatsTaken(h.ctx, buyer.productDayId)).toBe(0);
    expect(await cancellationMails(orderId)).toBe(1);
    // Not booked a second time as a refund made outside the store, by the sweep or the hook.
    await sweepIn(60);
    await deliver(
      h.ctx,
      '/api/paypal/webhook',
      h.paypal.refundEvent(findPaypalOrder(orderId), undefined, row!.providerRefundId!),
    );
    expect(await refundsOf(orderId)).toHaveLength(1);
    expect((await orderRow(h.ctx, orderId)).refundedCentavos).toBe(cancellationRefund(amountCentavos));
  });

  it('that later FAILS is read by the sweep: the order stays paid and the buyer sees it', async () => {
    const { buyer, orderId } = await paidBuyer();
    h.paypal.scriptRefund({ kind: 'pending' });
    await post(h.ctx, '/api/order/cancel', buyer.user.token, { orderId });
    const [row] = await refundsOf(orderId);
    // Not due yet: nothing asked.
    expect(await sweepIn(1)).toMatchObject({ failed: 0, completed: 0 });
    h.paypal.settleRefund(row!.providerRefundId!, 'FAILED');
    expect(await sweepIn(31)).toMatchObject({ failed: 1 });
    expect((await refundsOf(orderId))[0]).toMatchObject({ status: 'fallido', failure: 'PayPal: FAILED' });
    expect((await orderRow(h.ctx, orderId)).status).toBe('pagado');
    expect(await grants(h.ctx, buyer.user.id)).toBe(1);
    expect(await cancellationMails(orderId)).toBe(0);
    expect((await shownRefunds(buyer.user.token, orderId)).refunds).toEqual([
      expect.objectContaining({ status: 'fallido' }),
    ]);
    // The buyer may cancel again: the failed row no longer blocks.
    const again = await post(h.ctx, '/api/order/cancel', buyer.user.token, { orderId });
    expect(again.statusCode).toBe(200);
    expect((await orderRow(h.ctx, orderId)).status).toBe('reembolso_parcial');
  });
});

describe('a refund PayPal answers 409 PREVIOUS_REQUEST_IN_PROGRESS', () => {
  it('stays pending and is asked again with the same key: one refund, applied once', async () => {
    const { buyer, orderId, amountCentavos } = await paidBuyer();
    const before = h.paypal.refunds.length;
    h.paypal.scriptRefund({ kind: 'inProgress', completeAfter: 1 });
    const res = await post(h.ctx, '/api/order/cancel', buyer.user.token, { orderId });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(MSG.refundPending);
    const [row] = await refundsOf(orderId);
    expect(row).toMatchObject({ status: 'pendiente', attempts: 1 });
    expect(row!.nextAttemptAt).not.toBeNull();

    // The sweep asks again after the backoff: still in progress (409), then done.
    expect(await sweepIn(2)).toMatchObject({ unconfirmed: 1 });
    expect(await sweepIn(10)).toMatchObject({ completed: 1 });
    const made = h.paypal.refunds.slice(before);
    expect(made).toHaveLength(1);
    expect(made[0]!.requestId).toBe(`refund-${row!.id}`);
    expect((await orderRow(h.ctx, orderId)).refundedCentavos).toBe(cancellationRefund(amountCentavos));
    expect(await cancellationMails(orderId)).toBe(1);
  });

  it("PayPal's webhook for the first request completes our pending row, not an outside refund", async () => {
    const { buyer, orderId, amountCentavos } = await paidBuyer();
    h.paypal.scriptRefund({ kind: 'inProgress', completeAfter: 5 });
    await post(h.ctx, '/api/order/cancel', buyer.user.token, { orderId });
    const made = h.paypal.refunds.at(-1)!;
    const hook = h.paypal.refundEvent(findPaypalOrder(orderId), undefined, made.id);
    expect((await deliver(h.ctx, '/api/paypal/webhook', hook)).statusCode).toBe(200);
    const rows = await refundsOf(orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'cancelacion', status: 'completado', providerRefundId: made.id });
    expect((await orderRow(h.ctx, orderId)).status).toBe('reembolso_parcial');
    expect((await orderRow(h.ctx, orderId)).refundedCentavos).toBe(cancellationRefund(amountCentavos));
    expect(await grants(h.ctx, buyer.user.id)).toBe(0);
    expect(await auditActions(h.ctx, orderId)).not.toContain('payment.refund_unmatched');
  });
});

describe('a refund PayPal answers 429 with Retry-After', () => {
  it('is not refused: the sweep waits at least Retry-After and asks again with the same key', async () => {
    const { buyer, orderId } = await paidBuyer();
    h.paypal.scriptRefund({ kind: 'rateLimited', retryAfterSeconds: 600 });
    const res = await post(h.ctx, '/api/order/cancel', buyer.user.token, { orderId });
    expect(res.statusCode).toBe(503);
    const [row] = await refundsOf(orderId);
    expect(row!.status).toBe('pendiente');
    expect(row!.nextAttemptAt!.getTime()).toBeGreaterThanOrEqual(Date.now() + 590_000);
    expect(await sweepIn(5)).toMatchObject({ completed: 0, unconfirmed: 0 });
    expect(await sweepIn(11)).toMatchObject({ completed: 1 });
    expect((await orderRow(h.ctx, orderId)).status).toBe('reembolso_parcial');
  });
});

describe('what the admin sees waiting on PayPal', () => {
  it('lists a pending refund with its age and asks PayPal again now with the same key', async () => {
    const admin = await createUser(h.ctx, { role: 'admin' });
    const { orderId } = await paidBuyer();
    h.paypal.scriptRefund({ kind: 'rateLimited', retryAfterSeconds: 3600 });
    const before = h.paypal.refunds.length;
    await post(h.ctx, '/api/order/cancel', (await buyerOf(orderId)).token, { orderId });
    const get = () =>
      h.ctx.app.inject({
        method: 'GET',
        url: '/api/admin/dashboard/provider-waits',
        headers: { token: admin.token },
      });
    const [row] = await refundsOf(orderId);
    const listed = (await get()).json().refunds.find((r: { _id: string }) => r._id === row!.id);
    expect(listed).toMatchObject({ orderId, status: 'pendiente', attempts: 1, providerRefundId: null });
    expect(listed.requestedAt).toBeLessThanOrEqual(Date.now());

    const retry = await h.ctx.app.inject({
      method: 'POST',
      url: `/api/admin/dashboard/provider-waits/refunds/${row!.id}/retry`,
      headers: { token: admin.token },
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().message).toBe(ADMIN_MSG.orderRefundedPaypal);
    expect(h.paypal.refunds.slice(before).map((r) => r.requestId)).toEqual([`refund-${row!.id}`]);
    expect((await get()).json().refunds.some((r: { _id: string }) => r._id === row!.id)).toBe(false);
    expect(await auditActions(h.ctx, orderId)).toContain('payment.refund_retry');
    const again = await h.ctx.app.inject({
      method: 'POST',
      url: `/api/admin/dashboard/provider-waits/refunds/${row!.id}/retry`,
      headers: { token: admin.token },
    });
    expect(again.statusCode).toBe(409);
  });
});

describe('the capture', () => {
  it('INSTRUMENT_DECLINED keeps the order open; another funding source with a new key pays it', async () => {
    const buyer = await buyerWithCart(h.ctx, { days: days() });
    const { id, orderId } = await createPaypalOrder(h.ctx, buyer);
    h.paypal.approve(id);
    h.paypal.scriptCapture(id, { instrumentDeclined: true });
    const res = await payPaypal(h.ctx, buyer, id);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ success: false, message: MSG.paymentDeclinedRetry, reason: 'restart' });
    expect((await orderRow(h.ctx, orderId)).status).toBe('pendiente');
    expect(await seatsTaken(h.ctx, buyer.productDayId)).toBe(1);
    // The same funding source is declined again.
    expect((await payPaypal(h.ctx, buyer, id)).json().reason).toBe('restart');

    h.paypal.approve(id); // the buyer picks another card in PayPal's window
    const paid = await payPaypal(h.ctx, buyer, id);
    expect(paid.statusCode).toBe(200);
    expect((await orderRow(h.ctx, orderId)).status).toBe('pagado');
    expect(h.paypal.captureRequestIds.slice(-3)).toEqual([orderId, `${orderId}-1`, `${orderId}-2`]);
    expect(await grants(h.ctx, buyer.user.id)).toBe(1);
  });

  it.each(['PAYER_ACTION_REQUIRED', 'REDIRECT_PAYER_FOR_ALTERNATE_FUNDING'])(
    '%s asks the page to restart PayPal, the order stays open',
    async (issue) => {
      const buyer = await buyerWithCart(h.ctx, { days: days() });
      const { id, orderId } = await createPaypalOrder(h.ctx, buyer);
      h.paypal.approve(id);
      h.paypal.scriptCapture(id, { issue });
      const res = await payPaypal(h.ctx, buyer, id);
      expect(res.json()).toMatchObject({ success: false, reason: 'restart' });
      expect((await orderRow(h.ctx, orderId)).status).toBe('pendiente');
    },
  );

  it('429 on capture is not a refusal: the order stays open for the webhook or the sweep', async () => {
    const buyer = await buyerWithCart(h.ctx, { days: days() });
    const { id, orderId } = await createPaypalOrder(h.ctx, buyer);
    h.paypal.approve(id);
    h.paypal.scriptCapture(id, { issue: 'RATE_LIMIT_REACHED', issueStatus: 429 });
    const res = await payPaypal(h.ctx, buyer, id);
    expect(res.json().message).toBe(MSG.paymentStillProcessing);
    expect((await orderRow(h.ctx, orderId)).status).toBe('pendiente');
  });

  it('ORDER_ALREADY_CAPTURED (PayPal captured without our answer): the order is read and paid', async () => {
    const buyer = await buyerWithCart(h.ctx, { days: days() });
    const { id, orderId } = await createPaypalOrder(h.ctx, buyer);
    h.paypal.captureDirect(id);
    const res = await payPaypal(h.ctx, buyer, id);
    expect(res.statusCode).toBe(200);
    expect((await orderRow(h.ctx, orderId)).status).toBe('pagado');
  });

  it('ORDER_COMPLETION_IN_PROGRESS says the payment is processing and keeps the order for the webhook', async () => {
    const buyer = await buyerWithCart(h.ctx, { days: days() });
    const { id, orderId } = await createPaypalOrder(h.ctx, buyer);
    h.paypal.approve(id);
    h.paypal.scriptCapture(id, { issue: 'ORDER_COMPLETION_IN_PROGRESS' });
    const res = await payPaypal(h.ctx, buyer, id);
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe(MSG.paymentStillProcessing);
    expect((await orderRow(h.ctx, orderId)).status).toBe('pendiente');
    // PayPal finishes it and says so.
    h.paypal.captureDirect(id);
    expect((await deliver(h.ctx, '/api/paypal/webhook', h.paypal.captureEvent(id))).statusCode).toBe(200);
    expect((await orderRow(h.ctx, orderId)).status).toBe('pagado');
  });
});

/** The buyer of a paid order (their token, for the cancellation). */
const buyers = new Map<string, { token: string }>();
async function buyerOf(orderId: string) {
  return buyers.get(orderId)!;
}

describe('the fake PayPal is strict', () => {
  it("refuses unknown fields in a create or refund body, as PayPal's schema does", async () => {
    const basic = Buffer.from(`${h.paypal.clientId}:${h.paypal.clientSecret}`).toString('base64');
    const tokenRes = await fetch(`${h.paypal.url}/v1/oauth2/token`, {
      method: 'POST',
      headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    const { access_token: token } = (await tokenRes.json()) as { access_token: string };
    const send = (path: string, body: unknown) =>
      fetch(`${h.paypal.url}${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    const unit = { amount: { currency_code: 'MXN', value: '10.00' } };
    const create = await send('/v2/checkout/orders', {
      intent: 'CAPTURE',
      purchase_units: [unit],
      return_url: 'x',
    });
    expect(create.status).toBe(400);
    expect(((await create.json()) as { details: { issue: string }[] }).details[0]!.issue).toBe(
      'INVALID_PARAMETER_SYNTAX',
    );
    const { orderId } = await paidBuyer();
    const captureId = (await orderRow(h.ctx, orderId)).paypalCaptureId!;
    const refund = await send(`/v2/payments/captures/${captureId}/refund`, {
      amount: unit.amount,
      reason: 'x',
    });
    expect(refund.status).toBe(400);
    expect(h.paypal.refunds.some((r) => r.captureId === captureId)).toBe(false);
  });
});

describe('Stripe', () => {
  it('refuses an idempotency key reused with other parameters (idempotency_error), like Stripe', async () => {
    const stripe = h.deps.clients.stripe!;
    const params = (amount: number) => ({
      mode: 'payment' as const,
      line_items: [
        {
          quantity: 1,
          price_data: { currency: 'mxn', unit_amount: amount, product_data: { name: 'Curso' } },
        },
      ],
      success_url: 'http://tienda.test/verify?success=true',
      cancel_url: 'http://tienda.test/verify?success=false',
    });
    const first = await stripe.checkout.sessions.create(params(1000), { idempotencyKey: 'checkout-reuse' });
    const again = await stripe.checkout.sessions.create(params(1000), { idempotencyKey: 'checkout-reuse' });
    expect(again.id).toBe(first.id);
    await expect(
      stripe.checkout.sessions.create(params(2000), { idempotencyKey: 'checkout-reuse' }),
    ).rejects.toMatchObject({ type: 'StripeIdempotencyError' });
    await expect(
      stripe.checkout.sessions.create({
        ...params(1000),
        // Not a parameter of Stripe's API (phone_number_collection, say, is one: accepted).
        collect_shoe_size: true,
      } as never),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', code: 'parameter_unknown' });
  });
});

function findPaypalOrder(orderId: string): string {
  for (const o of h.paypal.orders.values()) if (o.purchaseUnit.custom_id === orderId) return o.id;
  throw new Error('no PayPal order');
}
