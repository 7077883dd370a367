// PayPal end to end against the local fake of PayPal's REST API: a paid order exists if and
// only if PayPal captured exactly the order's amount in MXN for that order.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_FEE_CENTAVOS } from '@store/shared/constants';
import { centavosToDecimalString } from '@store/shared/domain/money';
import { MSG } from '@store/shared/messages';
import { createTestContext } from '../../../../test/context';
import { createCoupon, FEE, post } from '../../../../test/store-helpers';
import {
  auditActions,
  buyerWithCart,
  cartSize,
  confirmations,
  createPaypalOrder,
  deliver,
  grants,
  orderRow,
  paidOrders,
  payPaypal,
  seatsTaken,
  startPaymentsHarness,
  type PaymentsHarness,
  expectWebhookRefused,
} from '../../../../test/payments-helpers';

let h: PaymentsHarness;
beforeAll(async () => {
  h = await startPaymentsHarness();
});
afterAll(() => h.close());

/** Nothing granted: no paid order, no access, the cart kept, no confirmation e-mail. */
async function expectNothingGranted(userId: string, orderId: string) {
  expect(await paidOrders(h.ctx, userId)).toBe(0);
  expect(await grants(h.ctx, userId)).toBe(0);
  expect(await cartSize(h.ctx, userId)).toBe(1);
  expect(await confirmations(h.ctx, orderId)).toBe(0);
}

describe('GET /api/paypal/config', () => {
  it('gives the browser the client id, SDK base and currency', async () => {
    const res = await h.ctx.app.inject({ method: 'GET', url: '/api/paypal/config' });
    expect(res.json()).toEqual({
      success: true,
      configured: true,
      clientId: h.paypal.clientId,
      sdkBase: h.paypal.url,
      currency: 'MXN',
    });
  });

  it('says plainly that PayPal is not configured, and create-order refuses', async () => {
    const bare = await createTestContext();
    try {
      const res = await bare.app.inject({ method: 'GET', url: '/api/paypal/config' });
      expect(res.json()).toEqual({ success: true, configured: false, message: MSG.paymentNotConfigured });
      const buyer = await buyerWithCart(bare);
      const created = await post(bare, '/api/paypal/create-order', buyer.user.token, buyer.body);
      expect(created.statusCode).toBe(503);
      expect(created.json()).toEqual({ success: false, message: MSG.paymentNotConfigured });
    } finally {
      await bare.close();
    }
  });

  it("lets the pages' CSP load the SDK from the configured host", async () => {
    // Any page's answer (the checkout page here); the API's own answers allow nothing.
    const res = await h.ctx.app.inject({ method: 'GET', url: '/place-order' });
    expect(String(res.headers['content-security-policy'])).toContain(`script-src 'self'`);
    expect(String(res.headers['content-security-policy'])).toContain(h.paypal.url);
  });
});

