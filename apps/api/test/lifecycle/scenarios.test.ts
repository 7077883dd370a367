// The order lifecycle's known failures, one plain scenario each (docs/after-sale.md →
// Invariants and the model test), against the real API and the fake PayPal: seats freed twice
// after a transfer (admin cancel, admin refund revoking access, full refund and reversal
// webhooks), a cancellation racing a transfer over midnight of the last cancellation date,
// an admin refund queued behind a transfer of one of its days, a cancellation after a
// goodwill refund, holds farmed by expiring them or by many accounts,
// open offers in the catalogue and in a lowered capacity, and the quote and /orders of orders
// whose days moved or came back in part. A refused action answers `{ success: false,
// message }` and leaves every lifecycle table as it was.

import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SERVICE_FEE_CENTAVOS } from '@store/shared/constants';
import { cancellationFigures } from '@store/shared/domain/cancellation';
import { toPesos } from '@store/shared/domain/money';
import type { AdminEvent } from '@store/shared/schemas/admin/events';
import { dayTransfers, orderDays, orderRefunds, orders, waitlistEntries } from '../../src/db/schema';
import { sweepExpiredOrders } from '../../src/modules/payments/expiry';
import { createProduct, mexicoCityTime } from '../factories';
import { deliver, orderRow as orderRowOf } from '../payments-helpers';
import { createUser } from '../store-helpers';
import {
  buyPaypal,
  expectInvariants,
  expectRefusal,
  expireHold,
  fingerprint,
  holdPaypal,
  invariantViolations,
  newEmail,
  payPaypalHold,
  place,
  request,
  startLifecycleHarness,
  type Client,
  type DayRef,
  type PaymentsHarness,
} from './lifecycle-helpers';

let h: PaymentsHarness;
let admin: Client;
let ipCounter = 0;
beforeAll(async () => {
  // Three open holds of limited days per network (the store's default is sized for a hospital).
  h = await startLifecycleHarness({ MAX_OPEN_HOLDS_PER_NETWORK: '3' });
  admin = { user: await createUser(h.ctx, { role: 'admin' }), ip: '127.0.0.1' };
});
afterAll(() => h.close());

/** A customer on an address of its own (the hold limits count per network). */
async function client(ip?: string): Promise<Client> {
  ipCounter += 1;
  return { user: await createUser(h.ctx), ip: ip ?? `198.51.100.${ipCounter % 250}` };
}

/** A one-day event `daysAhead` days from today (9:00–18:00 Mexico City). */
async function oneDay(opts: {
  daysAhead: number;
  capacity?: number | null;
  price?: number;
}): Promise<DayRef> {
  const { product, days } = await createProduct(h.ctx.database.db, {
    price: opts.price ?? 1000,
    days: [
      {
        label: 'Día 1',
        seatCapacity: opts.capacity === undefined ? 1 : opts.capacity,
        startsAt: mexicoCityTime(opts.daysAhead, '09:00'),
        endsAt: mexicoCityTime(opts.daysAhead, '18:00'),
      },
    ],
  });
  return {
    productId: product.id,
    productDayId: days[0]!.id,
    label: 'Día 1',
    priceCentavos: product.priceCentavos,
  };
}

const transfer = (from: Client, orderId: string, day: DayRef, email = newEmail()) =>
  request(h, from, 'POST', '/api/order/transfer', {
    orderId,
    productDayId: day.productDayId,
    email,
    name: 'Colega De Prueba',
    confirm: true,
  });

/** A cash order the administrator marks paid. */
async function buyCash(c: Client, day: DayRef) {
  const placed = await place(h, c, [day]);
  if (!placed.orderId) throw new Error(`order/place ${placed.res.statusCode}: ${placed.res.body}`);
  const paid = await request(h, admin, 'POST', `/api/admin/orders/${placed.orderId}/mark-paid`, {
    note: 'Pagó',
  });
  if (paid.statusCode !== 200) throw new Error(`mark-paid ${paid.statusCode}: ${paid.body}`);
  return { orderId: placed.orderId, paypalOrderId: '' };
}

async function paidHolders(productDayId: string): Promise<number> {
  const rows = await h.ctx.database.db
    .select({ id: orderDays.id })
    .from(orderDays)
    .where(and(eq(orderDays.productDayId, productDayId), eq(orderDays.status, 'pagado')));
  return rows.length;
}

