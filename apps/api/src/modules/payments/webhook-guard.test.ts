// The PayPal webhook is public: junk never costs us a call to PayPal, refunds only touch the
// order whose capture they name, and both webhooks are rate limited per IP.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@store/shared/messages';
import { createUser } from '../../../test/store-helpers';
import {
  buyerWithCart,
  createPaypalOrder,
  deliver,
  grants,
  orderRow,
  payPaypal,
  startPaymentsHarness,
  type PaymentsHarness,
} from '../../../test/payments-helpers';

let h: PaymentsHarness;
beforeAll(async () => {
  h = await startPaymentsHarness({ RATE_LIMIT_WEBHOOK_MAX: '1000', RATE_LIMIT_ORDER_MAX: '1000' });
});
afterAll(() => h.close());

async function paidOrder() {
  const buyer = await buyerWithCart(h.ctx);
  const { id, orderId } = await createPaypalOrder(h.ctx, buyer);
  h.paypal.approve(id);
  expect((await payPaypal(h.ctx, buyer, id)).statusCode).toBe(200);
  return { buyer, id, orderId };
}

describe('PayPal refund events are matched by the stored capture id only', () => {
  it("a refund naming B's order in custom_id but A's capture touches only A's order", async () => {
    const a = await paidOrder();
    const b = await paidOrder();
    const event = JSON.parse(h.paypal.refundEvent(a.id).body) as {
      resource: { custom_id?: string };
    };
    event.resource.custom_id = b.orderId;
    const res = await deliver(h.ctx, '/api/paypal/webhook', h.paypal.sign(JSON.stringify(event)));
    expect(res.statusCode).toBe(200);
    expect((await orderRow(h.ctx, a.orderId)).status).toBe('reembolsado');
    expect(await orderRow(h.ctx, b.orderId)).toMatchObject({ status: 'pagado', refundedCentavos: 0 });
    expect(await grants(h.ctx, b.buyer.user.id)).toBe(1);
  });

  it('a refund of an unknown capture changes nothing, whatever its custom_id says', async () => {
    const b = await paidOrder();
    const event = JSON.parse(h.paypal.refundEvent(b.id).body) as {
      resource: { custom_id?: string; links: { rel: string; href: string }[] };
    };
    event.resource.custom_id = b.orderId;
    event.resource.links = event.resource.links.map((l) =>
      l.rel === 'up' ? { ...l, href: `${h.paypal.url}/v2/payments/captures/CAPDESCONOCIDO1` } : l,
    );
    const res = await deliver(h.ctx, '/api/paypal/webhook', h.paypal.sign(JSON.stringify(event)));
    expect(res.statusCode).toBe(200);
    expect(await orderRow(h.ctx, b.orderId)).toMatchObject({ status: 'pagado', refundedCentavos: 0 });
  });

  it('reads the capture id from supplementary_data when the up link is missing', async () => {
    const a = await paidOrder();
    const captureId = (await orderRow(h.ctx, a.orderId)).paypalCaptureId!;
    const event = JSON.parse(h.paypal.refundEvent(a.id).body) as {
      event_type: string;
      resource: { links?: unknown; supplementary_data?: unknown };
    };
    event.event_type = 'PAYMENT.CAPTURE.REVERSED';
    delete event.resource.links;
    event.resource.supplementary_data = { related_ids: { capture_id: captureId } };
    expect(
      (await deliver(h.ctx, '/api/paypal/webhook', h.paypal.sign(JSON.stringify(event)))).statusCode,
    ).toBe(200);
    expect((await orderRow(h.ctx, a.orderId)).status).toBe('reembolsado');
  });
});