describe('POST /api/paypal/create-order', () => {
  it('creates a pending order and a PayPal order for exactly the server total in MXN', async () => {
    const buyer = await buyerWithCart(h.ctx, { price: 2500 });
    const { id, orderId } = await createPaypalOrder(h.ctx, buyer);
    const remote = h.paypal.orders.get(id)!;
    expect(remote.intent).toBe('CAPTURE');
    expect(remote.purchaseUnit.amount).toEqual({
      currency_code: 'MXN',
      value: centavosToDecimalString(250_000 + SERVICE_FEE_CENTAVOS),
    });
    expect(remote.purchaseUnit.custom_id).toBe(orderId);
    const order = await orderRow(h.ctx, orderId);
    expect(order).toMatchObject({
      status: 'pendiente',
      payment: false,
      paymentMethod: 'paypal',
      paypalOrderId: id,
      amountCentavos: 250_000 + SERVICE_FEE_CENTAVOS,
    });
    expect(order.expiresAt!.getTime()).toBeGreaterThan(Date.now());
    // The cart stays until the payment is confirmed.
    expect(await cartSize(h.ctx, buyer.user.id)).toBe(1);
  });

  it('applies the coupon on the server: PayPal is asked for subtotal − discount + fee', async () => {
    const buyer = await buyerWithCart(h.ctx, { price: 2000 });
    const coupon = await createCoupon(h.ctx, { discountType: 'percent', discountValue: 25 });
    const { id } = await createPaypalOrder(h.ctx, buyer, {
      couponCode: coupon.code,
      amount: 1500 + FEE,
      discount: 500,
    });
    expect(h.paypal.orders.get(id)!.purchaseUnit.amount.value).toBe(
      centavosToDecimalString(150_000 + SERVICE_FEE_CENTAVOS),
    );
  });

  it('refuses a total the server does not agree with, before asking PayPal', async () => {
    const buyer = await buyerWithCart(h.ctx);
    const before = h.paypal.stats.createCalls;
    const res = await post(h.ctx, '/api/paypal/create-order', buyer.user.token, { ...buyer.body, amount: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.cartChanged);
    expect(h.paypal.stats.createCalls).toBe(before);
  });

  it('sends free orders to the free claim', async () => {
    const buyer = await buyerWithCart(h.ctx);
    const coupon = await createCoupon(h.ctx);
    const res = await post(h.ctx, '/api/paypal/create-order', buyer.user.token, {
      ...buyer.body,
      amount: 0,
      couponCode: coupon.code,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.freeOrderNoPayment);
  });

  it('needs a session', async () => {
    const res = await post(h.ctx, '/api/paypal/create-order', undefined, {});
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/order/paypal', () => {
  it('happy path: captures on the server, marks paid, empties the cart, e-mails once', async () => {
    const buyer = await buyerWithCart(h.ctx);
    const { id, orderId } = await createPaypalOrder(h.ctx, buyer);
    h.paypal.approve(id, 'PAYER123');
    const res = await payPaypal(h.ctx, buyer, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: MSG.paymentDone, orderId });
    const order = await orderRow(h.ctx, orderId);
    expect(order).toMatchObject({ status: 'pagado', payment: true });
    // PayPal's order, its capture and payer are kept with the order's payment, marked taken.
    expect(order.providerPayment).toMatchObject({
      provider: 'paypal',
      externalId: id,
      status: 'cobrado',
      data: { payerId: 'PAYER123' },
    });
    expect(order.paypalCaptureId).toBe(h.paypal.orders.get(id)!.captures[0]!.id);
    expect(order.expiresAt).toBeNull();
    expect(await grants(h.ctx, buyer.user.id)).toBe(1);
    expect(await cartSize(h.ctx, buyer.user.id)).toBe(0);
    expect(await confirmations(h.ctx, orderId)).toBe(1);
    // Idempotency key for the capture is our order id.
    expect(h.paypal.captureRequestIds.at(-1)).toBe(orderId);
    // Posting again is harmless.
    expect((await payPaypal(h.ctx, buyer, id)).statusCode).toBe(200);
    expect(await confirmations(h.ctx, orderId)).toBe(1);
  });

  it('grants nothing when the order was never approved', async () => {
    const buyer = await buyerWithCart(h.ctx);
    const { id, orderId } = await createPaypalOrder(h.ctx, buyer);
    const res = await payPaypal(h.ctx, buyer, id);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ success: false, message: MSG.paymentError });
    expect((await orderRow(h.ctx, orderId)).status).toBe('pendiente');
    await expectNothingGranted(buyer.user.id, orderId);
  });

  it('grants nothing when the PayPal order status is not COMPLETED', async () => {
    const buyer = await buyerWithCart(h.ctx);
    const { id, orderId } = await createPaypalOrder(h.ctx, buyer);
    h.paypal.approve(id);
    h.paypal.scriptCapture(id, { orderStatus: 'APPROVED' });
    const res = await payPaypal(h.ctx, buyer, id);
    expect(res.statusCode).toBe(402);
    expect(res.json().success).toBe(false);
    expect((await orderRow(h.ctx, orderId)).status).toBe('pendiente');
    await expectNothingGranted(buyer.user.id, orderId);
  });

  it('grants nothing for a PENDING capture, keeps the order and pays it when PayPal completes it', async () => {
    const buyer = await buyerWithCart(h.ctx);
    const { id, orderId } = await createPaypalOrder(h.ctx, buyer);
    h.paypal.approve(id);
    h.paypal.scriptCapture(id, { captureStatus: 'PENDING' });
    const res = await payPaypal(h.ctx, buyer, id);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ success: false, message: MSG.paymentPendingReview });
    const order = await orderRow(h.ctx, orderId);
    expect(order.status).toBe('pendiente');
    expect(order.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 24 * 3600_000);
    await expectNothingGranted(buyer.user.id, orderId);

    // Days later PayPal clears the capture and says so.
    h.paypal.orders.get(id)!.captures[0]!.status = 'COMPLETED';
    const hook = await deliver(h.ctx, '/api/paypal/webhook', h.paypal.captureEvent(id));
    expect(hook.statusCode).toBe(200);
    expect((await orderRow(h.ctx, orderId)).status).toBe('pagado');
    expect(await grants(h.ctx, buyer.user.id)).toBe(1);
  });

  it('grants nothing for a DECLINED capture; the order is cancelled, seats back, cart kept', async () => {
    const buyer = await buyerWithCart(h.ctx, { days: [{ label: 'Taller', seatCapacity: 5 }] });
    const { id, orderId } = await createPaypalOrder(h.ctx, buyer);
    expect(await seatsTaken(h.ctx, buyer.productDayId)).toBe(1);
    h.paypal.approve(id);
    h.paypal.scriptCapture(id, { captureStatus: 'DECLINED' });
    const res = await payPaypal(h.ctx, buyer, id);
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe(MSG.paymentError);
    expect((await orderRow(h.ctx, orderId)).status).toBe('cancelado');
    expect(await seatsTaken(h.ctx, buyer.productDayId)).toBe(0);
    await expectNothingGranted(buyer.user.id, orderId);
  });

  it('grants nothing when PayPal refuses the instrument (422 INSTRUMENT_DECLINED); the order stays open', async () => {
    const buyer = await buyerWithCart(h.ctx);
    const { id, orderId } = await createPaypalOrder(h.ctx, buyer);
    h.paypal.approve(id);
    h.paypal.scriptCapture(id, { instrumentDeclined: true });
    const res = await payPaypal(h.ctx, buyer, id);
    expect(res.statusCode).toBe(402);
    expect((await orderRow(h.ctx, orderId)).status).toBe('pendiente');
    await expectNothingGranted(buyer.user.id, orderId);
  });

  it('grants nothing when the captured amount is off by 0.01, and flags it for a refund', async () => {
    const buyer = await buyerWithCart(h.ctx);
    const { id, orderId } = await createPaypalOrder(h.ctx, buyer);
    h.paypal.approve(id);
    h.paypal.scriptCapture(id, { amountValue: '1009.99' });
    const res = await payPaypal(h.ctx, buyer, id);
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe(MSG.paymentError);
    expect((await orderRow(h.ctx, orderId)).status).toBe('cancelado');
    expect(await auditActions(h.ctx, orderId)).toContain('payment.mismatch');
    await expectNothingGranted(buyer.user.id, orderId);
  });

  it('grants nothing when the capture is in USD', async () => {
    const buyer = await buyerWithCart(h.ctx);
    const { id, orderId } = await createPaypalOrder(h.ctx, buyer);
    h.paypal.approve(id);
    h.paypal.scriptCapture(id, { currencyCode: 'USD' });
    const res = await payPaypal(h.ctx, buyer, id);
    expect(res.statusCode).toBe(402);
    expect(await auditActions(h.ctx, orderId)).toContain('payment.mismatch');
    await expectNothingGranted(buyer.user.id, orderId);
  });

  it('grants nothing when the capture carries another custom_id', async () => {
    const buyer = await buyerWithCart(h.ctx);
    const { id, orderId } = await createPaypalOrder(h.ctx, buyer);
    h.paypal.approve(id);
    h.paypal.scriptCapture(id, { customId: '00000000-0000-4000-8000-000000000000' });
    expect((await payPaypal(h.ctx, buyer, id)).statusCode).toBe(402);
    await expectNothingGranted(buyer.user.id, orderId);
  });

  it("never captures a PayPal order created for another user's order", async () => {
    const owner = await buyerWithCart(h.ctx);
    const thief = await buyerWithCart(h.ctx);
    const { id, orderId } = await createPaypalOrder(h.ctx, owner);
    h.paypal.approve(id);
    const captures = h.paypal.stats.captureCalls;
    const res = await payPaypal(h.ctx, thief, id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, message: MSG.paymentError });
    expect(h.paypal.stats.captureCalls).toBe(captures);
    expect(await paidOrders(h.ctx, thief.user.id)).toBe(0);
    expect(await grants(h.ctx, thief.user.id)).toBe(0);
    expect((await orderRow(h.ctx, orderId)).status).toBe('pendiente');
    // The owner can still pay it.
    expect((await payPaypal(h.ctx, owner, id)).statusCode).toBe(200);
    expect(await grants(h.ctx, thief.user.id)).toBe(0);
  });

  it('refuses PayPal order ids it did not create', async () => {
    const buyer = await buyerWithCart(h.ctx);
    const res = await payPaypal(h.ctx, buyer, 'NOT-OURS-123');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MSG.paymentError);
  });

  it('the same PayPal order id posted 20 times at once pays exactly one order', async () => {
    const buyer = await buyerWithCart(h.ctx);
    const { id, orderId } = await createPaypalOrder(h.ctx, buyer);
    h.paypal.approve(id);
    h.paypal.scriptCapture(id, { delayMs: 50 });
    const results = await Promise.all(Array.from({ length: 20 }, () => payPaypal(h.ctx, buyer, id)));
    expect(results.map((r) => r.statusCode)).toEqual(Array.from({ length: 20 }, () => 200));
    expect(await paidOrders(h.ctx, buyer.user.id)).toBe(1);
    expect(await grants(h.ctx, buyer.user.id)).toBe(1);
    expect(await confirmations(h.ctx, orderId)).toBe(1);
    expect(h.paypal.orders.get(id)!.captures).toHaveLength(1);
  });

  it('asks PayPal again when the capture answer is lost, and pays if it was captured', async () => {
    const buyer = await buyerWithCart(h.ctx);
    const { id, orderId } = await createPaypalOrder(h.ctx, buyer);
    h.paypal.approve(id);
    h.paypal.scriptCapture(id, { dropResponse: true });
    const res = await payPaypal(h.ctx, buyer, id);
    expect(res.statusCode).toBe(200);
    expect((await orderRow(h.ctx, orderId)).status).toBe('pagado');
  });
});

