// Unpaid orders cannot pile up: one live pending order per user and (product, day), reused
// or replaced by a new attempt; a retried capture never extends the hold; cash orders expire;
// a day already owned is never charged twice (refused before capture, refunded if money
// arrives anyway).

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@store/shared/messages';
import { coupons, orderDays, orderRefunds, orders } from '../../db/schema';
import { createTestContext } from '../../../test/context';
import { createProduct } from '../../../test/factories';
import { addToCart, createCoupon, createUser, placeOrder, post } from '../../../test/store-helpers';
import { sweepExpiredOrders } from './expiry';
import { sweepPendingRefunds } from './refunds';
import {
  auditActions,
  buyerWithCart,
  createPaypalOrder,
  deliver,
  grants,
  orderRow,
  paidOrders,
  payPaypal,
  seatsTaken,
  startPaymentsHarness,
  type Buyer,
  type PaymentsHarness,
} from '../../../test/payments-helpers';

let h: PaymentsHarness;
beforeAll(async () => {
  h = await startPaymentsHarness({ PENDING_ORDER_TTL_MINUTES: '5', RATE_LIMIT_ORDER_MAX: '1000' });
});
afterAll(() => h.close());

const workshop = { price: 2000, days: [{ label: 'Taller', seatCapacity: 5 }] };

async function userOrders(userId: string) {
  return h.ctx.database.db.select().from(orders).where(eq(orders.userId, userId));
}

async function couponUses(id: string) {
  const [row] = await h.ctx.database.db.select().from(coupons).where(eq(coupons.id, id));
  return row!.usedCount;
}

/** The buyer already holds the day through another paid order (e.g. paid in another tab). */
async function ownDayElsewhere(buyer: Buyer) {
  const [paid] = await h.ctx.database.db
    .insert(orders)
    .values({
      userId: buyer.user.id,
      items: [],
      address: { ...buyer.body.address, state: buyer.body.address.state ?? '' },
      subtotalCentavos: 0,
      amountCentavos: 0,
      status: 'pagado',
      payment: true,
      paymentMethod: 'free',
      paidAt: new Date(),
    })
    .returning();
  await h.ctx.database.db.insert(orderDays).values({
    orderId: paid!.id,
    userId: buyer.user.id,
    productId: buyer.productId,
    productDayId: buyer.productDayId,
    day: 'Taller',
    priceCentavos: 0,
    status: 'pagado',
  });
  return paid!;
}

