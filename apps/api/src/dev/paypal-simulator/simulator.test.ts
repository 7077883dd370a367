// The PayPal simulator of `npm run demo` (PAYPAL_SIMULATOR=true): started like server.ts
// starts it, the store's PayPal client creates and captures against it, and the browser's
// approval step reaches it through /__paypal-simulator on the store's own origin.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import { buyerWithCart, createPaypalOrder, orderRow, payPaypal } from '../../../test/payments-helpers';
import { startPaypalSimulator, type RunningPaypalSimulator } from './simulator';

describe('store in PayPal simulator mode', () => {
  let simulator: RunningPaypalSimulator;
  let ctx: TestContext;

  beforeAll(async () => {
    simulator = await startPaypalSimulator();
    ctx = await createTestContext({ PAYPAL_SIMULATOR: 'true', PAYPAL_API_BASE: simulator.url });
  });
  afterAll(async () => {
    await ctx.close();
    await simulator.close();
  });

  it('tells every page that payments are simulated', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/site-config' });
    expect(res.json()).toEqual({ success: true, paymentsMode: 'simulated' });
  });

  it('loads the simulated SDK from the store itself, with the simulator credentials', async () => {
    const config = (await ctx.app.inject({ method: 'GET', url: '/api/paypal/config' })).json();
    expect(config).toMatchObject({
      configured: true,
      clientId: 'fake-client-id',
      sdkBase: 'http://tienda.test/__paypal-simulator',
      currency: 'MXN',
    });
    const sdk = await ctx.app.inject({ method: 'GET', url: '/__paypal-simulator/sdk/js?currency=MXN' });
    expect(sdk.statusCode).toBe(200);
    expect(sdk.headers['content-type']).toMatch(/^application\/javascript/);
    expect(sdk.body).toContain('Simulador de PayPal — ningún cobro es real');
    expect(sdk.body).toContain(`var ORIGIN = "/__paypal-simulator";`);
    expect(sdk.body).toContain('{\\"merchant\\":\\"AMACC\\"}');
    expect(sdk.body).not.toMatch(/'__(FAKE_PAYPAL_ORIGIN|PAYPAL_SIMULATOR_CONFIG)__'/);
  });

  it('shows the buyer the order and approves it; a capture before approval is refused', async () => {
    const buyer = await buyerWithCart(ctx);
    const { id, orderId } = await createPaypalOrder(ctx, buyer);

    const shown = await ctx.app.inject({ method: 'GET', url: `/__paypal-simulator/__fake/orders/${id}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.json().purchase_units[0]).toMatchObject({
      custom_id: orderId,
      amount: { currency_code: 'MXN', value: buyer.total.toFixed(2) },
    });
    // Capturing before the buyer approves is refused, as PayPal does.
    expect((await payPaypal(ctx, buyer, id)).statusCode).not.toBe(200);

    const approved = await ctx.app.inject({
      method: 'POST',
      url: `/__paypal-simulator/__fake/orders/${id}/approve`,
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ orderID: id, currency: 'MXN' });
  });

  it('pays the order once approved', async () => {
    const buyer = await buyerWithCart(ctx);
    const { id, orderId } = await createPaypalOrder(ctx, buyer);
    await ctx.app.inject({ method: 'POST', url: `/__paypal-simulator/__fake/orders/${id}/approve` });
    const paid = await payPaypal(ctx, buyer, id);
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await orderRow(ctx, orderId)).status).toBe('pagado');
  });

  it('"Simular un pago rechazado" makes the capture fail: nothing is granted', async () => {
    const buyer = await buyerWithCart(ctx);
    const { id, orderId } = await createPaypalOrder(ctx, buyer);
    await ctx.app.inject({
      method: 'POST',
      url: `/__paypal-simulator/__fake/orders/${id}/approve?capture=DECLINED`,
    });
    const res = await payPaypal(ctx, buyer, id);
    expect(res.statusCode).not.toBe(200);
    expect((await orderRow(ctx, orderId)).status).not.toBe('pagado');
  });

  it('"Simular una tarjeta rechazada" declines the card but keeps the order open: another approval pays it', async () => {
    const buyer = await buyerWithCart(ctx);
    const { id, orderId } = await createPaypalOrder(ctx, buyer);
    await ctx.app.inject({
      method: 'POST',
      url: `/__paypal-simulator/__fake/orders/${id}/approve?capture=INSTRUMENT_DECLINED`,
    });
    const declined = await payPaypal(ctx, buyer, id);
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ success: false, reason: 'restart' });
    expect((await orderRow(ctx, orderId)).status).toBe('pendiente');
    // The buyer picks another card in the reopened window.
    await ctx.app.inject({ method: 'POST', url: `/__paypal-simulator/__fake/orders/${id}/approve` });
    const paid = await payPaypal(ctx, buyer, id);
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await orderRow(ctx, orderId)).status).toBe('pagado');
  });

  it('relays no other outcome the dialog does not offer', async () => {
    const buyer = await buyerWithCart(ctx);
    const { id, orderId } = await createPaypalOrder(ctx, buyer);
    await ctx.app.inject({
      method: 'POST',
      url: `/__paypal-simulator/__fake/orders/${id}/approve?capture=PENDING`,
    });
    const paid = await payPaypal(ctx, buyer, id);
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await orderRow(ctx, orderId)).status).toBe('pagado');
  });

  it('answers 404 for an order the simulator does not know', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/__paypal-simulator/__fake/orders/NOPE/approve',
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('store with real payments', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('has no simulator routes and says payments are real', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/__paypal-simulator/sdk/js' })).statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/__paypal-simulator/__fake/orders/X/approve' }))
        .statusCode,
    ).toBe(404);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/site-config' });
    expect(res.json()).toEqual({ success: true, paymentsMode: 'real' });
  });
});