describe('POST /api/paypal/webhook', () => {
  it('pays the order when the browser went away after the capture', async () => {
    const buyer = await buyerWithCart(h.ctx);
    const { id, orderId } = await createPaypalOrder(h.ctx, buyer);
    h.paypal.approve(id);
    h.paypal.captureDirect(id); // PayPal took the money; our browser call never arrived
    expect((await orderRow(h.ctx, orderId)).status).toBe('pendiente');
    const delivery = h.paypal.captureEvent(id);
    const res = await deliver(h.ctx, '/api/paypal/webhook', delivery);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await orderRow(h.ctx, orderId)).status).toBe('pagado');
    expect(await grants(h.ctx, buyer.user.id)).toBe(1);
    expect(await cartSize(h.ctx, buyer.user.id)).toBe(0);
    expect(await confirmations(h.ctx, orderId)).toBe(1);
    // PayPal redelivers: handled once.
    expect((await deliver(h.ctx, '/api/paypal/webhook', delivery)).statusCode).toBe(200);
    expect(await confirmations(h.ctx, orderId)).toBe(1);
  });

  it('pays it when PayPal stopped answering right after capturing', async () => {
    const buyer = await buyerWithCart(h.ctx);
    const { id, orderId } = await createPaypalOrder(h.ctx, buyer);
    h.paypal.approve(id);
    h.paypal.scriptCapture(id, { dropResponse: true, goDownAfter: true });
    const res = await payPaypal(h.ctx, buyer, id);
    h.paypal.down = false;
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(MSG.paymentError);
    expect((await orderRow(h.ctx, orderId)).status).toBe('pendiente');
    expect(await grants(h.ctx, buyer.user.id)).toBe(0);
    expect((await deliver(h.ctx, '/api/paypal/webhook', h.paypal.captureEvent(id))).statusCode).toBe(200);
    expect((await orderRow(h.ctx, orderId)).status).toBe('pagado');
  });

  it('refuses a delivery with a bad signature', async () => {
    const buyer = await buyerWithCart(h.ctx);
    const { id, orderId } = await createPaypalOrder(h.ctx, buyer);
    h.paypal.captureDirect(id);
    const signed = h.paypal.captureEvent(id);
    await expectWebhookRefused(
      h.ctx,
      '/api/paypal/webhook',
      signed,
      signed.body.replace('"event_version":"1.0"', '"event_version":"1.1"'),
      { orderId, userId: buyer.user.id },
    );
  });

  it('a webhook racing the browser call pays once', async () => {
    const buyer = await buyerWithCart(h.ctx);
    const { id, orderId } = await createPaypalOrder(h.ctx, buyer);
    h.paypal.approve(id);
    h.paypal.scriptCapture(id, { delayMs: 150 });
    const browser = payPaypal(h.ctx, buyer, id);
    await new Promise((r) => setTimeout(r, 30)); // captured at PayPal, answer still on its way
    const hooks = await Promise.all([
      deliver(h.ctx, '/api/paypal/webhook', h.paypal.captureEvent(id)),
      deliver(h.ctx, '/api/paypal/webhook', h.paypal.captureEvent(id)),
    ]);
    expect(hooks.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await browser).statusCode).toBe(200);
    expect(await paidOrders(h.ctx, buyer.user.id)).toBe(1);
    expect(await grants(h.ctx, buyer.user.id)).toBe(1);
    expect(await confirmations(h.ctx, orderId)).toBe(1);
  });

  it('a completed-capture event never pays an amount that differs from ours', async () => {
    const buyer = await buyerWithCart(h.ctx);
    const { id, orderId } = await createPaypalOrder(h.ctx, buyer);
    h.paypal.approve(id);
    h.paypal.scriptCapture(id, { amountValue: '10.00' });
    h.paypal.captureDirect(id);
    expect((await deliver(h.ctx, '/api/paypal/webhook', h.paypal.captureEvent(id))).statusCode).toBe(200);
    expect((await orderRow(h.ctx, orderId)).status).toBe('cancelado');
    expect(await grants(h.ctx, buyer.user.id)).toBe(0);
  });

  it('DENIED cancels the pending order and gives the seat back', async () => {
    const buyer = await buyerWithCart(h.ctx, { days: [{ label: 'Taller', seatCapacity: 3 }] });
    const { id, orderId } = await createPaypalOrder(h.ctx, buyer);
    h.paypal.approve(id);
    const res = await deliver(
      h.ctx,
      '/api/paypal/webhook',
      h.paypal.captureEvent(id, 'PAYMENT.CAPTURE.DENIED', { status: 'DECLINED' }),
    );
    expect(res.statusCode).toBe(200);
    expect((await orderRow(h.ctx, orderId)).status).toBe('cancelado');
    expect(await seatsTaken(h.ctx, buyer.productDayId)).toBe(0);
  });

  it('REFUNDED: a partial refund is recorded, a full refund ends access', async () => {
    const buyer = await buyerWithCart(h.ctx);
    const { id, orderId } = await createPaypalOrder(h.ctx, buyer);
    h.paypal.approve(id);
    expect((await payPaypal(h.ctx, buyer, id)).statusCode).toBe(200);

    await deliver(h.ctx, '/api/paypal/webhook', h.paypal.refundEvent(id, '10.00'));
    let order = await orderRow(h.ctx, orderId);
    expect(order).toMatchObject({ status: 'pagado', refundedCentavos: 1000 });
    expect(await grants(h.ctx, buyer.user.id)).toBe(1);

    await deliver(
      h.ctx,
      '/api/paypal/webhook',
      h.paypal.refundEvent(id, centavosToDecimalString(100_000 + SERVICE_FEE_CENTAVOS - 1000)),
    );
    order = await orderRow(h.ctx, orderId);
    expect(order).toMatchObject({ status: 'reembolsado', refundedCentavos: 100_000 + SERVICE_FEE_CENTAVOS });
    expect(await grants(h.ctx, buyer.user.id)).toBe(0);
  });
});