describe('one live pending order per user and day', () => {
  it('twenty create-order calls in a row reuse one order: one seat, one coupon use, one PayPal order', async () => {
    const buyer = await buyerWithCart(h.ctx, workshop);
    const coupon = await createCoupon(h.ctx, { discountType: 'percent', discountValue: 10, maxUses: 100 });
    const body = { couponCode: coupon.code, amount: 1810, discount: 200 };
    const ids = new Set<string>();
    const orderIds = new Set<string>();
    for (let i = 0; i < 20; i += 1) {
      const { id, orderId } = await createPaypalOrder(h.ctx, buyer, body);
      ids.add(id);
      orderIds.add(orderId);
    }
    expect(ids.size).toBe(1);
    expect(orderIds.size).toBe(1);
    expect(await seatsTaken(h.ctx, buyer.productDayId)).toBe(1);
    expect(await couponUses(coupon.id)).toBe(1);
    expect((await userOrders(buyer.user.id)).filter((o) => o.status === 'pendiente')).toHaveLength(1);
  });

  it('twenty create-order calls at once hold one seat and at most one coupon use', async () => {
    const buyer = await buyerWithCart(h.ctx, workshop);
    const coupon = await createCoupon(h.ctx, { discountType: 'percent', discountValue: 10, maxUses: 100 });
    const body = { ...buyer.body, couponCode: coupon.code, amount: 1810, discount: 200 };
    const results = await Promise.all(
      Array.from({ length: 20 }, () => post(h.ctx, '/api/paypal/create-order', buyer.user.token, body)),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(r.json().success).toBe(false);
    }
    expect(new Set(ok.map((r) => r.json().id as string)).size).toBe(1);
    expect(await seatsTaken(h.ctx, buyer.productDayId)).toBe(1);
    expect(await couponUses(coupon.id)).toBeLessThanOrEqual(1);
    const live = (await userOrders(buyer.user.id)).filter((o) => o.status === 'pendiente');
    expect(live).toHaveLength(1);
  });

  it('a changed cart replaces the pending order: seat and coupon use back, a new PayPal order', async () => {
    const buyer = await buyerWithCart(h.ctx, workshop);
    const coupon = await createCoupon(h.ctx, { discountType: 'percent', discountValue: 10, maxUses: 1 });
    const first = await createPaypalOrder(h.ctx, buyer, {
      couponCode: coupon.code,
      amount: 1810,
      discount: 200,
    });
    expect(await couponUses(coupon.id)).toBe(1);
    // Without the coupon the order is another one: the first is cancelled, not kept beside it.
    const second = await createPaypalOrder(h.ctx, buyer);
    expect(second.id).not.toBe(first.id);
    expect(second.orderId).not.toBe(first.orderId);
    expect((await orderRow(h.ctx, first.orderId)).status).toBe('cancelado');
    expect(await couponUses(coupon.id)).toBe(0);
    expect(await seatsTaken(h.ctx, buyer.productDayId)).toBe(1);
    // The cancelled PayPal order can no longer be paid.
    h.paypal.approve(first.id);
    const captures = h.paypal.stats.captureCalls;
    expect((await payPaypal(h.ctx, buyer, first.id)).statusCode).toBe(409);
    expect(h.paypal.stats.captureCalls).toBe(captures);
  });

  it('an earlier PayPal order already captured is paid, not cancelled, and the new attempt is refused', async () => {
    const buyer = await buyerWithCart(h.ctx, workshop);
    const first = await createPaypalOrder(h.ctx, buyer);
    h.paypal.captureDirect(first.id); // paid in another tab; that tab's answer never reached us
    const res = await post(h.ctx, '/api/paypal/create-order', buyer.user.token, buyer.body);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, message: MSG.alreadyOwned });
    expect((await orderRow(h.ctx, first.orderId)).status).toBe('pagado');
    expect(await paidOrders(h.ctx, buyer.user.id)).toBe(1);
    expect(await seatsTaken(h.ctx, buyer.productDayId)).toBe(1);
  });

  it('an earlier PayPal order the buyer already approved is captured and paid, never left behind', async () => {
    const buyer = await buyerWithCart(h.ctx, workshop);
    const first = await createPaypalOrder(h.ctx, buyer);
    h.paypal.approve(first.id);
    const res = await post(h.ctx, '/api/paypal/create-order', buyer.user.token, buyer.body);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.alreadyOwned);
    expect((await orderRow(h.ctx, first.orderId)).status).toBe('pagado');
    expect(h.paypal.orders.get(first.id)!.captures).toHaveLength(1);
  });

  it('two tabs (two create-order, two captures of the same day) pay exactly one order', async () => {
    const buyer = await buyerWithCart(h.ctx, workshop);
    const [a, b] = await Promise.all([createPaypalOrder(h.ctx, buyer), createPaypalOrder(h.ctx, buyer)]);
    h.paypal.approve(a!.id);
    h.paypal.approve(b!.id);
    const results = await Promise.all([payPaypal(h.ctx, buyer, a!.id), payPaypal(h.ctx, buyer, b!.id)]);
    expect(results.some((r) => r.statusCode === 200)).toBe(true);
    expect(await paidOrders(h.ctx, buyer.user.id)).toBe(1);
    expect(await grants(h.ctx, buyer.user.id)).toBe(1);
    expect(await seatsTaken(h.ctx, buyer.productDayId)).toBe(1);
    // PayPal holds one capture that was not given back.
    const kept = [...new Set([a!.id, b!.id])]
      .map((id) => h.paypal.orders.get(id)!)
      .flatMap((o) => o.captures)
      .filter((c) => c.status === 'COMPLETED');
    expect(kept).toHaveLength(1);
  });

  it('the database refuses a second pending hold, or a second paid copy, of the same day', async () => {
    const buyer = await buyerWithCart(h.ctx, workshop);
    const { orderId } = await createPaypalOrder(h.ctx, buyer);
    const duplicate = {
      orderId,
      userId: buyer.user.id,
      productId: buyer.productId,
      productDayId: buyer.productDayId,
      day: 'Taller',
      priceCentavos: 0,
    };
    const other = await ownDayElsewhere(await buyerWithCart(h.ctx, workshop));
    await expect(
      h.ctx.database.db.insert(orderDays).values({ ...duplicate, orderId: other.id, status: 'pendiente' }),
    ).rejects.toThrow();
    const paid = await ownDayElsewhere(buyer);
    await expect(
      h.ctx.database.db.insert(orderDays).values({ ...duplicate, orderId: paid.id, status: 'pagado' }),
    ).rejects.toThrow();
  });
});

