// Every /api/admin/* route refuses anonymous callers (401) and customers (403). The routes
// are read from the generated OpenAPI document, so a route added later is checked too.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@store/shared/messages';
import { createTestContext, type TestContext } from '../../../test/context';
import { createUser, type TestUser } from '../../../test/store-helpers';

interface OpenApi {
  paths: Record<string, Record<string, { security?: unknown; responses?: Record<string, unknown> }>>;
}

describe('admin routes: role check', () => {
  let ctx: TestContext;
  let customer: TestUser;
  let admin: TestUser;
  let routes: { method: string; url: string }[];
  let doc: OpenApi;

  beforeAll(async () => {
    ctx = await createTestContext();
    customer = await createUser(ctx);
    admin = await createUser(ctx, { role: 'admin' });
    doc = (ctx.app as unknown as { swagger(): OpenApi }).swagger();
    routes = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/admin'))
      .flatMap(([path, methods]) =>
        Object.keys(methods)
          .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
          .map((m) => ({
            method: m.toUpperCase(),
            url: path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000'),
          })),
      );
  });
  afterAll(() => ctx.close());

  it('finds the whole back office in the route table', () => {
    const urls = routes.map((r) => `${r.method} ${r.url}`);
    for (const expected of [
      'GET /api/admin/session',
      'GET /api/admin/dashboard/',
      'POST /api/admin/events/',
      'PUT /api/admin/events/00000000-0000-4000-8000-000000000000',
      'POST /api/admin/uploads/',
      'POST /api/admin/coupons/',
      'PATCH /api/admin/members/00000000-0000-4000-8000-000000000000',
      'POST /api/admin/members/',
      'POST /api/admin/members/00000000-0000-4000-8000-000000000000/temporary-password',
      'POST /api/admin/members/import',
      'POST /api/admin/orders/00000000-0000-4000-8000-000000000000/cancel',
      'GET /api/admin/attendees/export',
      'GET /api/admin/audit/',
    ]) {
      expect(urls).toContain(expected);
    }
    expect(routes.length).toBeGreaterThanOrEqual(25);
  });

  it('documents the token header and the 401/403 answers on every route', () => {
    for (const [path, methods] of Object.entries(doc.paths).filter(([p]) => p.startsWith('/api/admin'))) {
      for (const [method, op] of Object.entries(methods)) {
        expect(op.security, `${method} ${path}`).toEqual([{ token: [] }]);
        expect(Object.keys(op.responses ?? {}), `${method} ${path}`).toEqual(
          expect.arrayContaining(['401', '403']),
        );
      }
    }
  });

  it('answers 401 without a token and with a forged one, on every route', async () => {
    for (const r of routes) {
      for (const headers of [{}, { token: 'not-a-jwt' }]) {
        const res = await ctx.app.inject({ method: r.method as 'GET', url: r.url, headers, payload: {} });
        expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
        expect(res.json().success).toBe(false);
      }
    }
  });

  it('answers 403 to a customer on every route', async () => {
    for (const r of routes) {
      const res = await ctx.app.inject({
        method: r.method as 'GET',
        url: r.url,
        headers: { token: customer.token },
        payload: {},
      });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
      expect(res.json()).toEqual({ success: false, message: MSG.forbidden });
    }
  });

  it('lets an admin in', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/session',
      headers: { token: admin.token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(admin.email);
  });

  it('refuses a demoted admin at once (the role is read on every request)', async () => {
    const other = await createUser(ctx, { role: 'admin' });
    const demote = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/members/${other.id}`,
      headers: { token: admin.token },
      payload: { role: 'customer' },
    });
    expect(demote.statusCode).toBe(200);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/session',
      headers: { token: other.token },
    });
    expect(res.statusCode).toBe(403);
  });
});
