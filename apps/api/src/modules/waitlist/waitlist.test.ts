// The waiting list of a sold-out day, against the fake PayPal and with a moved clock: join,
// a cancellation offers the seat to the next in line (e-mail with a claim link), only the
// offered member can claim or buy it, paying takes it; an unclaimed offer expires and passes
// on; leaving passes an offer on; concurrent frees never offer one seat twice.

import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_FEE_CENTAVOS } from '@store/shared/constants';
import { toPesos } from '@store/shared/domain/money';
import { MSG } from '@store/shared/messages';
import type { AdminEvent } from '@store/shared/schemas/admin/events';
import { auditLog, emailOutbox, productDays, waitlistEntries } from '../../db/schema';
import { call, claim } from '../../../test/admin-helpers';
import { createProduct, mexicoCityTime } from '../../../test/factories';
import {
  createPaypalOrder,
  payPaypal,
  seatsTaken,
  startPaymentsHarness,
  type Buyer,
  type PaymentsHarness,
} from '../../../test/payments-helpers';
import { addToCart, ADDRESS, createUser, post, type TestUser } from '../../../test/store-helpers';
import { offerFreedSeats, sweepWaitlist } from './service';
import { AFTER_SALE_MSG } from '@store/shared/after-sale-messages';

const HOUR = 3_600_000;
let h: PaymentsHarness;
let admin: TestUser;
beforeAll(async () => {
  h = await startPaymentsHarness({ RATE_LIMIT_ORDER_MAX: '1000' });
  admin = await createUser(h.ctx, { role: 'admin' });
});
afterAll(() => h.close());

/** A workshop 30 days ahead with one day of `capacity` seats. */
async function workshop(capacity = 1, price = 1000) {
  const { product, days } = await createProduct(h.ctx.database.db, {
    price,
    days: [
      {
        label: 'Taller',
        seatCapacity: capacity,
        startsAt: mexicoCityTime(30, '09:00'),
        endsAt: mexicoCityTime(30, '14:00'),
      },
    ],
  });
  return { productId: product.id, dayId: days[0]!.id };
}

const join = (u: TestUser, productId: string, day = 'Taller') =>
  post(h.ctx, '/api/waitlist/join', u.token, { productId, day });
const leave = (u: TestUser, productId: string, day = 'Taller') =>
  post(h.ctx, '/api/waitlist/leave', u.token, { productId, day });
const claimOffer = (u: TestUser, token: string) => post(h.ctx, '/api/waitlist/claim', u.token, { token });

async function stateOf(u: TestUser, productId: string) {
  const res = await h.ctx.app.inject({
    method: 'GET',
    url: `/api/waitlist/product/${productId}`,
    headers: { token: u.token },
  });
  expect(res.statusCode).toBe(200);
  return res.json().days[0] as {
    soldOut: boolean;
    entry: { status: string; position: number | null } | null;
  };
}

/** The claim token of the offer e-mail sent to `u` (null when none was sent). */
async function offerToken(u: TestUser): Promise<string | null> {
  const mails = await h.ctx.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, u.email), like(emailOutbox.subject, 'Se liberó un lugar%')));
  if (mails.length === 0) return null;
  expect(mails).toHaveLength(1);
  return /reclamar\?token=([A-Za-z0-9_-]+)/.exec(mails[0]!.text)![1]!;
}