describe('POST /api/paypal/cancel-order', () => {
  it('gives back seats and coupon when the buyer closes PayPal without paying', async () => {
    const buyer = await buyerWithCart(h.ctx, { days: [{ label: 'Taller', seatCapacity: 1 }] });
    const { id, orderId } = await createPaypalOrder(h.ctx, buyer);
    expect(await seatsTaken(h.ctx, buyer.productDayId)).toBe(1);
    const res = await post(h.ctx, '/api/paypal/cancel-order', buyer.user.token, { paypalOrderId: id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: MSG.paymentCancelled });
    const cancelled = await orderRow(h.ctx, orderId);
    expect(cancelled.status).toBe('cancelado');
    // The order's attempt at PayPal is closed with it.
    expect(cancelled.providerPayment).toMatchObject({ externalId: id, status: 'cerrado' });
    expect(await seatsTaken(h.ctx, buyer.productDayId)).toBe(0);
    expect(await cartSize(h.ctx, buyer.user.id)).toBe(1);
    // A new attempt gets the seat again.
    const again = await createPaypalOrder(h.ctx, buyer);
    expect(again.orderId).not.toBe(orderId);
  });

  it('keeps an order PayPal shows approved (a capture may be under way)', async () => {
    const buyer = await buyerWithCart(h.ctx);
    const { id, orderId } = await createPaypalOrder(h.ctx, buyer);
    h.paypal.approve(id);
    await post(h.ctx, '/api/paypal/cancel-order', buyer.user.token, { paypalOrderId: id });
    expect((await orderRow(h.ctx, orderId)).status).toBe('pendiente');
  });

  it("cannot cancel someone else's order", async () => {
    const owner = await buyerWithCart(h.ctx);
    const other = await buyerWithCart(h.ctx);
    const { id, orderId } = await createPaypalOrder(h.ctx, owner);
    const res = await post(h.ctx, '/api/paypal/cancel-order', other.user.token, { paypalOrderId: id });
    expect(res.statusCode).toBe(404);
    expect((await orderRow(h.ctx, orderId)).status).toBe('pendiente');
  });
});
