// The fake Stripe through the real `stripe` SDK: it refuses what Stripe refuses (parameters
// checked against the SDK's own types, generated from Stripe's OpenAPI spec), replays
// idempotent requests like Stripe, moves PaymentIntents, refunds and cash balances only the
// ways Stripe documents, and emits (and delivers, signed) the events Stripe would.

import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msiPlansFor } from '@store/shared/domain/mx-payments';
import { listen, sleep, type RunningServer } from '../local-http';
import { API_VERSION, startFakeStripe, type FakeStripe } from './fake-stripe';
import { clabeCheckDigit, oxxoExpiresAfter } from './objects';
import { CODE128_PATTERNS, code128Svg, code128Values } from './code128';
import * as schemas from './params';
import { decodeForm, type ObjectParam, type Param } from './params';

let fake: FakeStripe;
let stripe: Stripe;
const client = (f: FakeStripe, extra: Partial<Stripe.StripeConfig> = {}) =>
  new Stripe(f.secretKey, { host: f.host, port: f.port, protocol: 'http', maxNetworkRetries: 0, ...extra });

beforeAll(async () => {
  fake = await startFakeStripe();
  stripe = client(fake);
});
afterAll(() => fake.close());

const OXXO = {
  amount: 150_000,
  currency: 'mxn',
  confirm: true,
  allowed_payment_method_types: ['oxxo'],
  payment_method_data: { type: 'oxxo', billing_details: { name: 'Ana Pérez', email: 'ana@example.mx' } },
  payment_method_options: { oxxo: { expires_after_days: 3 } },
  metadata: { orderId: 'orden-1' },
} satisfies Stripe.PaymentIntentCreateParams;

const speiParams = (customer: string, amount = 300_000) =>
  ({
    amount,
    currency: 'mxn',
    customer,
    confirm: true,
    allowed_payment_method_types: ['customer_balance'],
    payment_method_data: { type: 'customer_balance' },
    payment_method_options: {
      customer_balance: { funding_type: 'bank_transfer', bank_transfer: { type: 'mx_bank_transfer' } },
    },
    metadata: { orderId: 'orden-2' },
  }) satisfies Stripe.PaymentIntentCreateParams;

function session(extra: Partial<Stripe.Checkout.SessionCreateParams> = {}) {
  return stripe.checkout.sessions.create({
    mode: 'payment',
    line_items: [
      {
        quantity: 1,
        price_data: { currency: 'mxn', unit_amount: 360_000, product_data: { name: 'Congreso 2026' } },
      },
    ],
    success_url: 'http://tienda.test/verify?success=true',
    cancel_url: 'http://tienda.test/verify?success=false',
    ...extra,
  });
}

/** A JSON answer of the fake's server, for the fields a test reads. */
const body = async (res: Response) =>
  (await res.json()) as { error: { message: string }; message: string; status: string };

/** The events about one object, by type, in order. */
const typesFor = (f: FakeStripe, id: string) =>
  f.events.filter((e) => (e.data.object as { id?: string }).id === id).map((e) => e.type);

// ---------------------------------------------------------------------------------------------
// The parameter lists are Stripe's
// ---------------------------------------------------------------------------------------------