describe('junk sent to the PayPal webhook never reaches PayPal', () => {
  it('refuses, with zero verification calls, everything that cannot be a PayPal event', async () => {
    const { id } = await paidOrder();
    const good = h.paypal.captureEvent(id);
    const event = JSON.parse(good.body) as Record<string, unknown> & { resource: Record<string, unknown> };
    const without = (name: string) => {
      const headers = { ...good.headers };
      delete headers[name];
      return headers;
    };
    const junk: { headers: Record<string, string>; body: string }[] = [
      { headers: { 'content-type': 'application/json' }, body: good.body },
      { headers: without('paypal-transmission-id'), body: good.body },
      { headers: without('paypal-transmission-sig'), body: good.body },
      { headers: without('paypal-transmission-time'), body: good.body },
      { headers: without('paypal-cert-url'), body: good.body },
      { headers: without('paypal-auth-algo'), body: good.body },
      { headers: { ...good.headers, 'paypal-transmission-id': 'x'.repeat(500) }, body: good.body },
      { headers: { ...good.headers, 'paypal-transmission-sig': 'no es base64 ###' }, body: good.body },
      { headers: { ...good.headers, 'paypal-transmission-time': 'ayer' }, body: good.body },
      { headers: { ...good.headers, 'paypal-auth-algo': 'none' }, body: good.body },
      {
        headers: { ...good.headers, 'paypal-cert-url': 'https://atacante.example/v1/notifications/certs/X' },
        body: good.body,
      },
      {
        headers: { ...good.headers, 'paypal-cert-url': 'https://paypal.com.atacante.example/cert' },
        body: good.body,
      },
      { headers: { ...good.headers, 'paypal-cert-url': 'http://api.paypal.com/cert' }, body: good.body },
      { headers: good.headers, body: '{"no":"json"' },
      { headers: good.headers, body: '[]' },
      { headers: good.headers, body: JSON.stringify({ ...event, event_type: 'BILLING.PLAN.CREATED' }) },
      { headers: good.headers, body: JSON.stringify({ ...event, resource: 'nada' }) },
      { headers: good.headers, body: JSON.stringify({ ...event, resource: { ...event.resource, id: 42 } }) },
      {
        headers: good.headers,
        body: JSON.stringify({ ...event, resource: { ...event.resource, amount: { value: 'mucho' } } }),
      },
      { headers: good.headers, body: JSON.stringify({ ...event, id: '' }) },
      { headers: good.headers, body: JSON.stringify({ ...event, padding: 'x'.repeat(200_000) }) },
    ];
    const before = h.paypal.stats.verifyCalls;
    for (const request of junk) {
      const res = await deliver(h.ctx, '/api/paypal/webhook', request);
      expect([400, 413]).toContain(res.statusCode);
      expect(res.json().success).toBe(false);
    }
    expect(h.paypal.stats.verifyCalls).toBe(before);
    // A real delivery is still verified and accepted.
    expect((await deliver(h.ctx, '/api/paypal/webhook', good)).statusCode).toBe(200);
    expect(h.paypal.stats.verifyCalls).toBe(before + 1);
  });

  it('answers with the Spanish rejection message', async () => {
    const res = await h.ctx.app.inject({
      method: 'POST',
      url: '/api/paypal/webhook',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: MSG.webhookRejected });
  });
});

describe('rate limits', () => {
  it('limit the webhooks per IP and the order-creating calls per user and IP, with a Spanish 429', async () => {
    const low = await startPaymentsHarness({ RATE_LIMIT_WEBHOOK_MAX: '3', RATE_LIMIT_ORDER_MAX: '3' });
    try {
      for (const url of ['/api/paypal/webhook', '/api/stripe/webhook']) {
        const send = (ip: string) =>
          low.ctx.app.inject({
            method: 'POST',
            url,
            remoteAddress: ip,
            headers: { 'content-type': 'application/json' },
            payload: '{}',
          });
        for (let i = 0; i < 3; i += 1) expect((await send('10.1.0.1')).statusCode).toBe(400);
        const limited = await send('10.1.0.1');
        expect(limited.statusCode).toBe(429);
        expect(limited.json()).toEqual({ success: false, message: MSG.rateLimited });
        expect((await send('10.1.0.2')).statusCode).toBe(400);
      }

      const buyer = await buyerWithCart(low.ctx);
      const routes = [
        '/api/paypal/create-order',
        '/api/order/stripe',
        '/api/order/place',
        '/api/order/paypal',
      ];
      for (const url of routes) {
        const send = (ip: string) =>
          low.ctx.app.inject({
            method: 'POST',
            url,
            remoteAddress: ip,
            headers: { token: buyer.user.token },
            payload: {},
          });
        for (let i = 0; i < 3; i += 1) expect((await send('10.2.0.1')).statusCode).not.toBe(429);
        // Per user: another address does not reset the count.
        const limited = await send('10.2.0.2');
        expect(limited.statusCode).toBe(429);
        expect(limited.json()).toEqual({ success: false, message: MSG.rateLimited });
      }

      // Per IP: five times the per-user limit, whoever signs in (and bad tokens count too).
      const fromOneIp = (token: string) =>
        low.ctx.app.inject({
          method: 'POST',
          url: '/api/paypal/create-order',
          remoteAddress: '10.3.0.1',
          headers: { token },
          payload: {},
        });
      for (let user = 0; user < 5; user += 1) {
        const { token } = await createUser(low.ctx);
        for (let i = 0; i < 3; i += 1) expect((await fromOneIp(token)).statusCode).not.toBe(429);
      }
      const fresh = await createUser(low.ctx);
      const limited = await fromOneIp(fresh.token);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ success: false, message: MSG.rateLimited });
    } finally {
      await low.close();
    }
  });
});
