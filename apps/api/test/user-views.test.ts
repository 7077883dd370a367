// A buyer's "my orders" and stream access are answered from memory (modules/orders/
// user-views.ts) and must never be stale: after every lifecycle action the next answer equals
// one built afresh from the database, time alone ends "cancellable", nothing is held beyond
// its maximum age (should a notification never come), a read in flight during a change is not kept, a user never gets another's answer, a 304 needs the current ETag, and on
// PostgreSQL a change made through one app instance is seen by another's next answer.

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cancellableUntil } from '@store/shared/domain/cancellation';
import { toPesos } from '@store/shared/domain/money';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import { orders, productDays } from '../src/db/schema';
import { listApiOrdersOf } from '../src/modules/orders/service';
import { UserViews, type OrdersAnswer } from '../src/modules/orders/user-views';
import { sweepExpiredOrders } from '../src/modules/payments/expiry';
import { createProduct, mexicoCityTime } from './factories';
import { createUser } from './store-helpers';
import {
  buyPaypal,
  expireHold,
  holdPaypal,
  payPaypalHold,
  request,
  startLifecycleHarness,
  type Client,
  type DayRef,
  type PaymentsHarness,
} from './lifecycle/lifecycle-helpers';

const STREAM = 'https://www.youtube.com/watch?v=primeroabcd';

let h: PaymentsHarness;
let admin: Client;
let ipCounter = 0;
beforeAll(async () => {
  h = await startLifecycleHarness();
  // This file compares with fresh answers itself: a stale one must show, not fail as a 500.
  h.ctx.app.userViews.verify = false;
  admin = { user: await createUser(h.ctx, { role: 'admin' }), ip: '127.0.0.1' };
});
afterAll(() => h.close());

async function client(): Promise<Client> {
  ipCounter += 1;
  return { user: await createUser(h.ctx), ip: `198.51.100.${ipCounter % 250}` };
}

async function oneDay(daysAhead: number, capacity = 5): Promise<DayRef & { startsAt: Date }> {
  const startsAt = mexicoCityTime(daysAhead, '09:00');
  const { product, days } = await createProduct(h.ctx.database.db, {
    price: 1000,
    days: [{ label: 'Día 1', seatCapacity: capacity, startsAt, endsAt: mexicoCityTime(daysAhead, '18:00') }],
  });
  await h.ctx.database.db
    .update(productDays)
    .set({ streamUrl: STREAM })
    .where(eq(productDays.id, days[0]!.id));
  return {
    productId: product.id,
    productDayId: days[0]!.id,
    label: 'Día 1',
    priceCentavos: product.priceCentavos,
    startsAt,
  };
}

const views = () => h.ctx.app.userViews;

async function mine(c: Client) {
  const res = await request(h, c, 'GET', '/api/order/userorders');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { success: true; orders: { _id: string; cancellable?: boolean }[] };
}

/** The answer built afresh from the database, bypassing every snapshot. */
async function fresh(c: Client) {
  return JSON.parse(
    JSON.stringify({ success: true, orders: await listApiOrdersOf(h.ctx.database.db, c.user.id) }),
  ) as unknown;
}

/**
 * Each client's answer is held (asked twice), then `action` runs; each next answer is the
 * fresh one, and differs from the one held before.
 */
async function expectFreshAfter(
  clients: Client[],
  action: () => Promise<{ statusCode: number; body: string }>,
) {
  const before = [];
  for (const c of clients) {
    before.push(await mine(c));
    expect(await mine(c)).toEqual(before.at(-1));
    expect(views().holdsOrders(c.user.id)).toBe(true);
  }
  const res = await action();
  expect(res.statusCode, res.body).toBe(200);
  for (const [i, c] of clients.entries()) {
    const after = await mine(c);
    expect(after).toEqual(await fresh(c));
    expect(after).not.toEqual(before[i]);
  }
}

describe('my orders after each lifecycle action', () => {
  it('a PayPal hold, then its payment', async () => {
    const day = await oneDay(30);
    const a = await client();
    let paypalOrderId = '';
    await expectFreshAfter([a], async () => {
      const hold = await holdPaypal(h, a, [day]);
      paypalOrderId = hold.paypalOrderId ?? '';
      return hold.res;
    });
    await expectFreshAfter([a], () => payPaypalHold(h, a, [day], paypalOrderId));
    expect((await mine(a)).orders[0]).toMatchObject({ status: 'pagado', cancellable: true });
  });

  it('the buyer’s cancellation', async () => {
    const day = await oneDay(30);
    const a = await client();
    const { orderId } = await buyPaypal(h, a, [day]);
    await expectFreshAfter([a], () => request(h, a, 'POST', '/api/order/cancel', { orderId }));
  });

  it('an administrator’s refund, then an administrator’s cancellation', async () => {
    const day = await oneDay(30);
    const a = await client();
    const { orderId } = await buyPaypal(h, a, [day]);
    await expectFreshAfter([a], () =>
      request(h, admin, 'POST', `/api/admin/orders/${orderId}/refund`, {
        amount: toPesos(100),
        note: 'Cortesía',
        revokeAccess: false,
      }),
    );
    await expectFreshAfter([a], () =>
      request(h, admin, 'POST', `/api/admin/orders/${orderId}/cancel`, { note: 'Prueba' }),
    );
  });

  it('a transfer changes both sides', async () => {
    const day = await oneDay(5);
    const a = await client();
    const b = await client();
    const { orderId } = await buyPaypal(h, a, [day]);
    await expectFreshAfter([a, b], () =>
      request(h, a, 'POST', '/api/order/transfer', {
        orderId,
        productDayId: day.productDayId,
        email: b.user.email,
        name: 'Colega De Prueba',
        confirm: true,
      }),
    );
    expect((await mine(b)).orders).toHaveLength(1);
  });

  it('a hold that expires is shown ended once the sweep ends it', async () => {
    const day = await oneDay(30);
    const a = await client();
    const hold = await holdPaypal(h, a, [day]);
    expect(hold.res.statusCode, hold.res.body).toBe(200);
    await expectFreshAfter([a], async () => {
      await expireHold(h, hold.orderId!);
      await sweepExpiredOrders(h.deps);
      return { statusCode: 200, body: '' };
    });
    expect((await mine(a)).orders[0]).toMatchObject({ status: 'cancelado' });
  });
});

