// Client IPs behind a proxy: TRUST_PROXY takes a hop count or the proxies' addresses, never a
// blanket "trust every X-Forwarded-For", so a forged header cannot give a client a fresh IP
// (and fresh per-IP counters) on every request.

import { describe, expect, it, afterAll, beforeAll } from 'vitest';
import { MSG } from '@store/shared/messages';
import { ConfigError, loadConfig } from '../src/config';
import { createTestContext, type TestContext } from './context';

const resetFrom = (ctx: TestContext, remoteAddress: string, forwardedFor?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/user/reset-password-request',
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    payload: { email: 'nadie@prueba.mx' },
  });

describe('TRUST_PROXY config', () => {
  const base = { DATA_DIR: '/tmp/store-config-test', JWT_SECRET: 'x'.repeat(40) };

  it.each(['true', 'yes', 'TRUE'])('refuses %s with a message that explains the new forms', (value) => {
    expect(() => loadConfig({ ...base, TRUST_PROXY: value })).toThrow(ConfigError);
    try {
      loadConfig({ ...base, TRUST_PROXY: value });
    } catch (err) {
      expect((err as Error).message).toMatch(/TRUST_PROXY/);
      expect((err as Error).message).toMatch(/número de proxies/);
      expect((err as Error).message).toMatch(/CIDR/);
    }
  });

  it.each([
    ['false', false],
    ['', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.0/8, 127.0.0.1 ,::1', ['10.0.0.0/8', '127.0.0.1', '::1']],
    ['loopback,192.168.0.0/16', ['loopback', '192.168.0.0/16']],
  ])('reads %j as %j', (value, expected) => {
    expect(loadConfig({ ...base, TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it.each(['-1', 'proxy.example.org', '10.0.0.0/33', '999.1.1.1', '1.5'])('refuses %j', (value) => {
    expect(() => loadConfig({ ...base, TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
  });

  it('defaults to not trusting the header at all', () => {
    expect(loadConfig(base).TRUST_PROXY).toBe(false);
  });
});

describe('TRUST_PROXY=1 (one proxy in front)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ TRUST_PROXY: '1', RATE_LIMIT_RESET_MAX: '2' });
  });
  afterAll(() => ctx.close());

  it('counts the address the proxy saw (the last one), whatever the client forged before it', async () => {
    // The proxy appends the real client (203.0.113.7) to whatever the client sent.
    expect((await resetFrom(ctx, '127.0.0.1', '1.1.1.1, 203.0.113.7')).statusCode).toBe(200);
    expect((await resetFrom(ctx, '127.0.0.1', '2.2.2.2, 203.0.113.7')).statusCode).toBe(200);
    const limited = await resetFrom(ctx, '127.0.0.1', '3.3.3.3, 9.9.9.9, 203.0.113.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ success: false, message: MSG.rateLimited });
    // Another real client behind the same proxy has its own counter.
    expect((await resetFrom(ctx, '127.0.0.1', '203.0.113.8')).statusCode).toBe(200);
  });
});

describe('TRUST_PROXY with the proxy addresses', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ TRUST_PROXY: '10.0.0.0/8', RATE_LIMIT_RESET_MAX: '2' });
  });
  afterAll(() => ctx.close());

  it('ignores X-Forwarded-For from a client that is not one of the proxies', async () => {
    expect((await resetFrom(ctx, '198.51.100.1', '1.1.1.1')).statusCode).toBe(200);
    expect((await resetFrom(ctx, '198.51.100.1', '2.2.2.2')).statusCode).toBe(200);
    expect((await resetFrom(ctx, '198.51.100.1', '3.3.3.3')).statusCode).toBe(429);
  });

  it('reads the client from X-Forwarded-For through trusted proxies only', async () => {
    // 10.1.1.1 is the proxy; the client forged 4.4.4.4 in front of its real address.
    expect((await resetFrom(ctx, '10.1.1.1', '4.4.4.4, 198.51.100.2')).statusCode).toBe(200);
    expect((await resetFrom(ctx, '10.1.1.1', '5.5.5.5, 198.51.100.2')).statusCode).toBe(200);
    expect((await resetFrom(ctx, '10.1.1.1', '6.6.6.6, 198.51.100.2')).statusCode).toBe(429);
  });
});