describe('capture retries never extend the hold', () => {
  it('a refused capture retried many times leaves expiresAt where it was', async () => {
    const buyer = await buyerWithCart(h.ctx, workshop);
    const { id, orderId } = await createPaypalOrder(h.ctx, buyer);
    const before = (await orderRow(h.ctx, orderId)).expiresAt!.getTime();
    for (let i = 0; i < 10; i += 1) {
      // Never approved: PayPal answers ORDER_NOT_APPROVED each time.
      expect((await payPaypal(h.ctx, buyer, id)).statusCode).toBe(402);
    }
    const order = await orderRow(h.ctx, orderId);
    expect(order.status).toBe('pendiente');
    expect(order.expiresAt!.getTime()).toBe(before);
  });

  it('a capture after the payment window closed is refused without calling PayPal', async () => {
    const buyer = await buyerWithCart(h.ctx, workshop);
    const { id, orderId } = await createPaypalOrder(h.ctx, buyer);
    h.paypal.approve(id);
    const past = new Date(Date.now() - 1000);
    await h.ctx.database.db.update(orders).set({ expiresAt: past }).where(eq(orders.id, orderId));
    const captures = h.paypal.stats.captureCalls;
    const res = await payPaypal(h.ctx, buyer, id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.paymentWindowClosed);
    expect(h.paypal.stats.captureCalls).toBe(captures);
    expect((await orderRow(h.ctx, orderId)).expiresAt!.getTime()).toBe(past.getTime());
  });
});

