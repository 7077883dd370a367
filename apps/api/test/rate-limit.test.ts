// Rate limits (429 with a Spanish message) on login, register and reset request, and the coupon
// look-ups' budget (distinct codes; the rest in modules/coupons/lookup-budget.test.ts); failed
// logins per account; counters shared through Redis when REDIS_URL is set.

import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@store/shared/messages';
import { createTestContext, type TestContext } from './context';
import { createProduct } from './factories';
import { addToCart, createUser, post, TEST_PASSWORD } from './store-helpers';

const LOW = {
  RATE_LIMIT_LOGIN_MAX: '3',
  RATE_LIMIT_REGISTER_MAX: '2',
  RATE_LIMIT_RESET_MAX: '2',
  RATE_LIMIT_COUPON_MAX: '2',
};

async function hitUntilLimited(
  send: () => Promise<{ statusCode: number; json(): unknown }>,
  allowed: number,
) {
  for (let i = 0; i < allowed; i += 1) expect((await send()).statusCode).not.toBe(429);
  const limited = await send();
  expect(limited.statusCode).toBe(429);
  expect(limited.json()).toEqual({ success: false, message: MSG.rateLimited });
}

describe('per-IP rate limits (memory store)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(LOW);
  });
  afterAll(() => ctx.close());

  it('login', async () => {
    await hitUntilLimited(
      () => post(ctx, '/api/user/login', undefined, { email: 'a@prueba.mx', password: 'x' }),
      3,
    );
  });

  it('register', async () => {
    let n = 0;
    await hitUntilLimited(() => {
      n += 1;
      return post(ctx, '/api/user/register', undefined, {
        name: 'Ana',
        email: `r${n}@prueba.mx`,
        password: 'una clave larga',
      });
    }, 2);
  });

  it('password reset request', async () => {
    await hitUntilLimited(
      () => post(ctx, '/api/user/reset-password-request', undefined, { email: 'a@prueba.mx' }),
      2,
    );
  });

  it('coupon validation: distinct codes, with its own message', async () => {
    const user = await createUser(ctx);
    const { product } = await createProduct(ctx.database.db);
    await addToCart(ctx, user, product.id);
    const validate = (code: string) => post(ctx, '/api/coupon/validate', user.token, { code });
    for (const code of ['NADA', 'NADA', 'NADA2', 'nada']) expect((await validate(code)).statusCode).toBe(400);
    const limited = await validate('NADA3');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ success: false, message: MSG.couponLookupsExceeded });
  });

  it('counts each client IP separately', async () => {
    const from = (ip: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/user/reset-password-request',
        remoteAddress: ip,
        payload: { email: 'b@prueba.mx' },
      });
    expect((await from('10.0.0.1')).statusCode).toBe(200);
    expect((await from('10.0.0.1')).statusCode).toBe(200);
    expect((await from('10.0.0.1')).statusCode).toBe(429);
    expect((await from('10.0.0.2')).statusCode).toBe(200);
  });

  it('leaves other calls alone', async () => {
    for (let i = 0; i < 10; i += 1) {
      expect((await ctx.app.inject({ method: 'GET', url: '/api/product/list' })).statusCode).toBe(200);
    }
  });
});

