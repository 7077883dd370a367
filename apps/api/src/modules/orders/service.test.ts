// The order functions payments and admin build on: pending orders, paid exactly once,
// cancel/refund releasing seats (and coupon uses), quotes.

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
import { AppError } from '../../lib/errors';
import { createProduct } from '../../../test/factories';
import {
  addToCart,
  createCoupon,
  createPendingOrder,
  createUser,
  FEE,
  type TestUser,
  useStoreTestContext,
} from '../../../test/store-helpers';
import { quoteCart } from '../cart/quote';
import { abandon, findOrder, pay, providerRefund } from '../lifecycle';
import { toApiOrder } from './service';

const ctx = useStoreTestContext();
const db = () => ctx.database.db;

const pendingOrder = (user: TestUser, opts: Parameters<typeof createPendingOrder>[2] = {}) =>
  createPendingOrder(ctx, user, opts);

const dayRow = async (id: string) =>
  (await db().select().from(productDays).where(eq(productDays.id, id)))[0]!;
const mailsTo = (email: string) => db().select().from(emailOutbox).where(eq(emailOutbox.to, email));

describe('quoteCart', () => {
  it('prices the cart from the database with the service fee (docs/product.md → Totals)', async () => {
    const user = await createUser(ctx);
    const { product: a } = await createProduct(ctx.database.db, { price: 2500 });
    const { product: b } = await createProduct(ctx.database.db, { price: 1000.5 });
    await addToCart(ctx, user, a.id);
    await addToCart(ctx, user, b.id);
    await createCoupon(ctx, { code: 'QDIEZ', discountValue: 10 });
    const q = await quoteCart(db(), user.id, 'qdiez');
    expect(q).toMatchObject({
      subtotal: 350_050,
      discount: 35_005,
      fee: SERVICE_FEE_CENTAVOS,
      total: 315_045 + SERVICE_FEE_CENTAVOS,
      isFree: false,
    });
    expect(q.lines.map((l) => l.productId).sort()).toEqual([a.id, b.id].sort());
    expect(q.coupon).toMatchObject({ code: 'QDIEZ', appliesToWholeOrder: true });
  });

  it('is free (no fee) when the discount covers everything', async () => {
    const user = await createUser(ctx);
    const { product } = await createProduct(ctx.database.db, { price: 2500 });
    await addToCart(ctx, user, product.id);
    await createCoupon(ctx, { code: 'QTODO', discountValue: 100 });
    expect(await quoteCart(db(), user.id, 'QTODO')).toMatchObject({ total: 0, fee: 0, isFree: true });
  });

  it('throws a Spanish AppError for an empty cart', async () => {
    const user = await createUser(ctx);
    await expect(quoteCart(db(), user.id)).rejects.toEqual(new AppError('bad_request', MSG.emptyCart));
  });
});

describe('pending orders and pay', () => {
  it('a pending order holds its seat but grants nothing; paying it grants access exactly once', async () => {
    const user = await createUser(ctx);
    const { product, days } = await createProduct(ctx.database.db, {
      price: 500,
      days: [{ label: 'Día 1', seatCapacity: 10, streamUrl: 'https://youtu.be/ccccccccccc' }],
    });
    await addToCart(ctx, user, product.id);
    const order = await pendingOrder(user, { clearCart: false });
    expect(order).toMatchObject({
      status: 'pendiente',
      payment: false,
      amountCentavos: 50_000 + SERVICE_FEE_CENTAVOS,
    });
    expect((await dayRow(days[0]!.id)).seatsTaken).toBe(1);
    // The cart stays until payment when asked to.
    expect(await db().select().from(cartLines).where(eq(cartLines.userId, user.id))).toHaveLength(1);
    const linksBefore = await ctx.app.inject({
      method: 'GET',
      url: `/api/product/single/${product.id}`,
      headers: { token: user.token },
    });
    expect(linksBefore.json().product.dayLinks).toEqual({});

    const [first, second] = await Promise.all([
      db().transaction((tx) => pay(tx, order.id, { captureId: 'CAP-1' })),
      db().transaction((tx) => pay(tx, order.id, { captureId: 'CAP-1' })),
    ]);
    expect([first.changed, second.changed].sort()).toEqual([false, true]);
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: 'pagado', payment: true });
    expect(row!.paidAt).toBeInstanceOf(Date);
    const entitlement = await db().select().from(orderDays).where(eq(orderDays.orderId, order.id));
    expect(entitlement.map((d) => d.status)).toEqual(['pagado']);
    expect(await mailsTo(user.email)).toHaveLength(1);
    expect(await db().select().from(cartLines).where(eq(cartLines.userId, user.id))).toEqual([]);
    expect((await dayRow(days[0]!.id)).seatsTaken).toBe(1);

    const linksAfter = await ctx.app.inject({
      method: 'GET',
      url: `/api/product/single/${product.id}`,
      headers: { token: user.token },
    });
    expect(linksAfter.json().product.dayLinks).toEqual({ 'Día 1': 'https://youtu.be/ccccccccccc' });
    expect(toApiOrder(row!, null)).toMatchObject({
      _id: order.id,
      status: 'pagado',
      amount: 500 + FEE,
      fee: FEE,
    });
  });

  it('pay does nothing for an unknown or cancelled order', async () => {
    const missing = await db().transaction((tx) => pay(tx, '00000000-0000-4000-8000-000000000000'));
    expect(missing).toEqual({ changed: false, order: null });
    const user = await createUser(ctx);
    const { product } = await createProduct(ctx.database.db, { price: 100 });
    await addToCart(ctx, user, product.id);
    const order = await pendingOrder(user);
    await cancel(order.id);
    const late = await db().transaction((tx) => pay(tx, order.id));
    expect(late.changed).toBe(false);
    expect(late.order?.status).toBe('cancelado');
  });
});

