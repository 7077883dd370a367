import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../../db/schema';
import type { AdminDashboardResponse } from '@store/shared/schemas/admin/dashboard';
import { createTestContext, type TestContext } from '../../../../test/context';
import { createProduct } from '../../../../test/factories';
import { createCoupon, createUser, FEE, type TestUser } from '../../../../test/store-helpers';
import { call, claim } from '../../../../test/admin-helpers';
import { allocateCentavos } from './revenue';

describe('admin dashboard', () => {
  let ctx: TestContext;
  let admin: TestUser;

  beforeAll(async () => {
    ctx = await createTestContext({ CASH_ORDERS_ENABLED: 'true' });
    admin = await createUser(ctx, { role: 'admin' });
  });
  afterAll(() => ctx.close());

  it('sums revenue and seats per event and per day, orders per day, latest orders', async () => {
    const congreso = await createProduct(ctx.database.db, {
      name: 'Congreso',
      price: 1000,
      days: [{ label: 'Día 1', seatCapacity: 10 }, { label: 'Día 2' }],
    });
    const taller = await createProduct(ctx.database.db, { name: 'Taller', price: 500 });
    await createCoupon(ctx, { code: 'MITAD', discountValue: 50 });

    // Paid by cash: 2000 − 50% = 1000 (+ the service fee) spread over two days.
    const paid = await claim(ctx, await createUser(ctx), congreso.product.id, ['Día 1', 'Día 2'], {
      amount: 1000 + FEE,
      couponCode: 'MITAD',
    });
    await call(ctx, admin.token, 'POST', `/api/admin/orders/${paid}/mark-paid`);
    // Pending: counted as an order, not as revenue or seats sold.
    await claim(ctx, await createUser(ctx), taller.product.id, ['Día 1'], { amount: 500 + FEE });

    const res = await call(ctx, admin.token, 'GET', '/api/admin/dashboard?days=7');
    expect(res.statusCode, res.body).toBe(200);
    const d: AdminDashboardResponse = res.json();
    expect(d.totals).toMatchObject({
      revenue: 1000 + FEE,
      paidOrders: 1,
      pendingOrders: 1,
      seatsSold: 2,
      activeEvents: 2,
    });
    expect(d.events[0]).toEqual({
      productId: congreso.product.id,
      name: 'Congreso',
      active: true,
      revenue: 1000,
      seatsSold: 2,
      days: [
        { productDayId: congreso.days[0]!.id, label: 'Día 1', seatsSold: 1, seatCapacity: 10, revenue: 500 },
        {
          productDayId: congreso.days[1]!.id,
          label: 'Día 2',
          seatsSold: 1,
          seatCapacity: null,
          revenue: 500,
        },
      ],
    });
    expect(d.events[1]).toMatchObject({ name: 'Taller', revenue: 0, seatsSold: 0 });
    expect(d.timeline).toHaveLength(7);
    expect(d.timeline.at(-1)).toMatchObject({ orders: 2, paidOrders: 1, revenue: 1000 + FEE });
    expect(d.timeline.slice(0, 6).every((t) => t.orders === 0)).toBe(true);
    expect(d.latestOrders.map((o) => o.status)).toEqual(['pendiente', 'pagado']);

    // A cancellation later refunds part of the paid order: Ingresos keeps what was kept.
    await ctx.database.db
      .update(orders)
      .set({ status: 'reembolso_parcial', refundedCentavos: 80_000 })
      .where(eq(orders.id, paid));
    const after: AdminDashboardResponse = (
      await call(ctx, admin.token, 'GET', '/api/admin/dashboard?days=7')
    ).json();
    expect(after.totals.revenue).toBe(1000 + FEE - 800);
    expect(after.timeline.at(-1)).toMatchObject({ revenue: 1000 + FEE - 800 });

    const bad = await call(ctx, admin.token, 'GET', '/api/admin/dashboard?days=2');
    expect(bad.statusCode).toBe(400);
  });

  it('splits an order across its lines to the centavo', () => {
    expect(allocateCentavos(1000, [500, 500])).toEqual([500, 500]);
    expect(allocateCentavos(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocateCentavos(999, [300, 0, 700])).toEqual([300, 0, 699]);
    expect(allocateCentavos(10, [0, 0])).toEqual([5, 5]);
    expect(allocateCentavos(0, [10, 20])).toEqual([0, 0]);
    const parts = allocateCentavos(123457, [333, 667, 1000, 1]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(123457);
  });
});
