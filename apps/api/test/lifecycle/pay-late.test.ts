// Money confirmed after an order ended unpaid (docs/lifecycle.md → payLate; docs/payments.md →
// Late payments): the order is paid after all when every seat is still free, all or nothing;
// otherwise the money is recorded and the whole amount is asked back. Once per order.

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, orderDays, orderRefunds, orders, productDays } from '../../src/db/schema';
import { expire, findOrder, pay, payLate } from '../../src/modules/lifecycle';
import { holdOrder } from '../../src/modules/payments/checkout';
import { createProduct, type ProductSpec } from '../factories';
import { grants, seatsTaken, startPaymentsHarness, type PaymentsHarness } from '../payments-helpers';
import { ADDRESS, addToCart, createUser, type TestUser } from '../store-helpers';

/** The spec's address as stored (the state is optional in the form). */
const address = { ...ADDRESS, state: ADDRESS.state ?? '' };

let h: PaymentsHarness;
beforeAll(async () => {
  h = await startPaymentsHarness();
});
afterAll(() => h.close());

async function heldThenExpired(buyer: TestUser, productId: string, label = 'Día 1') {
  await addToCart(h.ctx, buyer, productId, label);
  const order = await holdOrder(h.deps, {
    userId: buyer.id,
    address,
    paymentMethod: 'oxxo',
    status: 'pendiente',
    expiresAt: new Date(Date.now() + 3600_000),
    clearCart: false,
  });
  expect(await h.ctx.database.db.transaction((tx) => expire(tx, order.id))).toBe(true);
  return order;
}

async function product(spec: ProductSpec = {}) {
  const { product: p, days } = await createProduct(h.ctx.database.db, { price: 1500, ...spec });
  return { productId: p.id, dayId: days[0]!.id };
}

const subjects = async (orderId: string) =>
  (await h.ctx.database.db.select().from(emailOutbox))
    .filter((m) => m.subject.includes(orderId.slice(0, 8).toUpperCase()))
    .map((m) => m.subject);

