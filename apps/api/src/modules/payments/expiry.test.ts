// The pending-order expiry sweep: seats come back only for orders the provider confirms
// were never paid; money the provider already took pays the order instead.

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderPayments } from '../../db/schema';
import { addToCart, createUser, post } from '../../../test/store-helpers';
import { sweepExpiredOrders } from './expiry';
import { claimForCapture } from '../lifecycle';
import { cancelGuarded } from './settle';
import {
  buyerWithCart,
  createPaypalOrder,
  expire,
  grants,
  orderRow,
  seatsTaken,
  startPaymentsHarness,
  type PaymentsHarness,
} from '../../../test/payments-helpers';

let h: PaymentsHarness;
beforeAll(async () => {
  h = await startPaymentsHarness({ PENDING_ORDER_TTL_MINUTES: '5' });
});
afterAll(() => h.close());

const seat = { days: [{ label: 'Taller', seatCapacity: 1 }] };

describe('sweepExpiredOrders', () => {
  it('uses PENDING_ORDER_TTL_MINUTES for the payment window', async () => {
    const buyer = await buyerWithCart(h.ctx);
    const before = Date.now();
    const { orderId } = await createPaypalOrder(h.ctx, buyer);
    const expiresAt = (await orderRow(h.ctx, orderId)).expiresAt!.getTime();
    expect(expiresAt).toBeGreaterThanOrEqual(before + 5 * 60_000 - 1000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 5 * 60_000 + 1000);
  });

  it('leaves orders whose window is still open', async () => {
    const buyer = await buyerWithCart(h.ctx, seat);
    const { orderId } = await createPaypalOrder(h.ctx, buyer);
    await sweepExpiredOrders(h.deps);
    expect((await orderRow(h.ctx, orderId)).status).toBe('pendiente');
    expect(await seatsTaken(h.ctx, buyer.productDayId)).toBe(1);
  });

  it('cancels a PayPal order that was never paid and releases its seat', async () => {
    const buyer = await buyerWithCart(h.ctx, seat);
    const { id, orderId } = await createPaypalOrder(h.ctx, buyer);
    h.paypal.approve(id); // approved but never captured: no money moved
    await expire(h.ctx, orderId);
    const result = await sweepExpiredOrders(h.deps);
    expect(result.cancelled).toBeGreaterThanOrEqual(1);
    expect((await orderRow(h.ctx, orderId)).status).toBe('cancelado');
    expect(await seatsTaken(h.ctx, buyer.productDayId)).toBe(0);
    // The seat is free for the next buyer.
    const next = await createUser(h.ctx);
    await addToCart(h.ctx, next, buyer.productId, 'Taller');
    await createPaypalOrder(h.ctx, { ...buyer, user: next });
    expect(await seatsTaken(h.ctx, buyer.productDayId)).toBe(1);
  });

  it('pays, instead of cancelling, an order PayPal captured while nobody was listening', async () => {
    const buyer = await buyerWithCart(h.ctx, seat);
    const { id, orderId } = await createPaypalOrder(h.ctx, buyer);
    h.paypal.captureDirect(id);
    await expire(h.ctx, orderId);
    await sweepExpiredOrders(h.deps);
    expect((await orderRow(h.ctx, orderId)).status).toBe('pagado');
    expect(await grants(h.ctx, buyer.user.id)).toBe(1);
    expect(await seatsTaken(h.ctx, buyer.productDayId)).toBe(1);
  });

  it('keeps an order whose capture is still PENDING at PayPal', async () => {
    const buyer = await buyerWithCart(h.ctx);
    const { id, orderId } = await createPaypalOrder(h.ctx, buyer);
    h.paypal.scriptCapture(id, { captureStatus: 'PENDING' });
    h.paypal.captureDirect(id);
    await expire(h.ctx, orderId);
    await sweepExpiredOrders(h.deps);
    const order = await orderRow(h.ctx, orderId);
    expect(order.status).toBe('pendiente');
    expect(order.expiresAt!.getTime()).toBeGreaterThan(Date.now());
  });

  it('keeps an order it cannot check (PayPal unreachable) and settles it later', async () => {
    const buyer = await buyerWithCart(h.ctx);
    const { id, orderId } = await createPaypalOrder(h.ctx, buyer);
    await expire(h.ctx, orderId);
    h.paypal.down = true;
    try {
      const result = await sweepExpiredOrders(h.deps);
      expect(result.kept).toBeGreaterThanOrEqual(1);
      expect((await orderRow(h.ctx, orderId)).status).toBe('pendiente');
    } finally {
      h.paypal.down = false;
    }
    expect(h.paypal.orders.get(id)!.status).toBe('CREATED');
    await sweepExpiredOrders(h.deps);
    expect((await orderRow(h.ctx, orderId)).status).toBe('cancelado');
  });

  it('a capture that starts after the sweep read the order wins over the cancel', async () => {
    const buyer = await buyerWithCart(h.ctx);
    const { orderId } = await createPaypalOrder(h.ctx, buyer);
    const seen = await orderRow(h.ctx, orderId);
    await new Promise((r) => setTimeout(r, 5));
    expect(await claimForCapture(h.ctx.database.db, orderId, new Date())).toBe(true);
    // Close the window: only updated_at tells the sweep something happened.
    await expire(h.ctx, orderId);
    const cancelled = await h.ctx.database.db.transaction((tx) =>
      cancelGuarded(tx, seen, 'expirado', { seenAt: seen.updatedAt, now: new Date() }),
    );
    expect(cancelled).toBe(false);
    expect((await orderRow(h.ctx, orderId)).status).toBe('pendiente');
  });

  it('expires an open Stripe session before cancelling, so it cannot be paid afterwards', async () => {
    const buyer = await buyerWithCart(h.ctx, seat);
    const res = await post(h.ctx, '/api/order/stripe', buyer.user.token, buyer.body);
    const session = [...h.stripe.sessions.values()].find((s) => s.url === res.json().session_url)!;
    const orderId = session.client_reference_id!;
    await expire(h.ctx, orderId);
    await sweepExpiredOrders(h.deps);
    expect(h.stripe.sessions.get(session.id)!.status).toBe('expired');
    expect((await orderRow(h.ctx, orderId)).status).toBe('cancelado');
    expect(await seatsTaken(h.ctx, buyer.productDayId)).toBe(0);
  });

  it('pays a Stripe order whose session was paid but never verified', async () => {
    const buyer = await buyerWithCart(h.ctx);
    const res = await post(h.ctx, '/api/order/stripe', buyer.user.token, buyer.body);
    const session = [...h.stripe.sessions.values()].find((s) => s.url === res.json().session_url)!;
    const orderId = session.client_reference_id!;
    h.stripe.pay(session.id);
    await expire(h.ctx, orderId);
    await sweepExpiredOrders(h.deps);
    expect((await orderRow(h.ctx, orderId)).status).toBe('pagado');
  });

  it('cancels a pending order that never reached a provider', async () => {
    const buyer = await buyerWithCart(h.ctx, seat);
    const { orderId } = await createPaypalOrder(h.ctx, buyer);
    await h.ctx.database.db.delete(orderPayments).where(eq(orderPayments.orderId, orderId));
    await expire(h.ctx, orderId);
    await sweepExpiredOrders(h.deps);
    expect((await orderRow(h.ctx, orderId)).status).toBe('cancelado');
    expect(await seatsTaken(h.ctx, buyer.productDayId)).toBe(0);
  });
});
