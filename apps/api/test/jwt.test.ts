// Session tokens the API must refuse, each with a 401 and a Spanish message: no algorithm,
// another algorithm, a bad signature, expired, without exp or iat, older than JWT_TTL, ended
// by "logout everywhere", issued before a password reset, a reset token presented as a
// session, and one signed with the previous secret after its rotation.

import { eq } from 'drizzle-orm';
import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@store/shared/messages';
import { emailOutbox } from '../src/db/schema';
import { signSession } from '../src/lib/jwt';
import { createTestContext, type TestContext } from './context';
import { createUser, post, TEST_PASSWORD, type TestUser } from './store-helpers';

const ISSUER = 'tienda-amacc';
const AUDIENCE = 'session';
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

describe('session tokens', () => {
  let ctx: TestContext;
  let user: TestUser;
  let version = 0;
  beforeAll(async () => {
    ctx = await createTestContext({ RATE_LIMIT_RESET_MAX: '100', RATE_LIMIT_LOGIN_MAX: '100' });
    user = await createUser(ctx);
  });
  afterAll(() => ctx.close());

  const secret = () => new TextEncoder().encode(ctx.config.JWT_SECRET);
  const claims = (extra: Record<string, unknown> = {}) => ({ ver: version, ...extra });
  const sign = (alg: string, key: Parameters<SignJWT['sign']>[0], opts: { exp?: number | string } = {}) =>
    new SignJWT(claims())
      .setProtectedHeader({ alg, typ: 'JWT' })
      .setSubject(user.id)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(opts.exp ?? '1h')
      .sign(key);

  async function expectRefused(token: string, what: string) {
    for (const [method, url] of [
      ['GET', '/api/user/profile'],
      ['POST', '/api/order/userorders'],
      ['GET', '/api/admin/session'],
    ] as const) {
      const res = await ctx.app.inject({
        method,
        url,
        headers: { token },
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      expect(res.statusCode, `${what} on ${url}`).toBe(401);
      expect(res.json(), `${what} on ${url}`).toEqual({ success: false, message: MSG.sessionExpired });
    }
  }

  it('accepts a well-formed HS256 token (the control case)', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/profile',
      headers: { token: await sign('HS256', secret()) },
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses alg "none"', async () => {
    const now = Math.floor(Date.now() / 1000);
    const payload = { ...claims(), sub: user.id, iss: ISSUER, aud: AUDIENCE, iat: now, exp: now + 3600 };
    await expectRefused(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`, 'alg none');
    await expectRefused(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}`, 'alg none without a dot');
  });

  it('refuses another algorithm: HS512 with our secret, RS256', async () => {
    await expectRefused(await sign('HS512', secret()), 'HS512');
    const { privateKey } = await generateKeyPair('RS256');
    await expectRefused(await sign('RS256', privateKey), 'RS256');
    // An RS256 header over an HMAC signature made with our secret (key-confusion attempt).
    const hs = await sign('HS256', secret());
    const [, payload, signature] = hs.split('.');
    await expectRefused(`${b64({ alg: 'RS256', typ: 'JWT' })}.${payload}.${signature}`, 'RS256 header');
  });

  it('refuses a bad signature and a tampered payload', async () => {
    await expectRefused(await sign('HS256', new TextEncoder().encode('x'.repeat(48))), 'other secret');
    const [header, , signature] = (await sign('HS256', secret())).split('.');
    const forged = b64({ ...claims(), sub: user.id, iss: ISSUER, aud: AUDIENCE, exp: 4102444800 });
    await expectRefused(`${header}.${forged}.${signature}`, 'tampered payload');
  });

  it('refuses an expired token', async () => {
    await expectRefused(
      await sign('HS256', secret(), { exp: Math.floor(Date.now() / 1000) - 60 }),
      'expired',
    );
  });

  it('refuses a token without exp or iat, and one older than JWT_TTL whatever its exp', async () => {
    const now = Math.floor(Date.now() / 1000);
    const base = () =>
      new SignJWT(claims())
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(user.id)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE);
    await expectRefused(await base().setIssuedAt().sign(secret()), 'no exp');
    await expectRefused(await base().setExpirationTime('1h').sign(secret()), 'no iat');
    // Issued eight days ago (JWT_TTL is 7d) with an expiry a year ahead.
    await expectRefused(
      await base()
        .setIssuedAt(now - 8 * 86_400)
        .setExpirationTime(now + 365 * 86_400)
        .sign(secret()),
      'older than JWT_TTL',
    );
    // Issued in the future (beyond a minute of clock difference between replicas).
    await expectRefused(
      await base()
        .setIssuedAt(now + 3600)
        .setExpirationTime(now + 7200)
        .sign(secret()),
      'issued in the future',
    );
  });

  it('refuses tokens ended by "logout everywhere"', async () => {
    const before = await sign('HS256', secret());
    expect((await post(ctx, '/api/user/logout-all', before, {})).statusCode).toBe(200);
    await expectRefused(before, 'logged out');
    version += 1;
  });

  it('refuses tokens issued before a password reset, and the reset token as a session', async () => {
    const before = await sign('HS256', secret());
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers: { token: before } }))
        .statusCode,
    ).toBe(200);
    // A first-login account gets a reset token from login; that token is no session.
    const fresh = await createUser(ctx, { mustChangePassword: true });
    const login = await post(ctx, '/api/user/login', undefined, {
      email: fresh.email,
      password: TEST_PASSWORD,
    });
    const resetToken = login.json().resetToken as string;
    await expectRefused(resetToken, 'reset token as a session');

    await post(ctx, '/api/user/reset-password-request', undefined, { email: user.email });
    const [mail] = await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, user.email));
    const emailed = /token=([\w-]+)/.exec(mail!.text)![1]!;
    await expectRefused(emailed, 'e-mailed reset token as a session');
    expect(
      (
        await post(ctx, '/api/user/reset-password', undefined, {
          token: emailed,
          newPassword: 'otra clave larga',
        })
      ).statusCode,
    ).toBe(200);
    await expectRefused(before, 'issued before the reset');
  });
});