describe('failed logins per account', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ RATE_LIMIT_LOGIN_MAX: '1000', RATE_LIMIT_ACCOUNT_LOGIN_MAX: '3' });
  });
  afterAll(() => ctx.close());

  const attempt = (email: string, password: string, ip: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/user/login',
      remoteAddress: ip,
      payload: { email, password },
    });

  it('locks the account for new devices after too many failures from several IPs, and only that account', async () => {
    const user = await createUser(ctx);
    const other = await createUser(ctx);
    // Successful logins do not count.
    for (let i = 0; i < 5; i += 1)
      expect((await attempt(user.email, TEST_PASSWORD, '10.1.0.1')).statusCode).toBe(200);
    for (const ip of ['10.1.0.2', '10.1.0.3', '10.1.0.4']) {
      expect((await attempt(user.email, 'mala', ip)).statusCode).toBe(401);
    }
    const locked = await attempt(user.email, TEST_PASSWORD, '10.1.0.5');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(MSG.loginLocked);
    expect((await attempt(other.email, TEST_PASSWORD, '10.1.0.5')).statusCode).toBe(200);
  });

  it('still lets the owner in from a device that signed in before, whatever strangers tried', async () => {
    const owner = await createUser(ctx);
    expect((await attempt(owner.email, TEST_PASSWORD, '10.2.0.1')).statusCode).toBe(200);
    // An attacker exhausts the account's failures (3 here, 100 by default) …
    for (let i = 0; i < 3; i += 1)
      expect((await attempt(owner.email, 'adivinanza', '10.2.9.1')).statusCode).toBe(401);
    // … then gets nothing more from any address, even with the right password …
    expect((await attempt(owner.email, TEST_PASSWORD, '10.2.9.1')).statusCode).toBe(429);
    expect((await attempt(owner.email, 'adivinanza', '10.2.9.2')).statusCode).toBe(429);
    // … a new device is refused and pointed to the reset link …
    const fresh = await attempt(owner.email, TEST_PASSWORD, '10.2.0.2');
    expect(fresh.statusCode).toBe(429);
    expect(fresh.json().message).toBe(MSG.loginLocked);
    // … and the owner's known device signs in, even after a typo of their own.
    expect((await attempt(owner.email, 'un error', '10.2.0.1')).statusCode).toBe(401);
    expect((await attempt(owner.email, TEST_PASSWORD, '10.2.0.1')).statusCode).toBe(200);
    // The e-mail is matched case-insensitively for every counter.
    expect((await attempt(owner.email.toUpperCase(), TEST_PASSWORD, '10.2.9.2')).statusCode).toBe(429);
  });
});

/** A throwaway redis-server on a free port (the Debian package is installed on CI machines). */
async function startRedis(): Promise<{ url: string; stop(): Promise<void> } | null> {
  if (!existsSync('/usr/bin/redis-server')) return null;
  const port = await new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });
  const child: ChildProcess = spawn(
    '/usr/bin/redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    const up = await new Promise<boolean>((resolve) => {
      const sock = net.connect(port, '127.0.0.1', () => {
        sock.end();
        resolve(true);
      });
      sock.on('error', () => resolve(false));
    });
    if (up) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      return {
        url: `redis://127.0.0.1:${port}`,
        stop: () => {
          child.kill('SIGTERM');
          return exited;
        },
      };
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill('SIGKILL');
  throw new Error('redis-server did not start');
}

describe.runIf(existsSync('/usr/bin/redis-server'))('with REDIS_URL', () => {
  let redis: { url: string; stop(): Promise<void> };
  let a: TestContext;
  let b: TestContext;
  beforeAll(async () => {
    redis = (await startRedis())!;
    a = await createTestContext({ ...LOW, REDIS_URL: redis.url });
    b = await createTestContext({ ...LOW, REDIS_URL: redis.url });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await redis?.stop();
  });

  it('shares the counters between instances', async () => {
    const login = (ctx: TestContext) =>
      post(ctx, '/api/user/login', undefined, { email: 'z@prueba.mx', password: 'x' });
    expect((await login(a)).statusCode).toBe(401);
    expect((await login(b)).statusCode).toBe(401);
    expect((await login(a)).statusCode).toBe(401);
    const limited = await login(b);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(MSG.rateLimited);
  });

  it("shares the coupon look-ups' budget of a network between instances", async () => {
    const validate = (ctx: TestContext, user: { token: string }, code: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/coupon/validate',
        remoteAddress: '10.71.0.1',
        headers: { token: user.token },
        payload: { code },
      });
    const onA = await createUser(a);
    const onB = await createUser(b);
    // Empty carts: each look-up is counted before the cart is read.
    expect((await validate(a, onA, 'REDIS1')).statusCode).toBe(400);
    expect((await validate(a, onA, 'REDIS2')).statusCode).toBe(400);
    const limited = await validate(b, onB, 'REDIS3');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(MSG.couponLookupsExceeded);
    // A code that network already looked up costs it nothing.
    expect((await validate(b, onB, 'REDIS1')).statusCode).toBe(400);
  });
});

/** Collects the app's JSON log lines. */
function logCollector() {
  const lines: { level: number; msg: string }[] = [];
  return {
    lines,
    stream: { write: (line: string) => void lines.push(JSON.parse(line) as { level: number; msg: string }) },
    has: (re: RegExp) => lines.some((l) => re.test(l.msg)),
  };
}

