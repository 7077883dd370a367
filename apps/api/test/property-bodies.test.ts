// Property test: for every documented route, request bodies, query strings and path params
// generated from the route's own JSON schema (/api/docs/json) and then broken on purpose
// (wrong types, missing and extra fields, huge strings, any unicode, prototype keys, random
// JSON) never get a 5xx: the answer is always JSON with `success`, and an error carries a
// message. Complements the hand-picked cases of protection.test.ts.

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './context';
import { createProduct } from './factories';
import { startFakePaypal, type FakePaypal } from '../src/dev/paypal-simulator/fake-paypal';
import { startFakeStripe, type FakeStripe } from './fakes/fake-stripe';
import { addToCart, createUser, type TestUser } from './store-helpers';

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
  $ref?: string;
};
interface Operation {
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  parameters?: { in: string; name: string; schema?: Schema; required?: boolean }[];
}

/** Routes whose side effects would end the fuzzing session itself. */
const SKIP = new Set(['POST /api/user/logout-all']);
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 60);

let components: Record<string, Schema> = {};
const resolve = (s: Schema): Schema =>
  s.$ref ? resolve(components[s.$ref.replace('#/components/schemas/', '')] ?? {}) : s;

/** Unicode text, empty strings, control characters and very long strings. */
const nastyString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '💉🫀',
    'ñÑáé',
    '../../etc/passwd',
    "' OR 1=1 --",
    '<script>',
    '__proto__',
  ),
  fc.integer({ min: 1000, max: 120_000 }).map((n) => 'x'.repeat(n)),
);