/** The member's waiting lists as Mis Productos reads them. */
async function mineOf(u: TestUser) {
  const res = await h.ctx.app.inject({
    method: 'GET',
    url: '/api/waitlist/mine',
    headers: { token: u.token },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().entries as { productId: string; day: string; status: string; position: number | null }[];
}

async function entriesOf(dayId: string) {
  return h.ctx.database.db.select().from(waitlistEntries).where(eq(waitlistEntries.productDayId, dayId));
}

/** Buys the day through the fake PayPal (the user's cart holds it). */
async function payDay(u: TestUser, productId: string, dayId: string, price = 1000) {
  const total = toPesos(price * 100 + SERVICE_FEE_CENTAVOS);
  const buyer: Buyer = {
    user: u,
    productId,
    productDayId: dayId,
    total,
    body: {
      address: ADDRESS,
      items: [{ _id: productId, days: 'Taller', quantity: 1 }],
      amount: total,
      discount: 0,
    },
  };
  const { id, orderId } = await createPaypalOrder(h.ctx, buyer);
  h.paypal.approve(id);
  const res = await payPaypal(h.ctx, buyer, id);
  expect(res.statusCode, res.body).toBe(200);
  return orderId;
}

describe('waiting list of a sold-out workshop', () => {
  it('join → a cancellation offers the seat → only the offered member claims it and pays', async () => {
    const { productId, dayId } = await workshop(1);
    const [a, b, c] = [await createUser(h.ctx), await createUser(h.ctx), await createUser(h.ctx)];

    // Nobody joins a day that still has seats.
    expect((await join(b, productId)).json().message).toBe(AFTER_SALE_MSG.waitlistNotSoldOut);

    await addToCart(h.ctx, a, productId, 'Taller');
    const aOrder = await payDay(a, productId, dayId);
    expect(await seatsTaken(h.ctx, dayId)).toBe(1);

    expect((await join(b, productId)).statusCode).toBe(200);
    expect((await join(c, productId)).statusCode).toBe(200);
    const twice = await join(b, productId);
    expect([twice.statusCode, twice.json().message]).toEqual([409, AFTER_SALE_MSG.waitlistAlreadyJoined]);
    const owner = await join(a, productId);
    expect([owner.statusCode, owner.json().message]).toEqual([409, MSG.alreadyOwned]);
    expect((await join(b, productId, 'Otro día')).json().message).toBe(MSG.invalidDay);
    expect(
      (await post(h.ctx, '/api/waitlist/join', undefined, { productId, day: 'Taller' })).statusCode,
    ).toBe(401);
    expect(await stateOf(b, productId)).toEqual({
      day: 'Taller',
      soldOut: true,
      entry: { status: 'esperando', position: 1, offerExpiresAt: null },
    });
    expect((await stateOf(c, productId)).entry?.position).toBe(2);

    // A cancels (30 days ahead): the seat goes to B in the same transaction, not to anyone.
    const cancel = await post(h.ctx, '/api/order/cancel', a.token, { orderId: aOrder });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await seatsTaken(h.ctx, dayId)).toBe(0);
    const token = await offerToken(b);
    expect(token).not.toBeNull();
    expect(await offerToken(c)).toBeNull();
    expect((await stateOf(b, productId)).entry?.status).toBe('ofrecido');
    expect((await stateOf(b, productId)).soldOut).toBe(false);
    expect((await stateOf(c, productId)).soldOut).toBe(true);
    expect((await stateOf(c, productId)).entry?.position).toBe(1);
    const [audit] = await h.ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'waitlist.offered'));
    expect(audit?.entity).toBe('waitlist');

    // The held seat: C can neither claim B's offer nor buy the seat; nor can a newcomer.
    const stolen = await claimOffer(c, token!);
    expect([stolen.statusCode, stolen.json().message]).toEqual([403, AFTER_SALE_MSG.waitlistClaimNotYours]);
    const direct = await post(h.ctx, '/api/cart/add', c.token, { itemId: productId, days: 'Taller' });
    expect([direct.statusCode, direct.json().message]).toEqual([409, MSG.seatsSoldOut]);
    expect((await claimOffer(c, 'no-es-un-token')).json().message).toBe(AFTER_SALE_MSG.waitlistClaimInvalid);

    // Mis Productos: each member sees only their own entries, with the offer or the place.
    const mineB = await mineOf(b);
    expect(mineB.map((e) => [e.productId, e.day, e.status, e.position])).toEqual([
      [productId, 'Taller', 'ofrecido', null],
    ]);
    expect((mineB[0] as unknown as { offerExpiresAt: number }).offerExpiresAt).toBeGreaterThan(Date.now());
    expect((await mineOf(c)).map((e) => [e.status, e.position])).toEqual([['esperando', 1]]);
    expect(await mineOf(a)).toEqual([]);
    expect((await h.ctx.app.inject({ method: 'GET', url: '/api/waitlist/mine' })).statusCode).toBe(401);

    // B claims: the day is in B's cart, and B pays within the window.
    const claimed = await claimOffer(b, token!);
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json()).toMatchObject({
      productId,
      day: 'Taller',
      message: AFTER_SALE_MSG.waitlistClaimed,
    });
    const cart = await post(h.ctx, '/api/cart/get', b.token, {});
    expect(cart.json().cartData).toEqual({ [productId]: { Taller: 1 } });
    const bOrder = await payDay(b, productId, dayId);
    expect(await seatsTaken(h.ctx, dayId)).toBe(1);
    // Bought: the offer is closed and no longer listed as a waiting list of B's.
    expect(await mineOf(b)).toEqual([]);

    // The admin's list: B claimed with the order, C still first in line.
    const list = await call(h.ctx, admin.token, 'GET', `/api/admin/waitlist/?productId=${productId}`);
    expect(list.statusCode).toBe(200);
    const entries = list.json().entries as {
      email: string;
      status: string;
      position: number | null;
      orderId: string | null;
    }[];
    expect(entries.map((e) => [e.email, e.status, e.position, e.orderId])).toEqual([
      [b.email, 'reclamado', null, bOrder],
      [c.email, 'esperando', 1, null],
    ]);
    const again = await claimOffer(b, token!);
    expect([again.statusCode, again.json().message]).toEqual([409, AFTER_SALE_MSG.waitlistAlreadyClaimed]);
  });

  it('an offer not claimed in 24 h expires (moved clock) and passes to the next in line', async () => {
    const { productId, dayId } = await workshop(1, 0);
    const [a, b, c] = [await createUser(h.ctx), await createUser(h.ctx), await createUser(h.ctx)];
    const aOrder = await claim(h.ctx, a, productId, ['Taller']);
    await join(b, productId);
    await join(c, productId);
    const now = new Date();
    // A free claim cancelled at once: no refund, the seat to B.
    expect((await post(h.ctx, '/api/order/cancel', a.token, { orderId: aOrder })).statusCode).toBe(200);
    const tokenB = await offerToken(b);
    expect(tokenB).not.toBeNull();

    // 23 h later nothing changes; 24 h later the offer expires and C gets the seat.
    expect(
      await sweepWaitlist(h.ctx.database.db, h.ctx.app.mailSettings, new Date(now.getTime() + 23 * HOUR)),
    ).toMatchObject({
      expired: 0,
      offered: 0,
    });
    const later = new Date(now.getTime() + 24 * HOUR + 60_000);
    expect(await sweepWaitlist(h.ctx.database.db, h.ctx.app.mailSettings, later)).toMatchObject({
      expired: 1,
      offered: 1,
    });
    const rows = await entriesOf(dayId);
    expect(rows.find((r) => r.userId === b.id)?.status).toBe('expirado');
    expect(rows.find((r) => r.userId === c.id)?.status).toBe('ofrecido');
    expect(rows.find((r) => r.userId === c.id)?.offerExpiresAt?.getTime()).toBe(later.getTime() + 24 * HOUR);
    // A restart running the same sweep offers nothing more.
    expect(await sweepWaitlist(h.ctx.database.db, h.ctx.app.mailSettings, later)).toMatchObject({
      expired: 0,
      offered: 0,
    });

    const late = await claimOffer(b, tokenB!);
    expect([late.statusCode, late.json().message]).toEqual([409, AFTER_SALE_MSG.waitlistOfferExpired]);
    expect((await post(h.ctx, '/api/cart/get', b.token, {})).json().cartData).toEqual({});
    // B can no longer buy the seat C holds.
    const direct = await post(h.ctx, '/api/cart/add', b.token, { itemId: productId, days: 'Taller' });
    expect(direct.json().message).toBe(MSG.seatsSoldOut);
    expect(await seatsTaken(h.ctx, dayId)).toBe(0);
  });

  it('leaving with an open offer passes it on; an admin cancellation and a raised capacity offer seats', async () => {
    const { productId, dayId } = await workshop(1, 0);
    const [a, b, c, d] = [
      await createUser(h.ctx),
      await createUser(h.ctx),
      await createUser(h.ctx),
      await createUser(h.ctx),
    ];
    const aOrder = await claim(h.ctx, a, productId, ['Taller']);
    for (const u of [b, c, d]) expect((await join(u, productId)).statusCode).toBe(200);
    const adminCancel = await call(h.ctx, admin.token, 'POST', `/api/admin/orders/${aOrder}/cancel`, {
      reason: 'Prueba',
    });
    expect(adminCancel.statusCode, adminCancel.body).toBe(200);
    expect(await offerToken(b)).not.toBeNull();

    expect((await leave(b, productId)).statusCode).toBe(200);
    expect(await offerToken(c)).not.toBeNull();
    const tokenB = await offerToken(b);
    expect((await claimOffer(b, tokenB!)).json().message).toBe(AFTER_SALE_MSG.waitlistOfferWithdrawn);
    const gone = await leave(b, productId);
    expect([gone.statusCode, gone.json().message]).toEqual([404, AFTER_SALE_MSG.waitlistNotJoined]);

    // One more seat from the admin: D, next in line, gets it.
    const event = await call(h.ctx, admin.token, 'GET', `/api/admin/events/${productId}`);
    const ev = event.json().event as AdminEvent;
    const saved = await call(h.ctx, admin.token, 'PUT', `/api/admin/events/${productId}`, {
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
        seatCapacity: 2,
      })),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await offerToken(d)).not.toBeNull();
    expect((await entriesOf(dayId)).filter((e) => e.status === 'ofrecido')).toHaveLength(2);
  });

  it('concurrent frees never offer one seat twice', async () => {
    const { productId, dayId } = await workshop(2, 0);
    const holders = [await createUser(h.ctx), await createUser(h.ctx)];
    const orders: string[] = [];
    for (const u of holders) orders.push(await claim(h.ctx, u, productId, ['Taller']));
    const waiting: TestUser[] = [];
    for (let i = 0; i < 4; i += 1) {
      const u = await createUser(h.ctx);
      expect((await join(u, productId)).statusCode).toBe(200);
      waiting.push(u);
    }
    // Both holders cancel at once while sweeps and extra offer calls run: two seats, two offers.
    const db = h.ctx.database.db;
    await Promise.all([
      ...holders.map((u, i) => post(h.ctx, '/api/order/cancel', u.token, { orderId: orders[i] })),
      sweepWaitlist(db, h.ctx.app.mailSettings),
      sweepWaitlist(db, h.ctx.app.mailSettings),
      db.transaction((tx) => offerFreedSeats(tx, h.ctx.app.mailSettings, [dayId])),
      db.transaction((tx) => offerFreedSeats(tx, h.ctx.app.mailSettings, [dayId])),
    ]);
    await sweepWaitlist(db, h.ctx.app.mailSettings);
    const offered = (await entriesOf(dayId)).filter((e) => e.status === 'ofrecido');
    expect(offered.map((e) => e.userId).sort()).toEqual([waiting[0]!.id, waiting[1]!.id].sort());
    const [day] = await db.select().from(productDays).where(eq(productDays.id, dayId));
    expect(day!.seatsTaken).toBe(0);
    expect(await offerToken(waiting[2]!)).toBeNull();
  });
});