/**
 * After A's transferred day was ended by `end` (A's order no longer holds it; the colleague
 * does), a new buyer must not get a second seat of a one-seat day.
 */
async function expectNoOversellAfter(
  end: (a: Client, orderId: string, paypalOrderId: string) => Promise<void>,
  paidBy: 'paypal' | 'cash' = 'paypal',
) {
  const day = await oneDay({ daysAhead: 8, capacity: 1 });
  const a = await client();
  const { orderId, paypalOrderId } =
    paidBy === 'paypal' ? await buyPaypal(h, a, [day]) : await buyCash(a, day);
  expect((await transfer(a, orderId, day)).statusCode).toBe(200);
  expect(await paidHolders(day.productDayId)).toBe(1);

  await end(a, orderId, paypalOrderId);

  // E tries to buy the seat the colleague still holds.
  const e = await client();
  const before = await fingerprint(h.ctx.database.db);
  const hold = await holdPaypal(h, e, [day]);
  if (hold.paypalOrderId) {
    await payPaypalHold(h, e, [day], hold.paypalOrderId);
  } else {
    expectRefusal(hold.res);
    expect(await fingerprint(h.ctx.database.db)).toBe(before);
  }
  const violations = await invariantViolations(h, { productDayIds: [day.productDayId] });
  expect(await paidHolders(day.productDayId), violations.join('; ')).toBeLessThanOrEqual(1);
  expect(violations).toEqual([]);
}

describe('a transferred day keeps its one seat', () => {
  it('when an administrator cancels the giver’s order', async () => {
    await expectNoOversellAfter(async (_a, orderId) => {
      const res = await request(h, admin, 'POST', `/api/admin/orders/${orderId}/cancel`, { note: 'Prueba' });
      expect([200, 409]).toContain(res.statusCode);
    });
  });

  const refundAll = async (_a: Client, orderId: string) => {
    const [order] = await h.ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
    const res = await request(h, admin, 'POST', `/api/admin/orders/${orderId}/refund`, {
      amount: toPesos(order!.amountCentavos),
      note: 'Prueba',
      revokeAccess: true,
    });
    expect([200, 409]).toContain(res.statusCode);
  };

  it('when an administrator refunds the giver’s cash order and revokes access', async () => {
    await expectNoOversellAfter(refundAll, 'cash');
  });

  it('when an administrator refunds the giver’s PayPal order and revokes access', async () => {
    await expectNoOversellAfter(refundAll);
  });

  it('when PayPal reports a full refund of the giver’s payment', async () => {
    await expectNoOversellAfter(async (_a, _orderId, paypalOrderId) => {
      const res = await deliver(h.ctx, '/api/paypal/webhook', h.paypal.outsideRefund(paypalOrderId));
      expect(res.statusCode).toBe(200);
    });
  });

  it('when PayPal reports a reversal (chargeback) of the giver’s payment', async () => {
    await expectNoOversellAfter(async (_a, _orderId, paypalOrderId) => {
      const delivery = h.paypal.outsideRefund(paypalOrderId, { eventType: 'PAYMENT.CAPTURE.REVERSED' });
      const res = await deliver(h.ctx, '/api/paypal/webhook', delivery);
      expect(res.statusCode).toBe(200);
    });
  });
});

