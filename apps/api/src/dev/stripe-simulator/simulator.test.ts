// The Stripe simulator of `npm run demo` (STRIPE_SIMULATOR=true): started like server.ts starts
// it, the store's Stripe client pays against it, its signed events reach the store's webhook,
// and the buyer's pages (checkout, OXXO voucher, SPEI instructions) and their buttons work
// through /__stripe-simulator on the store's own origin.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, STRIPE_SIMULATOR_CREDENTIALS } from '../../config';
import { call } from '../../../test/admin-helpers';
import { createTestContext, type TestContext } from '../../../test/context';
import { buyerWithCart, grants, orderRow, type Buyer } from '../../../test/payments-helpers';
import { createUser, post } from '../../../test/store-helpers';
import { sleep } from '../local-http';
import { startStripeSimulator, type RunningStripeSimulator } from './simulator';

const PUBLIC_URL = 'http://tienda.test';

describe('STRIPE_SIMULATOR configuration', () => {
  const base = { DATA_DIR: '/tmp/tienda-config-test', JWT_SECRET: 'x'.repeat(40) };
  const refusal = (env: Record<string, string>) => {
    try {
      loadConfig({ ...base, ...env });
      return '';
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as Error).message;
    }
  };

  it('uses the simulator’s own keys', () => {
    expect(loadConfig({ ...base, STRIPE_SIMULATOR: 'true' })).toMatchObject({
      STRIPE_SIMULATOR: true,
      STRIPE_SECRET_KEY: STRIPE_SIMULATOR_CREDENTIALS.secretKey,
      STRIPE_WEBHOOK_SECRET: STRIPE_SIMULATOR_CREDENTIALS.webhookSecret,
    });
    expect(loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_live_x' })).toMatchObject({
      STRIPE_SIMULATOR: false,
      STRIPE_SECRET_KEY: 'sk_live_x',
    });
  });

  it('refuses real Stripe keys and a production database, naming the variables', () => {
    const withKey = refusal({ STRIPE_SIMULATOR: 'true', STRIPE_SECRET_KEY: 'sk_live_real' });
    expect(withKey).toMatch(/simulador de Stripe no puede usarse con claves reales/);
    expect(withKey).toMatch(/STRIPE_SECRET_KEY/);
    expect(refusal({ STRIPE_SIMULATOR: 'true', STRIPE_WEBHOOK_SECRET: 'whsec_real' })).toMatch(
      /claves reales/,
    );
    expect(
      refusal({
        STRIPE_SIMULATOR: 'true',
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://tienda@db:5432/tienda',
      }),
    ).toMatch(/STRIPE_SIMULATOR: .*producción/);
    expect(
      refusal({ STRIPE_SIMULATOR: 'true', STRIPE_SECRET_KEY: STRIPE_SIMULATOR_CREDENTIALS.secretKey }),
    ).toBe('');
  });
});