describe('with REDIS_URL pointing at a server that is down', () => {
  let ctx: TestContext;
  const log = logCollector();
  beforeAll(async () => {
    ctx = await createTestContext(
      { ...LOW, REDIS_URL: 'redis://127.0.0.1:1', LOG_LEVEL: 'warn' },
      { logStream: log.stream },
    );
  });
  afterAll(() => ctx.close());

  it('says so in the log and keeps limiting in memory instead of failing open', async () => {
    const login = () => post(ctx, '/api/user/login', undefined, { email: 'a@prueba.mx', password: 'x' });
    await hitUntilLimited(login, 3);
    expect(log.has(/Redis no responde/)).toBe(true);
  });

  it("keeps the coupon look-ups' budget in memory too", async () => {
    const user = await createUser(ctx);
    const validate = (code: string) => post(ctx, '/api/coupon/validate', user.token, { code });
    expect((await validate('CAIDO1')).statusCode).toBe(400);
    expect((await validate('CAIDO2')).statusCode).toBe(400);
    expect((await validate('CAIDO3')).statusCode).toBe(429);
  });
});

describe.runIf(existsSync('/usr/bin/redis-server'))('when Redis goes away while the store runs', () => {
  let redis: { url: string; stop(): Promise<void> };
  let ctx: TestContext;
  const log = logCollector();
  beforeAll(async () => {
    redis = (await startRedis())!;
    ctx = await createTestContext(
      { ...LOW, REDIS_URL: redis.url, LOG_LEVEL: 'info' },
      { logStream: log.stream },
    );
  });
  afterAll(async () => {
    await ctx?.close();
    await redis?.stop();
  });

  it('falls back to in-memory counters and logs it', async () => {
    const waitForLog = async (re: RegExp, from = 0) => {
      // Bounded: the client notices a connection or its loss within a few hundred ms.
      for (let i = 0; i < 200 && !log.lines.slice(from).some((l) => re.test(l.msg)); i += 1)
        await new Promise((r) => setTimeout(r, 50));
      return log.lines.slice(from).some((l) => re.test(l.msg));
    };
    expect(await waitForLog(/Redis (conectado|disponible)/)).toBe(true);
    const reset = () => post(ctx, '/api/user/reset-password-request', undefined, { email: 'c@prueba.mx' });
    expect((await reset()).statusCode).toBe(200);
    const mark = log.lines.length;
    await redis.stop();
    expect(await waitForLog(/Redis no responde/, mark)).toBe(true);
    // The in-memory counter starts afresh: two more are allowed, the third is refused.
    await hitUntilLimited(reset, 2);
  });
});

describe('admin calls (RATE_LIMIT_ADMIN_MAX)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ RATE_LIMIT_ADMIN_MAX: '3' });
  });
  afterAll(() => ctx.close());

  const adminGet = (url: string, token: string | undefined, ip = '127.0.0.1') =>
    ctx.app.inject({ method: 'GET', url, remoteAddress: ip, headers: token ? { token } : {} });

  it('limits every /api/admin route per admin, across routes, with a Spanish 429', async () => {
    const admin = await createUser(ctx, { role: 'admin' });
    const other = await createUser(ctx, { role: 'admin' });
    expect((await adminGet('/api/admin/session', admin.token)).statusCode).toBe(200);
    expect((await adminGet('/api/admin/members', admin.token)).statusCode).toBe(200);
    expect((await adminGet('/api/admin/coupons', admin.token)).statusCode).toBe(200);
    const limited = await adminGet('/api/admin/events', admin.token);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ success: false, message: MSG.rateLimited });
    // Another admin (same IP) has their own budget.
    expect((await adminGet('/api/admin/session', other.token)).statusCode).toBe(200);
  });

  it('limits anonymous and customer calls per IP too', async () => {
    const customer = await createUser(ctx);
    for (let i = 0; i < 3; i += 1)
      expect((await adminGet('/api/admin/session', undefined, '10.9.0.1')).statusCode).toBe(401);
    expect((await adminGet('/api/admin/session', undefined, '10.9.0.1')).statusCode).toBe(429);
    for (let i = 0; i < 3; i += 1)
      expect((await adminGet('/api/admin/session', customer.token, '10.9.0.2')).statusCode).toBe(403);
    expect((await adminGet('/api/admin/session', customer.token, '10.9.0.2')).statusCode).toBe(429);
  });
});