describe('time', () => {
  it('"cancellable" ends at its deadline without any write, and comes back if the clock goes back', async () => {
    // The deadline is two days from now: within the session's validity.
    const day = await oneDay(16);
    const a = await client();
    await buyPaypal(h, a, [day]);
    expect((await mine(a)).orders[0]!.cancellable).toBe(true);
    expect(views().holdsOrders(a.user.id)).toBe(true);
    const deadline = cancellableUntil(day.startsAt).getTime();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(deadline - 1000);
      expect((await mine(a)).orders[0]!.cancellable).toBe(true);
      vi.setSystemTime(deadline);
      const after = await mine(a);
      expect(after.orders[0]!.cancellable).toBe(false);
      expect(after).toEqual(await fresh(a));
      vi.setSystemTime(deadline - 60_000);
      expect((await mine(a)).orders[0]!.cancellable).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the stream page', () => {
  const single = async (c: Client, productId: string) => {
    const res = await request(h, c, 'GET', `/api/product/single/${productId}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().product.dayLinks as Record<string, string>;
  };

  it('shows the link once paid, a changed link at once, and none after a cancellation', async () => {
    const day = await oneDay(30);
    const a = await client();
    expect(await single(a, day.productId)).toEqual({});
    const { orderId } = await buyPaypal(h, a, [day]);
    expect(await single(a, day.productId)).toEqual({ 'Día 1': STREAM });
    const moved = 'https://www.youtube.com/watch?v=segundoabcd';
    await h.ctx.database.db
      .update(productDays)
      .set({ streamUrl: moved })
      .where(eq(productDays.id, day.productDayId));
    expect(await single(a, day.productId)).toEqual({ 'Día 1': moved });
    const cancel = await request(h, a, 'POST', '/api/order/cancel', { orderId });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await single(a, day.productId)).toEqual({});
  });
});

describe('HTTP', () => {
  it('GET and POST give the same answer; 304 only for GET with the current ETag', async () => {
    const day = await oneDay(30);
    const a = await client();
    await buyPaypal(h, a, [day]);
    const get = await request(h, a, 'GET', '/api/order/userorders');
    const etag = get.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(get.headers['cache-control']).toBe('private, no-cache');
    const post = await request(h, a, 'POST', '/api/order/userorders');
    expect(post.json()).toEqual(get.json());

    const again = await h.ctx.app.inject({
      method: 'GET',
      url: '/api/order/userorders',
      headers: { token: a.user.token, 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const posted = await h.ctx.app.inject({
      method: 'POST',
      url: '/api/order/userorders',
      headers: { token: a.user.token, 'if-none-match': etag },
    });
    expect(posted.statusCode).toBe(200);

    await buyPaypal(h, a, [await oneDay(31)]);
    const changed = await h.ctx.app.inject({
      method: 'GET',
      url: '/api/order/userorders',
      headers: { token: a.user.token, 'if-none-match': etag, 'accept-encoding': 'gzip, br' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('a user never gets another user’s answer or tag', async () => {
    const day = await oneDay(30);
    const [a, b] = [await client(), await client()];
    await buyPaypal(h, a, [day]);
    const ofA = await request(h, a, 'GET', '/api/order/userorders');
    const ofB = await request(h, b, 'GET', '/api/order/userorders');
    expect(ofB.json()).toEqual({ success: true, orders: [] });
    expect(ofB.headers.etag).not.toBe(ofA.headers.etag);
    const bWithA = await h.ctx.app.inject({
      method: 'GET',
      url: '/api/order/userorders',
      headers: { token: b.user.token, 'if-none-match': ofA.headers.etag as string },
    });
    expect(bWithA.statusCode).toBe(200);
    expect(bWithA.json()).toEqual(await fresh(b));
  });

  it('a large answer is sent compressed as the client accepts', async () => {
    const a = await client();
    for (let i = 0; i < 4; i++) await buyPaypal(h, a, [await oneDay(30 + i)]);
    const res = await h.ctx.app.inject({
      method: 'GET',
      url: '/api/order/userorders',
      headers: { token: a.user.token, 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toContain('Accept-Encoding');
  });
});

describe('UserViews', () => {
  const live = { live: true, flush: async () => undefined };
  const answer = (text: string): OrdersAnswer => ({ text, validUntil: Infinity });

  it('does not keep a read that was in flight when a change arrived', async () => {
    let release: (a: OrdersAnswer) => void = () => undefined;
    let reads = 0;
    const cache = new UserViews(() => {
      reads++;
      return new Promise((resolve) => (release = resolve));
    });
    cache.follow(live);
    const first = cache.orders('u1');
    cache.drop('u1');
    release(answer('{"old":true}'));
    expect((await first).body.toString()).toBe('{"old":true}');
    expect(cache.holdsOrders('u1')).toBe(false);
    const second = cache.orders('u1');
    release(answer('{"new":true}'));
    await second;
    expect(cache.holdsOrders('u1')).toBe(true);
    expect((await cache.orders('u1')).body.toString()).toBe('{"new":true}');
    expect(reads).toBe(2);
  });

  it('holds nothing while the listening connection is down, and drops only the user named', async () => {
    const down = { live: false, flush: async () => undefined };
    const cache = new UserViews(async (id) => answer(`"${id}"`));
    cache.follow(live, down);
    await cache.orders('u1');
    expect(cache.size).toBe(0);
    cache.follow(live);
    await cache.orders('u1');
    await cache.orders('u2');
    cache.drop('u1');
    expect([cache.holdsOrders('u1'), cache.holdsOrders('u2')]).toEqual([false, true]);
    cache.drop();
    expect(cache.size).toBe(0);
  });

  it('is bounded in users and bytes, oldest out', async () => {
    const cache = new UserViews(async (id) => answer(`"${id.repeat(100)}"`), 3, 1_000_000);
    cache.follow(live);
    for (const id of ['a', 'b', 'c', 'd']) await cache.orders(id);
    expect(['a', 'b', 'c', 'd'].map((id) => cache.holdsOrders(id))).toEqual([false, true, true, true]);
    const small = new UserViews(async (id) => answer(`"${id.repeat(100)}"`), 100, 250);
    small.follow(live);
    for (const id of ['a', 'b', 'c']) await small.orders(id);
    expect(['a', 'b', 'c'].map((id) => small.holdsOrders(id))).toEqual([false, true, true]);
  });

  it('holds an answer or a value no longer than its maximum age, without any notification', async () => {
    let reads = 0;
    const cache = new UserViews(
      async () => ({ text: String(++reads), validUntil: Infinity }),
      10,
      1_000_000,
      60_000,
    );
    cache.follow(live);
    await cache.orders('u', new Date(1_000));
    await cache.orders('u', new Date(60_999));
    expect(reads).toBe(1);
    await cache.orders('u', new Date(61_000));
    expect(reads).toBe(2);

    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(1_000_000);
      let loads = 0;
      const streamLinks = async () => ({ link: ++loads });
      expect(await cache.value('u', 'stream', streamLinks)).toEqual({ link: 1 });
      vi.setSystemTime(1_059_999);
      expect(await cache.value('u', 'stream', streamLinks)).toEqual({ link: 1 });
      vi.setSystemTime(1_060_000);
      expect(await cache.value('u', 'stream', streamLinks)).toEqual({ link: 2 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('rebuilds once the clock reaches the answer’s validity', async () => {
    let reads = 0;
    const cache = new UserViews(async () => ({ text: String(++reads), validUntil: 2000 }));
    cache.follow(live);
    await cache.orders('u', new Date(1000));
    await cache.orders('u', new Date(1999));
    expect(reads).toBe(1);
    await cache.orders('u', new Date(2000));
    expect(reads).toBe(2);
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('two app instances on one PostgreSQL database', () => {
  it('a payment through one is seen by the other’s next answer within a second', async () => {
    const database = await openDatabase({ databaseUrl: h.ctx.config.DATABASE_URL, poolSize: 4 });
    const other = await buildApp({ config: h.ctx.config, database, logger: false });
    try {
      const day = await oneDay(30);
      const a = await client();
      const ask = async () => {
        const res = await other.inject({
          method: 'GET',
          url: '/api/order/userorders',
          headers: { token: a.user.token },
        });
        return res.json() as { orders: unknown[] };
      };
      expect((await ask()).orders).toHaveLength(0);
      expect((await ask()).orders).toHaveLength(0);
      expect(other.userViews.holdsOrders(a.user.id)).toBe(true);
      await buyPaypal(h, a, [day]);
      const from = Date.now();
      while ((await ask()).orders.length === 0 && Date.now() - from < 5000) {
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(Date.now() - from).toBeLessThan(1000);
      const [row] = await h.ctx.database.db.select().from(orders).where(eq(orders.userId, a.user.id));
      expect((await ask()).orders).toEqual([expect.objectContaining({ _id: row!.id, status: 'pagado' })]);
    } finally {
      await other.close();
      await database.close();
    }
  });
});