describe('a cancellation and a transfer of the same day', () => {
  it('the transfer waits for the refund in flight: refused, and the day is refunded or passed on, never both', async () => {
    // Today is the day's last cancellation date; tomorrow its transfer window opens.
    const day = await oneDay({ daysAhead: 15, capacity: 5 });
    const a = await client();
    const { orderId } = await buyPaypal(h, a, [day]);
    const lastCancel = mexicoCityTime(0, '23:59').getTime() + 59_700;
    const firstTransfer = mexicoCityTime(1, '00:00').getTime() + 50;

    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let reached!: () => void;
    const inFlight = new Promise<void>((r) => (reached = r));
    h.paypal.refundGate = async () => {
      reached();
      await held;
    };
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(lastCancel);
      const cancelling = request(h, a, 'POST', '/api/order/cancel', { orderId });
      await inFlight;
      vi.setSystemTime(firstTransfer);
      const before = await fingerprint(h.ctx.database.db);
      const moving = transfer(a, orderId, day);
      // A store that makes the transfer wait for the order's lock (held through the refund)
      // only answers once the refund is released: give it 3 s, then let the refund finish.
      const answeredFirst = await Promise.race([
        moving.then(() => true),
        new Promise<boolean>((r) => setTimeout(() => r(false), 3000)),
      ]);
      const after = answeredFirst ? await fingerprint(h.ctx.database.db) : null;
      release();
      const [moved, cancelled] = await Promise.all([moving, cancelling]);
      vi.useRealTimers();
      h.paypal.refundGate = null;

      expectRefusal(moved);
      if (after !== null) expect(after).toBe(before);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
    } finally {
      release();
      vi.useRealTimers();
      h.paypal.refundGate = null;
    }
    const refunded = await h.ctx.database.db
      .select()
      .from(orderRefunds)
      .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.status, 'completado')));
    const passed = await h.ctx.database.db
      .select()
      .from(dayTransfers)
      .where(eq(dayTransfers.fromOrderId, orderId));
    expect(Number(refunded.length > 0) + Number(passed.length > 0)).toBe(1);
    await expectInvariants(h, [day.productDayId]);
  });
});

