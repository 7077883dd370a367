// The stream warm-up (modules/products/warm-up.ts): before a day starts, every process builds the
// answers of the buyers who hold a paid place on it and reads their session rows, so the 9:00
// rush finds them in memory even right after a change dropped them all. Only paid places of
// days starting soon or on now; the answers built are the ones the routes serve (the test
// context compares every answer served from memory with a fresh one), and a session warmed
// still ends at once when its user changes.

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../src/db/schema';
import { loadSessionUsers } from '../src/plugins/auth';
import { warmStreamBuyers, WARM_AHEAD_MS } from '../src/modules/products/warm-up';
import { createProduct } from './factories';
import { createUser } from './store-helpers';
import {
  buyPaypal,
  holdPaypal,
  request,
  startLifecycleHarness,
  type Client,
  type DayRef,
  type PaymentsHarness,
} from './lifecycle/lifecycle-helpers';

const MINUTE = 60_000;
let h: PaymentsHarness;
let ip = 0;
beforeAll(async () => {
  h = await startLifecycleHarness();
});
afterAll(() => h.close());

const sessions = () => h.ctx.app.sessions;
/** Every change notification committed so far has been seen (PostgreSQL delivers them later). */
const settled = () => Promise.all([h.ctx.app.userViews.sync(), h.ctx.app.sessions.sync()]);
const warm = () => warmStreamBuyers(h.ctx.database.db, h.ctx.app.userViews, h.ctx.app.sessions);

async function client(): Promise<Client> {
  ip += 1;
  return { user: await createUser(h.ctx), ip: `198.51.100.${ip}` };
}

/** An event of one day, from `startsIn` to `endsIn` milliseconds from now. */
async function dayFromNow(startsIn: number, endsIn: number): Promise<DayRef> {
  const now = Date.now();
  const { product, days } = await createProduct(h.ctx.database.db, {
    price: 1000,
    days: [{ label: 'Día 1', startsAt: new Date(now + startsIn), endsAt: new Date(now + endsIn) }],
  });
  return {
    productId: product.id,
    productDayId: days[0]!.id,
    label: 'Día 1',
    priceCentavos: product.priceCentavos,
  };
}

describe('warming the answers of a stream’s buyers', () => {
  it('builds them for paid places of days starting soon or on now, and only those', async () => {
    const views = h.ctx.app.userViews;
    const soon = await dayFromNow(10 * MINUTE, 8 * 60 * MINUTE);
    const later = await dayFromNow(WARM_AHEAD_MS + 10 * MINUTE, WARM_AHEAD_MS + 60 * MINUTE);
    const paidSoon = await client();
    const paidLater = await client();
    const heldSoon = await client();
    await buyPaypal(h, paidSoon, [soon]);
    await buyPaypal(h, paidLater, [later]);
    expect((await holdPaypal(h, heldSoon, [soon])).orderId).not.toBeNull();

    // As after a stream link set at 8:55, a minute after the buyers' last visit: nothing held.
    // (The purchases' own notifications are seen first: on PostgreSQL they arrive a moment
    // later, and one arriving after the warm-up would rightly drop what it built.)
    await settled();
    views.drop();
    sessions().drop();
    expect(await warm()).toEqual({ built: 1, sessions: 1 });
    expect(views.holdsOrders(paidSoon.user.id)).toBe(true);
    expect(views.holdsOrders(paidLater.user.id)).toBe(false);
    expect(views.holdsOrders(heldSoon.user.id)).toBe(false);
    expect(sessions().holds(paidSoon.user.id)).toBe(true);
    expect(sessions().holds(paidLater.user.id)).toBe(false);
    expect(sessions().holds(heldSoon.user.id)).toBe(false);

    // The stream page's part is held under the key its route reads.
    views.verify = false;
    const load = vi.fn();
    await views.value(paidSoon.user.id, `buyer-view:${soon.productId}`, load);
    expect(load).not.toHaveBeenCalled();
    views.verify = true;

    // What the routes then serve from memory equals a fresh answer (verify compares).
    const mine = await request(h, paidSoon, 'GET', '/api/order/userorders');
    expect(mine.statusCode).toBe(200);
    const stream = await request(h, paidSoon, 'GET', `/api/product/single/${soon.productId}`);
    expect(stream.statusCode, stream.body).toBe(200);

    // A run over warm buyers builds nothing; their session rows are read afresh.
    expect(await warm()).toEqual({ built: 0, sessions: 1 });
  });

  it('includes a day already on, and a change after the warm-up is still seen', async () => {
    const views = h.ctx.app.userViews;
    const on = await dayFromNow(-60 * MINUTE, 5 * 60 * MINUTE);
    const buyer = await client();
    await buyPaypal(h, buyer, [on]);
    await settled();
    views.drop();
    // This buyer and the first test's buyer of a day starting soon.
    expect((await warm()).built).toBe(2);
    expect(views.holdsOrders(buyer.user.id)).toBe(true);
    // Another purchase afterwards drops what was built: the next answer shows both orders.
    const next = await dayFromNow(20 * MINUTE, 60 * MINUTE);
    await buyPaypal(h, buyer, [next]);
    await views.sync();
    const res = await request(h, buyer, 'GET', '/api/order/userorders');
    expect((res.json() as { orders: unknown[] }).orders).toHaveLength(2);
  });

  it('a session warmed ends at once when its user changes, and a change during the read keeps none', async () => {
    const day = await dayFromNow(5 * MINUTE, 60 * MINUTE);
    const buyer = await client();
    await buyPaypal(h, buyer, [day]);
    await settled();
    sessions().drop();
    await warm();
    expect(sessions().holds(buyer.user.id)).toBe(true);
    // A password change (token version) or a demotion notifies: the row goes at once.
    await h.ctx.database.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, buyer.user.id));
    await sessions().sync();
    expect(sessions().holds(buyer.user.id)).toBe(false);
    expect((await request(h, buyer, 'GET', '/api/order/userorders')).statusCode).toBe(401);

    const other = await client();
    await buyPaypal(h, other, [day]);
    await settled();
    sessions().drop();
    const held = await sessions().warm(async () => {
      sessions().drop(other.user.id); // a change arrives while the rows are read
      return loadSessionUsers(h.ctx.database.db, [other.user.id]);
    });
    expect(held).toBe(0);
    expect(sessions().holds(other.user.id)).toBe(false);
  });

  it('builds nothing while the change notifications are not heard (nothing would be kept)', async () => {
    const views = h.ctx.app.userViews;
    const spy = vi.spyOn(views, 'keeping').mockReturnValue(false);
    expect(await warm()).toEqual({ built: 0, sessions: 0 });
    spy.mockRestore();
  });
});
