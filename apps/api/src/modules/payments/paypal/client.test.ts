// The PayPal REST client against the fake: one OAuth token reused until it expires, a
// revoked token renewed once, idempotent create/capture/refund, and webhook verification
// that sends the event back byte for byte.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePaypal, type FakePaypal } from '../../../dev/paypal-simulator/fake-paypal';
import { createPaypalClient, PaypalUnavailableError, type PaypalClient } from './client';

let fake: FakePaypal;
let client: PaypalClient;
beforeAll(async () => {
  fake = await startFakePaypal();
  client = createPaypalClient({
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    apiBase: `${fake.url}/`,
    webhookId: fake.webhookId,
  });
});
afterAll(() => fake.close());

const input = (requestId: string) => ({
  amount: '2510.00',
  currency: 'MXN',
  customId: requestId,
  description: 'Curso',
  requestId,
});

describe('paypal client', () => {
  it('fetches one token and reuses it, even for concurrent calls', async () => {
    const before = fake.stats.tokenRequests;
    await Promise.all([client.createOrder(input('a')), client.createOrder(input('b')), client.getOrder('X')]);
    await client.createOrder(input('c'));
    expect(fake.stats.tokenRequests - before).toBeLessThanOrEqual(1);
  });

  it('renews a token that expires and one PayPal stops accepting', async () => {
    const short = await startFakePaypal({ tokenTtlSeconds: 60 }); // renewed a minute early: at once
    try {
      const c = createPaypalClient({
        clientId: short.clientId,
        clientSecret: short.clientSecret,
        apiBase: short.url,
      });
      await c.getOrder('X');
      await c.getOrder('Y');
      expect(short.stats.tokenRequests).toBe(2);
    } finally {
      await short.close();
    }
    const before = fake.stats.tokenRequests;
    await client.getOrder('X');
    fake.revokeTokens();
    expect(await client.getOrder('NOPE')).toBeNull(); // 401 → new token → retried once
    expect(fake.stats.tokenRequests - before).toBe(1);
  });

  it('refuses wrong credentials with PaypalUnavailableError (never a fake success)', async () => {
    const bad = createPaypalClient({ clientId: 'x', clientSecret: 'y', apiBase: fake.url });
    await expect(bad.getOrder('X')).rejects.toBeInstanceOf(PaypalUnavailableError);
  });

  it('creates idempotently with PayPal-Request-Id', async () => {
    const one = await client.createOrder(input('same-key'));
    const two = await client.createOrder(input('same-key'));
    expect(two.id).toBe(one.id);
    expect(one.status).toBe('CREATED');
  });

  it('returns null for an unknown order and the issue for a refused capture', async () => {
    expect(await client.getOrder('NOPE')).toBeNull();
    const created = await client.createOrder(input('not-approved'));
    expect(await client.captureOrder(created.id, 'r1')).toEqual({
      ok: false,
      status: 422,
      issue: 'ORDER_NOT_APPROVED',
    });
  });

  it('refunds a capture in MXN once per PayPal-Request-Id, and reports what PayPal refuses', async () => {
    const created = await client.createOrder(input('to-refund'));
    fake.approve(created.id);
    const captured = await client.captureOrder(created.id, 'cap-to-refund');
    if (!captured.ok) throw new Error('capture failed');
    const captureId = captured.order.purchase_units![0]!.payments!.captures![0]!.id;
    const ask = {
      amount: '2510.00',
      currency: 'MXN',
      requestId: 'refund-1',
      reference: '5b0c1f0e-1d7e-4a57-9d0a-3f1c7c2a9e11',
      noteToPayer: 'Pago duplicado',
    };
    const first = await client.refundCapture(captureId, ask);
    // PayPal echoes our reference (invoice_id) in the refund: the store matches refunds by it.
    expect(first).toEqual({
      ok: true,
      refund: expect.objectContaining({
        status: 'COMPLETED',
        amount: { currency_code: 'MXN', value: '2510.00' },
        invoice_id: ask.reference,
      }),
    });
    const again = await client.refundCapture(captureId, ask);
    expect(again.ok && first.ok && again.refund.id === first.refund.id).toBe(true);
    expect(fake.refunds.filter((r) => r.captureId === captureId)).toHaveLength(1);
    expect(await client.refundCapture(captureId, { ...ask, requestId: 'refund-2' })).toEqual({
      ok: false,
      retry: false,
      status: 422,
      issue: 'CAPTURE_FULLY_REFUNDED',
    });
    expect(await client.refundCapture('CAPNOEXISTE', ask)).toMatchObject({ ok: false, status: 404 });
    // invoice_id is 1 to 127 characters in PayPal's refund request: a longer one is refused.
    expect(
      await client.refundCapture(captureId, { ...ask, requestId: 'refund-3', reference: 'x'.repeat(128) }),
    ).toMatchObject({ ok: false, retry: false, status: 400 });
  });

  it('reports an unreachable PayPal as PaypalUnavailableError', async () => {
    const gone = createPaypalClient({
      clientId: 'x',
      clientSecret: 'y',
      apiBase: 'http://127.0.0.1:9',
      timeoutMs: 2000,
    });
    await expect(gone.getOrder('X')).rejects.toBeInstanceOf(PaypalUnavailableError);
  });

  it('verifies a webhook only with the exact signed bytes and our webhook id', async () => {
    const raw =
      '{"id":"WH-1","event_type":"PAYMENT.CAPTURE.COMPLETED","resource":{"amount":{"value":"10.50"}}}';
    const signed = fake.sign(raw);
    const headers = {
      authAlgo: signed.headers['paypal-auth-algo'],
      certUrl: signed.headers['paypal-cert-url'],
      transmissionId: signed.headers['paypal-transmission-id'],
      transmissionSig: signed.headers['paypal-transmission-sig'],
      transmissionTime: signed.headers['paypal-transmission-time'],
    };
    expect(await client.verifyWebhookSignature(headers, raw)).toBe(true);
    // Same JSON, different bytes: PayPal's check is over the bytes it sent.
    expect(await client.verifyWebhookSignature(headers, JSON.stringify(JSON.parse(raw), null, 1))).toBe(
      false,
    );
    expect(await client.verifyWebhookSignature({ ...headers, transmissionSig: 'AAAA' }, raw)).toBe(false);
    expect(await client.verifyWebhookSignature({ ...headers, certUrl: undefined }, raw)).toBe(false);
    const otherHook = createPaypalClient({
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      apiBase: fake.url,
      webhookId: 'WH-OTRO',
    });
    expect(await otherHook.verifyWebhookSignature(headers, raw)).toBe(false);
  });
});