describe('a day already owned is never charged twice', () => {
  it('is refused before capture: no money moves and the pending order is closed', async () => {
    const buyer = await buyerWithCart(h.ctx, workshop);
    const { id, orderId } = await createPaypalOrder(h.ctx, buyer);
    h.paypal.approve(id);
    await ownDayElsewhere(buyer);
    const captures = h.paypal.stats.captureCalls;
    const res = await payPaypal(h.ctx, buyer, id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, message: MSG.alreadyOwned });
    expect(h.paypal.stats.captureCalls).toBe(captures);
    expect((await orderRow(h.ctx, orderId)).status).toBe('cancelado');
  });

  /** The duplicate order's refund rows. */
  const refundRows = (orderId: string) =>
    h.ctx.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));

  it('money that arrives anyway (webhook) is refunded through PayPal and audited', async () => {
    const buyer = await buyerWithCart(h.ctx, workshop);
    const { id, orderId } = await createPaypalOrder(h.ctx, buyer);
    await ownDayElsewhere(buyer);
    const capture = h.paypal.captureDirect(id);
    const res = await deliver(h.ctx, '/api/paypal/webhook', h.paypal.captureEvent(id));
    expect(res.statusCode).toBe(200);
    const [row] = await refundRows(orderId);
    const refunds = h.paypal.refunds.filter((r) => r.captureId === capture.id);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      amount: { currency_code: 'MXN', value: '2010.00' },
      requestId: `refund-${row!.id}`,
      note_to_payer: MSG.duplicatePaymentRefundNote,
    });
    // Nothing granted, the seat back, the money recorded as given back.
    expect(await orderRow(h.ctx, orderId)).toMatchObject({
      status: 'cancelado',
      closedReason: 'duplicado',
      paypalCaptureId: capture.id,
      refundedCentavos: 201_000,
    });
    expect(row).toMatchObject({ status: 'completado', amountCentavos: 201_000 });
    expect(await auditActions(h.ctx, orderId)).toContain('payment.duplicate_refund_requested');
    expect(await grants(h.ctx, buyer.user.id)).toBe(1);
    // PayPal's own REFUNDED event for that refund changes nothing more.
    await deliver(h.ctx, '/api/paypal/webhook', h.paypal.refundEvent(id));
    expect((await orderRow(h.ctx, orderId)).refundedCentavos).toBe(201_000);
  });

  it('a refund of money that arrives anyway answered PENDING is followed until PayPal completes it', async () => {
    const buyer = await buyerWithCart(h.ctx, workshop);
    const { id, orderId } = await createPaypalOrder(h.ctx, buyer);
    await ownDayElsewhere(buyer);
    h.paypal.captureDirect(id);
    h.paypal.scriptRefund({ kind: 'pending' });
    expect((await deliver(h.ctx, '/api/paypal/webhook', h.paypal.captureEvent(id))).statusCode).toBe(200);
    // Nothing granted, the seat back, but no money recorded as returned yet.
    expect(await orderRow(h.ctx, orderId)).toMatchObject({
      status: 'cancelado',
      payment: true,
      refundedCentavos: 0,
    });
    const [row] = await refundRows(orderId);
    expect(row).toMatchObject({ status: 'pendiente', amountCentavos: 201_000 });
    expect(row!.providerRefundId).toBeTruthy();
    expect(await grants(h.ctx, buyer.user.id)).toBe(1);

    // PayPal completes it; the refund sweep reads it by its id and records the money, once.
    h.paypal.settleRefund(row!.providerRefundId!, 'COMPLETED');
    await sweepPendingRefunds(h.deps, new Date(Date.now() + 2 * 3600_000));
    expect(await orderRow(h.ctx, orderId)).toMatchObject({ status: 'cancelado', refundedCentavos: 201_000 });
    const [done] = await refundRows(orderId);
    expect(done!.status).toBe('completado');
    expect(h.paypal.refunds.filter((r) => r.requestId === `refund-${row!.id}`)).toHaveLength(1);
  });

  it('a refund of money that arrives anyway answered 409 in progress is matched to PayPal’s completion, never refunded twice', async () => {
    const buyer = await buyerWithCart(h.ctx, workshop);
    const { id, orderId } = await createPaypalOrder(h.ctx, buyer);
    await ownDayElsewhere(buyer);
    h.paypal.captureDirect(id);
    h.paypal.scriptRefund({ kind: 'inProgress', completeAfter: 1 });
    expect((await deliver(h.ctx, '/api/paypal/webhook', h.paypal.captureEvent(id))).statusCode).toBe(200);
    // Not refused, not done: the order is closed (nothing granted), the refund row waits.
    expect(await orderRow(h.ctx, orderId)).toMatchObject({ status: 'cancelado', refundedCentavos: 0 });
    const [row] = await refundRows(orderId);
    expect(row).toMatchObject({ status: 'pendiente', providerRefundId: null });
    const actions = await auditActions(h.ctx, orderId);
    expect(actions).toContain('payment.refund_unconfirmed');
    expect(actions).not.toContain('payment.refund_failed');
    // The sweep asks again with the same key: still in progress, nothing new at PayPal.
    await sweepPendingRefunds(h.deps, new Date(Date.now() + 3600_000));
    expect(h.paypal.refunds.filter((r) => r.requestId === `refund-${row!.id}`)).toHaveLength(1);
    // PayPal completes the first request and says so: matched to the row, not an outside refund.
    await deliver(h.ctx, '/api/paypal/webhook', h.paypal.refundEvent(id));
    expect(await orderRow(h.ctx, orderId)).toMatchObject({ status: 'cancelado', refundedCentavos: 201_000 });
    expect((await refundRows(orderId)).map((r) => r.status)).toEqual(['completado']);
    await sweepPendingRefunds(h.deps, new Date(Date.now() + 2 * 3600_000));
    expect(h.paypal.refunds.filter((r) => r.captureId === row!.orderId)).toHaveLength(0);
    expect(h.paypal.refunds.filter((r) => r.requestId === `refund-${row!.id}`)).toHaveLength(1);
    expect(await grants(h.ctx, buyer.user.id)).toBe(1);
  });

  it('a refund of money that arrives anyway answered FAILED is shown as a failed refund, the order closed', async () => {
    const buyer = await buyerWithCart(h.ctx, workshop);
    const { id, orderId } = await createPaypalOrder(h.ctx, buyer);
    await ownDayElsewhere(buyer);
    h.paypal.captureDirect(id);
    h.paypal.scriptRefund({ kind: 'failed' });
    expect((await deliver(h.ctx, '/api/paypal/webhook', h.paypal.captureEvent(id))).statusCode).toBe(200);
    // Nothing granted, the seat back, and no money recorded as returned.
    expect(await orderRow(h.ctx, orderId)).toMatchObject({ status: 'cancelado', refundedCentavos: 0 });
    const [row] = await refundRows(orderId);
    expect(row!.status).toBe('fallido');
    expect(await grants(h.ctx, buyer.user.id)).toBe(1);
    // A redelivery asks nothing more of PayPal.
    const calls = h.paypal.stats.refundCalls;
    expect((await deliver(h.ctx, '/api/paypal/webhook', h.paypal.captureEvent(id))).statusCode).toBe(200);
    expect(h.paypal.stats.refundCalls).toBe(calls);
    expect((await orderRow(h.ctx, orderId)).status).toBe('cancelado');
  });

  it('a capture racing another paid order is refunded automatically', async () => {
    const buyer = await buyerWithCart(h.ctx, workshop);
    const { id, orderId } = await createPaypalOrder(h.ctx, buyer);
    h.paypal.approve(id);
    // While PayPal takes the money, the same day is paid through another order.
    h.paypal.scriptCapture(id, { beforeAnswer: () => ownDayElsewhere(buyer).then(() => undefined) });
    const res = await payPaypal(h.ctx, buyer, id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.duplicatePaymentRefunded);
    const [row] = await refundRows(orderId);
    expect(h.paypal.refunds.filter((r) => r.requestId === `refund-${row!.id}`)).toHaveLength(1);
    expect(await orderRow(h.ctx, orderId)).toMatchObject({ status: 'cancelado', refundedCentavos: 201_000 });
    expect(await grants(h.ctx, buyer.user.id)).toBe(1);
  });

  // The capture's answer and PayPal's PAYMENT.CAPTURE.COMPLETED webhook for the same money
  // reach the store together: whichever closes the duplicate order first, PayPal is asked for
  // one refund, and the other changes nothing.
  for (const when of ['while the capture answer is handled', 'before the capture answer'] as const) {
    it(`a duplicate capture whose webhook arrives ${when} is refunded once`, async () => {
      const buyer = await buyerWithCart(h.ctx, workshop);
      const seatsBefore = await seatsTaken(h.ctx, buyer.productDayId);
      const { id, orderId } = await createPaypalOrder(h.ctx, buyer);
      h.paypal.approve(id);
      let webhook: Promise<{ statusCode: number }> | undefined;
      h.paypal.scriptCapture(id, {
        beforeAnswer: async () => {
          await ownDayElsewhere(buyer);
          webhook = deliver(h.ctx, '/api/paypal/webhook', h.paypal.captureEvent(id));
          if (when === 'before the capture answer') await webhook;
        },
      });
      const [res, hook] = await Promise.all([
        payPaypal(h.ctx, buyer, id),
        (async () => {
          while (!webhook) await new Promise((r) => setTimeout(r, 5));
          return webhook;
        })(),
      ]);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(MSG.duplicatePaymentRefunded);
      expect(hook.statusCode).toBe(200);
      const rows = await refundRows(orderId);
      expect(rows).toHaveLength(1);
      const capture = h.paypal.refunds.filter((r) => r.requestId === `refund-${rows[0]!.id}`);
      expect(capture).toHaveLength(1);
      expect(h.paypal.refunds.filter((r) => r.captureId === capture[0]!.captureId)).toHaveLength(1);
      expect(await orderRow(h.ctx, orderId)).toMatchObject({
        status: 'cancelado',
        closedReason: 'duplicado',
        refundedCentavos: 201_000,
      });
      expect(await grants(h.ctx, buyer.user.id)).toBe(1);
      // The hold's seat given back once (the day is held by the other order).
      expect(await seatsTaken(h.ctx, buyer.productDayId)).toBe(seatsBefore);
    });
  }
});