describe('parameters, as the SDK types them (generated from Stripe’s OpenAPI spec)', () => {
  const require = createRequire(import.meta.url);
  const sdk = path.dirname(require.resolve('stripe'));
  const files = [
    'shared.d.ts',
    'resources/PaymentIntents.d.ts',
    'resources/Checkout/Sessions.d.ts',
    'resources/Customers.d.ts',
    'resources/Refunds.d.ts',
    'resources/Charges.d.ts',
    'resources/Events.d.ts',
    'resources/TestHelpers/Customers.d.ts',
    'resources/TestHelpers/Refunds.d.ts',
  ];
  type Decl = { node: ts.InterfaceDeclaration | ts.TypeAliasDeclaration; src: ts.SourceFile; ns: string[] };
  const decls = new Map<string, Decl>();
  for (const file of files) {
    const src = ts.createSourceFile(
      file,
      readFileSync(path.join(sdk, file), 'utf8'),
      ts.ScriptTarget.Latest,
      true,
    );
    const walk = (node: ts.Node, ns: string[]): void => {
      if (ts.isModuleDeclaration(node) && node.body) {
        const inner = [...ns, node.name.text];
        if (ts.isModuleBlock(node.body)) node.body.statements.forEach((s) => walk(s, inner));
        else walk(node.body, inner);
        return;
      }
      if (ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) {
        const key = [...ns, node.name.text].join('.');
        if (!decls.has(key)) decls.set(key, { node, src, ns });
      }
      ts.forEachChild(node, (c) => walk(c, ns));
    };
    walk(src, []);
  }
  const find = (name: string, ns: string[]): Decl | undefined => {
    const bare = name.replace(/^Stripe\./, '');
    for (let i = ns.length; i >= 0; i -= 1) {
      const hit = decls.get([...ns.slice(0, i), bare].join('.'));
      if (hit) return hit;
    }
    return [...decls.entries()].find(([k]) => k === bare || k.endsWith(`.${bare}`))?.[1];
  };
  const pinned = API_VERSION.slice(0, 10);
  const live = (p: Param) =>
    (!p.gate?.since || p.gate.since <= pinned) && (!p.gate?.until || p.gate.until > pinned);

  /** Differences between our schema and the SDK's type, as readable lines. */
  function compare(
    param: Param,
    type: ts.TypeNode,
    decl: Decl,
    at: string,
    out: string[],
    alias = false,
  ): void {
    if (param.kind === 'any') return;
    let t = type;
    let emptyable = false;
    if (ts.isTypeReferenceNode(t) && t.typeName.getText(decl.src) === 'Emptyable') {
      emptyable = true;
      t = t.typeArguments![0]!;
    }
    if (!alias && Boolean(param.emptyable) !== emptyable)
      out.push(`${at}: emptyable ${emptyable} in the SDK`);
    const name = ts.isTypeReferenceNode(t) ? t.typeName.getText(decl.src).replace(/^Stripe\./, '') : '';
    if (ts.isUnionTypeNode(t)) {
      const literals = t.types.flatMap((x) =>
        ts.isLiteralTypeNode(x) && ts.isStringLiteral(x.literal) ? [x.literal.text] : [],
      );
      if (param.kind !== 'enum') out.push(`${at}: ${param.kind}, the SDK has an enum`);
      else if ([...param.values].sort().join() !== literals.sort().join())
        out.push(`${at}: enum values differ`);
      return;
    }
    if (ts.isLiteralTypeNode(t)) {
      if (param.kind !== 'enum') out.push(`${at}: ${param.kind}, the SDK has a literal`);
      return;
    }
    if (name === 'Array' || ts.isArrayTypeNode(t)) {
      const of = ts.isArrayTypeNode(t) ? t.elementType : (t as ts.TypeReferenceNode).typeArguments![0]!;
      if (param.kind !== 'array') out.push(`${at}: ${param.kind}, the SDK has an array`);
      else compare(param.of, of, decl, `${at}[]`, out);
      return;
    }
    const scalar: Record<number, Param['kind']> = {
      [ts.SyntaxKind.StringKeyword]: 'string',
      [ts.SyntaxKind.NumberKeyword]: 'integer',
      [ts.SyntaxKind.BooleanKeyword]: 'boolean',
    };
    const expected =
      scalar[t.kind] ?? (name === 'MetadataParam' ? 'metadata' : name === 'Decimal' ? 'string' : undefined);
    if (expected) {
      if (param.kind !== expected) out.push(`${at}: ${param.kind}, the SDK has ${expected}`);
      return;
    }
    const target = find(name, decl.ns.concat(decl.node.name.text));
    if (!target) return void out.push(`${at}: SDK type ${name} not found`);
    if (ts.isTypeAliasDeclaration(target.node))
      return compare(param, target.node.type, target, at, out, true);
    if (param.kind !== 'object') return void out.push(`${at}: ${param.kind}, the SDK has an object`);
    compareObject(param, target, at, out);
  }

  function compareObject(param: ObjectParam, decl: Decl, at: string, out: string[]) {
    const members = new Map<string, ts.PropertySignature>();
    const collect = (d: Decl) => {
      const node = d.node as ts.InterfaceDeclaration;
      for (const h of node.heritageClauses ?? []) {
        for (const e of h.types) {
          const base = find(e.expression.getText(d.src), d.ns);
          if (base) collect(base);
        }
      }
      for (const m of node.members) if (ts.isPropertySignature(m)) members.set(m.name.getText(d.src), m);
    };
    collect(decl);
    const ours = Object.entries(param.fields).filter(([, p]) => live(p));
    const theirs = [...members.keys()];
    for (const [k] of ours) if (!members.has(k)) out.push(`${at}${k}: not in the SDK`);
    for (const k of theirs) if (!(k in param.fields)) out.push(`${at}${k}: missing from the fake`);
    const required = theirs.filter((k) => !members.get(k)!.questionToken).sort();
    if (required.join() !== [...param.required].sort().join()) out.push(`${at}: required ${required.join()}`);
    for (const [k, p] of ours) {
      const m = members.get(k);
      if (m?.type) compare(p, m.type, decl, `${at}${k}.`, out);
    }
  }

  const ENDPOINTS: [keyof typeof schemas, string][] = [
    ['PI_CREATE', 'PaymentIntentCreateParams'],
    ['PI_CONFIRM', 'PaymentIntentConfirmParams'],
    ['PI_RETRIEVE', 'PaymentIntentRetrieveParams'],
    ['PI_CANCEL', 'PaymentIntentCancelParams'],
    ['SESSION_CREATE', 'Checkout.SessionCreateParams'],
    ['SESSION_RETRIEVE', 'Checkout.SessionRetrieveParams'],
    ['SESSION_EXPIRE', 'Checkout.SessionExpireParams'],
    ['CUSTOMER_CREATE', 'CustomerCreateParams'],
    ['CUSTOMER_RETRIEVE', 'CustomerRetrieveParams'],
    ['CASH_BALANCE_RETRIEVE', 'CustomerRetrieveCashBalanceParams'],
    ['REFUND_CREATE', 'RefundCreateParams'],
    ['REFUND_RETRIEVE', 'RefundRetrieveParams'],
    ['REFUND_CANCEL', 'RefundCancelParams'],
    ['CHARGE_RETRIEVE', 'ChargeRetrieveParams'],
    ['EVENT_RETRIEVE', 'EventRetrieveParams'],
    ['EVENT_LIST', 'EventListParams'],
    ['FUND_CASH_BALANCE', 'TestHelpers.CustomerFundCashBalanceParams'],
    ['REFUND_EXPIRE', 'TestHelpers.RefundExpireParams'],
  ];

  it.each(ENDPOINTS)('%s has exactly the fields, types, enums and required ones of %s', (ours, theirs) => {
    const decl = find(theirs, []);
    expect(decl, theirs).toBeDefined();
    const problems: string[] = [];
    compareObject(schemas[ours] as ObjectParam, decl!, '', problems);
    expect(problems).toEqual([]);
  });

  it('the check itself notices a field too many, one missing, a wrong type or enum', () => {
    const base = schemas.PI_CANCEL;
    const { expand: _expand, ...withoutExpand } = base.fields;
    const altered: ObjectParam = {
      ...base,
      fields: {
        ...withoutExpand,
        bogus: { kind: 'string' },
        cancellation_reason: { kind: 'enum', values: ['abandoned'] },
      },
    };
    const problems: string[] = [];
    compareObject(altered, find('PaymentIntentCancelParams', [])!, '', problems);
    expect(problems).toEqual([
      'bogus: not in the SDK',
      'expand: missing from the fake',
      'cancellation_reason.: enum values differ',
    ]);
  });

  it('models the version the installed SDK pins', () => {
    expect(API_VERSION).toBe(Stripe.API_VERSION);
    expect(fake.events.every((e) => e.api_version === API_VERSION)).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------
// Refusals
// ---------------------------------------------------------------------------------------------

describe('refusals', () => {
  it('a wrong or missing API key: 401', async () => {
    await expect(
      new Stripe('sk_test_wrong', { host: fake.host, port: fake.port, protocol: 'http' }).customers.create(
        {},
      ),
    ).rejects.toMatchObject({ type: 'StripeAuthenticationError', statusCode: 401 });
    const res = await fetch(`${fake.url}/v1/customers`, { method: 'POST' });
    expect(res.status).toBe(401);
    expect((await body(res)).error.message).toMatch(/did not provide an API key/);
  });

  it('an unknown parameter, top-level or nested: parameter_unknown naming it', async () => {
    await expect(
      stripe.paymentIntents.create({ ...OXXO, shipping_rate: 'x' } as never),
    ).rejects.toMatchObject({ statusCode: 400, code: 'parameter_unknown', param: 'shipping_rate' });
    await expect(
      stripe.paymentIntents.create({
        ...OXXO,
        payment_method_options: { oxxo: { expires_after_day: 3 } },
      } as never),
    ).rejects.toMatchObject({
      code: 'parameter_unknown',
      param: 'payment_method_options[oxxo][expires_after_day]',
    });
    await expect(
      session({
        line_items: [
          {
            quantity: 1,
            price_data: { currency: 'mxn', unit_amount: 1000, product_data: { name: 'x', color: 'red' } },
          },
        ],
      } as never),
    ).rejects.toMatchObject({
      code: 'parameter_unknown',
      param: 'line_items[0][price_data][product_data][color]',
    });
  });

  it('payment_method_types only in the API versions before 2026-09-30 (allowed_payment_method_types after)', async () => {
    await expect(session({ payment_method_types: ['card'] } as never)).rejects.toMatchObject({
      code: 'parameter_unknown',
      param: 'payment_method_types',
    });
    const older = client(fake, { apiVersion: '2026-08-26.dahlia' as never });
    const s = await older.checkout.sessions.create({
      mode: 'payment',
      payment_method_types: ['card'],
      line_items: [
        { quantity: 1, price_data: { currency: 'mxn', unit_amount: 50_000, product_data: { name: 'x' } } },
      ],
      success_url: 'http://tienda.test/ok',
    } as never);
    expect(s.payment_method_types).toEqual(['card']);
    await expect(
      older.checkout.sessions.create({
        mode: 'payment',
        allowed_payment_method_types: ['card'],
        line_items: [
          { quantity: 1, price_data: { currency: 'mxn', unit_amount: 50_000, product_data: { name: 'x' } } },
        ],
      } as never),
    ).rejects.toMatchObject({ code: 'parameter_unknown', param: 'allowed_payment_method_types' });
  });

  it('wrong types, empty strings and enum values, naming the parameter', async () => {
    await expect(stripe.paymentIntents.create({ ...OXXO, amount: 'mil' } as never)).rejects.toMatchObject({
      code: 'parameter_invalid_integer',
      param: 'amount',
    });
    await expect(stripe.paymentIntents.create({ ...OXXO, description: '' })).rejects.toMatchObject({
      code: 'parameter_invalid_empty',
      param: 'description',
    });
    await expect(stripe.paymentIntents.create({ ...OXXO, confirm: 'yes' } as never)).rejects.toMatchObject({
      param: 'confirm',
      message: 'Invalid boolean: yes',
    });
    await expect(session({ locale: 'es-MX' } as never)).rejects.toMatchObject({
      param: 'locale',
      message: expect.stringMatching(/^Invalid locale: must be one of auto, bg, .* es, es-419, .*/),
    });
    const pi = await stripe.paymentIntents.create(OXXO);
    await expect(
      stripe.paymentIntents.cancel(pi.id, { cancellation_reason: 'bored' as never }),
    ).rejects.toMatchObject({ param: 'cancellation_reason' });
    await expect(stripe.customers.create({ metadata: { ['k'.repeat(41)]: 'v' } })).rejects.toMatchObject({
      param: `metadata[${'k'.repeat(41)}]`,
    });
  });

  it('a missing required parameter: parameter_missing naming it', async () => {
    await expect(stripe.paymentIntents.create({ amount: 1000 } as never)).rejects.toMatchObject({
      code: 'parameter_missing',
      param: 'currency',
    });
    await expect(
      session({
        line_items: [{ price_data: { currency: 'mxn', unit_amount: 1000, product_data: { name: 'x' } } }],
      }),
    ).rejects.toMatchObject({ code: 'parameter_missing', param: 'line_items[0][quantity]' });
    await expect(
      stripe.paymentIntents.create({
        ...OXXO,
        payment_method_data: { type: 'oxxo', billing_details: { email: 'a@b.mx' } },
      }),
    ).rejects.toMatchObject({
      code: 'parameter_missing',
      param: 'payment_method_data[billing_details][name]',
    });
  });

  it('unknown ids: 404 resource_missing; an unknown id inside the parameters: 400', async () => {
    await expect(stripe.paymentIntents.retrieve('pi_nope')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      param: 'intent',
    });
    await expect(stripe.checkout.sessions.retrieve('cs_test_nope')).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(stripe.refunds.retrieve('re_nope')).rejects.toMatchObject({ statusCode: 404 });
    await expect(stripe.customers.retrieve('cus_nope')).rejects.toMatchObject({ statusCode: 404 });
    await expect(stripe.paymentIntents.create(speiParams('cus_nope'))).rejects.toMatchObject({
      statusCode: 400,
      code: 'resource_missing',
      param: 'customer',
    });
  });

  it('an expansion Stripe does not offer, before anything is created', async () => {
    const before = fake.paymentIntents.size;
    await expect(stripe.paymentIntents.create({ ...OXXO, expand: ['metadata'] })).rejects.toMatchObject({
      statusCode: 400,
      message: 'This property cannot be expanded (metadata).',
    });
    expect(fake.paymentIntents.size).toBe(before);
  });

  it('an endpoint it does not model says so', async () => {
    const res = await fetch(`${fake.url}/v1/subscriptions`, {
      headers: { authorization: `Bearer ${fake.secretKey}` },
    });
    expect(res.status).toBe(404);
    expect((await body(res)).error.message).toMatch(/Unrecognized request URL/);
  });
});

// ---------------------------------------------------------------------------------------------
// Idempotency
// ---------------------------------------------------------------------------------------------

describe('idempotency', () => {
  const form = (o: Record<string, string>) => new URLSearchParams(o).toString();
  const post = (p: string, body: string, key: string) =>
    fetch(`${fake.url}${p}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${fake.secretKey}`,
        'content-type': 'application/x-www-form-urlencoded',
        'idempotency-key': key,
      },
      body,
    });

  it('the same key with the same parameters replays the first answer exactly', async () => {
    const body = form({ email: 'uno@example.mx', name: 'Uno' });
    const first = await post('/v1/customers', body, 'cus-1');
    const again = await post('/v1/customers', body, 'cus-1');
    expect(again.status).toBe(first.status);
    expect(await again.text()).toBe(await first.text());
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect([...fake.customers.values()].filter((c) => c.email === 'uno@example.mx')).toHaveLength(1);
    // Through the SDK too.
    const a = await stripe.paymentIntents.create(OXXO, { idempotencyKey: 'pi-1' });
    const b = await stripe.paymentIntents.create(OXXO, { idempotencyKey: 'pi-1' });
    expect(b).toEqual(a);
  });

  it('the same key with other parameters (or another endpoint): idempotency_error', async () => {
    await stripe.paymentIntents.create(OXXO, { idempotencyKey: 'pi-2' });
    await expect(
      stripe.paymentIntents.create({ ...OXXO, amount: 160_000 }, { idempotencyKey: 'pi-2' }),
    ).rejects.toMatchObject({ type: 'StripeIdempotencyError', statusCode: 400 });
    await expect(stripe.customers.create({}, { idempotencyKey: 'pi-2' })).rejects.toMatchObject({
      type: 'StripeIdempotencyError',
    });
  });

  it('an error of a request that ran is replayed; a refused parameter is not kept', async () => {
    const pi = await stripe.paymentIntents.create(OXXO);
    fake.payOxxo(pi.id);
    const first = await post(`/v1/payment_intents/${pi.id}/cancel`, '', 'cancel-1');
    const again = await post(`/v1/payment_intents/${pi.id}/cancel`, '', 'cancel-1');
    expect(first.status).toBe(400);
    expect(await again.text()).toBe(await first.text());
    // Failed validation keeps nothing: the key then works with good parameters.
    expect((await post('/v1/customers', form({ emial: 'x@y.mx' }), 'cus-2')).status).toBe(400);
    expect((await post('/v1/customers', form({ email: 'x@y.mx' }), 'cus-2')).status).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------
// OXXO
// ---------------------------------------------------------------------------------------------

describe('OXXO vouchers', () => {
  it('confirm=true issues the voucher: requires_action with its number, URL and expiry', async () => {
    const pi = await stripe.paymentIntents.create(OXXO);
    expect(pi).toMatchObject({
      status: 'requires_action',
      amount: 150_000,
      amount_received: 0,
      currency: 'mxn',
      payment_method_types: ['oxxo'],
      metadata: { orderId: 'orden-1' },
      payment_method_options: { oxxo: { expires_after_days: 3 } },
      next_action: {
        type: 'oxxo_display_details',
        oxxo_display_details: {
          hosted_voucher_url: `${fake.url}/__stripe-simulator/oxxo/${pi.id}`,
          number: expect.stringMatching(/^\d{14}$/),
          expires_after: expect.any(Number),
        },
      },
    });
    expect(typesFor(fake, pi.id)).toEqual(['payment_intent.created', 'payment_intent.requires_action']);
  });

  it('expires at 23:59:59 Mexico City (UTC−6) of today + N calendar days', async () => {
    // 09:00 in Mexico City on 10 March 2026; and 23:30 on 9 March (05:30 UTC on the 10th).
    expect(oxxoExpiresAfter(Date.parse('2026-03-10T15:00:00Z'), 3)).toBe(
      Date.parse('2026-03-13T23:59:59-06:00') / 1000,
    );
    expect(oxxoExpiresAfter(Date.parse('2026-03-10T05:30:00Z'), 1)).toBe(
      Date.parse('2026-03-10T23:59:59-06:00') / 1000,
    );
    const at = Date.parse('2026-07-01T20:00:00Z');
    const timed = await startFakeStripe({ now: () => at });
    try {
      const pi = await client(timed).paymentIntents.create({
        ...OXXO,
        payment_method_options: { oxxo: { expires_after_days: 7 } },
      });
      expect(pi.next_action?.oxxo_display_details?.expires_after).toBe(
        Date.parse('2026-07-08T23:59:59-06:00') / 1000,
      );
    } finally {
      await timed.close();
    }
  });

  it('refuses what OXXO cannot take: over 10,000.00 MXN, another currency, days outside 1–7, no buyer name', async () => {
    await expect(stripe.paymentIntents.create({ ...OXXO, amount: 1_000_001 })).rejects.toMatchObject({
      code: 'amount_too_large',
      param: 'amount',
    });
    await expect(stripe.paymentIntents.create({ ...OXXO, currency: 'usd' })).rejects.toMatchObject({
      param: 'currency',
    });
    await expect(
      stripe.paymentIntents.create({ ...OXXO, payment_method_options: { oxxo: { expires_after_days: 8 } } }),
    ).rejects.toMatchObject({ param: 'payment_method_options[oxxo][expires_after_days]' });
    await expect(
      stripe.paymentIntents.create({ ...OXXO, payment_method_data: { type: 'oxxo' } }),
    ).rejects.toMatchObject({
      code: 'parameter_missing',
      param: 'payment_method_data[billing_details][name]',
    });
    await expect(
      stripe.paymentIntents.create({ ...OXXO, allowed_payment_method_types: ['card'] }),
    ).rejects.toMatchObject({ code: 'payment_intent_incompatible_payment_method' });
    await expect(
      stripe.paymentIntents.create({ ...OXXO, allowed_payment_method_types: ['boleto'] }),
    ).rejects.toMatchObject({ param: 'allowed_payment_method_types' });
  });

  it('paid at the store: succeeded with an OXXO charge, amount_received, payment_intent.succeeded', async () => {
    const pi = await stripe.paymentIntents.create(OXXO);
    fake.payOxxo(pi.id);
    const paid = await stripe.paymentIntents.retrieve(pi.id, { expand: ['latest_charge'] });
    const charge = paid.latest_charge as Stripe.Charge;
    expect(paid).toMatchObject({ status: 'succeeded', amount_received: 150_000, next_action: null });
    expect(charge).toMatchObject({
      object: 'charge',
      status: 'succeeded',
      amount: 150_000,
      payment_intent: pi.id,
      metadata: { orderId: 'orden-1' },
      payment_method_details: {
        type: 'oxxo',
        oxxo: { number: pi.next_action!.oxxo_display_details!.number },
      },
    });
    expect(typesFor(fake, pi.id).slice(-1)).toEqual(['payment_intent.succeeded']);
    expect(() => fake.payOxxo(pi.id)).toThrow(/succeeded/);
    expect(() => fake.expireOxxo(pi.id)).toThrow(/succeeded/);
  });

  it('lapsed unpaid: requires_payment_method with payment_intent_payment_attempt_expired; cash confirmed later still succeeds', async () => {
    const pi = await stripe.paymentIntents.create(OXXO);
    fake.expireOxxo(pi.id);
    const lapsed = await stripe.paymentIntents.retrieve(pi.id);
    expect(lapsed).toMatchObject({
      status: 'requires_payment_method',
      next_action: null,
      payment_method: null,
      last_payment_error: { code: 'payment_intent_payment_attempt_expired', payment_method_type: 'oxxo' },
    });
    expect(typesFor(fake, pi.id).slice(-1)).toEqual(['payment_intent.payment_failed']);
    // Cash handed over before the voucher lapsed, confirmed by OXXO the next business day.
    fake.payOxxo(pi.id);
    expect((await stripe.paymentIntents.retrieve(pi.id)).status).toBe('succeeded');
  });

  it('cancel: from requires_action (or a lapsed voucher), never once succeeded or canceled', async () => {
    const pi = await stripe.paymentIntents.create(OXXO);
    const canceled = await stripe.paymentIntents.cancel(pi.id, { cancellation_reason: 'abandoned' });
    expect(canceled).toMatchObject({
      status: 'canceled',
      cancellation_reason: 'abandoned',
      next_action: null,
    });
    expect(canceled.canceled_at).toEqual(expect.any(Number));
    expect(typesFor(fake, pi.id).slice(-1)).toEqual(['payment_intent.canceled']);
    await expect(stripe.paymentIntents.cancel(pi.id)).rejects.toMatchObject({
      code: 'payment_intent_unexpected_state',
      message: expect.stringContaining('status of canceled'),
    });
    expect(() => fake.payOxxo(pi.id)).toThrow(/canceled/);
    const paid = await stripe.paymentIntents.create(OXXO);
    fake.payOxxo(paid.id);
    await expect(stripe.paymentIntents.cancel(paid.id)).rejects.toMatchObject({
      code: 'payment_intent_unexpected_state',
      raw: { payment_intent: { id: paid.id, status: 'succeeded' } },
    });
    const lapsed = await stripe.paymentIntents.create(OXXO);
    fake.expireOxxo(lapsed.id);
    expect((await stripe.paymentIntents.cancel(lapsed.id)).status).toBe('canceled');
  });

  it('processing, then failed: processing and payment_failed events', async () => {
    const pi = await stripe.paymentIntents.create(OXXO);
    fake.process(pi.id);
    expect((await stripe.paymentIntents.retrieve(pi.id)).status).toBe('processing');
    // Stripe allows canceling in processing only in rare cases; it is allowed here.
    fake.fail(pi.id);
    expect(await stripe.paymentIntents.retrieve(pi.id)).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: { code: 'payment_intent_payment_attempt_failed' },
    });
    expect(typesFor(fake, pi.id).slice(-2)).toEqual([
      'payment_intent.processing',
      'payment_intent.payment_failed',
    ]);
    expect(() => fake.process(pi.id)).toThrow(/requires_payment_method/);
  });

  it('cannot be refunded: Stripe documents no refunds for OXXO', async () => {
    const pi = await stripe.paymentIntents.create(OXXO);
    fake.payOxxo(pi.id);
    await expect(
      stripe.refunds.create({ payment_intent: pi.id, instructions_email: 'ana@example.mx' }),
    ).rejects.toMatchObject({ statusCode: 400, code: 'charge_not_refundable' });
  });
});

// ---------------------------------------------------------------------------------------------
// SPEI (customer_balance, mx_bank_transfer)
// ---------------------------------------------------------------------------------------------

describe('SPEI bank transfers', () => {
  const customer = (email: string | undefined = 'hospital@example.mx') =>
    stripe.customers.create({
      email,
      name: 'Hospital General',
      metadata: { userId: 'u1' },
      description: 'Compras del hospital',
    });
  const clabeOf = (pi: Stripe.PaymentIntent) =>
    pi.next_action!.display_bank_transfer_instructions!.financial_addresses![0]!.spei!.clabe;

  it('customers: create and retrieve', async () => {
    const c = await customer();
    expect(c).toMatchObject({
      object: 'customer',
      email: 'hospital@example.mx',
      name: 'Hospital General',
      metadata: { userId: 'u1' },
    });
    expect(c.id).toMatch(/^cus_/);
    expect(await stripe.customers.retrieve(c.id)).toEqual(c);
    await expect(stripe.customers.create({ email: 'no es correo' })).rejects.toMatchObject({
      code: 'email_invalid',
      param: 'email',
    });
  });

  it('gives a valid CLABE (check digit), the reference and the amount; the same customer always the same CLABE', async () => {
    const c = await customer();
    const pi = await stripe.paymentIntents.create(speiParams(c.id));
    expect(pi).toMatchObject({
      status: 'requires_action',
      customer: c.id,
      next_action: {
        type: 'display_bank_transfer_instructions',
        display_bank_transfer_instructions: {
          amount_remaining: 300_000,
          currency: 'mxn',
          type: 'mx_bank_transfer',
          reference: expect.stringMatching(/^\d{7}$/),
          hosted_instructions_url: `${fake.url}/__stripe-simulator/spei/${pi.id}`,
          financial_addresses: [
            { type: 'spei', supported_networks: ['spei'], spei: { bank_code: '646', bank_name: 'STP' } },
          ],
        },
      },
    });
    const clabe = clabeOf(pi);
    expect(clabe).toMatch(/^\d{18}$/);
    expect(clabeCheckDigit(clabe.slice(0, 17))).toBe(Number(clabe[17]));
    const second = await stripe.paymentIntents.create(speiParams(c.id, 50_000));
    expect(clabeOf(second)).toBe(clabe);
    expect(clabeOf(await stripe.paymentIntents.create(speiParams((await customer()).id)))).not.toBe(clabe);
    expect(typesFor(fake, pi.id)).toEqual(['payment_intent.created', 'payment_intent.requires_action']);
  });

  it('refuses a transfer without a customer or without its funding options', async () => {
    const { customer: _c, ...noCustomer } = speiParams('x');
    await expect(stripe.paymentIntents.create(noCustomer)).rejects.toMatchObject({
      code: 'parameter_missing',
      param: 'customer',
    });
    const c = await customer();
    await expect(
      stripe.paymentIntents.create({ ...speiParams(c.id), payment_method_options: { customer_balance: {} } }),
    ).rejects.toMatchObject({
      code: 'parameter_missing',
      param: 'payment_method_options[customer_balance][funding_type]',
    });
    await expect(
      stripe.paymentIntents.create({
        ...speiParams(c.id),
        payment_method_options: {
          customer_balance: { funding_type: 'bank_transfer', bank_transfer: { type: 'us_bank_transfer' } },
        },
      }),
    ).rejects.toMatchObject({ param: 'payment_method_options[customer_balance][bank_transfer][type]' });
  });

  it('a partial transfer leaves less to pay (partially_funded); the rest pays it', async () => {
    const c = await customer();
    const pi = await stripe.paymentIntents.create(speiParams(c.id));
    fake.fundSpei(pi.id, 100_000);
    const partial = await stripe.paymentIntents.retrieve(pi.id);
    expect(partial).toMatchObject({
      status: 'requires_action',
      amount_received: 100_000,
      next_action: { display_bank_transfer_instructions: { amount_remaining: 200_000 } },
    });
    expect(typesFor(fake, pi.id).slice(-1)).toEqual(['payment_intent.partially_funded']);
    fake.fundSpei(pi.id, 200_000);
    const paid = await stripe.paymentIntents.retrieve(pi.id, { expand: ['latest_charge'] });
    expect(paid).toMatchObject({ status: 'succeeded', amount_received: 300_000, next_action: null });
    expect((paid.latest_charge as Stripe.Charge).payment_method_details?.type).toBe('customer_balance');
    expect(typesFor(fake, pi.id).slice(-1)).toEqual(['payment_intent.succeeded']);
    expect((await stripe.customers.retrieveCashBalance(c.id)).available).toEqual({ mxn: 0 });
  });

  it('an overpayment pays it and the excess stays in the cash balance (cash_balance.funds_available)', async () => {
    const c = await customer();
    const pi = await stripe.paymentIntents.create(speiParams(c.id));
    fake.fundSpei(pi.id, 350_000);
    expect((await stripe.paymentIntents.retrieve(pi.id)).status).toBe('succeeded');
    const balance = await stripe.customers.retrieveCashBalance(c.id);
    expect(balance).toMatchObject({ object: 'cash_balance', customer: c.id, available: { mxn: 50_000 } });
    const last = fake.events.filter((e) => e.type === 'cash_balance.funds_available').at(-1)!;
    expect(last.data.object).toMatchObject({ customer: c.id, available: { mxn: 50_000 } });
    // The balance pays the customer's next transfer at once (Stripe's reconciliation).
    const next = await stripe.paymentIntents.create(speiParams(c.id, 40_000));
    expect(next.status).toBe('succeeded');
    expect(
      (await stripe.customers.retrieve(c.id, { expand: ['cash_balance'] })) as Stripe.Customer,
    ).toMatchObject({
      cash_balance: { available: { mxn: 10_000 } },
    });
  });

  it('money for a canceled transfer stays in the cash balance; canceling gives back what had arrived', async () => {
    const c = await customer();
    const pi = await stripe.paymentIntents.create(speiParams(c.id));
    fake.fundSpei(pi.id, 120_000);
    await stripe.paymentIntents.cancel(pi.id);
    expect(await stripe.paymentIntents.retrieve(pi.id)).toMatchObject({
      status: 'canceled',
      amount_received: 0,
    });
    expect((await stripe.customers.retrieveCashBalance(c.id)).available).toEqual({ mxn: 120_000 });
    fake.fundSpei(pi.id, 180_000);
    expect((await stripe.paymentIntents.retrieve(pi.id)).status).toBe('canceled');
    expect((await stripe.customers.retrieveCashBalance(c.id)).available).toEqual({ mxn: 300_000 });
    const kinds = fake.cashBalanceTransactions.filter((t) => t.customer === c.id).map((t) => t.type);
    expect(kinds).toEqual(['funded', 'applied_to_payment', 'unapplied_from_payment', 'funded']);
  });

  it('Stripe’s test helper funds a cash balance too (reference, or an exact amount, reconciles it)', async () => {
    const c = await customer();
    const pi = await stripe.paymentIntents.create(speiParams(c.id));
    const txn = await stripe.testHelpers.customers.fundCashBalance(c.id, {
      amount: 300_000,
      currency: 'mxn',
    });
    expect(txn).toMatchObject({
      object: 'customer_cash_balance_transaction',
      type: 'funded',
      net_amount: 300_000,
    });
    expect((await stripe.paymentIntents.retrieve(pi.id)).status).toBe('succeeded');
  });
});

// ---------------------------------------------------------------------------------------------
// Cards in Checkout, meses sin intereses
// ---------------------------------------------------------------------------------------------

describe('Checkout Sessions', () => {
  it('takes the documented parameters and answers the session', async () => {
    const expiresAt = Math.floor(Date.now() / 1000) + 3600;
    const s = await session({
      allowed_payment_method_types: ['card'],
      payment_method_options: { card: { installments: { enabled: true } } },
      customer_email: 'ana@example.mx',
      locale: 'es-419',
      expires_at: expiresAt,
      metadata: { orderId: 'o-9' },
      client_reference_id: 'o-9',
      payment_intent_data: { metadata: { orderId: 'o-9' } },
    });
    expect(s).toMatchObject({
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 360_000,
      currency: 'mxn',
      customer_email: 'ana@example.mx',
      locale: 'es-419',
      expires_at: expiresAt,
      client_reference_id: 'o-9',
      payment_method_types: ['card'],
      payment_method_options: { card: { installments: { enabled: true } } },
      url: `${fake.url}/__stripe-simulator/checkout/${s.id}`,
    });
    await expect(session({ expires_at: expiresAt + 86_400 })).rejects.toMatchObject({ param: 'expires_at' });
    await expect(session({ customer_email: 'ana' })).rejects.toMatchObject({ code: 'email_invalid' });
  });

  it('pays with a Mexican credit card in 6 meses sin intereses; retrieve expands payment_intent.latest_charge', async () => {
    const s = await session({
      payment_method_options: { card: { installments: { enabled: true } } },
      payment_intent_data: { metadata: { orderId: 'o-10' } },
    });
    expect(fake.plansFor(s.id)).toEqual(msiPlansFor(360_000));
    fake.pay(s.id, { installments: 6 });
    const paid = await stripe.checkout.sessions.retrieve(s.id, { expand: ['payment_intent.latest_charge'] });
    expect(paid).toMatchObject({ status: 'complete', payment_status: 'paid', url: null });
    const pi = paid.payment_intent as Stripe.PaymentIntent;
    expect(pi).toMatchObject({
      status: 'succeeded',
      amount: 360_000,
      amount_received: 360_000,
      metadata: { orderId: 'o-10' },
    });
    expect((pi.latest_charge as Stripe.Charge).payment_method_details!.card).toMatchObject({
      brand: 'visa',
      last4: '0008',
      funding: 'credit',
      country: 'MX',
      installments: { plan: { count: 6, interval: 'month', type: 'fixed_count' } },
    });
    expect(typesFor(fake, s.id)).toEqual(['checkout.session.completed']);
    expect(typesFor(fake, pi.id)).toEqual(['payment_intent.created', 'payment_intent.succeeded']);
    expect(() => fake.pay(s.id)).toThrow(/pagada/);
  });

  it('a debit card pays in one payment; installments only when enabled, on credit, for amounts that qualify', async () => {
    const s = await session();
    fake.pay(s.id, { funding: 'debit' });
    const paid = await stripe.checkout.sessions.retrieve(s.id, { expand: ['payment_intent.latest_charge'] });
    const card = ((paid.payment_intent as Stripe.PaymentIntent).latest_charge as Stripe.Charge)
      .payment_method_details!.card!;
    expect(card).toMatchObject({ funding: 'debit', installments: null });
    expect(() => fake.pay(s.id, { installments: 3 })).toThrow();
    const off = await session();
    expect(fake.plansFor(off.id)).toEqual([]);
    expect(() => fake.pay(off.id, { installments: 3 })).toThrow(/no ofrece meses/);
    const on = await session({ payment_method_options: { card: { installments: { enabled: true } } } });
    expect(() => fake.pay(on.id, { installments: 3, funding: 'debit' })).toThrow(/crédito/);
    // 360.00 MXN × … : 12 months would be 300 MXN each, 3600 / 12 = 300 ≥ 100: qualifies; 1,000 MXN does not for 12.
    const small = await session({
      line_items: [
        {
          quantity: 1,
          price_data: { currency: 'mxn', unit_amount: 100_000, product_data: { name: 'Taller' } },
        },
      ],
      payment_method_options: { card: { installments: { enabled: true } } },
    });
    expect(fake.plansFor(small.id).map((p) => p.count)).toEqual([3, 6, 9]);
    expect(() => fake.pay(small.id, { installments: 12 })).toThrow(/no alcanza/);
  });

  it('a declined card leaves the session open and the intent failed (payment_failed)', async () => {
    const s = await session();
    expect(() => fake.pay(s.id, { card: '4000000000000002' })).toThrow(/rechazada/);
    const open = await stripe.checkout.sessions.retrieve(s.id, { expand: ['payment_intent'] });
    expect(open).toMatchObject({ status: 'open', payment_status: 'unpaid' });
    expect(open.payment_intent).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: { code: 'card_declined', decline_code: 'generic_decline' },
    });
    fake.pay(s.id);
    expect((await stripe.checkout.sessions.retrieve(s.id)).payment_status).toBe('paid');
  });

  it('expire: open sessions only (checkout.session.expired)', async () => {
    const s = await session();
    expect(await stripe.checkout.sessions.expire(s.id)).toMatchObject({ status: 'expired', url: null });
    expect(typesFor(fake, s.id)).toEqual(['checkout.session.expired']);
    await expect(stripe.checkout.sessions.expire(s.id)).rejects.toMatchObject({ statusCode: 400 });
    expect(() => fake.pay(s.id)).toThrow(/expiró/);
  });

  it('a PaymentIntent confirmed with a test card (pm_card_*) pays at once or is declined (402)', async () => {
    const pi = await stripe.paymentIntents.create({
      amount: 50_000,
      currency: 'mxn',
      payment_method: 'pm_card_mx',
      confirm: true,
    });
    expect(pi.status).toBe('succeeded');
    await expect(
      stripe.paymentIntents.create({
        amount: 50_000,
        currency: 'mxn',
        payment_method: 'pm_card_chargeDeclined',
        confirm: true,
      }),
    ).rejects.toMatchObject({ type: 'StripeCardError', statusCode: 402, code: 'card_declined' });
    const later = await stripe.paymentIntents.create({ amount: 50_000, currency: 'mxn' });
    expect(later.status).toBe('requires_payment_method');
    expect((await stripe.paymentIntents.confirm(later.id, { payment_method: 'pm_card_visa' })).status).toBe(
      'succeeded',
    );
    await expect(
      stripe.paymentIntents.confirm(later.id, { payment_method: 'pm_card_visa' }),
    ).rejects.toMatchObject({
      code: 'payment_intent_unexpected_state',
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Refunds
// ---------------------------------------------------------------------------------------------

describe('refunds', () => {
  async function cardPayment(amount = 80_000) {
    return stripe.paymentIntents.create({
      amount,
      currency: 'mxn',
      payment_method: 'pm_card_mx',
      confirm: true,
    });
  }
  async function speiPayment(email: string | null = 'paga@example.mx') {
    const c = await stripe.customers.create(email ? { email } : {});
    const created = await stripe.paymentIntents.create(speiParams(c.id, 90_000));
    fake.fundSpei(created.id, 90_000);
    return { customer: c, pi: await stripe.paymentIntents.retrieve(created.id) };
  }

  it('a card refund succeeds at once (refund.created, charge.refunded); partial, then the rest, then nothing left', async () => {
    const pi = await cardPayment();
    const part = await stripe.refunds.create({
      payment_intent: pi.id,
      amount: 30_000,
      reason: 'requested_by_customer',
      metadata: { refundId: 'r1' },
    });
    expect(part).toMatchObject({
      object: 'refund',
      status: 'succeeded',
      amount: 30_000,
      payment_intent: pi.id,
      metadata: { refundId: 'r1' },
    });
    expect(typesFor(fake, part.id)).toEqual(['refund.created']);
    expect(fake.events.at(-1)).toMatchObject({
      type: 'charge.refunded',
      data: { object: { amount_refunded: 30_000, refunded: false } },
    });
    await expect(stripe.refunds.create({ payment_intent: pi.id, amount: 60_000 })).rejects.toMatchObject({
      code: 'amount_too_large',
      param: 'amount',
    });
    const rest = await stripe.refunds.create({ charge: pi.latest_charge as string });
    expect(rest.amount).toBe(50_000);
    await expect(stripe.refunds.create({ payment_intent: pi.id })).rejects.toMatchObject({
      code: 'charge_already_refunded',
    });
    expect(await stripe.refunds.retrieve(rest.id)).toEqual(rest);
  });

  it('a bank-transfer refund waits for the buyer’s bank account (requires_action, e-mail sent), then completes', async () => {
    const { pi } = await speiPayment();
    const refund = await stripe.refunds.create({
      payment_intent: pi.id,
      instructions_email: 'devolucion@example.mx',
    });
    expect(refund).toMatchObject({
      status: 'requires_action',
      instructions_email: 'devolucion@example.mx',
      next_action: {
        type: 'display_details',
        display_details: {
          email_sent: { email_sent_to: 'devolucion@example.mx', email_sent_at: expect.any(Number) },
        },
      },
    });
    expect(refund.next_action!.display_details!.expires_at - refund.created).toBe(45 * 86_400);
    fake.completeRefund(refund.id);
    expect(await stripe.refunds.retrieve(refund.id)).toMatchObject({
      status: 'succeeded',
      next_action: null,
    });
    expect(fake.events.at(-1)).toMatchObject({
      type: 'refund.updated',
      data: {
        object: { id: refund.id, status: 'succeeded' },
        previous_attributes: { status: 'requires_action' },
      },
    });
    expect(() => fake.completeRefund(refund.id)).toThrow(/succeeded/);
  });

  it('without an e-mail for the instructions (none given, none on the customer): refused', async () => {
    const { pi } = await speiPayment(null);
    await expect(stripe.refunds.create({ payment_intent: pi.id })).rejects.toMatchObject({
      code: 'parameter_missing',
      param: 'instructions_email',
    });
    // The customer's e-mail is enough.
    const withEmail = await speiPayment('cliente@example.mx');
    expect((await stripe.refunds.create({ payment_intent: withEmail.pi.id })).instructions_email).toBe(
      'cliente@example.mx',
    );
  });

  it('fails (refund.updated, refund.failed) and the charge counts it as not refunded again', async () => {
    const { pi } = await speiPayment();
    const refund = await stripe.refunds.create({ payment_intent: pi.id });
    fake.failRefund(refund.id, 'declined');
    expect(await stripe.refunds.retrieve(refund.id)).toMatchObject({
      status: 'failed',
      failure_reason: 'declined',
    });
    expect(typesFor(fake, refund.id).slice(-2)).toEqual(['refund.updated', 'refund.failed']);
    expect((await stripe.charges.retrieve(pi.latest_charge as string)).amount_refunded).toBe(0);
  });

  it('the buyer never answers: canceled after 45 days, the money in their cash balance (Stripe’s test helper too)', async () => {
    const { pi, customer } = await speiPayment();
    const first = await stripe.refunds.create({ payment_intent: pi.id, amount: 40_000 });
    fake.expireRefund(first.id);
    expect((await stripe.refunds.retrieve(first.id)).status).toBe('canceled');
    expect((await stripe.customers.retrieveCashBalance(customer.id)).available).toEqual({ mxn: 40_000 });
    const second = await stripe.refunds.create({ payment_intent: pi.id, amount: 50_000 });
    expect(await stripe.testHelpers.refunds.expire(second.id)).toMatchObject({ status: 'canceled' });
    expect((await stripe.customers.retrieveCashBalance(customer.id)).available).toEqual({ mxn: 90_000 });
    await expect(stripe.testHelpers.refunds.expire(second.id)).rejects.toMatchObject({ statusCode: 400 });
  });

  it('cancel: only while it waits for the buyer (requires_action)', async () => {
    const { pi } = await speiPayment();
    const refund = await stripe.refunds.create({ payment_intent: pi.id });
    expect((await stripe.refunds.cancel(refund.id)).status).toBe('canceled');
    await expect(stripe.refunds.cancel(refund.id)).rejects.toMatchObject({ statusCode: 400 });
    const card = await cardPayment();
    const done = await stripe.refunds.create({ payment_intent: card.id });
    await expect(stripe.refunds.cancel(done.id)).rejects.toMatchObject({ statusCode: 400 });
  });

  it('refuses a refund of an unpaid intent, or without payment_intent or charge', async () => {
    const pi = await stripe.paymentIntents.create(OXXO);
    await expect(stripe.refunds.create({ payment_intent: pi.id })).rejects.toMatchObject({
      code: 'charge_not_refundable',
    });
    await expect(stripe.refunds.create({ amount: 100 })).rejects.toMatchObject({ code: 'parameter_missing' });
  });
});

// ---------------------------------------------------------------------------------------------
// Events and webhooks
// ---------------------------------------------------------------------------------------------

describe('events', () => {
  it('are Stripe Event objects with the object as it was, listed and retrievable', async () => {
    const pi = await stripe.paymentIntents.create(OXXO, { idempotencyKey: 'evt-1' });
    fake.payOxxo(pi.id);
    const [created, requiresAction, succeeded] = fake.events.filter(
      (e) => (e.data.object as { id: string }).id === pi.id,
    );
    expect(requiresAction).toMatchObject({
      object: 'event',
      type: 'payment_intent.requires_action',
      api_version: API_VERSION,
      livemode: false,
      data: { object: { id: pi.id, status: 'requires_action' } },
      request: { id: expect.stringMatching(/^req_/), idempotency_key: 'evt-1' },
    });
    expect(succeeded).toMatchObject({ data: { object: { status: 'succeeded' } }, request: { id: null } });
    expect(await stripe.events.retrieve(created!.id)).toEqual(JSON.parse(JSON.stringify(created)));
    const listed = await stripe.events.list({ type: 'payment_intent.*', limit: 3 });
    expect(listed.data.map((e) => e.id)).toEqual(
      fake.events
        .filter((e) => e.type.startsWith('payment_intent.'))
        .slice(-3)
        .reverse()
        .map((e) => e.id),
    );
    expect(listed.has_more).toBe(true);
  });

  it('event(type, object) still signs a delivery by hand for constructEvent', () => {
    const delivery = fake.event('checkout.session.completed', {
      id: 'cs_test_x',
      object: 'checkout.session',
    });
    const event = stripe.webhooks.constructEvent(
      delivery.body,
      delivery.headers['stripe-signature']!,
      fake.webhookSecret,
    );
    expect(event).toMatchObject({
      type: 'checkout.session.completed',
      data: { object: { id: 'cs_test_x' } },
    });
  });
});

describe('webhook delivery', () => {
  let endpoint: RunningServer;
  const received: { body: string; signature: string }[] = [];
  /** Statuses the endpoint answers, in turn (200 once they run out). */
  const script: number[] = [];
  let hooked: FakeStripe;
  let api: Stripe;

  beforeAll(async () => {
    endpoint = await listen((req, body, res) => {
      received.push({ body, signature: String(req.headers['stripe-signature']) });
      res.writeHead(script.shift() ?? 200).end();
    });
    hooked = await startFakeStripe({
      webhookUrl: `${endpoint.url}/api/stripe/webhook`,
      retryDelaysMs: [10, 20, 40],
    });
    api = client(hooked);
  });
  afterAll(async () => {
    await hooked.close();
    await endpoint.close();
  });

  it('POSTs every event, signed (constructEvent verifies it), in order', async () => {
    received.length = 0;
    const pi = await api.paymentIntents.create(OXXO);
    hooked.payOxxo(pi.id);
    await hooked.idle();
    const events = received.map((r) =>
      api.webhooks.constructEvent(r.body, r.signature, hooked.webhookSecret),
    );
    expect(events.map((e) => e.type)).toEqual([
      'payment_intent.created',
      'payment_intent.requires_action',
      'charge.succeeded',
      'payment_intent.succeeded',
    ]);
    expect(events.map((e) => e.id)).toEqual(hooked.events.slice(-4).map((e) => e.id));
    expect(() =>
      api.webhooks.constructEvent(received[0]!.body, received[0]!.signature, 'whsec_other'),
    ).toThrow();
  });

  it('retries a failed delivery with a short backoff, then goes on in order', async () => {
    received.length = 0;
    script.push(500, 503);
    const c = await api.customers.create({ email: 'r@example.mx' });
    await api.customers.create({ email: 's@example.mx' });
    await hooked.idle();
    const [first] = hooked.events.filter((e) => (e.data.object as { id: string }).id === c.id);
    expect(hooked.deliveries.filter((d) => d.eventId === first!.id).map((d) => d.status)).toEqual([
      500, 503, 200,
    ]);
    expect(received.map((r) => JSON.parse(r.body).data.object.email)).toEqual([
      'r@example.mx',
      'r@example.mx',
      'r@example.mx',
      's@example.mx',
    ]);
  });

  it('without auto-delivery nothing is sent until deliver(); redeliver and any order are the test’s to choose', async () => {
    received.length = 0;
    hooked.autoDeliver = false;
    try {
      const pi = await api.paymentIntents.create(OXXO);
      hooked.expireOxxo(pi.id);
      await sleep(30);
      expect(received).toHaveLength(0);
      const [, requiresAction, failed] = hooked.events.slice(-3);
      expect(await hooked.deliver(failed!.id)).toBe(200);
      expect(await hooked.deliver(requiresAction!.id)).toBe(200);
      expect(await hooked.redeliver(failed!.id)).toBe(200);
      expect(received.map((r) => JSON.parse(r.body).type)).toEqual([
        'payment_intent.payment_failed',
        'payment_intent.requires_action',
        'payment_intent.payment_failed',
      ]);
      expect(received[2]!.body).toBe(received[0]!.body);
      expect(hooked.signedDelivery(failed!.id).body).toBe(received[0]!.body);
    } finally {
      hooked.autoDeliver = true;
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Controls over HTTP and the simulator's pages
// ---------------------------------------------------------------------------------------------

describe('controls under /__fake and the pages', () => {
  const control = (p: string, body: unknown = {}) =>
    fetch(`${fake.url}/__fake${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('pay, expire and fund need no API key; bad states answer 409, unknown ids 404', async () => {
    const pi = await stripe.paymentIntents.create(OXXO);
    expect((await control(`/payment_intents/${pi.id}/pay_oxxo`)).status).toBe(200);
    const again = await control(`/payment_intents/${pi.id}/pay_oxxo`);
    expect(again.status).toBe(409);
    expect((await body(again)).message).toMatch(/succeeded/);
    expect((await control('/payment_intents/pi_nope/pay_oxxo')).status).toBe(404);
    const c = await stripe.customers.create({ email: 'h@example.mx' });
    const spei = await stripe.paymentIntents.create(speiParams(c.id));
    const funded = await control(`/payment_intents/${spei.id}/fund_spei`, { amount: 300_000 });
    expect((await body(funded)).status).toBe('succeeded');
    expect((await control(`/payment_intents/${spei.id}/pay_oxxo`)).status).toBe(400);
  });

  it('«Simular pago tardío»: the voucher lapses now and the late cash arrives after the delay', async () => {
    const pi = await stripe.paymentIntents.create(OXXO);
    const res = await control(`/payment_intents/${pi.id}/late_oxxo`, { delayMs: 50 });
    expect(res.status).toBe(200);
    expect(await body(res)).toMatchObject({
      status: 'requires_payment_method',
      message: expect.stringMatching(/venció/),
    });
    await sleep(120);
    expect((await stripe.paymentIntents.retrieve(pi.id)).status).toBe('succeeded');
    expect(typesFor(fake, pi.id).slice(-2)).toEqual([
      'payment_intent.payment_failed',
      'payment_intent.succeeded',
    ]);
  });

  it('refund controls', async () => {
    const c = await stripe.customers.create({ email: 'x@example.mx' });
    const pi = await stripe.paymentIntents.create(speiParams(c.id, 20_000));
    fake.fundSpei(pi.id, 20_000);
    const refund = await stripe.refunds.create({ payment_intent: pi.id });
    expect((await body(await control(`/refunds/${refund.id}/fail`, { reason: 'declined' }))).status).toBe(
      'failed',
    );
    expect((await control(`/refunds/${refund.id}/complete`)).status).toBe(409);
  });

  it('serves the checkout page with the test cards and the plans, and pays through it', async () => {
    const s = await session({ payment_method_options: { card: { installments: { enabled: true } } } });
    const page = await fetch(s.url!);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('Simulador de Stripe — ningún cobro es real');
    expect(html).toContain('4000 0048 4000 0008');
    expect(html).toContain('Pago de contado');
    expect(html).toMatch(/3 meses sin intereses de \$1,200\.00 MXN/);
    expect(html).toContain('<script src="/__stripe-simulator/stripe-simulator.js" defer></script>');
    expect(html).not.toMatch(/<script>(?!<\/script>)/);
    const paid = await control(`/checkout/sessions/${s.id}/pay`, {
      card: '4000004840000008',
      installments: 3,
    });
    expect(await paid.json()).toMatchObject({ redirect: 'http://tienda.test/verify?success=true' });
    expect(await (await fetch(s.url!)).text()).toContain('Este pago ya se completó.');
    const declined = await session();
    const refused = await control(`/checkout/sessions/${declined.id}/pay`, { card: '4000000000000002' });
    expect(refused.status).toBe(402);
    expect((await body(refused)).message).toMatch(/rechazada/);
  });

  it('serves the OXXO voucher (number, Code 128 barcode, expiry) and the SPEI instructions', async () => {
    const pi = await stripe.paymentIntents.create(OXXO);
    const html = await (await fetch(pi.next_action!.oxxo_display_details!.hosted_voucher_url!)).text();
    const number = pi.next_action!.oxxo_display_details!.number!;
    expect(html).toContain('Simulador de Stripe — ningún cobro es real');
    expect(html).toContain(number.replace(/(\d{4})(?=\d)/g, '$1 '));
    expect(html).toContain(code128Svg(number));
    expect(html).toContain('Paga en cualquier tienda OXXO');
    for (const label of ['Simular pago en OXXO', 'Simular pago tardío', 'Dejar que venza'])
      expect(html).toContain(label);
    const c = await stripe.customers.create({ email: 'h@example.mx' });
    const spei = await stripe.paymentIntents.create(speiParams(c.id));
    const instructions = spei.next_action!.display_bank_transfer_instructions!;
    const speiHtml = await (await fetch(instructions.hosted_instructions_url!)).text();
    expect(speiHtml).toContain(instructions.reference!);
    expect(speiHtml).toContain(
      instructions.financial_addresses![0]!.spei!.clabe.replace(
        /^(\d{3})(\d{3})(\d{11})(\d)$/,
        '$1 $2 $3 $4',
      ),
    );
    for (const label of [
      'Simular transferencia SPEI',
      'Transferencia parcial',
      'Transferencia tardía',
      'Dejar que venza',
    ]) {
      expect(speiHtml).toContain(label);
    }
    const js = await fetch(`${fake.url}/__stripe-simulator/stripe-simulator.js`);
    expect(js.headers.get('content-type')).toMatch(/^application\/javascript/);
    expect((await fetch(`${fake.url}/__stripe-simulator/oxxo/pi_nope`)).status).toBe(404);
    // The store's own simulations (its deadline) exist only on the store.
    expect(
      (await fetch(`${fake.url}/__stripe-simulator/__store/deadline/${spei.id}`, { method: 'POST' })).status,
    ).toBe(501);
  });
});

describe('Code 128', () => {
  /** Reads the symbol values back from the bars of the SVG. */
  function decode(svg: string): number[] {
    const rects = [...svg.matchAll(/<rect x="(\d+)" y="0" width="(\d+)"/g)].map(
      (m) => [Number(m[1]) / 2, Number(m[2]) / 2] as const,
    );
    const widths: number[] = [];
    let x = rects[0]![0];
    for (const [at, w] of rects) {
      if (at > x) widths.push(at - x);
      widths.push(w);
      x = at + w;
    }
    const values: number[] = [];
    for (let i = 0; i < widths.length;) {
      const size = values.length > 0 && widths.length - i === 7 ? 7 : 6;
      values.push(CODE128_PATTERNS.indexOf(widths.slice(i, i + size).join('')));
      i += size;
    }
    return values;
  }

  it('every pattern is 11 modules (the stop 13), and a voucher number reads back with its checksum', () => {
    CODE128_PATTERNS.forEach((p, i) =>
      expect([...p].reduce((a, d) => a + Number(d), 0)).toBe(i === 106 ? 13 : 11),
    );
    expect(code128Values('12345678901234')).toEqual([
      105,
      12,
      34,
      56,
      78,
      90,
      12,
      34,
      (105 + 12 + 68 + 168 + 312 + 450 + 72 + 238) % 103,
      106,
    ]);
    expect(decode(code128Svg('98765432109876'))).toEqual(code128Values('98765432109876'));
    expect(decode(code128Svg('OXXO-7'))).toEqual(code128Values('OXXO-7'));
  });
});

describe('decodeForm', () => {
  it('reads Stripe’s bracket encoding: nested hashes, indexed and appended arrays', () => {
    expect(decodeForm('a[b][0][c]=1&a[b][1][c]=2&expand[]=x&expand[]=y&m[k]=v%20w&e=')).toEqual({
      a: { b: [{ c: '1' }, { c: '2' }] },
      expand: ['x', 'y'],
      m: { k: 'v w' },
      e: '',
    });
  });
});