describe('IPv6 clients are counted by their /64', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({
      ...LOW,
      RATE_LIMIT_ADMIN_MAX: '2',
      RATE_LIMIT_ORDER_MAX: '1',
      RATE_LIMIT_ACCOUNT_LOGIN_MAX: '2',
    });
  });
  afterAll(() => ctx.close());

  const send = (method: 'GET' | 'POST', url: string, ip: string, payload?: Record<string, unknown>) =>
    ctx.app.inject({ method, url, remoteAddress: ip, ...(payload ? { payload } : {}) });

  it('two addresses of one /64 share a per-IP limit; another /64 has its own', async () => {
    const reset = (ip: string) =>
      send('POST', '/api/user/reset-password-request', ip, { email: 'v6@prueba.mx' });
    expect((await reset('2001:db8:aa:1::1')).statusCode).toBe(200);
    expect((await reset('2001:db8:aa:1:ffff:ffff:ffff:fffe')).statusCode).toBe(200);
    const limited = await reset('2001:0db8:00aa:0001:1234:5678:9abc:def0');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ success: false, message: MSG.rateLimited });
    expect((await reset('2001:db8:aa:2::1')).statusCode).toBe(200);
  });

  it('the admin scope counts anonymous callers by /64', async () => {
    expect((await send('GET', '/api/admin/session', '2001:db8:bb:1::1')).statusCode).toBe(401);
    expect((await send('GET', '/api/admin/session', '2001:db8:bb:1::2')).statusCode).toBe(401);
    expect((await send('GET', '/api/admin/session', '2001:db8:bb:1::3')).statusCode).toBe(429);
  });

  it('the order calls count each /64 once across its addresses', async () => {
    // Per IP: five times RATE_LIMIT_ORDER_MAX, counted before authentication.
    for (let i = 1; i <= 5; i += 1) {
      expect((await send('POST', '/api/order/place', `2001:db8:cc:1::${i}`, {})).statusCode).toBe(401);
    }
    expect((await send('POST', '/api/order/place', '2001:db8:cc:1::99', {})).statusCode).toBe(429);
  });

  it('failed logins: a device stays known across the addresses of its /64', async () => {
    const user = await createUser(ctx);
    const login = (ip: string, password: string) =>
      send('POST', '/api/user/login', ip, { email: user.email, password });
    expect((await login('2001:db8:dd:1::1', TEST_PASSWORD)).statusCode).toBe(200);
    // Strangers exhaust the account's failures (2 here) …
    expect((await login('2001:db8:ee:1::1', 'mala')).statusCode).toBe(401);
    expect((await login('2001:db8:ee:2::1', 'mala')).statusCode).toBe(401);
    expect((await login('2001:db8:ee:3::1', TEST_PASSWORD)).statusCode).toBe(429);
    // … and the owner's device, now on another address of its /64 (privacy addresses
    // rotate), is still known and signs in.
    expect((await login('2001:db8:dd:1:a:b:c:d', TEST_PASSWORD)).statusCode).toBe(200);
  });
});

describe('per-account limits on heartbeats, proof uploads and waiting-list joins', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({
      RATE_LIMIT_HEARTBEAT_MAX: '3',
      RATE_LIMIT_PROOF_MAX: '2',
      RATE_LIMIT_WAITLIST_MAX: '2',
    });
  });
  afterAll(() => ctx.close());

  const heartbeat = { productId: randomUUID(), day: 'Día 1', sessionId: 'sesion-de-prueba-0001' };
  const waitlist = { productId: randomUUID(), day: 'Día 1' };

  it('heartbeats: a Spanish 429 past the limit, for that account only, whatever its address', async () => {
    const user = await createUser(ctx);
    const other = await createUser(ctx);
    let n = 0;
    await hitUntilLimited(
      () =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/attendance/heartbeat',
          remoteAddress: `10.20.0.${(n += 1)}`,
          headers: { token: user.token },
          payload: heartbeat,
        }),
      3,
    );
    expect((await post(ctx, '/api/attendance/heartbeat', other.token, heartbeat)).statusCode).not.toBe(429);
  });

  it('proof uploads: a Spanish 429 past the limit, for that account only', async () => {
    const user = await createUser(ctx);
    const other = await createUser(ctx);
    await hitUntilLimited(() => post(ctx, '/api/participant-type', user.token, {}), 2);
    expect((await post(ctx, '/api/participant-type', other.token, {})).statusCode).not.toBe(429);
  });

  it('waiting-list joins: a Spanish 429 past the limit, for that account only', async () => {
    const user = await createUser(ctx);
    const other = await createUser(ctx);
    await hitUntilLimited(() => post(ctx, '/api/waitlist/join', user.token, waitlist), 2);
    expect((await post(ctx, '/api/waitlist/join', other.token, waitlist)).statusCode).not.toBe(429);
    // Leaving is not limited by it.
    expect((await post(ctx, '/api/waitlist/leave', user.token, waitlist)).statusCode).not.toBe(429);
  });
});