describe('rotating JWT_SECRET', () => {
  const OLD = 'el-secreto-anterior-de-la-tienda-0001';
  const ROTATED_AT = Date.now() - 3_600_000;
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({
      JWT_SECRET: 'el-secreto-nuevo-de-la-tienda-00000002',
      JWT_SECRET_PREVIOUS: OLD,
      JWT_ROTATED_AT: new Date(ROTATED_AT).toISOString(),
    });
  });
  afterAll(() => ctx.close());

  const signedAt = (secret: string, sub: string, iatMs: number) =>
    new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(sub)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(Math.floor(iatMs / 1000))
      .setExpirationTime(Math.floor(iatMs / 1000) + 86_400)
      .sign(new TextEncoder().encode(secret));

  it('accepts sessions JWT_SECRET_PREVIOUS signed before JWT_ROTATED_AT, and no other secret', async () => {
    const user = await createUser(ctx);
    const profile = (token: string) =>
      ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers: { token } });
    expect((await profile(user.token)).statusCode).toBe(200);
    expect((await profile(await signedAt(OLD, user.id, ROTATED_AT - 60_000))).statusCode).toBe(200);
    const other = await profile(
      await signSession('un-secreto-que-la-tienda-no-conoce-03', '1h', { sub: user.id, ver: 0 }),
    );
    expect(other.statusCode).toBe(401);
  });

  it('refuses a session the previous secret signed after the rotation', async () => {
    const user = await createUser(ctx);
    const profile = (token: string) =>
      ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers: { token } });
    // The old secret leaked: whoever holds it signs a token now.
    expect((await profile(await signSession(OLD, '1h', { sub: user.id, ver: 0 }))).statusCode).toBe(401);
    expect((await profile(await signedAt(OLD, user.id, ROTATED_AT + 60_000))).statusCode).toBe(401);
    // The new secret's tokens do not depend on the rotation's instant.
    expect(
      (await profile(await signedAt('el-secreto-nuevo-de-la-tienda-00000002', user.id, ROTATED_AT - 60_000)))
        .statusCode,
    ).toBe(200);
  });
});
