// Stripe Checkout through the real `stripe` SDK pointed at the local fake: paid only when
// Stripe says payment_status 'paid' (retrieve or a webhook signed for constructEvent).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_FEE_CENTAVOS } from '@store/shared/constants';
import { MSG } from '@store/shared/messages';
import { post } from '../../../../test/store-helpers';
import {
  buyerWithCart,
  cartSize,
  confirmations,
  deliver,
  grants,
  orderRow,
  paidOrders,
  seatsTaken,
  startPaymentsHarness,
  type Buyer,
  type PaymentsHarness,
  expectWebhookRefused,
} from '../../../../test/payments-helpers';

let h: PaymentsHarness;
beforeAll(async () => {
  h = await startPaymentsHarness();
});
afterAll(() => h.close());

async function checkout(buyer: Buyer) {
  const res = await post(h.ctx, '/api/order/stripe', buyer.user.token, buyer.body);
  expect(res.statusCode).toBe(200);
  const url = res.json().session_url as string;
  const session = [...h.stripe.sessions.values()].find((s) => s.url === url)!;
  const orderId = session.client_reference_id!;
  return { url, session, orderId };
}

function verify(buyer: Buyer, orderId: string, success: string | boolean = 'true') {
  return post(h.ctx, '/api/order/verifyStripe', buyer.user.token, { success, orderId });
}

describe('POST /api/order/stripe', () => {
  it('creates a pending order and a Checkout Session in MXN for exactly the server total', async () => {
    const buyer = await buyerWithCart(h.ctx, { price: 2500 });
    const { session, orderId, url } = await checkout(buyer);
    expect(url).toContain(h.stripe.url);
    expect(session).toMatchObject({
      amount_total: 250_000 + SERVICE_FEE_CENTAVOS,
      currency: 'mxn',
      mode: 'payment',
    });
    expect(session.success_url).toBe(`http://tienda.test/verify?success=true&orderId=${orderId}`);
    expect(session.cancel_url).toBe(`http://tienda.test/verify?success=false&orderId=${orderId}`);
    expect(session.metadata).toEqual({ orderId });
    expect(await orderRow(h.ctx, orderId)).toMatchObject({
      status: 'pendiente',
      paymentMethod: 'stripe',
      stripeSessionId: session.id,
      amountCentavos: 250_000 + SERVICE_FEE_CENTAVOS,
    });
    expect(await cartSize(h.ctx, buyer.user.id)).toBe(1);
  });
});

