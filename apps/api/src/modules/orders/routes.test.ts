// order/place (free claim, cash when enabled), order/userorders and order/single: the
// server recomputes every amount, writes the whole order in one transaction and never
// oversells a seat or a coupon, even under concurrent requests.

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SERVICE_FEE_CENTAVOS } from '@store/shared/constants';
import { MSG } from '@store/shared/messages';
import {
  cartLines,
  couponRedemptions,
  coupons,
  emailOutbox,
  orderDays,
  orders,
  productDays,
} from '../../db/schema';
import { createTestContext } from '../../../test/context';
import { createProduct } from '../../../test/factories';
import {
  ADDRESS,
  addToCart,
  createCoupon,
  createPendingOrder,
  createUser,
  FEE,
  placeOrder,
  post,
  type TestUser,
  useStoreTestContext,
} from '../../../test/store-helpers';
import { abandon, adminCancel } from '../lifecycle';

const ctx = useStoreTestContext();

const db = () => ctx.database.db;
const ordersOf = async (userId: string) => db().select().from(orders).where(eq(orders.userId, userId));
const userOrders = (user: TestUser) => post(ctx, '/api/order/userorders', user.token);

describe('order/place', () => {
  it('claims a free product: paid order, one order_days row per day, cart cleared, e-mail queued', async () => {
    const user = await createUser(ctx);
    const { product, days } = await createProduct(ctx.database.db, {
      price: 0,
      days: [{ label: 'Jueves' }, { label: 'Viernes' }],
    });
    await addToCart(ctx, user, product.id, 'Viernes');
    await addToCart(ctx, user, product.id, 'Jueves');
    const res = await placeOrder(ctx, user, [
      { productId: product.id, day: 'Jueves' },
      { productId: product.id, day: 'Viernes' },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: MSG.freeClaimDone });
    const [order] = await ordersOf(user.id);
    expect(order).toMatchObject({
      id: res.json().orderId,
      status: 'pagado',
      payment: true,
      paymentMethod: 'free',
      amountCentavos: 0,
      feeCentavos: 0,
    });
    expect(order!.items).toEqual([
      expect.objectContaining({ _id: product.id, days: ['Jueves', 'Viernes'], quantity: 2, price: 0 }),
    ]);
    const rows = await db().select().from(orderDays).where(eq(orderDays.orderId, order!.id));
    expect(rows.map((r) => r.productDayId).sort()).toEqual(days.map((d) => d.id).sort());
    expect(rows.every((r) => r.status === 'pagado' && r.userId === user.id)).toBe(true);
    expect(await db().select().from(cartLines).where(eq(cartLines.userId, user.id))).toEqual([]);
    const mails = await db().select().from(emailOutbox).where(eq(emailOutbox.to, user.email));
    expect(mails).toHaveLength(1);
    // Each bought day with its date and hours (factory days run 9:00–18:00).
    expect(mails[0]!.text).toMatch(
      / {2}Jueves: \d+ de \S+ de \d{4}, 9:00–18:00\n {2}Viernes: .+, 9:00–18:00/,
    );
  });

  it('a paid product cannot be placed as free, whatever amount and discount the client sends', async () => {
    const user = await createUser(ctx);
    const { product } = await createProduct(ctx.database.db, { price: 2500 });
    await addToCart(ctx, user, product.id);
    const res = await placeOrder(ctx, user, [{ productId: product.id }], { amount: 0, discount: 2500 + FEE });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: MSG.notFreeOrder });
    expect(await ordersOf(user.id)).toEqual([]);
    expect(await db().select().from(cartLines).where(eq(cartLines.userId, user.id))).toHaveLength(1);
  });

  it('stores the server discount, not the one the client sends', async () => {
    const user = await createUser(ctx);
    const { product } = await createProduct(ctx.database.db, { price: 800 });
    const coupon = await createCoupon(ctx, { code: 'BECA100', discountType: 'percent', discountValue: 100 });
    await addToCart(ctx, user, product.id);
    const res = await placeOrder(ctx, user, [{ productId: product.id }], {
      couponCode: 'beca100',
      discount: 123456,
      amount: 0,
    });
    expect(res.statusCode).toBe(200);
    const [order] = await ordersOf(user.id);
    expect(order).toMatchObject({
      subtotalCentavos: 80_000,
      discountCentavos: 80_000,
      amountCentavos: 0,
      couponId: coupon.id,
      couponCode: 'BECA100',
    });
    const [c] = await db().select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(c!.usedCount).toBe(1);
    const redemptions = await db()
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.orderId, order!.id));
    expect(redemptions).toHaveLength(1);
  });

  it('a coupon that covers only part of the cart leaves it payable', async () => {
    const user = await createUser(ctx);
    const { product: a } = await createProduct(ctx.database.db, { price: 500 });
    const { product: b } = await createProduct(ctx.database.db, { price: 700 });
    await createCoupon(ctx, { code: 'SOLOA', discountValue: 100, productIds: [a.id] });
    await addToCart(ctx, user, a.id);
    await addToCart(ctx, user, b.id);
    const res = await placeOrder(ctx, user, [{ productId: a.id }, { productId: b.id }], {
      couponCode: 'SOLOA',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.notFreeOrder);
  });

  it('refuses when the client total differs from the server total', async () => {
    const user = await createUser(ctx);
    const { product } = await createProduct(ctx.database.db, { price: 0 });
    await addToCart(ctx, user, product.id);
    const res = await placeOrder(ctx, user, [{ productId: product.id }], { amount: 10 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.cartChanged);
    expect(await ordersOf(user.id)).toEqual([]);
  });

  it('refuses when the client items differ from the server cart', async () => {
    const user = await createUser(ctx);
    const { product } = await createProduct(ctx.database.db, { price: 0 });
    const { product: other } = await createProduct(ctx.database.db, { price: 0 });
    await addToCart(ctx, user, product.id);
    const res = await placeOrder(ctx, user, [{ productId: product.id }, { productId: other.id }]);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.cartChanged);
  });

  it('refuses an empty cart', async () => {
    const user = await createUser(ctx);
    const { product } = await createProduct(ctx.database.db, { price: 0 });
    const res = await placeOrder(ctx, user, [{ productId: product.id }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.emptyCart);
  });

  it('validates the address with Spanish messages', async () => {
    const user = await createUser(ctx);
    const res = await post(ctx, '/api/order/place', user.token, {
      address: { ...ADDRESS, zipcode: 'ABC' },
      items: [{ _id: 'x', days: 'Día 1' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.numericOnly);
    const missing = await post(ctx, '/api/order/place', user.token, {
      address: { ...ADDRESS, firstName: '' },
      items: [{ _id: 'x', days: 'Día 1' }],
    });
    expect(missing.json().message).toBe(MSG.required);
  });

  it('refuses a day bought in the meantime (already owned)', async () => {
    const user = await createUser(ctx);
    const { product } = await createProduct(ctx.database.db, { price: 0 });
    await addToCart(ctx, user, product.id);
    expect((await placeOrder(ctx, user, [{ productId: product.id }])).statusCode).toBe(200);
    // Put the line back behind the cart rules' back, as a stale second tab would have it.
    await db().insert(cartLines).values({ userId: user.id, productId: product.id, day: 'Día 1' });
    const res = await placeOrder(ctx, user, [{ productId: product.id }]);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.alreadyOwned);
    expect(await ordersOf(user.id)).toHaveLength(1);
  });

  it('20 concurrent orders for the last seat: exactly one succeeds', async () => {
    const { product, days } = await createProduct(ctx.database.db, {
      price: 0,
      days: [{ label: 'Día 1', seatCapacity: 5 }],
    });
    await db().update(productDays).set({ seatsTaken: 4 }).where(eq(productDays.id, days[0]!.id));
    const buyers = await Promise.all(Array.from({ length: 20 }, () => createUser(ctx)));
    for (const b of buyers) await addToCart(ctx, b, product.id);
    const results = await Promise.all(buyers.map((b) => placeOrder(ctx, b, [{ productId: product.id }])));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.json().message).toBe(MSG.seatsSoldOut);
    const [day] = await db().select().from(productDays).where(eq(productDays.id, days[0]!.id));
    expect(day!.seatsTaken).toBe(5);
    const rows = await db().select().from(orderDays).where(eq(orderDays.productDayId, days[0]!.id));
    expect(rows).toHaveLength(1);
  });

  it('a coupon at its usage limit under concurrent use is never over-used', async () => {
    const { product } = await createProduct(ctx.database.db, { price: 300 });
    const coupon = await createCoupon(ctx, { code: 'TRES', discountValue: 100, maxUses: 3 });
    const buyers = await Promise.all(Array.from({ length: 12 }, () => createUser(ctx)));
    for (const b of buyers) await addToCart(ctx, b, product.id);
    const results = await Promise.all(
      buyers.map((b) => placeOrder(ctx, b, [{ productId: product.id }], { couponCode: 'TRES' })),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(3);
    // Refused at the check once the uses are gone (the neutral answer), or at the hold when
    // the last use went to another order meanwhile.
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect([
        { status: 400, message: MSG.couponInvalid },
        { status: 409, message: MSG.couponExhausted },
      ]).toContainEqual({ status: r.statusCode, message: r.json().message as string });
    }
    const [c] = await db().select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(c!.usedCount).toBe(3);
    expect(
      await db().select().from(couponRedemptions).where(eq(couponRedemptions.couponId, coupon.id)),
    ).toHaveLength(3);
  });

  it('one user racing two orders with a one-per-user coupon gets it once', async () => {
    const user = await createUser(ctx);
    const { product } = await createProduct(ctx.database.db, { price: 300 });
    await createCoupon(ctx, { code: 'SOLOUNA', discountValue: 100, maxUsesPerUser: 1 });
    await addToCart(ctx, user, product.id);
    const results = await Promise.all(
      [1, 2, 3].map(() => placeOrder(ctx, user, [{ productId: product.id }], { couponCode: 'SOLOUNA' })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await ordersOf(user.id)).toHaveLength(1);
  });
});

describe('cash orders', () => {
  it('are refused unless enabled; when enabled they stay pending and grant nothing', async () => {
    const cash = await createTestContext({ CASH_ORDERS_ENABLED: 'true' });
    try {
      const user = await createUser(cash);
      const { product } = await createProduct(cash.database.db, { price: 2500 });
      await addToCart(cash, user, product.id);
      const res = await placeOrder(cash, user, [{ productId: product.id }], { amount: 2500 + FEE });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(MSG.cashOrderPlaced);
      const [order] = await cash.database.db.select().from(orders).where(eq(orders.userId, user.id));
      expect(order).toMatchObject({
        status: 'pendiente',
        payment: false,
        paymentMethod: 'cod',
        subtotalCentavos: 250_000,
        feeCentavos: SERVICE_FEE_CENTAVOS,
        amountCentavos: 250_000 + SERVICE_FEE_CENTAVOS,
      });
      const single = await cash.app.inject({
        method: 'GET',
        url: `/api/product/single/${product.id}`,
        headers: { token: user.token },
      });
      expect(single.json().product.dayLinks).toEqual({});
      // Not owned: it can be added to the cart again.
      expect(
        (await post(cash, '/api/cart/add', user.token, { itemId: product.id, days: 'Día 1' })).statusCode,
      ).toBe(200);
      // No confirmation e-mail for an unpaid order.
      expect(await cash.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, user.email))).toEqual(
        [],
      );
    } finally {
      await cash.close();
    }
  });
});

