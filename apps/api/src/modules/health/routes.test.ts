import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

it('reports the database it answers from', async () => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({
    success: true,
    database: process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite',
  });
});

it('answers 503 in Spanish when the database is gone', async () => {
  const other = await (await import('../../../test/context')).createTestContext();
  await other.database.close();
  const res = await other.app.inject({ method: 'GET', url: '/api/health' });
  expect(res.statusCode).toBe(503);
  expect(res.json()).toEqual({ success: false, message: 'Base de datos no disponible' });
  await other.app.close();
});

it('liveness answers while the process runs; readiness names what it checked', async () => {
  expect((await ctx.app.inject({ method: 'GET', url: '/api/health/live' })).json()).toEqual({
    success: true,
  });
  const ready = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
  expect(ready.statusCode).toBe(200);
  expect(ready.json()).toEqual({
    success: true,
    database: true,
    migrations: true,
    catalogueListener: true,
    shuttingDown: false,
  });
});

it('readiness fails once shutdown starts, and when the database is gone', async () => {
  const { startDraining } = await import('./routes');
  const other = await (await import('../../../test/context')).createTestContext();
  startDraining(other.app);
  const draining = await other.app.inject({ method: 'GET', url: '/api/health/ready' });
  expect(draining.statusCode).toBe(503);
  expect(draining.json()).toMatchObject({ success: false, database: true, shuttingDown: true });
  // Liveness does not care: the process still answers.
  expect((await other.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
  await other.database.close();
  const gone = await other.app.inject({ method: 'GET', url: '/api/health/ready' });
  expect(gone.json()).toMatchObject({ success: false, database: false, migrations: false });
  await other.app.close();
});

it('readiness fails when the release ships a migration the database lacks', async () => {
  await ctx.database.db.execute(
    sql`update drizzle.__drizzle_migrations set created_at = created_at - 1 where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
  );
  const res = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
  expect(res.statusCode).toBe(503);
  expect(res.json()).toMatchObject({ success: false, database: true, migrations: false });
});