/** A value that matches the schema (roughly: bounds are honoured where cheap). */
function valid(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(schema);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => valid(a, depth + 1)));
  if (s.allOf?.length) return valid(s.allOf[0]!, depth + 1);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string':
      if (s.format === 'email') return fc.emailAddress();
      if (s.format === 'uuid') return fc.uuid();
      return fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 30, 60) });
    case 'integer':
      return fc.integer({ min: s.minimum ?? -1000, max: s.maximum ?? 100_000 });
    case 'number':
      return fc.double({ min: s.minimum ?? -1e6, max: s.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return depth > 3 ? fc.constant([]) : fc.array(valid(s.items ?? {}, depth + 1), { maxLength: 4 });
    case 'object': {
      if (depth > 3) return fc.constant({});
      const props = Object.entries(s.properties ?? {});
      return fc.record(Object.fromEntries(props.map(([k, v]) => [k, valid(v, depth + 1)])), {
        requiredKeys: (s.required ?? []).filter((k) => props.some(([p]) => p === k)),
      });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A value built from the schema, then broken in one of many ways. */
function broken(schema: Schema): fc.Arbitrary<unknown> {
  const wrongType = fc.oneof(
    nastyString,
    fc.integer(),
    fc.double(),
    fc.constantFrom(null, true, false, [], {}, 1e308, -0, Number.MAX_SAFE_INTEGER + 2),
  );
  const base = valid(schema);
  const s = resolve(schema);
  const keys = Object.keys(s.properties ?? {});
  const mutations: fc.Arbitrary<unknown>[] = [
    base,
    fc.jsonValue({ maxDepth: 3 }),
    wrongType,
    fc
      .tuple(base, fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 5 }))
      .map(([v, extra]) => (v && typeof v === 'object' && !Array.isArray(v) ? { ...extra, ...v } : v)),
    base.map((v) =>
      v && typeof v === 'object' && !Array.isArray(v)
        ? { ...v, __proto__: { role: 'admin' }, constructor: { prototype: { isAdmin: true } } }
        : v,
    ),
  ];
  if (keys.length > 0) {
    mutations.push(
      fc
        .tuple(base, fc.constantFrom(...keys), wrongType)
        .map(([v, key, bad]) => ({ ...(v as object), [key]: bad })),
      fc.tuple(base, fc.constantFrom(...keys)).map(([v, key]) => {
        const copy = { ...(v as Record<string, unknown>) };
        delete copy[key];
        return copy;
      }),
      fc
        .tuple(base, fc.constantFrom(...keys), nastyString)
        .map(([v, key, text]) => ({ ...(v as object), [key]: text })),
    );
  }
  return fc.oneof(...mutations);
}

let ctx: TestContext;
let paypal: FakePaypal;
let stripe: FakeStripe;
let customer: TestUser;
let admin: TestUser;
let productId: string;

beforeAll(async () => {
  // Payment routes run against the local PayPal and Stripe fakes, as configured in production.
  paypal = await startFakePaypal();
  stripe = await startFakeStripe();
  ctx = await createTestContext({
    PAYPAL_CLIENT_ID: paypal.clientId,
    PAYPAL_CLIENT_SECRET: paypal.clientSecret,
    PAYPAL_API_BASE: paypal.url,
    PAYPAL_WEBHOOK_ID: paypal.webhookId,
    PAYPAL_SDK_BASE: paypal.url,
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_HOST: stripe.host,
    STRIPE_API_PORT: String(stripe.port),
    STRIPE_API_PROTOCOL: 'http',
    RATE_LIMIT_LOGIN_MAX: '100000',
    RATE_LIMIT_REGISTER_MAX: '100000',
    RATE_LIMIT_RESET_MAX: '100000',
    RATE_LIMIT_COUPON_MAX: '100000',
    RATE_LIMIT_CONTACT_MAX: '100000',
    RATE_LIMIT_ADMIN_MAX: '100000',
    RATE_LIMIT_ACCOUNT_LOGIN_MAX: '100000',
  });
  customer = await createUser(ctx);
  admin = await createUser(ctx, { role: 'admin' });
  const { product } = await createProduct(ctx.database.db);
  productId = product.id;
  await addToCart(ctx, customer, productId);
});
afterAll(async () => {
  await ctx?.close();
  await Promise.all([paypal?.close(), stripe?.close()]);
});

describe('generated request bodies', () => {
  it('never get a 5xx on any route, signed in or not', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = res.json() as {
      paths: Record<string, Record<string, Operation>>;
      components?: { schemas?: Record<string, Schema> };
    };
    components = doc.components?.schemas ?? {};
    let requests = 0;
    const failures: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      if (!path.startsWith('/api/')) continue;
      for (const [method, op] of Object.entries(methods)) {
        const key = `${method.toUpperCase()} ${path}`;
        if (SKIP.has(key)) continue;
        const bodySchema = op.requestBody?.content?.['application/json']?.schema;
        const query = (op.parameters ?? []).filter((p) => p.in === 'query');
        const pathParams = (op.parameters ?? []).filter((p) => p.in === 'path');
        const token = path.startsWith('/api/admin') ? admin.token : customer.token;
        const callArb = fc.record({
          body: bodySchema
            ? broken(bodySchema)
            : fc.option(fc.jsonValue({ maxDepth: 2 }), { nil: undefined }),
          query: fc.record(
            Object.fromEntries(
              query.map((q) => [q.name, fc.oneof(valid(q.schema ?? {}).map(String), nastyString)]),
            ),
            { requiredKeys: [] },
          ),
          params: fc.record(
            Object.fromEntries(
              pathParams.map((p) => [p.name, fc.oneof(fc.uuid(), fc.constant(productId), nastyString)]),
            ),
          ),
          signedIn: fc.boolean(),
        });
        await fc
          .assert(
            fc.asyncProperty(callArb, async (call) => {
              const url =
                path.replace(
                  /\{(\w+)\}/g,
                  (_, n: string) => encodeURIComponent(String(call.params[n] ?? 'x')) || 'x',
                ) +
                (Object.keys(call.query).length
                  ? `?${new URLSearchParams(call.query as Record<string, string>).toString()}`
                  : '');
              const reply = await ctx.app.inject({
                method: method.toUpperCase() as 'POST',
                url,
                headers: {
                  'content-type': 'application/json',
                  ...(call.signedIn ? { token } : {}),
                },
                ...(call.body === undefined || method === 'get'
                  ? {}
                  : { payload: JSON.stringify(call.body) }),
              });
              requests += 1;
              const context = `${key} ${url.slice(0, 120)} ${JSON.stringify(call.body)?.slice(0, 200)}`;
              if (reply.statusCode >= 500)
                failures.push(`${reply.statusCode} ${context}: ${reply.body.slice(0, 200)}`);
              if (String(reply.headers['content-type'] ?? '').includes('application/json')) {
                const json = JSON.parse(reply.body) as { success?: unknown; message?: unknown };
                expect(typeof json.success, context).toBe('boolean');
                if (json.success === false) expect(typeof json.message, context).toBe('string');
              }
              return reply.statusCode < 500;
            }),
            { numRuns: RUNS_PER_ROUTE, seed: Number(process.env.FUZZ_SEED ?? 20_261_123) },
          )
          .catch((err: unknown) => failures.push(String(err).slice(0, 1500)));
      }
    }
    console.log(`property test: ${requests} generated requests, ${failures.length} failures`);
    expect(failures).toEqual([]);
  }, 240_000);
});

describe('NUL characters', () => {
  it('are refused with a 400 wherever they appear (found by the property test: admin searches)', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/members/?search=%00'],
      ['GET', '/api/admin/events/?search=a%00b'],
      ['GET', '/api/admin/orders/?search=%00'],
      ['GET', `/api/admin/attendees/?productId=${'%00'}`],
      ['GET', '/api/product/single/%00'],
      ['POST', '/api/user/login', { email: 'a\u0000@b.mx', password: 'x\u0000' }],
      ['POST', '/api/contact/', { 'n\u0000': 1 }],
    ];
    for (const [method, url, body] of calls) {
      const res = await ctx.app.inject({
        method: method as 'GET',
        url,
        headers: { token: url.startsWith('/api/admin') ? admin.token : customer.token },
        ...(body ? { payload: body as Record<string, unknown> } : {}),
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ success: false, message: 'Los datos enviados no son válidos' });
    }
  });
});