describe('order/userorders and order/single', () => {
  it('lists only my orders, newest first, with the fields of the API (docs/product.md → API)', async () => {
    const me = await createUser(ctx);
    const other = await createUser(ctx);
    const { product: first } = await createProduct(ctx.database.db, { price: 0, name: 'Primero' });
    const { product: second } = await createProduct(ctx.database.db, { price: 0, name: 'Segundo' });
    await addToCart(ctx, me, first.id);
    await placeOrder(ctx, me, [{ productId: first.id }]);
    await addToCart(ctx, me, second.id);
    await placeOrder(ctx, me, [{ productId: second.id }]);
    await addToCart(ctx, other, first.id);
    await placeOrder(ctx, other, [{ productId: first.id }]);

    const res = await userOrders(me);
    expect(res.statusCode).toBe(200);
    const list = res.json().orders as { items: { name: string }[]; date: number }[];
    expect(list.map((o) => o.items[0]!.name)).toEqual(['Segundo', 'Primero']);
    expect(list[0]).toMatchObject({ status: 'pagado', payment: true, paymentMethod: 'free', amount: 0 });
    expect(list[0]).toHaveProperty('_id');
    expect(list[0]).toHaveProperty('date');
    expect(list[0]!.date).toBeGreaterThanOrEqual(list[1]!.date);
  });

  it('keeps returning cancelled payment attempts, with status and payment, for the page to tell apart', async () => {
    // The API lists every order (docs/product.md → API); "Mis Productos" hides the attempts never paid
    // (apps/web/src/features/orders/utils/visible-order-items.ts).
    const me = await createUser(ctx);
    const { product: abandoned } = await createProduct(ctx.database.db, { price: 2500, name: 'Abandonado' });
    const { product: refunded } = await createProduct(ctx.database.db, {
      price: 0,
      name: 'Cancelado pagado',
    });
    await addToCart(ctx, me, abandoned.id);
    const attempt = await createPendingOrder(ctx, me);
    await db().transaction((tx) => abandon(tx, attempt.id, 'abandonado'));
    await addToCart(ctx, me, refunded.id);
    const paidId = (await placeOrder(ctx, me, [{ productId: refunded.id }])).json().orderId as string;
    await db().transaction((tx) => adminCancel(tx, paidId));

    const list = (await userOrders(me)).json().orders as { _id: string; status: string; payment: boolean }[];
    expect(list.map((o) => ({ _id: o._id, status: o.status, payment: o.payment }))).toEqual([
      { _id: paidId, status: 'cancelado', payment: true },
      { _id: attempt.id, status: 'cancelado', payment: false },
    ]);
  });

  it("shows an order to its owner only; another user's order is denied", async () => {
    const owner = await createUser(ctx);
    const stranger = await createUser(ctx);
    const { product } = await createProduct(ctx.database.db, { price: 0 });
    await addToCart(ctx, owner, product.id);
    const orderId = (await placeOrder(ctx, owner, [{ productId: product.id }])).json().orderId as string;

    const mine = await post(ctx, '/api/order/single', owner.token, { orderId });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().order).toMatchObject({
      _id: orderId,
      items: [expect.objectContaining({ _id: product.id })],
    });

    const theirs = await post(ctx, '/api/order/single', stranger.token, { orderId });
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json()).toEqual({ success: false, message: MSG.forbidden });
    expect(theirs.body).not.toContain(product.id);

    const anonymous = await post(ctx, '/api/order/single', undefined, { orderId });
    expect(anonymous.statusCode).toBe(401);

    for (const id of ['00000000-0000-4000-8000-000000000000', 'nada']) {
      const res = await post(ctx, '/api/order/single', owner.token, { orderId: id });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(MSG.orderNotFound);
    }
  });
});
