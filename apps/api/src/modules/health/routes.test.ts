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