describe('refunds never exceed what is left', () => {
  async function goodwillThenCancel(goodwillPesos: number) {
    const day = await oneDay({ daysAhead: 30, capacity: 5, price: 1000 });
    const a = await client();
    const { orderId } = await buyPaypal(h, a, [day]);
    const goodwill = await request(h, admin, 'POST', `/api/admin/orders/${orderId}/refund`, {
      amount: goodwillPesos,
      note: 'Cortesía',
      revokeAccess: false,
    });
    expect(goodwill.statusCode, goodwill.body).toBe(200);

    const [order] = await h.ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
    const terms = cancellationFigures(
      {
        amountCentavos: order!.amountCentavos,
        feeCentavos: SERVICE_FEE_CENTAVOS,
        days: [{ productDayId: day.productDayId, priceCentavos: day.priceCentavos, live: true }],
      },
      [day.productDayId],
    );
    const expected = Math.max(
      0,
      Math.min(terms.refundCentavos, order!.amountCentavos - order!.refundedCentavos - terms.chargeCentavos),
    );
    const refundsBefore = h.paypal.refunds.length;
    const res = await request(h, a, 'POST', '/api/order/cancel', { orderId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().refunded).toBe(toPesos(expected));
    const sent = h.paypal.refunds.slice(refundsBefore);
    expect(sent.reduce((s, r) => s + Math.round(Number(r.amount.value) * 100), 0)).toBe(expected);
    const [after] = await h.ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(after!.refundedCentavos).toBe(order!.refundedCentavos + expected);
    expect(after!.refundedCentavos).toBeLessThanOrEqual(after!.amountCentavos);
    expect(await paidHolders(day.productDayId)).toBe(0);
    await expectInvariants(h, [day.productDayId]);
  }

  it('a cancellation after a small goodwill refund gives back the terms minus what already came back', async () => {
    await goodwillThenCancel(100);
  });

  it('a cancellation after a large goodwill refund gives back nothing more and still ends the order', async () => {
    await goodwillThenCancel(900);
  });
});

describe('holds cannot be farmed', () => {
  it('(a) an account whose PayPal hold expired cannot hold the same day again at once', async () => {
    const day = await oneDay({ daysAhead: 30, capacity: 3 });
    const a = await client();
    const first = await holdPaypal(h, a, [day]);
    expect(first.res.statusCode, first.res.body).toBe(200);
    await expireHold(h, first.orderId!);
    await sweepExpiredOrders(h.deps);
    const [ended] = await h.ctx.database.db.select().from(orders).where(eq(orders.id, first.orderId!));
    expect(ended!.status).toBe('cancelado');

    const before = await fingerprint(h.ctx.database.db);
    const again = await holdPaypal(h, a, [day]);
    expectRefusal(again.res);
    expect(await fingerprint(h.ctx.database.db)).toBe(before);
    await expectInvariants(h, [day.productDayId]);
  });

  it('(a) an account that closed PayPal without paying holds again only for what was left of its window', async () => {
    const day = await oneDay({ daysAhead: 30, capacity: 3 });
    const a = await client();
    const first = await holdPaypal(h, a, [day]);
    expect(first.res.statusCode, first.res.body).toBe(200);
    const firstRow = await orderRowOf(h.ctx, first.orderId!);
    const abandoned = await request(h, a, 'POST', '/api/paypal/cancel-order', {
      paypalOrderId: first.paypalOrderId,
    });
    expect(abandoned.statusCode, abandoned.body).toBe(200);

    // Retrying at once is allowed (the seat was freed at once), but never with a fresh window.
    const again = await holdPaypal(h, a, [day]);
    expect(again.res.statusCode, again.res.body).toBe(200);
    const againRow = await orderRowOf(h.ctx, again.orderId!);
    expect(againRow.expiresAt!.getTime()).toBeLessThanOrEqual(firstRow.expiresAt!.getTime());
    await expectInvariants(h, [day.productDayId]);

    // Abandoned again when the first window is (all but) spent: no new hold until a hold
    // period has passed since.
    const abandonedAgain = await request(h, a, 'POST', '/api/paypal/cancel-order', {
      paypalOrderId: again.paypalOrderId,
    });
    expect(abandonedAgain.statusCode, abandonedAgain.body).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(firstRow.expiresAt!.getTime() - 30_000);
      const before = await fingerprint(h.ctx.database.db);
      const third = await holdPaypal(h, a, [day]);
      expectRefusal(third.res);
      expect(await fingerprint(h.ctx.database.db)).toBe(before);
    } finally {
      vi.useRealTimers();
    }
  });

  it('(a) an account whose cash hold expired cannot hold the same day again at once', async () => {
    const day = await oneDay({ daysAhead: 30, capacity: 3 });
    const a = await client();
    const first = await place(h, a, [day]);
    expect(first.res.statusCode, first.res.body).toBe(200);
    await expireHold(h, first.orderId!);
    await sweepExpiredOrders(h.deps);

    const before = await fingerprint(h.ctx.database.db);
    const again = await place(h, a, [day]);
    expectRefusal(again.res);
    expect(await fingerprint(h.ctx.database.db)).toBe(before);
  });

  it('(b) a fourth open hold from one IPv4 address is refused; paying one makes room', async () => {
    const day = await oneDay({ daysAhead: 30, capacity: 10 });
    const ip = '203.0.113.77';
    const clients = [await client(ip), await client(ip), await client(ip), await client(ip)];
    const holds = [];
    for (const c of clients.slice(0, 3)) {
      const hold = await holdPaypal(h, c, [day]);
      expect(hold.res.statusCode, hold.res.body).toBe(200);
      holds.push(hold);
    }
    const before = await fingerprint(h.ctx.database.db);
    const fourth = await holdPaypal(h, clients[3]!, [day]);
    expectRefusal(fourth.res, [409, 429]);
    expect(await fingerprint(h.ctx.database.db)).toBe(before);

    // (c) a buyer who pays within the window is not affected, and frees a place in the count.
    const paid = await payPaypalHold(h, clients[0]!, [day], holds[0]!.paypalOrderId!);
    expect(paid.statusCode, paid.body).toBe(200);
    const nowFourth = await holdPaypal(h, clients[3]!, [day]);
    expect(nowFourth.res.statusCode, nowFourth.res.body).toBe(200);
    await expectInvariants(h, [day.productDayId]);
  });

  it('(b) a fourth open hold from one IPv6 /64 is refused', async () => {
    const day = await oneDay({ daysAhead: 30, capacity: 10 });
    const net = '2001:db8:77:1';
    const clients = [
      await client(`${net}::a`),
      await client(`${net}::b`),
      await client(`${net}:1:2:3:4`),
      await client(`${net}::ffff`),
    ];
    for (const c of clients.slice(0, 3)) {
      const hold = await holdPaypal(h, c, [day]);
      expect(hold.res.statusCode, hold.res.body).toBe(200);
    }
    const before = await fingerprint(h.ctx.database.db);
    const fourth = await holdPaypal(h, clients[3]!, [day]);
    expectRefusal(fourth.res, [409, 429]);
    expect(await fingerprint(h.ctx.database.db)).toBe(before);
    // Another /64 is another network.
    const elsewhere = await holdPaypal(h, await client('2001:db8:77:2::a'), [day]);
    expect(elsewhere.res.statusCode, elsewhere.res.body).toBe(200);
  });
});