describe('store in Stripe simulator mode', () => {
  let simulator: RunningStripeSimulator;
  let ctx: TestContext;

  beforeAll(async () => {
    // Events reach the store's webhook as server.ts's simulator sends them, here through inject.
    simulator = await startStripeSimulator({
      publicUrl: PUBLIC_URL,
      webhookTransport: async (url, body, headers) =>
        (await ctx.app.inject({ method: 'POST', url: new URL(url).pathname, headers, payload: body }))
          .statusCode,
    });
    ctx = await createTestContext({
      STRIPE_SIMULATOR: 'true',
      STRIPE_API_HOST: simulator.host,
      STRIPE_API_PORT: String(simulator.port),
      STRIPE_API_PROTOCOL: 'http',
    });
    const admin = await createUser(ctx, { role: 'admin' });
    const on = await call(ctx, admin.token, 'PUT', '/api/admin/payment-settings', {
      card: { enabled: true, msi: true },
      oxxo: { enabled: true, expiresAfterDays: 3 },
      spei: { enabled: true, holdDays: 2 },
    });
    expect(on.statusCode, on.body).toBe(200);
  });
  afterAll(async () => {
    await ctx.close();
    await simulator.close();
  });

  const page = (url: string) => ctx.app.inject({ method: 'GET', url: new URL(url).pathname });
  const press = (path: string, body: Record<string, unknown> = {}) =>
    ctx.app.inject({ method: 'POST', url: `/__stripe-simulator${path}`, payload: body });
  /** Waits until every event Stripe sent has reached the store (and what it set off). */
  const settled = async () => {
    await sleep(20);
    await simulator.fake.idle();
  };
  async function until(check: () => Promise<boolean>) {
    for (let i = 0; i < 100 && !(await check()); i += 1) await sleep(20);
    await settled();
  }
  async function start(method: 'oxxo' | 'spei', buyer: Buyer) {
    const res = await post(ctx, `/api/order/${method}`, buyer.user.token, buyer.body);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as {
      orderId: string;
      instructions: { voucherUrl?: string; instructionsUrl?: string; amountCentavos: number };
    };
    const url = body.instructions.voucherUrl ?? body.instructions.instructionsUrl!;
    return { ...body, url, intentId: url.split('/').pop()! };
  }

  it('serves the pages’ script from the store, under its CSP (no inline script)', async () => {
    const js = await ctx.app.inject({ method: 'GET', url: '/__stripe-simulator/stripe-simulator.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toMatch(/^application\/javascript/);
    expect(String(js.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(String(js.headers['content-security-policy'])).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('card: Stripe’s page on the store’s origin, paid in 3 meses sin intereses, back to /verify and paid by the webhook', async () => {
    const buyer = await buyerWithCart(ctx, { price: 3000 });
    const res = await post(ctx, '/api/order/stripe', buyer.user.token, buyer.body);
    expect(res.statusCode, res.body).toBe(200);
    const sessionUrl = res.json().session_url as string;
    expect(sessionUrl).toMatch(/^http:\/\/tienda\.test\/__stripe-simulator\/checkout\/cs_test_/);
    const checkout = await page(sessionUrl);
    expect(checkout.statusCode).toBe(200);
    expect(checkout.headers['content-type']).toMatch(/^text\/html/);
    expect(checkout.body).toContain('Simulador de Stripe — ningún cobro es real');
    expect(checkout.body).toContain('Pago de contado');
    expect(checkout.body).toMatch(/3 meses sin intereses de \$1,0\d\d\.\d\d MXN/);
    const sessionId = sessionUrl.split('/').pop()!;
    const paid = await press(`/__fake/checkout/sessions/${sessionId}/pay`, {
      card: '4000004840000008',
      installments: 3,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const orderId = simulator.fake.sessions.get(sessionId)!.client_reference_id!;
    expect(paid.json().redirect).toBe(`${PUBLIC_URL}/verify?success=true&orderId=${orderId}`);
    await settled();
    const row = await orderRow(ctx, orderId);
    expect(row.status).toBe('pagado');
    expect(row.providerPayment?.data).toMatchObject({ installments: '3', funding: 'credit' });
    expect(await grants(ctx, buyer.user.id)).toBe(1);
  });

  it('OXXO: the voucher page, «Simular pago en OXXO» pays the order', async () => {
    const buyer = await buyerWithCart(ctx);
    const { orderId, url, intentId } = await start('oxxo', buyer);
    expect(url).toBe(`${PUBLIC_URL}/__stripe-simulator/oxxo/${intentId}`);
    const voucher = await page(url);
    expect(voucher.statusCode).toBe(200);
    expect(voucher.body).toContain('Ficha de pago OXXO');
    expect(voucher.body).toContain('<svg');
    expect((await press(`/__fake/payment_intents/${intentId}/pay_oxxo`)).statusCode).toBe(200);
    await settled();
    expect((await orderRow(ctx, orderId)).status).toBe('pagado');
    expect((await page(url)).body).toContain('Pagada');
  });

  it('OXXO «Dejar que venza»: the voucher lapses at Stripe and the order ends', async () => {
    const buyer = await buyerWithCart(ctx);
    const { orderId, intentId } = await start('oxxo', buyer);
    expect((await press(`/__fake/payment_intents/${intentId}/expire_oxxo`)).statusCode).toBe(200);
    await settled();
    expect(await orderRow(ctx, orderId)).toMatchObject({ status: 'cancelado', closedReason: 'expirado' });
  });

  it('OXXO «Simular pago tardío»: the order ends, then the late cash is honoured (the seat is free)', async () => {
    const buyer = await buyerWithCart(ctx);
    const { orderId, intentId } = await start('oxxo', buyer);
    const late = await press(`/__fake/payment_intents/${intentId}/late_oxxo`, { delayMs: 0 });
    expect(late.statusCode, late.body).toBe(200);
    await until(async () => (await orderRow(ctx, orderId)).status === 'pagado');
    expect(await orderRow(ctx, orderId)).toMatchObject({ status: 'pagado' });
    const types = simulator.fake.events
      .filter((e) => (e.data.object as { id: string }).id === intentId)
      .map((e) => e.type);
    expect(types.slice(-2)).toEqual(['payment_intent.payment_failed', 'payment_intent.succeeded']);
  });

  it('SPEI: the instructions page, a partial transfer keeps the order waiting, the rest pays it', async () => {
    const buyer = await buyerWithCart(ctx);
    const { orderId, url, intentId, instructions } = await start('spei', buyer);
    expect(url).toBe(`${PUBLIC_URL}/__stripe-simulator/spei/${intentId}`);
    const html = (await page(url)).body;
    expect(html).toContain('Transferencia SPEI');
    expect(html).toContain('STP');
    const half = Math.floor(instructions.amountCentavos / 2);
    expect((await press(`/__fake/payment_intents/${intentId}/fund_spei`, { amount: half })).statusCode).toBe(
      200,
    );
    await settled();
    const waiting = await orderRow(ctx, orderId);
    expect(waiting.status).toBe('pendiente');
    expect(waiting.providerPayment?.data.amountRemaining).toBe(String(instructions.amountCentavos - half));
    await press(`/__fake/payment_intents/${intentId}/fund_spei`, {
      amount: instructions.amountCentavos - half,
    });
    await settled();
    expect((await orderRow(ctx, orderId)).status).toBe('pagado');
  });

  it('SPEI «Dejar que venza»: the store’s deadline arrives; the reference stays valid at Stripe', async () => {
    const buyer = await buyerWithCart(ctx);
    const { orderId, intentId } = await start('spei', buyer);
    const res = await press(`/__store/deadline/${intentId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatch(/fecha límite/);
    expect(await orderRow(ctx, orderId)).toMatchObject({ status: 'cancelado', closedReason: 'expirado' });
    expect(simulator.fake.paymentIntents.get(intentId)!.status).toBe('requires_action');
    expect((await press(`/__store/deadline/${intentId}`)).json().message).toMatch(/ya no estaba pendiente/);
  });

  it('SPEI «Transferencia tardía»: the order ends at its deadline, then the transfer is honoured', async () => {
    const buyer = await buyerWithCart(ctx);
    const { orderId, intentId } = await start('spei', buyer);
    const res = await press(`/__store/late/${intentId}`, { delayMs: 0 });
    expect(res.statusCode, res.body).toBe(200);
    expect((await orderRow(ctx, orderId)).status).toBe('cancelado');
    await until(async () => (await orderRow(ctx, orderId)).status === 'pagado');
    expect((await orderRow(ctx, orderId)).status).toBe('pagado');
    expect(simulator.fake.paymentIntents.get(intentId)!.status).toBe('succeeded');
  });

  it('relays only what the pages offer, and says when a payment is unknown', async () => {
    const buyer = await buyerWithCart(ctx);
    const { intentId } = await start('oxxo', buyer);
    expect((await press(`/__fake/payment_intents/${intentId}/process`)).statusCode).toBe(404);
    expect((await press('/__fake/refunds/re_x/complete')).statusCode).toBe(404);
    expect((await press('/__fake/payment_intents/pi_nope/pay_oxxo')).statusCode).toBe(404);
    expect((await press('/__store/deadline/pi_nope')).statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/__stripe-simulator/oxxo/pi_nope' })).statusCode,
    ).toBe(404);
  });
});

describe('store with real payments', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('has no Stripe simulator routes', async () => {
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/__stripe-simulator/stripe-simulator.js' })).statusCode,
    ).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/__stripe-simulator/__fake/payment_intents/x/pay_oxxo' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/__stripe-simulator/__store/deadline/x' })).statusCode,
    ).toBe(404);
  });
});
