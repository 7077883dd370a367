// Demo data: written only when asked (SEED_DEMO, embedded database by default), marked
// is_demo, its coupon limited; the admin sees it and removes it in one audited step that
// never destroys what a real customer bought.

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MSG } from '@store/shared/admin-messages';
import { loadConfig } from '../../../config';
import {
  auditLog,
  constancias,
  couponRedemptions,
  coupons,
  orderDays,
  orders,
  productDays,
  products,
  users,
} from '../../../db/schema';
import { DEMO_COUPON_MAX_USES, seed } from '../../../db/seed';
import { DEMO_COLLEAGUE, DEMO_COUPON, DEMO_CUSTOMER } from '../../../db/seed-data';
import { seedDemoAttendance } from '../../attendance/demo';
import { createTestContext, type TestContext } from '../../../../test/context';
import { createUser, type TestUser } from '../../../../test/store-helpers';
import { signSession } from '../../../lib/jwt';
import { call, claim } from '../../../../test/admin-helpers';

describe('SEED_DEMO', () => {
  const base = { DATA_DIR: '/tmp/store-config-test', JWT_SECRET: 'x'.repeat(40) };
  const pg = { DATABASE_URL: 'postgres://tienda@db.internal:5432/tienda' };
  it('seeds the embedded database by default, never a PostgreSQL server unless asked', () => {
    expect(loadConfig(base).SEED_DEMO).toBe(true);
    expect(loadConfig({ ...base, ...pg }).SEED_DEMO).toBe(false);
    expect(loadConfig({ ...base, ...pg, SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
    expect(loadConfig({ ...base, SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
  });
});

describe('demo data', () => {
  let ctx: TestContext;
  let admin: TestUser;
  beforeAll(async () => {
    ctx = await createTestContext({ RATE_LIMIT_COUPON_MAX: '1000' });
    admin = await createUser(ctx, { role: 'admin' });
  });
  afterAll(() => ctx.close());
  const db = () => ctx.database.db;

  it('is marked, and its coupon is limited in time and uses', async () => {
    expect((await seed(db(), { demo: true })).seededDemo).toBe(true);
    // As at start: the finished event's attendees and both their constancias.
    const attendance = await seedDemoAttendance(db(), ctx.app.storage, ctx.app.mailSettings);
    expect(attendance).toMatchObject({ attendees: 2, constancias: [expect.any(String), expect.any(String)] });
    const demoProducts = await db().select().from(products).where(eq(products.isDemo, true));
    expect(demoProducts.length).toBeGreaterThanOrEqual(12);
    const [coupon] = await db().select().from(coupons).where(eq(coupons.code, DEMO_COUPON.code));
    expect(coupon).toMatchObject({ isDemo: true, maxUses: DEMO_COUPON_MAX_USES });
    expect(coupon!.validUntil!.getTime()).toBeGreaterThan(Date.now());
    expect(coupon!.validUntil!.getTime()).toBeLessThanOrEqual(Date.now() + 31 * 24 * 3_600_000);
    const [customer] = await db().select().from(users).where(eq(users.email, DEMO_CUSTOMER.email));
    expect(customer!.isDemo).toBe(true);
    const [colleague] = await db().select().from(users).where(eq(users.email, DEMO_COLLEAGUE.email));
    expect(colleague).toMatchObject({ isDemo: true, passwordHash: null });
    const [adminRow] = await db().select().from(users).where(eq(users.id, admin.id));
    expect(adminRow!.isDemo).toBe(false);
  });

  it('is reported to the admin while any exists', async () => {
    const res = await call(ctx, admin.token, 'GET', '/api/admin/demo-data');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, present: true, coupons: 1, users: 2 });
    expect(res.json().products).toBeGreaterThanOrEqual(12);
  });

  it('is removed in one step: demo orders go, a demo event a real customer bought is archived', async () => {
    const demoProducts = await db().select().from(products).where(eq(products.isDemo, true));
    // An event with a seat limit, so the seat the demo order held is seen coming back.
    const limitedDays = (await db().select().from(productDays)).filter((d) => d.seatCapacity !== null);
    const boughtDay = limitedDays[0];
    const bought = demoProducts.find((p) => p.id === boughtDay!.productId)!;
    const untouched = demoProducts.find((p) => p.id !== bought.id)!;
    // A real customer and the demo customer both claim the same demo event with the demo coupon.
    const real = await createUser(ctx);
    const [demoRow] = await db().select().from(users).where(eq(users.email, DEMO_CUSTOMER.email));
    const demoUser: TestUser = {
      id: demoRow!.id,
      email: demoRow!.email,
      name: demoRow!.name,
      token: await signSession(ctx.config.JWT_SECRET, ctx.config.JWT_TTL, { sub: demoRow!.id, ver: 0 }),
    };
    const realOrder = await claim(ctx, real, bought.id, [boughtDay!.label], { couponCode: DEMO_COUPON.code });
    const demoOrder = await claim(ctx, demoUser, bought.id, [boughtDay!.label], {
      couponCode: DEMO_COUPON.code,
    });
    const [seatsBefore] = await db().select().from(productDays).where(eq(productDays.id, boughtDay!.id));
    const [constancia] = await db().select().from(constancias);
    expect(await ctx.app.storage.exists(constancia!.fileKey)).toBe(true);

    const res = await call(ctx, admin.token, 'POST', '/api/admin/demo-data/remove', {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: ADMIN_MSG.demoDataRemoved,
      archivedProducts: 1,
      deletedProducts: demoProducts.length - 1,
      // The demo customer's claim here, and both attendees' orders of the finished event.
      deletedUsers: 2,
      deletedOrders: 3,
      deactivatedCoupons: 1,
      deletedCoupons: 0,
    });

    // The real customer's order, its access and the event (archived) are kept.
    expect(await db().select().from(orders).where(eq(orders.id, realOrder))).toHaveLength(1);
    expect(await db().select().from(orders).where(eq(orders.id, demoOrder))).toHaveLength(0);
    expect(await db().select().from(orderDays).where(eq(orderDays.orderId, realOrder))).toHaveLength(1);
    const [archived] = await db().select().from(products).where(eq(products.id, bought.id));
    expect(archived!.active).toBe(false);
    expect(await db().select().from(products).where(eq(products.id, untouched.id))).toHaveLength(0);
    // The demo order's seat and coupon use were given back.
    const [seatsAfter] = await db().select().from(productDays).where(eq(productDays.id, boughtDay!.id));
    expect(seatsBefore!.seatsTaken).toBe(2);
    expect(seatsAfter!.seatsTaken).toBe(1);
    const [coupon] = await db().select().from(coupons).where(eq(coupons.code, DEMO_COUPON.code));
    expect(coupon).toMatchObject({ active: false, usedCount: 1 });
    expect(
      await db().select().from(couponRedemptions).where(eq(couponRedemptions.couponId, coupon!.id)),
    ).toHaveLength(1);
    expect(await db().select().from(users).where(eq(users.email, DEMO_CUSTOMER.email))).toHaveLength(0);
    // The constancia issued at start went too, with its PDF.
    expect(await db().select().from(constancias)).toHaveLength(0);
    expect(await ctx.app.storage.exists(constancia!.fileKey)).toBe(false);

    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'demo.remove'), eq(auditLog.actorId, admin.id)));
    expect(entry!.details).toMatchObject({ archivedProducts: 1, deletedUsers: 2, deletedOrders: 3 });

    const status = await call(ctx, admin.token, 'GET', '/api/admin/demo-data');
    expect(status.json()).toEqual({ success: true, present: false, products: 0, coupons: 0, users: 0 });
    // The catalogue no longer lists any demo event.
    const list = await ctx.app.inject({ method: 'GET', url: '/api/product/list' });
    expect(list.json().products).toHaveLength(0);
  });

  it('answers 409 when there is nothing left to remove', async () => {
    const res = await call(ctx, admin.token, 'POST', '/api/admin/demo-data/remove', {});
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, message: ADMIN_MSG.demoDataNone });
  });

  it('is for admins only', async () => {
    const customer = await createUser(ctx);
    expect((await call(ctx, customer.token, 'GET', '/api/admin/demo-data')).statusCode).toBe(403);
    expect((await call(ctx, customer.token, 'POST', '/api/admin/demo-data/remove', {})).statusCode).toBe(403);
  });
});