describe('open waiting-list offers hold their seat everywhere', () => {
  /**
   * A free workshop of `capacity` seats: the holders claimed them, B waited, the first holder's
   * order was cancelled (by the buyer a month ahead; by an administrator within the 15 days,
   * when transfers open), and B holds an open offer.
   */
  async function offered(capacity: number, daysAhead = 30) {
    const day = await oneDay({ daysAhead, capacity, price: 0 });
    const holders: { c: Client; orderId: string }[] = [];
    for (let i = 0; i < capacity; i += 1) {
      const c = await client();
      const placed = await place(h, c, [day]);
      expect(placed.res.statusCode, placed.res.body).toBe(200);
      holders.push({ c, orderId: placed.orderId! });
    }
    const b = await client();
    const joined = await request(h, b, 'POST', '/api/waitlist/join', {
      productId: day.productId,
      day: day.label,
    });
    expect(joined.statusCode, joined.body).toBe(200);
    const first = holders[0]!;
    const cancelled =
      daysAhead > 15
        ? await request(h, first.c, 'POST', '/api/order/cancel', { orderId: first.orderId })
        : await request(h, admin, 'POST', `/api/admin/orders/${first.orderId}/cancel`, { note: 'Prueba' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    return { day, holders, b };
  }

  const entryOf = async (c: Client, day: DayRef) =>
    (
      await h.ctx.database.db
        .select({ status: waitlistEntries.status, orderId: waitlistEntries.orderId })
        .from(waitlistEntries)
        .where(and(eq(waitlistEntries.userId, c.user.id), eq(waitlistEntries.productDayId, day.productDayId)))
    )[0];

  it('the public catalogue counts the offered seat as taken', async () => {
    const { day } = await offered(1);
    const res = await h.ctx.app.inject({ method: 'GET', url: '/api/product/list' });
    expect(res.statusCode).toBe(200);
    const product = (
      res.json().products as { _id: string; dayOptions: { seatCapacity: number; seatsSold: number }[] }[]
    ).find((p) => p._id === day.productId);
    expect(product).toBeTruthy();
    const option = product!.dayOptions[0]!;
    expect(option.seatCapacity - option.seatsSold).toBeLessThanOrEqual(0);
  });

  it('an offered member who receives the day by transfer settles the offer: passing it on later oversells nothing', async () => {
    // Two seats: X holds one, B holds an open offer for the other.
    const { day, holders, b } = await offered(2, 8);
    const x = holders[1]!;
    expect((await entryOf(b, day))?.status).toBe('ofrecido');

    // X passes the day to B: B now holds X's seat, and the seat B's offer kept is free again.
    const given = await transfer(x.c, x.orderId, day, b.user.email);
    expect(given.statusCode, given.body).toBe(200);
    const entry = await entryOf(b, day);
    expect(entry?.status).toBe('reclamado');
    expect(entry?.orderId).toBeTruthy();
    await expectInvariants(h, [day.productDayId]);

    // C takes the free seat; the association allows a second transfer and B passes the day on to D.
    const c = await client();
    const placed = await place(h, c, [day]);
    expect(placed.res.statusCode, placed.res.body).toBe(200);
    const allowed = await request(h, admin, 'POST', `/api/admin/orders/${x.orderId}/allow-transfer`, {
      note: 'Prueba',
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
    const passed = await transfer(b, entry!.orderId!, day);
    expect(passed.statusCode, passed.body).toBe(200);
    // Two holders of a two-seat day, and no offer counted again on top of them.
    expect(await paidHolders(day.productDayId)).toBe(2);
    await expectInvariants(h, [day.productDayId]);
    const catalogue = await h.ctx.app.inject({ method: 'GET', url: '/api/product/list' });
    const option = (
      catalogue.json().products as {
        _id: string;
        dayOptions: { seatCapacity: number; seatsSold: number }[];
      }[]
    ).find((p) => p._id === day.productId)!.dayOptions[0]!;
    expect(option.seatsSold).toBe(2);
  });

  it('an offered member who buys the day settles the offer at once', async () => {
    const { day, b } = await offered(1);
    const placed = await place(h, b, [day]);
    expect(placed.res.statusCode, placed.res.body).toBe(200);
    expect(await entryOf(b, day)).toEqual({ status: 'reclamado', orderId: placed.orderId });
    await expectInvariants(h, [day.productDayId]);
  });

  it('lowering the capacity below seats taken plus open offers is refused and changes nothing', async () => {
    const { day } = await offered(2);
    const ev = (await request(h, admin, 'GET', `/api/admin/events/${day.productId}`)).json()
      .event as AdminEvent;
    const before = await fingerprint(h.ctx.database.db);
    const res = await request(h, admin, 'PUT', `/api/admin/events/${day.productId}`, {
      name: ev.name,
      description: ev.description,
      price: ev.price,
      image: ev.image,
      category: ev.category,
      subCategory: ev.subCategory,
      isPresential: ev.isPresential,
      days: ev.days.map((d) => ({
        _id: d._id,
        label: d.label,
        startsAt: new Date(d.startsAt).toISOString(),
        endsAt: new Date(d.endsAt).toISOString(),
        streamUrl: d.streamUrl,
        seatCapacity: 1,
      })),
    });
    expectRefusal(res, [400, 409]);
    // The message says how many are taken: one paid and one offered.
    expect(res.json().message).toContain('2');
    expect(await fingerprint(h.ctx.database.db)).toBe(before);
    await expectInvariants(h, [day.productDayId]);
  });
});

describe('what the buyer is told after the sale', () => {
  it('an order whose days were all passed on is not cancellable', async () => {
    const day = await oneDay({ daysAhead: 8, capacity: 5 });
    const a = await client();
    const { orderId } = await buyPaypal(h, a, [day]);
    expect((await transfer(a, orderId, day)).statusCode).toBe(200);

    const quote = await request(h, a, 'POST', '/api/order/cancellation', { orderId });
    expect(quote.statusCode, quote.body).toBe(200);
    const q = quote.json().quote as {
      reason: string | null;
      whole: { cancellable: boolean };
      days: { cancellable: boolean }[];
    };
    expect(q.whole.cancellable).toBe(false);
    expect(q.days.every((d) => !d.cancellable)).toBe(true);
    // Why not, in words the dialog can show instead of a cancel button.
    expect(typeof q.reason).toBe('string');
    expect(q.reason!.length).toBeGreaterThan(3);

    const before = await fingerprint(h.ctx.database.db);
    const cancel = await request(h, a, 'POST', '/api/order/cancel', { orderId });
    expectRefusal(cancel);
    expect(await fingerprint(h.ctx.database.db)).toBe(before);
  });

  it('after a partial refund, /orders says how much came back', async () => {
    const day = await oneDay({ daysAhead: 30, capacity: 5, price: 1000 });
    const a = await client();
    const { orderId } = await buyPaypal(h, a, [day]);
    const refund = await request(h, admin, 'POST', `/api/admin/orders/${orderId}/refund`, {
      amount: 250,
      note: 'Cortesía',
      revokeAccess: false,
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const mine = await request(h, a, 'POST', '/api/order/userorders');
    const order = (
      mine.json().orders as { _id: string; refunds: { amount: number; status: string; date: number }[] }[]
    ).find((o) => o._id === orderId)!;
    expect(order.refunds).toEqual([{ amount: 250, status: 'completado', date: expect.any(Number) }]);
    expect(Math.abs(order.refunds[0]!.date - Date.now())).toBeLessThan(60_000);
  });
});

describe('a refund made in PayPal’s dashboard while an admin refund is in flight', () => {
  const completed = (orderId: string) =>
    h.ctx.database.db
      .select()
      .from(orderRefunds)
      .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.status, 'completado')));

  it('both are recorded, each by its own id, and the refunded total is their sum', async () => {
    const day = await oneDay({ daysAhead: 30, capacity: 5, price: 1000 });
    const a = await client();
    const { orderId, paypalOrderId } = await buyPaypal(h, a, [day]);
    // While PayPal holds the admin's refund (taken, not answered yet), someone refunds the same
    // amount from PayPal's dashboard and its webhook arrives first.
    let outside: Awaited<ReturnType<typeof deliver>> | null = null;
    h.paypal.refundGate = async () => {
      h.paypal.refundGate = null;
      outside = await deliver(
        h.ctx,
        '/api/paypal/webhook',
        h.paypal.outsideRefund(paypalOrderId, { value: '200.00' }),
      );
    };
    try {
      const res = await request(h, admin, 'POST', `/api/admin/orders/${orderId}/refund`, {
        amount: 200,
        note: 'Cortesía',
        revokeAccess: false,
      });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      h.paypal.refundGate = null;
    }
    expect(outside!.statusCode).toBe(200);
    // PayPal's own delivery of the admin's refund (it carries our reference) changes nothing more.
    const [asked] = await h.ctx.database.db
      .select()
      .from(orderRefunds)
      .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.kind, 'admin')));
    const ours = h.paypal.refunds.find((r) => r.requestId === `refund-${asked!.id}`)!;
    expect(ours.invoice_id).toBe(asked!.id);
    const again = await deliver(
      h.ctx,
      '/api/paypal/webhook',
      h.paypal.refundEvent(paypalOrderId, undefined, ours.id),
    );
    expect(again.statusCode).toBe(200);

    const rows = await completed(orderId);
    expect(rows.map((r) => [r.kind, r.amountCentavos]).sort()).toEqual([
      ['admin', 20_000],
      ['externo', 20_000],
    ]);
    expect(rows.find((r) => r.kind === 'admin')!.providerRefundId).toBe(ours.id);
    const [order] = await h.ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.refundedCentavos).toBe(40_000);
    expect(order!.status).toBe('pagado');
    await expectInvariants(h, [day.productDayId]);
  });

  it('an admin refund PayPal has not named yet (409) is matched by our reference, never by its amount', async () => {
    const day = await oneDay({ daysAhead: 30, capacity: 5, price: 1000 });
    const a = await client();
    const { orderId, paypalOrderId } = await buyPaypal(h, a, [day]);
    h.paypal.scriptRefund({ kind: 'inProgress', completeAfter: 5 });
    const res = await request(h, admin, 'POST', `/api/admin/orders/${orderId}/refund`, {
      amount: 300,
      note: 'Cortesía',
      revokeAccess: false,
    });
    expect(res.statusCode, res.body).toBe(503);
    const [pending] = await h.ctx.database.db
      .select()
      .from(orderRefunds)
      .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.status, 'pendiente')));
    expect(pending!.providerRefundId).toBeNull();
    expect(pending!.providerReference).toBe(pending!.id);

    // The dashboard refund of the same amount is someone else's: recorded apart.
    const outside = await deliver(
      h.ctx,
      '/api/paypal/webhook',
      h.paypal.outsideRefund(paypalOrderId, { value: '300.00' }),
    );
    expect(outside.statusCode).toBe(200);
    const [still] = await h.ctx.database.db
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.id, pending!.id));
    expect(still!.status).toBe('pendiente');

    // PayPal finishes ours and says so, with our reference.
    const ours = h.paypal.refunds.find((r) => r.requestId === `refund-${pending!.id}`)!;
    h.paypal.settleRefund(ours.id, 'COMPLETED');
    const hook = await deliver(
      h.ctx,
      '/api/paypal/webhook',
      h.paypal.refundEvent(paypalOrderId, undefined, ours.id),
    );
    expect(hook.statusCode).toBe(200);
    const rows = await completed(orderId);
    expect(rows.map((r) => [r.kind, r.amountCentavos, r.providerRefundId]).sort()).toEqual(
      [
        ['admin', 30_000, ours.id],
        ['externo', 30_000, expect.any(String)],
      ].sort(),
    );
    const [order] = await h.ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.refundedCentavos).toBe(60_000);
    await expectInvariants(h, [day.productDayId]);
  });

  it('a refund asked before references were sent is still matched by its amount', async () => {
    const day = await oneDay({ daysAhead: 30, capacity: 5, price: 1000 });
    const a = await client();
    const { orderId, paypalOrderId } = await buyPaypal(h, a, [day]);
    // A row as an older store wrote it: no reference, PayPal never answered.
    const [legacy] = await h.ctx.database.db
      .insert(orderRefunds)
      .values({ orderId, kind: 'admin', amountCentavos: 15_000, actorId: admin.user.id })
      .returning();
    const hook = await deliver(
      h.ctx,
      '/api/paypal/webhook',
      h.paypal.outsideRefund(paypalOrderId, { value: '150.00' }),
    );
    expect(hook.statusCode).toBe(200);
    const [row] = await h.ctx.database.db.select().from(orderRefunds).where(eq(orderRefunds.id, legacy!.id));
    expect(row!.status).toBe('completado');
    expect((await completed(orderId)).map((r) => r.kind)).toEqual(['admin']);
    await expectInvariants(h, [day.productDayId]);
  });
});

