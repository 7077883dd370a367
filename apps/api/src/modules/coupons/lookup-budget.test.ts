// The coupon look-ups' budget (docs/security.md → Coupon codes cannot be guessed), on PGlite and
// PostgreSQL with the default budget (RATE_LIMIT_COUPON_MAX, 30 distinct codes an hour per
// account and per network): guessing through a team's quote, the coupon check or a
// create-order stops at the 31st code, for every account of that network, on every path that
// takes a code; a buyer using the same code again and again is never stopped. Shared through
// Redis between instances: test/rate-limit.test.ts.

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@store/shared/messages';
import { orders } from '../../db/schema';
import type { RateCounters } from '../../plugins/rate-limit';
import { createProduct } from '../../../test/factories';
import { buyerWithCart, startPaymentsHarness, type PaymentsHarness } from '../../../test/payments-helpers';
import { ADDRESS, addToCart, createCoupon, createUser, type TestUser } from '../../../test/store-helpers';
import { couponLookupBudget } from './lookup-budget';

let h: PaymentsHarness;
beforeAll(async () => {
  // Order calls are limited on their own (RATE_LIMIT_ORDER_MAX); here only the budget counts.
  h = await startPaymentsHarness({ RATE_LIMIT_ORDER_MAX: '100000' });
});
afterAll(() => h.close());

const BUDGET = 30;
const refused = { success: false, message: MSG.couponLookupsExceeded };

/** A call from `ip` (each test uses its own network, so budgets do not mix). */
function call(url: string, user: TestUser, ip: string, payload: Record<string, unknown>) {
  return h.ctx.app.inject({
    method: 'POST',
    url,
    remoteAddress: ip,
    headers: { token: user.token },
    payload,
  });
}

/** An event of 1,000 pesos a place with one day ahead, and a team quote body for it. */
async function teamEvent() {
  const { product, days } = await createProduct(h.ctx.database.db, { price: 1000 });
  return { productId: product.id, days: [days[0]!.label], places: 2 };
}

