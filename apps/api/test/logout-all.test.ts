// "Cerrar sesión en todos los dispositivos": one call ends every session of the account,
// the caller's own included; other accounts keep theirs; a new login works.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@store/shared/messages';
import { createTestContext, type TestContext } from './context';
import { createUser, post, TEST_PASSWORD } from './store-helpers';

describe('POST /api/user/logout-all', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const profile = (token: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers: { token } });

  it('ends every session of the account, including the current one', async () => {
    const user = await createUser(ctx);
    const other = await createUser(ctx);
    const second = (
      await post(ctx, '/api/user/login', undefined, { email: user.email, password: TEST_PASSWORD })
    ).json().token as string;
    expect((await profile(second)).statusCode).toBe(200);

    const res = await post(ctx, '/api/user/logout-all', user.token, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: MSG.loggedOutEverywhere });

    for (const token of [user.token, second]) {
      const after = await profile(token);
      expect(after.statusCode).toBe(401);
      expect(after.json()).toEqual({ success: false, message: MSG.sessionExpired });
    }
    expect((await profile(other.token)).statusCode).toBe(200);
    // Calling it again with the dead token is refused, not repeated.
    expect((await post(ctx, '/api/user/logout-all', user.token, {})).statusCode).toBe(401);

    const again = await post(ctx, '/api/user/login', undefined, {
      email: user.email,
      password: TEST_PASSWORD,
    });
    expect((await profile(again.json().token as string)).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    const res = await post(ctx, '/api/user/logout-all', undefined, {});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, message: MSG.unauthorized });
  });
});