/** The buyer abandons a pending order. */
const cancel = async (id: string) => ({
  changed: await db().transaction((tx) => abandon(tx, id, 'abandonado')),
});
/** The provider reports the whole amount refunded. */
const refundAll = async (id: string) => {
  const amount = (await findOrder(db(), id))!.amountCentavos;
  return {
    changed: await db().transaction((tx) =>
      providerRefund(tx, {
        orderId: id,
        providerRefundId: `R-${id.slice(0, 8)}`,
        amountCentavos: amount,
      }),
    ),
  };
};

describe('ending orders', () => {
  it('cancelling releases the seats and gives the coupon use back', async () => {
    const user = await createUser(ctx);
    const { product, days } = await createProduct(ctx.database.db, {
      price: 100,
      days: [{ label: 'Día 1', seatCapacity: 3 }],
    });
    const coupon = await createCoupon(ctx, { code: 'CANCELA', discountValue: 50, maxUses: 1 });
    await addToCart(ctx, user, product.id);
    const order = await pendingOrder(user, { couponCode: 'CANCELA' });
    expect((await dayRow(days[0]!.id)).seatsTaken).toBe(1);
    expect((await db().select().from(coupons).where(eq(coupons.id, coupon.id)))[0]!.usedCount).toBe(1);

    const result = await cancel(order.id);
    expect(result.changed).toBe(true);
    expect((await dayRow(days[0]!.id)).seatsTaken).toBe(0);
    expect((await db().select().from(coupons).where(eq(coupons.id, coupon.id)))[0]!.usedCount).toBe(0);
    expect(
      await db().select().from(couponRedemptions).where(eq(couponRedemptions.orderId, order.id)),
    ).toEqual([]);
    const entitlement = await db().select().from(orderDays).where(eq(orderDays.orderId, order.id));
    expect(entitlement.map((d) => d.status)).toEqual(['cancelado']);
    // A second cancel changes nothing (seats are not released twice).
    expect((await cancel(order.id)).changed).toBe(false);
    expect((await dayRow(days[0]!.id)).seatsTaken).toBe(0);
  });

  it('refunding a paid order ends access and frees the seat but keeps the coupon counted', async () => {
    const user = await createUser(ctx);
    const { product, days } = await createProduct(ctx.database.db, {
      price: 100,
      days: [{ label: 'Día 1', seatCapacity: 3, streamUrl: 'https://youtu.be/ddddddddddd' }],
    });
    const coupon = await createCoupon(ctx, { code: 'REEMB', discountValue: 50 });
    await addToCart(ctx, user, product.id);
    const order = await pendingOrder(user, { couponCode: 'REEMB' });
    // Only a paid order can be refunded.
    expect((await refundAll(order.id)).changed).toBe(false);
    await db().transaction((tx) => pay(tx, order.id));
    expect((await refundAll(order.id)).changed).toBe(true);
    expect((await dayRow(days[0]!.id)).seatsTaken).toBe(0);
    expect((await db().select().from(coupons).where(eq(coupons.id, coupon.id)))[0]!.usedCount).toBe(1);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/product/single/${product.id}`,
      headers: { token: user.token },
    });
    expect(res.json().product.dayLinks).toEqual({});
  });
});
