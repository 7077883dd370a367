// Login with an unknown e-mail, or to an account with no password yet (made for someone
// else), still runs argon2 (against a dummy hash), so the answer takes as long as for a wrong
// password and cannot reveal who has an account, nor whether it has a password.

import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type * as Passwords from '../../lib/passwords';
import { MSG } from '@store/shared/messages';
import { users } from '../../db/schema';
import { createTestContext, type TestContext } from '../../../test/context';
import { createUser, post } from '../../../test/store-helpers';

const calls = vi.hoisted(() => ({ hashes: [] as string[] }));
vi.mock('../../lib/passwords', async (importOriginal) => {
  const real = await importOriginal<typeof Passwords>();
  return {
    ...real,
    verifyPassword: (hash: string, password: string) => {
      calls.hashes.push(hash);
      return real.verifyPassword(hash, password);
    },
  };
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

it('verifies against an argon2id dummy hash when the e-mail is unknown', async () => {
  const { dummyPasswordHash } = await import('../../lib/passwords');
  const user = await createUser(ctx);
  calls.hashes.length = 0;
  const unknown = await post(ctx, '/api/user/login', undefined, { email: 'nadie@prueba.mx', password: 'x' });
  expect(unknown.statusCode).toBe(401);
  expect(calls.hashes).toEqual([await dummyPasswordHash()]);
  expect(calls.hashes[0]).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

  calls.hashes.length = 0;
  const wrong = await post(ctx, '/api/user/login', undefined, { email: user.email, password: 'x' });
  expect(wrong.statusCode).toBe(401);
  expect(calls.hashes).toHaveLength(1);
  expect(calls.hashes[0]).not.toBe(await dummyPasswordHash());
});

it('verifies against the same dummy hash when the account has no password yet', async () => {
  const { dummyPasswordHash } = await import('../../lib/passwords');
  const [row] = await ctx.database.db
    .insert(users)
    .values({ name: 'COLEGA SIN CLAVE', email: 'colega.sin.clave@prueba.mx', passwordHash: null })
    .returning();
  expect(row!.passwordHash).toBeNull();
  calls.hashes.length = 0;
  const res = await post(ctx, '/api/user/login', undefined, { email: row!.email, password: 'x' });
  expect(res.statusCode).toBe(401);
  expect(res.json()).toEqual({ success: false, message: MSG.invalidCredentials });
  expect(calls.hashes).toEqual([await dummyPasswordHash()]);
});