describe('payLate', () => {
  it('pays the ended order after all when its seat is still free, once', async () => {
    const buyer = await createUser(h.ctx);
    const { productId, dayId } = await product({ days: [{ label: 'Día 1', seatCapacity: 3 }] });
    const order = await heldThenExpired(buyer, productId);
    expect(await seatsTaken(h.ctx, dayId)).toBe(0);

    const first = await h.ctx.database.db.transaction((tx) =>
      payLate(tx, order.id, { captureId: 'pi_late_1' }),
    );
    expect(first).toMatchObject({ changed: true, outcome: 'honoured', refund: null });
    expect(await findOrder(h.ctx.database.db, order.id)).toMatchObject({
      status: 'pagado',
      payment: true,
      closedReason: null,
      expiresAt: null,
    });
    expect(await seatsTaken(h.ctx, dayId)).toBe(1);
    expect(await grants(h.ctx, buyer.id)).toBe(1);
    const mails = await subjects(order.id);
    expect(mails.some((s) => s.startsWith('Recibimos tu pago: compra confirmada'))).toBe(true);

    const again = await h.ctx.database.db.transaction((tx) =>
      payLate(tx, order.id, { captureId: 'pi_late_1' }),
    );
    expect(again).toMatchObject({ changed: false, outcome: 'none' });
    expect(await seatsTaken(h.ctx, dayId)).toBe(1);
  });

  it('asks the whole amount back when the seat went to someone else meanwhile', async () => {
    const late = await createUser(h.ctx);
    const other = await createUser(h.ctx);
    const { productId, dayId } = await product({ days: [{ label: 'Día 1', seatCapacity: 1 }] });
    const order = await heldThenExpired(late, productId);
    // Another buyer takes the freed seat and pays.
    await addToCart(h.ctx, other, productId);
    const theirs = await holdOrder(h.deps, {
      userId: other.id,
      address,
      paymentMethod: 'oxxo',
      status: 'pendiente',
      expiresAt: new Date(Date.now() + 3600_000),
      clearCart: false,
    });
    await h.ctx.database.db.transaction((tx) => pay(tx, theirs.id, {}));

    const result = await h.ctx.database.db.transaction((tx) =>
      payLate(tx, order.id, { captureId: 'pi_late_2' }),
    );
    expect(result.outcome).toBe('refunding');
    expect(await findOrder(h.ctx.database.db, order.id)).toMatchObject({
      status: 'cancelado',
      payment: true,
    });
    const [refund] = await h.ctx.database.db
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, order.id));
    expect(refund).toMatchObject({
      status: 'pendiente',
      amountCentavos: order.amountCentavos,
      kind: 'admin',
    });
    expect(refund!.nextAttemptAt).not.toBeNull();
    // Nothing granted, the other buyer keeps the seat, the day is never oversold.
    expect(await grants(h.ctx, late.id)).toBe(0);
    expect(await grants(h.ctx, other.id)).toBe(1);
    expect(await seatsTaken(h.ctx, dayId)).toBe(1);
    const mails = await subjects(order.id);
    expect(mails.some((s) => s.startsWith('Recibimos tu pago tarde: te lo reembolsamos'))).toBe(true);
    // A second notice of the same money changes nothing (no second refund).
    const again = await h.ctx.database.db.transaction((tx) => payLate(tx, order.id));
    expect(again.changed).toBe(false);
    expect(
      await h.ctx.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id)),
    ).toHaveLength(1);
  });

  it('is all or nothing over the order’s days: one taken day refunds the whole order', async () => {
    const late = await createUser(h.ctx);
    const other = await createUser(h.ctx);
    const { product: p, days } = await createProduct(h.ctx.database.db, {
      price: 1000,
      days: [
        { label: 'Día 1', seatCapacity: 5 },
        { label: 'Día 2', seatCapacity: 1 },
      ],
    });
    await addToCart(h.ctx, late, p.id, 'Día 1');
    const order = await heldThenExpired(late, p.id, 'Día 2');
    await addToCart(h.ctx, other, p.id, 'Día 2');
    const theirs = await holdOrder(h.deps, {
      userId: other.id,
      address,
      paymentMethod: 'oxxo',
      status: 'pendiente',
      expiresAt: new Date(Date.now() + 3600_000),
      clearCart: false,
    });
    await h.ctx.database.db.transaction((tx) => pay(tx, theirs.id, {}));
    const result = await h.ctx.database.db.transaction((tx) => payLate(tx, order.id));
    expect(result.outcome).toBe('refunding');
    expect(await seatsTaken(h.ctx, days[0]!.id)).toBe(0);
    expect(await seatsTaken(h.ctx, days[1]!.id)).toBe(1);
    const rows = await h.ctx.database.db.select().from(orderDays).where(eq(orderDays.orderId, order.id));
    expect(rows.every((r) => r.status === 'cancelado')).toBe(true);
  });

  it('refunds a late payment for a day that has already ended', async () => {
    const buyer = await createUser(h.ctx);
    const { productId, dayId } = await product();
    const order = await heldThenExpired(buyer, productId);
    const past = new Date(Date.now() - 3600_000);
    await h.ctx.database.db
      .update(productDays)
      .set({ startsAt: new Date(past.getTime() - 3600_000), endsAt: past })
      .where(eq(productDays.id, dayId));
    const result = await h.ctx.database.db.transaction((tx) => payLate(tx, order.id));
    expect(result.outcome).toBe('refunding');
  });

  it('is refused for an order that is not an ended hold', async () => {
    const buyer = await createUser(h.ctx);
    const { productId } = await product();
    await addToCart(h.ctx, buyer, productId);
    const order = await holdOrder(h.deps, {
      userId: buyer.id,
      address,
      paymentMethod: 'oxxo',
      status: 'pendiente',
      expiresAt: new Date(Date.now() + 3600_000),
      clearCart: false,
    });
    const result = await h.ctx.database.db.transaction((tx) => payLate(tx, order.id));
    expect(result).toMatchObject({ changed: false, outcome: 'none' });
    const [row] = await h.ctx.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.id, order.id), eq(orders.status, 'pendiente')));
    expect(row).toBeDefined();
  });
});
