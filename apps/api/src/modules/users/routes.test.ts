// Accounts: register, login (first-login flow), profile, password reset, token version.

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@store/shared/messages';
import { emailOutbox, passwordResetTokens, professionalProfiles, users } from '../../db/schema';
import { createTestContext, type TestContext } from '../../../test/context';
import { createUser, post, TEST_PASSWORD, userRow } from '../../../test/store-helpers';
import { hashSecretToken } from '../../lib/secret-tokens';

let ctx: TestContext;
beforeAll(async () => {
  // Rate limits are covered in test/rate-limit.test.ts; here they must not get in the way.
  ctx = await createTestContext({
    RATE_LIMIT_LOGIN_MAX: '1000',
    RATE_LIMIT_REGISTER_MAX: '1000',
    RATE_LIMIT_RESET_MAX: '1000',
  });
});
afterAll(() => ctx.close());

const register = (body: Record<string, unknown>) => post(ctx, '/api/user/register', undefined, body);
const login = (email: string, password: string) =>
  post(ctx, '/api/user/login', undefined, { email, password });
const profile = (token: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers: { token } });

async function outboxTo(email: string) {
  return ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
}

describe('register', () => {
  it('creates the account with the name in uppercase and answers a working session token', async () => {
    const res = await register({
      name: 'María Peña  ruiz',
      email: 'Maria@Prueba.MX',
      password: 'una clave larga',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: MSG.registerDone });
    const [row] = await ctx.database.db.select().from(users).where(eq(users.email, 'maria@prueba.mx'));
    expect(row?.name).toBe('MARIA PEÑA RUIZ');
    expect(row?.userType).toBe('general');
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    const me = await profile(body.token);
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ email: 'maria@prueba.mx', userType: 'general', role: 'customer' });
    expect(me.body).not.toContain('argon2');
    expect(me.body).not.toMatch(/password/i);
  });

  it('refuses an e-mail already registered, whatever its case', async () => {
    await register({ name: 'Pedro', email: 'pedro@prueba.mx', password: 'una clave larga' });
    const res = await register({ name: 'Otro', email: 'PEDRO@prueba.mx', password: 'otra clave larga' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, message: MSG.emailTaken });
  });

  it('refuses a name with characters other than A-Z, Ñ and spaces', async () => {
    const res = await register({ name: 'Juan3 <b>', email: 'juan3@prueba.mx', password: 'una clave larga' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.invalidName);
  });

  it('applies the password policy with Spanish messages', async () => {
    const short = await register({ name: 'Ana', email: 'ana1@prueba.mx', password: 'corta' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(MSG.passwordTooShort);
    const common = await register({ name: 'Ana', email: 'ana2@prueba.mx', password: 'password123' });
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toBe(MSG.passwordTooCommon);
    const long = await register({ name: 'Ana', email: 'ana3@prueba.mx', password: 'x'.repeat(129) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(MSG.passwordTooLong);
  });

  it('refuses an invalid e-mail', async () => {
    const res = await register({ name: 'Ana', email: 'no-es-correo', password: 'una clave larga' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.invalidEmail);
  });
});

describe('login', () => {
  it('answers a session token for the right password (e-mail in any case)', async () => {
    const user = await createUser(ctx);
    const res = await login(user.email.toUpperCase(), TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.isFirstLogin).toBe(false);
    expect((await profile(body.token)).statusCode).toBe(200);
  });

  it('answers the same 401 for a wrong password and an unknown e-mail', async () => {
    const user = await createUser(ctx);
    const wrong = await login(user.email, 'no es la clave');
    const unknown = await login('nadie@prueba.mx', 'no es la clave');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ success: false, message: MSG.invalidCredentials });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('first login of an account created by the association: isFirstLogin and a reset token, no session', async () => {
    const user = await createUser(ctx, { mustChangePassword: true });
    const res = await login(user.email, TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, isFirstLogin: true, message: MSG.firstLoginChangePassword });
    expect(body.token).toBeUndefined();
    expect(typeof body.resetToken).toBe('string');
    // The reset token is not a session token.
    expect((await profile(body.resetToken)).statusCode).toBe(401);
    // Valid one hour.
    const [stored] = await ctx.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.tokenHash, hashSecretToken(body.resetToken)));
    const ttl = stored!.expiresAt.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(59 * 60_000);
    expect(ttl).toBeLessThanOrEqual(60 * 60_000);

    // Setting the new password clears "must change password"; the next login is normal.
    const reset = await post(ctx, '/api/user/reset-password', undefined, {
      token: body.resetToken,
      newPassword: 'mi nueva clave segura',
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ success: true, message: MSG.resetDone });
    expect((await userRow(ctx, user.id)).mustChangePassword).toBe(false);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(401);
    const next = await login(user.email, 'mi nueva clave segura');
    expect(next.json()).toMatchObject({ success: true, isFirstLogin: false });
    expect(typeof next.json().token).toBe('string');
  });
});

describe('profile', () => {
  it('needs a valid token', async () => {
    const none = await ctx.app.inject({ method: 'GET', url: '/api/user/profile' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ success: false, message: MSG.unauthorized });
    const bad = await profile('eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.');
    expect(bad.statusCode).toBe(401);
    expect(bad.json().message).toBe(MSG.sessionExpired);
  });

  it('gives the user type set by the association', async () => {
    const user = await createUser(ctx, { userType: 'residente' });
    expect((await profile(user.token)).json().user.userType).toBe('residente');
  });
});

describe('password reset', () => {
  it('answers the same success whether or not the account exists, and mails only real accounts', async () => {
    const user = await createUser(ctx);
    const known = await post(ctx, '/api/user/reset-password-request', undefined, { email: user.email });
    const unknown = await post(ctx, '/api/user/reset-password-request', undefined, {
      email: 'fantasma@prueba.mx',
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ success: true, message: MSG.resetRequestSent });
    expect(unknown.json()).toEqual(known.json());
    expect(await outboxTo('fantasma@prueba.mx')).toHaveLength(0);
    const [mail] = await outboxTo(user.email);
    expect(mail?.subject).toBe('Restablece tu contraseña');
    expect(mail?.text).toMatch(/http:\/\/tienda\.test\/reset-password\?token=[\w-]{40,}/);
    expect(mail?.html).toContain('http://tienda.test/reset-password?token=');
  });

  it('greets by the accented constancia name once it is set in Mi cuenta (docs/product.md → Names)', async () => {
    const user = await createUser(ctx);
    await post(ctx, '/api/user/reset-password-request', undefined, { email: user.email });
    expect((await outboxTo(user.email))[0]?.text).toContain('Hola CLIENTE DE PRUEBA:');
    await ctx.database.db.insert(professionalProfiles).values({
      userId: user.id,
      certificateName: 'Ana María Núñez',
      cedula: '1234567',
      specialty: 'Anestesiología',
      institution: 'Hospital',
    });
    await ctx.database.db.delete(emailOutbox).where(eq(emailOutbox.to, user.email));
    await post(ctx, '/api/user/reset-password-request', undefined, { email: user.email });
    const [mail] = await outboxTo(user.email);
    expect(mail?.text).toContain('Hola Ana María Núñez:');
    expect(mail?.html).toContain('Hola Ana María Núñez:');
  });

  /** Requests a reset and reads the token from the queued e-mail. */
  async function requestToken(email: string): Promise<string> {
    await post(ctx, '/api/user/reset-password-request', undefined, { email });
    const mails = await outboxTo(email);
    const last = mails.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0]!;
    return /token=([\w-]+)/.exec(last.text)![1]!;
  }

  it('stores the token only as a hash', async () => {
    const user = await createUser(ctx);
    const token = await requestToken(user.email);
    const rows = await ctx.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashSecretToken(token));
    expect(rows[0]!.tokenHash).not.toContain(token);
  });

  it('changes the password once: the token cannot be reused and older sessions stop working', async () => {
    const user = await createUser(ctx);
    const token = await requestToken(user.email);
    const before = (await userRow(ctx, user.id)).tokenVersion;
    const first = await post(ctx, '/api/user/reset-password', undefined, {
      token,
      newPassword: 'clave nueva uno',
    });
    expect(first.statusCode).toBe(200);
    expect((await userRow(ctx, user.id)).tokenVersion).toBe(before + 1);
    // The session issued before the change is refused.
    expect((await profile(user.token)).statusCode).toBe(401);
    // The same link a second time fails.
    const again = await post(ctx, '/api/user/reset-password', undefined, {
      token,
      newPassword: 'clave nueva dos',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ success: false, message: MSG.resetTokenInvalid });
    expect((await login(user.email, 'clave nueva uno')).statusCode).toBe(200);
    expect((await login(user.email, 'clave nueva dos')).statusCode).toBe(401);
  });

  it('refuses an expired token', async () => {
    const user = await createUser(ctx);
    const token = await requestToken(user.email);
    await ctx.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.tokenHash, hashSecretToken(token)));
    const res = await post(ctx, '/api/user/reset-password', undefined, {
      token,
      newPassword: 'clave nueva tres',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.resetTokenInvalid);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('a reset revokes the other links of the same account', async () => {
    const user = await createUser(ctx);
    const first = await requestToken(user.email);
    const second = await requestToken(user.email);
    expect(first).not.toBe(second);
    expect(
      (
        await post(ctx, '/api/user/reset-password', undefined, {
          token: second,
          newPassword: 'clave nueva cuatro',
        })
      ).statusCode,
    ).toBe(200);
    const old = await post(ctx, '/api/user/reset-password', undefined, {
      token: first,
      newPassword: 'clave nueva cinco',
    });
    expect(old.statusCode).toBe(400);
  });

  it('does not accept a session token as a reset token, nor a weak new password', async () => {
    const user = await createUser(ctx);
    const asSession = await post(ctx, '/api/user/reset-password', undefined, {
      token: user.token,
      newPassword: 'clave nueva seis',
    });
    expect(asSession.statusCode).toBe(400);
    expect(asSession.json().message).toBe(MSG.resetTokenInvalid);
    const token = await requestToken(user.email);
    const weak = await post(ctx, '/api/user/reset-password', undefined, { token, newPassword: '123' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe(MSG.passwordTooShort);
  });
});
