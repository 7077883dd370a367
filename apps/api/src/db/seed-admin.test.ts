// ADMIN_EMAIL never hands the admin role to whoever registered that address first: an
// existing account is promoted only when the operator says so (ADMIN_PROMOTE_EXISTING).

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context';
import { createUser } from '../../test/store-helpers';
import { loadConfig } from '../config';
import { seed, SeedRefusedError } from './seed';
import { users } from './schema';

describe('ADMIN_EMAIL', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());
  const roleOf = async (email: string) =>
    (await ctx.database.db.select().from(users).where(eq(users.email, email)))[0]?.role;

  it('refuses to start when the address belongs to a customer, naming the variable to set', async () => {
    const squatter = await createUser(ctx, { email: 'jefa@asociacion.mx' });
    const attempt = seed(ctx.database.db, {
      demo: false,
      adminEmail: 'JEFA@asociacion.mx',
      adminPassword: 'la-clave-del-operador',
    });
    await expect(attempt).rejects.toThrow(SeedRefusedError);
    await expect(attempt).rejects.toThrow(/ADMIN_PROMOTE_EXISTING=true/);
    await expect(attempt).rejects.toThrow(/jefa@asociacion\.mx/);
    expect(await roleOf(squatter.email)).toBe('customer');
  });

  it('promotes the existing account when ADMIN_PROMOTE_EXISTING is set, keeping its password', async () => {
    const [before] = await ctx.database.db.select().from(users).where(eq(users.email, 'jefa@asociacion.mx'));
    const res = await seed(ctx.database.db, {
      demo: false,
      adminEmail: 'jefa@asociacion.mx',
      adminPassword: 'la-clave-del-operador',
      adminPromoteExisting: true,
    });
    expect(res).toEqual({ seededDemo: false, promotedAdminEmail: 'jefa@asociacion.mx' });
    const [after] = await ctx.database.db.select().from(users).where(eq(users.email, 'jefa@asociacion.mx'));
    expect(after!.role).toBe('admin');
    expect(after!.passwordHash).toBe(before!.passwordHash);
  });

  it('starts quietly when the account is already an administrator', async () => {
    const res = await seed(ctx.database.db, { demo: false, adminEmail: 'jefa@asociacion.mx' });
    expect(res).toEqual({ seededDemo: false });
  });

  it('creates the account when nobody has the address', async () => {
    const res = await seed(ctx.database.db, {
      demo: false,
      adminEmail: 'nueva@asociacion.mx',
      adminPassword: 'otra-clave-larga',
    });
    expect(res).toEqual({ seededDemo: false, createdAdminEmail: 'nueva@asociacion.mx' });
    expect(await roleOf('nueva@asociacion.mx')).toBe('admin');
  });

  it('reads ADMIN_PROMOTE_EXISTING from the environment, false by default', () => {
    const base = { DATA_DIR: '/tmp/store-config-test', JWT_SECRET: 'x'.repeat(40) };
    expect(loadConfig(base).ADMIN_PROMOTE_EXISTING).toBe(false);
    expect(loadConfig({ ...base, ADMIN_PROMOTE_EXISTING: 'true' }).ADMIN_PROMOTE_EXISTING).toBe(true);
  });
});