describe('cash orders', () => {
  it('expire after CASH_ORDER_TTL_HOURS and give their seat back', async () => {
    const cash = await createTestContext({ CASH_ORDERS_ENABLED: 'true', CASH_ORDER_TTL_HOURS: '48' });
    try {
      const user = await createUser(cash);
      const { product, days } = await createProduct(cash.database.db, workshop);
      await addToCart(cash, user, product.id, 'Taller');
      const placed = Date.now();
      const res = await placeOrder(cash, user, [{ productId: product.id, day: 'Taller' }], { amount: 2010 });
      expect(res.statusCode).toBe(200);
      const orderId = res.json().orderId as string;
      const [order] = await cash.database.db.select().from(orders).where(eq(orders.id, orderId));
      expect(order!.expiresAt!.getTime()).toBeGreaterThanOrEqual(placed + 48 * 3600_000);
      expect(order!.expiresAt!.getTime()).toBeLessThanOrEqual(Date.now() + 48 * 3600_000);
      const deps = { ...h.deps, db: cash.database.db, config: cash.config };
      await sweepExpiredOrders(deps, new Date(placed + 47 * 3600_000));
      const seat = async () =>
        (
          await cash.database.db
            .select({ status: orders.status })
            .from(orders)
            .where(and(eq(orders.id, orderId)))
        )[0]!.status;
      expect(await seat()).toBe('pendiente');
      await sweepExpiredOrders(deps, new Date(Date.now() + 48 * 3600_000 + 60_000));
      expect(await seat()).toBe('cancelado');
      const [day] = await cash.database.db.select().from(orderDays).where(eq(orderDays.orderId, orderId));
      expect(day!.status).toBe('cancelado');
      expect(days[0]!.id).toBe(day!.productDayId);
    } finally {
      await cash.close();
    }
  });

  it('a second cash order for the same day reuses the first', async () => {
    const cash = await createTestContext({ CASH_ORDERS_ENABLED: 'true' });
    try {
      const user = await createUser(cash);
      const { product } = await createProduct(cash.database.db, workshop);
      await addToCart(cash, user, product.id, 'Taller');
      const line = [{ productId: product.id, day: 'Taller' }];
      const first = await placeOrder(cash, user, line, { amount: 2010 });
      // The cash order took the line out of the cart; the buyer adds it again and retries.
      await addToCart(cash, user, product.id, 'Taller');
      const second = await placeOrder(cash, user, line, { amount: 2010 });
      expect(second.statusCode).toBe(200);
      expect(second.json().orderId).toBe(first.json().orderId);
    } finally {
      await cash.close();
    }
  });
});