// Two connections are needed to hold the order's lock while both requests queue behind it:
// PostgreSQL only (PGlite runs one transaction at a time).
describe.runIf(process.env.TEST_DB === 'postgres')('an admin refund queued behind a transfer', () => {
  it('ends only the days still paid when it gets the order: the passed-on day stays with the colleague', async () => {
    const db = h.ctx.database.db;
    const { product, days } = await createProduct(db, {
      price: 1000,
      days: [1, 2].map((n) => ({
        label: `Día ${n}`,
        seatCapacity: 5,
        startsAt: mexicoCityTime(10 + n, '09:00'),
        endsAt: mexicoCityTime(10 + n, '18:00'),
      })),
    });
    const [first, second] = days.map((d, i) => ({
      productId: product.id,
      productDayId: d.id,
      label: `Día ${i + 1}`,
      priceCentavos: product.priceCentavos,
    }));
    const a = await client();
    const { orderId } = await buyPaypal(h, a, [first!, second!]);
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    const waiting = async (n: number) => {
      for (let i = 0; i < 200; i += 1) {
        const [row] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(sql`pg_stat_activity`)
          .where(sql`datname = current_database() and wait_event_type = 'Lock'`);
        if (row!.n >= n) return;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error(`never ${n} requests waiting for the order's lock`);
    };

    let moving!: ReturnType<typeof transfer>;
    let refunding!: ReturnType<typeof request>;
    await db.transaction(async (tx) => {
      await tx.execute(sql`select id from orders where id = ${orderId} for update`);
      moving = transfer(a, orderId, first!);
      await waiting(1);
      refunding = request(h, admin, 'POST', `/api/admin/orders/${orderId}/refund`, {
        amount: toPesos(order!.amountCentavos),
        note: 'Prueba',
        revokeAccess: true,
      });
      await waiting(2);
    });
    const [moved, refunded] = await Promise.all([moving, refunding]);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(refunded.statusCode, refunded.body).toBe(200);

    const rows = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
    expect(rows.map((r) => [r.status, r.productDayIds])).toEqual([['completado', [second!.productDayId]]]);
    const mine = await db.select().from(orderDays).where(eq(orderDays.orderId, orderId));
    expect(Object.fromEntries(mine.map((d) => [d.productDayId, d.status]))).toEqual({
      [first!.productDayId]: 'transferido',
      [second!.productDayId]: 'reembolsado',
    });
    expect(await paidHolders(first!.productDayId)).toBe(1);
    await expectInvariants(h, [first!.productDayId, second!.productDayId]);
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('one hospital behind one address', () => {
  it('runs its checkouts side by side, and counts the ones in flight against the cap', async () => {
    const db = h.ctx.database.db;
    const day = await oneDay({ daysAhead: 30, capacity: 10 });
    const ip = '192.0.2.77';
    const key = `holds:${ip}`;
    // Two checkouts of the hospital are in flight (each holds one of its three slots)…
    const inFlight = await Promise.all(
      [0, 1].map((slot) => {
        let release!: () => void;
        const released = new Promise<void>((r) => (release = r));
        let took!: () => void;
        const taken = new Promise<void>((r) => (took = r));
        const done = db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}), ${slot}::int)`);
          took();
          await released;
        });
        return taken.then(() => ({ release, done }));
      }),
    );
    try {
      // …and a third goes through at once, not behind them (it used to wait for the first).
      const third = await holdPaypal(h, await client(ip), [day]);
      expect(third.res.statusCode, third.res.body).toBe(200);
      // With three under way (two in flight, one held), a fourth is over the cap.
      const fourth = await holdPaypal(h, await client(ip), [day]);
      expectRefusal(fourth.res, [409]);
    } finally {
      for (const t of inFlight) t.release();
      await Promise.all(inFlight.map((t) => t.done));
    }
    // The two in flight ended without a hold: there is room again.
    const fifth = await holdPaypal(h, await client(ip), [day]);
    expect(fifth.res.statusCode, fifth.res.body).toBe(200);
    await expectInvariants(h, [day.productDayId]);
  });
});
