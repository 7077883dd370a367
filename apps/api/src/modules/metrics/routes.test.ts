// Metrics: refused without the token, absent unless configured, and after a purchase the
// order is counted and the route's latency is there; the separate port serves the same text.

import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import { createProduct } from '../../../test/factories';
import { addToCart, createCoupon, createUser, placeOrder } from '../../../test/store-helpers';
import { freePort } from '../../../test/server-process';
import { startMetricsListener } from './metrics-listener';

const TOKEN = randomBytes(24).toString('hex');

describe('with METRICS_TOKEN', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ METRICS_TOKEN: TOKEN, RATE_LIMIT_COUPON_MAX: '1000' });
  });
  afterAll(() => ctx.close());

  const scrape = (authorization?: string) =>
    ctx.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: authorization ? { authorization } : {},
    });

  it('refuses a scrape without the token or with another one', async () => {
    for (const auth of [undefined, `Bearer ${TOKEN}x`, TOKEN, 'Bearer ']) {
      const res = await scrape(auth);
      expect(res.statusCode, String(auth)).toBe(401);
      expect(res.body).not.toContain('http_requests_total');
    }
  });

  it('counts a purchase, times its route, and reports the queues and the process', async () => {
    const { product } = await createProduct(ctx.database.db);
    const user = await createUser(ctx);
    const coupon = await createCoupon(ctx);
    await addToCart(ctx, user, product.id);
    const placed = await placeOrder(ctx, user, [{ productId: product.id }], { couponCode: coupon.code });
    expect(placed.statusCode, placed.body).toBe(200);

    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(/^store_orders\{status="pagado"\} 1$/m);
    expect(text).toMatch(
      /^http_requests_total\{route="\/api\/order\/place",method="POST",status="200"\} 1$/m,
    );
    expect(text).toMatch(
      /^http_request_duration_seconds_count\{route="\/api\/order\/place",method="POST",status="200"\} 1$/m,
    );
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="0\.5",route="\/api\/cart\/add"/m);
    // The refused scrapes are counted under their template too.
    expect(text).toMatch(/^http_requests_total\{route="\/api\/metrics",method="GET",status="401"\} 4$/m);
    // The purchase e-mail waits in the outbox (no sender runs in tests).
    expect(text).toMatch(/^store_email_outbox\{status="pending"\} [1-9]/m);
    for (const line of [
      'store_email_outbox{status="failed"} 0',
      'store_cfdi_pending{kind="invoice"} 0',
      'store_cfdi_failed{kind="credit_note"} 0',
      'store_refunds{status="pendiente"} 0',
      'store_waitlist_offers_open 0',
      'store_orders_pending_overdue 0',
      'store_database_up 1',
      'store_orders{status="cancelado"} 0',
      'store_checkout_line{state="waiting"} 0',
      'store_checkout_line{state="capacity"} 1000',
      'store_payments_waiting{method="oxxo"} 0',
      'store_payments_waiting_pesos{method="spei"} 0',
    ]) {
      expect(text).toContain(line);
    }
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    if (ctx.database.kind === 'postgres') {
      expect(text).toMatch(/^store_db_pool_connections\{state="waiting"\} 0$/m);
      expect(text).toMatch(/^store_db_pool_connections\{state="in_use"\} \d+$/m);
    }
  });

  it('serves the same text on its own port, with the token when one is set', async () => {
    const port = await freePort();
    const listener = await startMetricsListener({
      registry: ctx.app.metrics!,
      port,
      host: '127.0.0.1',
      token: TOKEN,
    });
    try {
      const url = `http://127.0.0.1:${port}`;
      expect((await fetch(`${url}/metrics`)).status).toBe(401);
      expect((await fetch(`${url}/other`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(
        404,
      );
      const ok = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(ok.status).toBe(200);
      expect(await ok.text()).toContain('store_orders{status="pagado"} 1');
    } finally {
      await listener.close();
    }
  });
});

describe('without METRICS_TOKEN or METRICS_PORT', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('has no metrics at all on the public port', async () => {
    expect(ctx.app.metrics).toBeNull();
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('http_requests_total');
  });
});
