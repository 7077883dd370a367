// Bad input never yields a 500 or a stack trace: missing fields, wrong types, malformed
// JSON, wrong content types and huge bodies answer 4xx with a Spanish message. Unknown
// fields are ignored (no mass assignment). Every store call is documented at /api/docs.

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@store/shared/messages';
import { users } from '../src/db/schema';
import { createTestContext, type TestContext } from './context';
import { createProduct } from './factories';
import { addToCart, createUser, type TestUser } from './store-helpers';

let ctx: TestContext;
let user: TestUser;
beforeAll(async () => {
  ctx = await createTestContext({
    BODY_LIMIT: '65536',
    RATE_LIMIT_LOGIN_MAX: '10000',
    RATE_LIMIT_REGISTER_MAX: '10000',
    RATE_LIMIT_RESET_MAX: '10000',
    RATE_LIMIT_COUPON_MAX: '10000',
  });
  user = await createUser(ctx);
  const { product } = await createProduct(ctx.database.db);
  await addToCart(ctx, user, product.id);
});
afterAll(() => ctx.close());

const ROUTES: { method: 'GET' | 'POST'; url: string }[] = [
  { method: 'POST', url: '/api/user/register' },
  { method: 'POST', url: '/api/user/login' },
  { method: 'POST', url: '/api/user/reset-password-request' },
  { method: 'POST', url: '/api/user/reset-password' },
  { method: 'POST', url: '/api/cart/add' },
  { method: 'POST', url: '/api/cart/update' },
  { method: 'POST', url: '/api/cart/get' },
  { method: 'POST', url: '/api/coupon/validate' },
  { method: 'POST', url: '/api/order/place' },
  { method: 'POST', url: '/api/order/userorders' },
  { method: 'POST', url: '/api/order/single' },
];

/** Messages our schemas and services may answer: all Spanish, none of zod's English. */
const SPANISH = new Set<string>([
  ...Object.values(MSG),
  'Ingresa un cupón',
  'Identificador no válido',
  'Monto no válido',
]);

const BAD_JSON_BODIES: unknown[] = [
  {},
  null,
  [],
  'texto',
  42,
  { email: 42, password: ['x'], name: { a: 1 }, token: 7, newPassword: false },
  { itemId: 123, days: ['Día 1'], quantity: 'uno' },
  { itemId: null, days: null, quantity: null },
  { itemId: 'x'.repeat(5000), days: 'y'.repeat(5000), quantity: 1e308 },
  { code: 12, cartItems: 'todo', orderAmount: 'mil' },
  { orderId: { $ne: null } },
  { orderId: 'x'.repeat(10_000) },
  { address: 'calle', items: 'todo', amount: -1, discount: 'mucho', couponCode: 5 },
  { address: { firstName: 1 }, items: [{ _id: 5, days: 6, quantity: -1 }] },
  { address: {}, items: [] },
  { __proto__: { admin: true }, constructor: { prototype: { admin: true } } },
];

function expectCleanClientError(res: { statusCode: number; body: string }, context: string) {
  expect(res.statusCode, context).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, context).toBeLessThan(500);
  const body = JSON.parse(res.body) as { success: boolean; message: string };
  expect(body.success, context).toBe(false);
  expect(SPANISH.has(body.message), `${context}: "${body.message}"`).toBe(true);
  expect(res.body, context).not.toMatch(/\n\s+at |node_modules|stack/);
}

describe('bad input', () => {
  it('answers 4xx with a Spanish message for wrong types and missing fields, with and without a token', async () => {
    for (const route of ROUTES) {
      for (const payload of BAD_JSON_BODIES) {
        for (const token of [user.token, undefined]) {
          const res = await ctx.app.inject({
            method: route.method,
            url: route.url,
            headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
            payload: JSON.stringify(payload),
          });
          if (res.statusCode === 200) continue; // e.g. cart/get ignores its body
          expectCleanClientError(
            res,
            `${route.url} ${JSON.stringify(payload).slice(0, 60)} token=${Boolean(token)}`,
          );
        }
      }
    }
  });

  it('answers 400 for malformed JSON and an empty JSON body', async () => {
    for (const route of ROUTES) {
      for (const raw of ['{"email": ', '{email: "a"}', '\u0000\u0001', '']) {
        const res = await ctx.app.inject({
          method: route.method,
          url: route.url,
          headers: { 'content-type': 'application/json', token: user.token },
          payload: raw,
        });
        if (route.method === 'GET' || (raw === '' && res.statusCode === 200)) continue;
        expect(res.statusCode, `${route.url} ${JSON.stringify(raw)}`).toBe(400);
        expectCleanClientError(res, `${route.url} ${JSON.stringify(raw)}`);
      }
    }
  });

  it('answers 4xx for an unsupported content type', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'text/xml' },
      payload: '<login/>',
    });
    expectCleanClientError(res, 'text/xml');
  });

  it('answers 413 for a body over the limit', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/register',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'A', email: 'a@b.mx', password: 'x'.repeat(100_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ success: false, message: MSG.payloadTooLarge });
  });

  it('rejects a malformed product id in the path without a 500', async () => {
    for (const id of ['%00', "1' OR '1'='1", 'x'.repeat(500)]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/product/single/${encodeURIComponent(id)}`,
        headers: { token: user.token },
      });
      expectCleanClientError(res, id);
    }
  });

  it('ignores unknown fields: registering cannot set role, type or the password hash', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: {
        name: 'Mallory',
        email: 'mallory@prueba.mx',
        password: 'una clave larga',
        role: 'admin',
        userType: 'personal_hospital',
        passwordHash: 'x',
        mustChangePassword: true,
        tokenVersion: 99,
      },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.email, 'mallory@prueba.mx'));
    expect(row).toMatchObject({
      role: 'customer',
      userType: 'general',
      mustChangePassword: false,
      tokenVersion: 0,
    });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
  });
});

describe('OpenAPI', () => {
  it('documents every store call at /api/docs with a tag', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, { tags?: string[] }>> };
    const expected: [string, string, string][] = [
      ['/api/product/list', 'get', 'product'],
      ['/api/product/single/{id}', 'get', 'product'],
      ['/api/user/register', 'post', 'user'],
      ['/api/user/login', 'post', 'user'],
      ['/api/user/profile', 'get', 'user'],
      ['/api/user/reset-password-request', 'post', 'user'],
      ['/api/user/reset-password', 'post', 'user'],
      ['/api/cart/add', 'post', 'cart'],
      ['/api/cart/update', 'post', 'cart'],
      ['/api/cart/get', 'post', 'cart'],
      ['/api/coupon/validate', 'post', 'coupon'],
      ['/api/order/place', 'post', 'order'],
      ['/api/order/userorders', 'post', 'order'],
      ['/api/order/userorders', 'get', 'order'],
      ['/api/order/single', 'post', 'order'],
    ];
    for (const [p, method, tag] of expected) {
      expect(doc.paths[p]?.[method]?.tags, `${method} ${p}`).toEqual([tag]);
    }
  });
});