const guesses = (tag: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${tag}${String(i + 1).padStart(3, '0')}`);

describe('guessing codes', () => {
  it('through a team quote: the 31st distinct code is refused, the 100 % code is not revealed, and the network is closed to another account', async () => {
    const ip = '10.61.0.1';
    const free = await createCoupon(h.ctx, {
      code: 'GRATIS100-EQUIPO',
      discountType: 'percent',
      discountValue: 100,
    });
    const team = await teamEvent();
    const guesser = await createUser(h.ctx);
    for (const code of guesses('ADIVINA', BUDGET)) {
      const res = await call('/api/group/quote', guesser, ip, { ...team, couponCode: code });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message: MSG.couponInvalid });
    }
    const real = await call('/api/group/quote', guesser, ip, { ...team, couponCode: free.code });
    expect(real.statusCode).toBe(429);
    expect(real.json()).toEqual(refused);
    for (const code of guesses('OTRA', 5)) {
      expect((await call('/api/group/quote', guesser, ip, { ...team, couponCode: code })).statusCode).toBe(
        429,
      );
    }
    // Another account behind the same address (a second registration) is stopped too …
    const accomplice = await createUser(h.ctx);
    const shared = await call('/api/group/quote', accomplice, ip, { ...team, couponCode: free.code });
    expect(shared.statusCode).toBe(429);
    expect(shared.json()).toEqual(refused);
    // … and so is an IPv6 guesser's next address of the same /64.
    const v6 = await createUser(h.ctx);
    for (const [i, code] of guesses('SEIS', BUDGET).entries()) {
      const from = `2001:db8:61::${(i + 1).toString(16)}`;
      expect((await call('/api/group/quote', v6, from, { ...team, couponCode: code })).statusCode).toBe(400);
    }
    const sameSlash64 = await createUser(h.ctx);
    expect(
      (
        await call('/api/group/quote', sameSlash64, '2001:db8:61:0:ffff::1', {
          ...team,
          couponCode: free.code,
        })
      ).statusCode,
    ).toBe(429);
    // From another network, the guesser's account is still out of codes; the accomplice's
    // (refused for its network before counting) and a fresh account are not.
    expect(
      (await call('/api/group/quote', accomplice, '10.61.0.2', { ...team, couponCode: 'NUEVA' })).statusCode,
    ).toBe(400);
    expect(
      (await call('/api/group/quote', guesser, '10.61.0.3', { ...team, couponCode: free.code })).statusCode,
    ).toBe(429);
    const elsewhere = await createUser(h.ctx);
    const honest = await call('/api/group/quote', elsewhere, '10.61.0.4', { ...team, couponCode: free.code });
    expect(honest.statusCode).toBe(200);
    expect(honest.json().quote.discount).toBe(2000);
  });

  it('through the coupon check and a create-order: stopped at the 31st distinct code', async () => {
    const ip = '10.62.0.1';
    const buyer = await buyerWithCart(h.ctx);
    for (const code of guesses('VALIDA', BUDGET / 2)) {
      const res = await call('/api/coupon/validate', buyer.user, ip, { code });
      expect(res.json()).toEqual({ success: false, message: MSG.couponInvalid });
    }
    for (const code of guesses('ORDEN', BUDGET / 2)) {
      const res = await call('/api/paypal/create-order', buyer.user, ip, { ...buyer.body, couponCode: code });
      expect(res.json()).toEqual({ success: false, message: MSG.couponInvalid });
    }
    const create = await call('/api/paypal/create-order', buyer.user, ip, {
      ...buyer.body,
      couponCode: 'ORDEN999',
    });
    expect(create.statusCode).toBe(429);
    expect(create.json()).toEqual(refused);
    const check = await call('/api/coupon/validate', buyer.user, ip, { code: 'VALIDA999' });
    expect(check.statusCode).toBe(429);
    expect(check.json()).toEqual(refused);
    // Refused before anything was held: no order, no seat.
    expect(await h.ctx.database.db.select().from(orders).where(eq(orders.userId, buyer.user.id))).toEqual([]);
  });

  it('guesses on the coupon check use up the budget of every other path (one budget)', async () => {
    const ip = '10.63.0.1';
    const buyer = await buyerWithCart(h.ctx);
    const team = await teamEvent();
    const tried = guesses('COMUN', BUDGET);
    for (const code of tried) {
      expect((await call('/api/coupon/validate', buyer.user, ip, { code })).statusCode).toBe(400);
    }
    const teamCheckout = { ...team, address: ADDRESS, amount: 2000 };
    const paths: [string, Record<string, unknown>][] = [
      ['/api/group/quote', team],
      ['/api/group/place', teamCheckout],
      ['/api/group/paypal/create-order', teamCheckout],
      ['/api/group/spei', teamCheckout],
      ['/api/paypal/create-order', buyer.body],
      ['/api/order/place', buyer.body],
      ['/api/order/stripe', buyer.body],
      ['/api/order/oxxo', buyer.body],
      ['/api/order/spei', buyer.body],
    ];
    for (const [url, body] of paths) {
      const res = await call(url, buyer.user, ip, { ...body, couponCode: 'COMUN-NUEVO' });
      expect({ url, status: res.statusCode, body: res.json() as unknown }).toEqual({
        url,
        status: 429,
        body: refused,
      });
    }
    // A code it already tried is looked up again (and is no valid code).
    const again = await call('/api/group/quote', buyer.user, ip, { ...team, couponCode: tried[0] });
    expect(again.json()).toEqual({ success: false, message: MSG.couponInvalid });
    // A call without a code is no look-up.
    expect((await call('/api/group/quote', buyer.user, ip, team)).statusCode).toBe(200);
  });
});

describe('a buyer who uses a code again', () => {
  it('re-quotes, re-checks and re-opens the payment with the same code 40 times each and is never stopped, even once out of new codes', async () => {
    const ip = '10.64.0.1';
    const coupon = await createCoupon(h.ctx, {
      code: 'MITAD-HONESTA',
      discountType: 'percent',
      discountValue: 50,
    });
    const buyer = await buyerWithCart(h.ctx);
    const team = await teamEvent();
    const amount = buyer.total - 500;
    for (let i = 0; i < 40; i += 1) {
      const check = await call('/api/coupon/validate', buyer.user, ip, {
        code: i % 2 ? coupon.code : ' mitad-honesta ',
      });
      expect(check.statusCode).toBe(200);
      expect(check.json().discount).toBe(500);
      const quote = await call('/api/group/quote', buyer.user, ip, {
        ...team,
        places: 1 + (i % 5),
        couponCode: coupon.code,
      });
      expect(quote.statusCode).toBe(200);
      const create = await call('/api/paypal/create-order', buyer.user, ip, {
        ...buyer.body,
        amount,
        discount: 500,
        couponCode: coupon.code,
      });
      expect(create.statusCode).toBe(200);
    }
    // All that was one code: 29 new ones are left, then the budget is spent.
    for (const code of guesses('DESPUES', BUDGET - 1)) {
      expect((await call('/api/coupon/validate', buyer.user, ip, { code })).statusCode).toBe(400);
    }
    expect((await call('/api/coupon/validate', buyer.user, ip, { code: 'DESPUES999' })).statusCode).toBe(429);
    // The code already checked still works, and the payment it opened is not refused.
    expect((await call('/api/coupon/validate', buyer.user, ip, { code: coupon.code })).statusCode).toBe(200);
    const create = await call('/api/paypal/create-order', buyer.user, ip, {
      ...buyer.body,
      amount,
      discount: 500,
      couponCode: coupon.code,
    });
    expect(create.statusCode).toBe(200);
  });

  it('keeps a code it checked when others used up its network, and one double click counts once', async () => {
    const ip = '10.65.0.1';
    const coupon = await createCoupon(h.ctx, {
      code: 'RESIDENTES-SEDE',
      discountType: 'percent',
      discountValue: 50,
    });
    const nurse = await buyerWithCart(h.ctx);
    const clicks = await Promise.all(
      Array.from({ length: 5 }, () => call('/api/coupon/validate', nurse.user, ip, { code: coupon.code })),
    );
    expect(clicks.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    // Someone else behind the hospital's address spends what is left of its budget.
    const guesser = await createUser(h.ctx);
    for (const code of guesses('HOSPITAL', BUDGET - 1)) {
      expect((await call('/api/coupon/validate', guesser, ip, { code })).statusCode).toBe(400);
    }
    expect((await call('/api/coupon/validate', guesser, ip, { code: 'HOSPITAL999' })).statusCode).toBe(429);
    // The nurse pays with the code she checked; a colleague typing the same code as hers is
    // admitted too (the network already looked it up), and a new code is not.
    const pay = await call('/api/paypal/create-order', nurse.user, ip, {
      ...nurse.body,
      amount: nurse.total - 500,
      discount: 500,
      couponCode: coupon.code,
    });
    expect(pay.statusCode).toBe(200);
    const colleague = await createUser(h.ctx);
    const { product } = await createProduct(h.ctx.database.db, { price: 1000 });
    await addToCart(h.ctx, colleague, product.id);
    expect((await call('/api/coupon/validate', colleague, ip, { code: coupon.code })).statusCode).toBe(200);
    expect((await call('/api/coupon/validate', colleague, ip, { code: 'OTRO-CODIGO' })).statusCode).toBe(429);
  });
});

describe('the budget on slow counters (as over Redis)', () => {
  /** Counters answering after a few milliseconds, windows ignored. */
  function slowCounters() {
    const counts = new Map<string, number>();
    const later = <T>(value: () => T) => new Promise<T>((r) => setTimeout(() => r(value()), 3));
    const counters: RateCounters = {
      add: (key) => later(() => counts.set(key, (counts.get(key) ?? 0) + 1).get(key)!),
      read: (key) => later(() => counts.get(key) ?? 0),
    };
    return { counters, counts };
  }
  const config = { RATE_LIMIT_COUPON_MAX: 2, RATE_LIMIT_COUPON_WINDOW_MS: 3_600_000 };

  it('calls at once of one account with one code count once', async () => {
    const { counters, counts } = slowCounters();
    const budget = couponLookupBudget(counters, config);
    const lookup = { userId: 'u1', network: '10.66.0.1', code: 'DOBLE-CLIC' };
    await Promise.all(Array.from({ length: 5 }, () => budget.admit(lookup)));
    expect(counts.get('coupon-lookups:user:u1')).toBe(1);
    expect(counts.get('coupon-lookups:net:10.66.0.1')).toBe(1);
    // Nor is a code counted again in any spelling; blank is no look-up.
    await budget.admit({ ...lookup, code: '  doble-clic ' });
    await budget.admit({ ...lookup, code: '   ' });
    expect(counts.get('coupon-lookups:user:u1')).toBe(1);
    // Keys name a digest of the code, never the code.
    expect([...counts.keys()].some((k) => k.includes('DOBLE'))).toBe(false);
  });

  it('distinct codes at once stop at the budget; a network past it refuses before the account is counted', async () => {
    const { counters, counts } = slowCounters();
    const budget = couponLookupBudget(counters, config);
    const results = await Promise.allSettled(
      ['A1', 'A2', 'A3', 'A4'].map((code) => budget.admit({ userId: 'u2', network: '10.67.0.1', code })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    const other = budget.admit({ userId: 'u3', network: '10.67.0.1', code: 'B1' });
    await expect(other).rejects.toMatchObject({
      code: 'too_many_requests',
      message: MSG.couponLookupsExceeded,
    });
    expect(counts.get('coupon-lookups:user:u3')).toBeUndefined();
    // No network known: the account's budget alone.
    await budget.admit({ userId: 'u3', network: null, code: 'B1' });
    await budget.admit({ userId: 'u3', network: null, code: 'B2' });
    await expect(budget.admit({ userId: 'u3', network: null, code: 'B3' })).rejects.toMatchObject({
      code: 'too_many_requests',
    });
  });
});