describe('POST /api/order/verifyStripe', () => {
  it('success=true on an unpaid session grants nothing', async () => {
    const buyer = await buyerWithCart(h.ctx);
    const { orderId } = await checkout(buyer);
    const res = await verify(buyer, orderId, 'true');
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ success: false, message: MSG.paymentError });
    expect((await orderRow(h.ctx, orderId)).status).toBe('pendiente');
    expect(await grants(h.ctx, buyer.user.id)).toBe(0);
    expect(await cartSize(h.ctx, buyer.user.id)).toBe(1);
  });

  it('pays once Stripe says paid, and is idempotent', async () => {
    const buyer = await buyerWithCart(h.ctx);
    const { session, orderId } = await checkout(buyer);
    h.stripe.pay(session.id);
    const res = await verify(buyer, orderId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: MSG.paymentDone, orderId });
    expect((await orderRow(h.ctx, orderId)).status).toBe('pagado');
    expect(await grants(h.ctx, buyer.user.id)).toBe(1);
    expect(await cartSize(h.ctx, buyer.user.id)).toBe(0);
    expect((await verify(buyer, orderId)).statusCode).toBe(200);
    expect(await confirmations(h.ctx, orderId)).toBe(1);
  });

  it('never pays a session whose amount differs from the order', async () => {
    const buyer = await buyerWithCart(h.ctx);
    const { session, orderId } = await checkout(buyer);
    h.stripe.pay(session.id);
    session.amount_total -= 1;
    expect((await verify(buyer, orderId)).statusCode).toBe(402);
    expect(await grants(h.ctx, buyer.user.id)).toBe(0);
  });

  it('success=false closes the session and the order; seats back, cart kept', async () => {
    const buyer = await buyerWithCart(h.ctx, { days: [{ label: 'Taller', seatCapacity: 2 }] });
    const { session, orderId } = await checkout(buyer);
    expect(await seatsTaken(h.ctx, buyer.productDayId)).toBe(1);
    const res = await verify(buyer, orderId, 'false');
    expect(res.statusCode).toBe(402);
    expect(h.stripe.sessions.get(session.id)!.status).toBe('expired');
    expect((await orderRow(h.ctx, orderId)).status).toBe('cancelado');
    expect(await seatsTaken(h.ctx, buyer.productDayId)).toBe(0);
    expect(await cartSize(h.ctx, buyer.user.id)).toBe(1);
  });

  it("refuses someone else's order", async () => {
    const owner = await buyerWithCart(h.ctx);
    const other = await buyerWithCart(h.ctx);
    const { session, orderId } = await checkout(owner);
    h.stripe.pay(session.id);
    const res = await verify(other, orderId);
    expect(res.statusCode).toBe(403);
    expect(await paidOrders(h.ctx, other.user.id)).toBe(0);
    expect((await orderRow(h.ctx, orderId)).status).toBe('pendiente');
  });

  it('answers 404 for an unknown or malformed order id', async () => {
    const buyer = await buyerWithCart(h.ctx);
    expect((await verify(buyer, 'no-es-un-id')).statusCode).toBe(404);
    expect((await verify(buyer, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('POST /api/stripe/webhook', () => {
  it('a signed checkout.session.completed pays once, however often it arrives', async () => {
    const buyer = await buyerWithCart(h.ctx);
    const { session, orderId } = await checkout(buyer);
    const paid = h.stripe.pay(session.id);
    const delivery = h.stripe.event('checkout.session.completed', paid);
    const results = await Promise.all([
      deliver(h.ctx, '/api/stripe/webhook', delivery),
      deliver(h.ctx, '/api/stripe/webhook', delivery),
      deliver(h.ctx, '/api/stripe/webhook', h.stripe.event('checkout.session.completed', paid)),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect((await orderRow(h.ctx, orderId)).status).toBe('pagado');
    expect(await paidOrders(h.ctx, buyer.user.id)).toBe(1);
    expect(await confirmations(h.ctx, orderId)).toBe(1);
    // The browser coming back afterwards agrees.
    expect((await verify(buyer, orderId)).statusCode).toBe(200);
    expect(await confirmations(h.ctx, orderId)).toBe(1);
  });

  it('refuses a bad signature', async () => {
    const buyer = await buyerWithCart(h.ctx);
    const { session, orderId } = await checkout(buyer);
    const paid = h.stripe.pay(session.id);
    const signed = h.stripe.event('checkout.session.completed', paid);
    await expectWebhookRefused(
      h.ctx,
      '/api/stripe/webhook',
      signed,
      signed.body.replace('"livemode":false', '"livemode": false'),
      { orderId, userId: buyer.user.id },
    );
  });

  it('an unpaid completed session (async payment) grants nothing until async_payment_succeeded', async () => {
    const buyer = await buyerWithCart(h.ctx);
    const { session, orderId } = await checkout(buyer);
    session.status = 'complete';
    await deliver(h.ctx, '/api/stripe/webhook', h.stripe.event('checkout.session.completed', session));
    expect((await orderRow(h.ctx, orderId)).status).toBe('pendiente');
    expect(await grants(h.ctx, buyer.user.id)).toBe(0);
    const paid = h.stripe.pay(session.id);
    await deliver(
      h.ctx,
      '/api/stripe/webhook',
      h.stripe.event('checkout.session.async_payment_succeeded', paid),
    );
    expect((await orderRow(h.ctx, orderId)).status).toBe('pagado');
  });

  it('checkout.session.expired cancels the pending order', async () => {
    const buyer = await buyerWithCart(h.ctx);
    const { session, orderId } = await checkout(buyer);
    session.status = 'expired';
    await deliver(h.ctx, '/api/stripe/webhook', h.stripe.event('checkout.session.expired', session));
    expect((await orderRow(h.ctx, orderId)).status).toBe('cancelado');
  });

  it('JSON elsewhere is still parsed normally (the raw parser is scoped to the webhooks)', async () => {
    const buyer = await buyerWithCart(h.ctx);
    const res = await post(h.ctx, '/api/paypal/cancel-order', buyer.user.token, {
      paypalOrderId: 'DESCONOCIDA',
    });
    // 404 (not 400): the body reached the handler as an object with paypalOrderId.
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MSG.orderNotFound);
  });
});
