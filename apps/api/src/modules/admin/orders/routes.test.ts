import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mexicoCityDate } from '@store/shared/domain/time';
import { ADMIN_MSG } from '@store/shared/admin-messages';
import type { AdminOrderDetail, AdminOrderSummary } from '@store/shared/schemas/admin/orders';
import { auditLog, coupons, emailOutbox, orderDays, orders, productDays, users } from '../../../db/schema';
import { createTestContext, type TestContext } from '../../../../test/context';
import { createProduct } from '../../../../test/factories';
import { createCoupon, createUser, FEE, type TestUser } from '../../../../test/store-helpers';
import { call, claim, dayLinksOf } from '../../../../test/admin-helpers';

const LINK = 'https://youtu.be/abcdefghijk';

describe('admin orders', () => {
  let ctx: TestContext;
  let admin: TestUser;

  beforeAll(async () => {
    ctx = await createTestContext({ CASH_ORDERS_ENABLED: 'true' });
    admin = await createUser(ctx, { role: 'admin' });
  });
  afterAll(() => ctx.close());

  async function event(price = 800, seatCapacity: number | null = 3) {
    return createProduct(ctx.database.db, {
      price,
      isPresential: true,
      days: [
        { label: 'Jueves', streamUrl: LINK, seatCapacity },
        { label: 'Viernes', streamUrl: LINK },
      ],
    });
  }
  const seatsTaken = async (dayId: string) =>
    (await ctx.database.db.select().from(productDays).where(eq(productDays.id, dayId)))[0]!.seatsTaken;
  const mailsTo = async (email: string) =>
    (await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, email))).filter(
      (m) => !m.subject.startsWith('Confirmación'),
    );
  const detail = async (id: string): Promise<AdminOrderDetail> =>
    (await call(ctx, admin.token, 'GET', `/api/admin/orders/${id}`)).json().order;

  it('lists and filters by event, day, status, method, date and customer', async () => {
    const a = await event();
    const b = await event();
    const ana = await createUser(ctx, { email: 'ana.filtros@hospital.mx' });
    const beto = await createUser(ctx, { email: 'beto.filtros@hospital.mx' });
    await createCoupon(ctx, { code: 'FILTROS100', discountValue: 100 });
    const freeOrder = await claim(ctx, ana, a.product.id, ['Jueves', 'Viernes'], {
      couponCode: 'FILTROS100',
    });
    const cashOrder = await claim(ctx, beto, b.product.id, ['Viernes'], { amount: 800 + FEE });

    const ids = async (qs: string) =>
      (await call(ctx, admin.token, 'GET', `/api/admin/orders?${qs}`))
        .json()
        .orders.map((o: AdminOrderSummary) => o._id);
    expect(await ids(`productId=${a.product.id}`)).toEqual([freeOrder]);
    expect(await ids(`productDayId=${b.days[1]!.id}`)).toEqual([cashOrder]);
    expect(await ids(`productDayId=${b.days[0]!.id}`)).toEqual([]);
    expect(await ids('status=pendiente&method=cod&search=filtros')).toEqual([cashOrder]);
    expect(await ids('status=pagado&method=free&search=ANA.FILTROS')).toEqual([freeOrder]);
    expect(await ids(`search=${freeOrder.slice(0, 8).toUpperCase()}`)).toEqual([freeOrder]);
    const today = mexicoCityDate(Date.now());
    expect(await ids(`from=${today}&to=${today}&search=filtros`)).toEqual([cashOrder, freeOrder]);
    expect(await ids('from=2000-01-01&to=2000-01-02')).toEqual([]);

    const list = await call(ctx, admin.token, 'GET', `/api/admin/orders?productId=${a.product.id}`);
    expect(list.json().orders[0]).toMatchObject({
      status: 'pagado',
      paymentMethod: 'free',
      subtotal: 1600,
      discount: 1600,
      amount: 0,
      couponCode: 'FILTROS100',
      customer: { email: 'ana.filtros@hospital.mx', userType: 'general' },
      items: [{ productId: a.product.id, days: ['Jueves', 'Viernes'] }],
    });

    for (const [qs, message] of [
      ['from=ayer', ADMIN_MSG.dateInvalid],
      ['status=perdido', null],
      ['productId=abc', null],
    ] as const) {
      const res = await call(ctx, admin.token, 'GET', `/api/admin/orders?${qs}`);
      expect(res.statusCode).toBe(400);
      if (message) expect(res.json().message).toBe(message);
    }
  });

  it('shows an order with its lines, address and history; 404 for an unknown one', async () => {
    const e = await event(0);
    const orderId = await claim(ctx, await createUser(ctx), e.product.id, ['Viernes']);
    const order = await detail(orderId);
    expect(order.lines).toEqual([
      {
        productDayId: e.days[1]!.id,
        productId: e.product.id,
        productName: e.product.name,
        day: 'Viernes',
        price: 0,
        status: 'pagado',
      },
    ]);
    expect(order.address.city).toBe('Ciudad de México');
    expect(order.history).toEqual([]);
    const missing = await call(
      ctx,
      admin.token,
      'GET',
      '/api/admin/orders/00000000-0000-4000-8000-000000000000',
    );
    expect(missing.statusCode).toBe(404);
  });

  it('cancel revokes access, frees the seat, gives the coupon use back, and is audited', async () => {
    const e = await event();
    const customer = await createUser(ctx);
    const coupon = await createCoupon(ctx, { code: 'CANCELA100', discountValue: 100 });
    const orderId = await claim(ctx, customer, e.product.id, ['Jueves'], { couponCode: 'CANCELA100' });
    expect(await dayLinksOf(ctx, customer, e.product.id)).toEqual({ Jueves: LINK });
    expect(await seatsTaken(e.days[0]!.id)).toBe(1);

    const res = await call(ctx, admin.token, 'POST', `/api/admin/orders/${orderId}/cancel`, {
      note: 'Pidió la baja por teléfono',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: ADMIN_MSG.orderCancelled, order: { status: 'cancelado' } });
    expect(await dayLinksOf(ctx, customer, e.product.id)).toEqual({});
    expect(await seatsTaken(e.days[0]!.id)).toBe(0);
    const [c] = await ctx.database.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(c!.usedCount).toBe(0);

    const order = await detail(orderId);
    expect(order.history).toHaveLength(1);
    expect(order.history[0]).toMatchObject({
      action: 'order.cancel',
      actor: { _id: admin.id },
      details: { from: 'pagado', note: 'Pidió la baja por teléfono' },
    });

    // The customer is told: what ended, and that a cancellation gives nothing back by itself.
    const [notice] = await mailsTo(customer.email);
    expect(notice!.subject).toBe(`Cancelamos tu orden ${orderId.slice(0, 8).toUpperCase()}`);
    expect(notice!.text).toContain('Tu acceso a esta orden terminó y liberamos tus lugares');
    expect(notice!.text).toContain('Jueves');
    expect(notice!.text).toContain('no devuelve dinero por sí sola');

    const again = await call(ctx, admin.token, 'POST', `/api/admin/orders/${orderId}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ADMIN_MSG.orderNotCancellable);
    expect(await mailsTo(customer.email)).toHaveLength(1);
  });

  it('cancelling a pending cash order tells the customer they need not pay it', async () => {
    const e = await event(1000);
    const customer = await createUser(ctx);
    const orderId = await claim(ctx, customer, e.product.id, ['Jueves'], { amount: 1000 + FEE });
    const res = await call(ctx, admin.token, 'POST', `/api/admin/orders/${orderId}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    const mails = await mailsTo(customer.email);
    expect(mails.map((m) => m.subject)).toEqual([
      `Cancelamos tu orden pendiente ${orderId.slice(0, 8).toUpperCase()}`,
    ]);
    expect(mails[0]!.text).toContain('ya no necesitas pagarla');
  });

  it('marks a pending cash order paid (access, e-mail); refuses other orders', async () => {
    const e = await event(500);
    const customer = await createUser(ctx, { email: 'efectivo@hospital.mx' });
    const orderId = await claim(ctx, customer, e.product.id, ['Jueves'], { amount: 500 + FEE });
    expect((await detail(orderId)).status).toBe('pendiente');
    expect(await dayLinksOf(ctx, customer, e.product.id)).toEqual({});

    const res = await call(ctx, admin.token, 'POST', `/api/admin/orders/${orderId}/mark-paid`, {
      note: 'Recibo 0042',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: ADMIN_MSG.orderMarkedPaid, order: { status: 'pagado' } });
    expect(res.json().order.paidAt).toBeGreaterThan(0);
    expect(await dayLinksOf(ctx, customer, e.product.id)).toEqual({ Jueves: LINK });
    const mails = await ctx.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, 'efectivo@hospital.mx'));
    expect(mails.length).toBeGreaterThan(0);

    const twice = await call(ctx, admin.token, 'POST', `/api/admin/orders/${orderId}/mark-paid`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(ADMIN_MSG.orderNotPending);

    const free = await event(0);
    const freeOrder = await claim(ctx, await createUser(ctx), free.product.id, ['Jueves']);
    const notPending = await call(ctx, admin.token, 'POST', `/api/admin/orders/${freeOrder}/mark-paid`);
    expect(notPending.statusCode).toBe(409);
  });

  it('never marks paid a cash order for a day the customer already holds', async () => {
    const e = await event(500);
    const customer = await createUser(ctx);
    const orderId = await claim(ctx, customer, e.product.id, ['Jueves'], { amount: 510 });
    // The same day reached the customer through another paid order meanwhile.
    const [other] = await ctx.database.db
      .insert(orders)
      .values({
        userId: customer.id,
        items: [],
        address: (await detail(orderId)).address,
        subtotalCentavos: 0,
        amountCentavos: 0,
        status: 'pagado',
        payment: true,
        paymentMethod: 'free',
      })
      .returning();
    await ctx.database.db.insert(orderDays).values({
      orderId: other!.id,
      userId: customer.id,
      productId: e.product.id,
      productDayId: e.days[0]!.id,
      day: 'Jueves',
      priceCentavos: 0,
      status: 'pagado',
    });
    const res = await call(ctx, admin.token, 'POST', `/api/admin/orders/${orderId}/mark-paid`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ADMIN_MSG.orderDaysAlreadyOwned);
    expect((await detail(orderId)).status).toBe('pendiente');
  });

  it('records refunds: partial keeps access if asked; a refund that ends access frees the seat', async () => {
    const e = await event(1000);
    const customer = await createUser(ctx);
    const orderId = await claim(ctx, customer, e.product.id, ['Jueves'], { amount: 1000 + FEE });
    const notPaid = await call(ctx, admin.token, 'POST', `/api/admin/orders/${orderId}/refund`, {
      amount: 10,
    });
    expect(notPaid.statusCode).toBe(409);
    expect(notPaid.json().message).toBe(ADMIN_MSG.orderNotRefundable);
    await call(ctx, admin.token, 'POST', `/api/admin/orders/${orderId}/mark-paid`);

    for (const [body, status, message] of [
      [{ amount: 0 }, 400, ADMIN_MSG.orderRefundInvalid],
      [{ amount: 10.001 }, 400, ADMIN_MSG.orderRefundInvalid],
      [{ amount: 1000 + FEE + 0.01 }, 400, ADMIN_MSG.orderRefundTooLarge],
      [{ amount: 10, note: 'x'.repeat(501) }, 400, ADMIN_MSG.orderNoteTooLong],
    ] as const) {
      const r = await call(ctx, admin.token, 'POST', `/api/admin/orders/${orderId}/refund`, body);
      expect(r.statusCode).toBe(status);
      expect(r.json().message).toBe(message);
    }

    const partial = await call(ctx, admin.token, 'POST', `/api/admin/orders/${orderId}/refund`, {
      amount: 100,
      note: 'Descuento de cortesía',
      revokeAccess: false,
    });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.json().order).toMatchObject({ status: 'pagado', refunded: 100 });
    expect(await dayLinksOf(ctx, customer, e.product.id)).toEqual({ Jueves: LINK });
    const [goodwill] = await mailsTo(customer.email);
    expect(goodwill!.subject).toBe(`Reembolso de tu compra (orden ${orderId.slice(0, 8).toUpperCase()})`);
    expect(goodwill!.text).toContain('registró un reembolso de MXN$100');
    expect(goodwill!.text).toContain('fuera de la tienda');
    expect(goodwill!.text).toContain('Conservas tu acceso');

    const tooMuch = await call(ctx, admin.token, 'POST', `/api/admin/orders/${orderId}/refund`, {
      amount: 900 + FEE + 0.01,
    });
    expect(tooMuch.json().message).toBe(ADMIN_MSG.orderRefundTooLarge);

    const rest = await call(ctx, admin.token, 'POST', `/api/admin/orders/${orderId}/refund`, { amount: 728 });
    expect(rest.json()).toMatchObject({
      message: ADMIN_MSG.orderRefunded,
      order: { status: 'reembolsado', refunded: 828 },
    });
    expect(await dayLinksOf(ctx, customer, e.product.id)).toEqual({});
    expect(await seatsTaken(e.days[0]!.id)).toBe(0);
    const last = (await mailsTo(customer.email)).find((m) => m.text.includes('MXN$728'));
    expect(last!.text).toContain('Tu acceso a esta orden terminó');
    expect(await mailsTo(customer.email)).toHaveLength(2);
    expect((await detail(orderId)).history.map((h) => h.action)).toEqual([
      'order.refund',
      'order.refund',
      'order.mark_paid',
    ]);
  });

  it('a payment attempt that ended without money is listed only under «Intentos de pago sin concretar», never as an order', async () => {
    const e = await event(4900, null);
    const carla = await createUser(ctx, { email: 'carla.abandono@hospital.mx' });
    const abandoned = await claim(ctx, carla, e.product.id, ['Viernes'], { amount: 4900 + FEE });
    // What a PayPal window closed without paying leaves: cancelled, never paid, nothing refunded.
    await ctx.database.db
      .update(orders)
      .set({ status: 'cancelado', closedReason: 'abandonado' })
      .where(eq(orders.id, abandoned));
    const real = await claim(ctx, carla, e.product.id, ['Jueves'], { amount: 4900 + FEE });
    // An admin's cancellation of a pending order is a real order.
    await call(ctx, admin.token, 'POST', `/api/admin/orders/${real}/cancel`, {
      reason: 'Pidió cancelar por teléfono',
    });

    const list = async (qs: string) =>
      (await call(ctx, admin.token, 'GET', `/api/admin/orders?search=carla.abandono&${qs}`))
        .json()
        .orders.map((o: AdminOrderSummary) => o._id);
    expect(await list('')).toEqual([real]);
    expect(await list('status=cancelado')).toEqual([real]);
    expect(await list('status=sin_pago')).toEqual([abandoned]);
    // Nor does the dashboard count it among the day's orders.
    const dash = (await call(ctx, admin.token, 'GET', '/api/admin/dashboard?days=7')).json();
    expect(dash.latestOrders.map((o: AdminOrderSummary) => o._id)).not.toContain(abandoned);
  });

  it('exports the filtered orders as CSV, neutralises formulas, and audits the export', async () => {
    const e = await event(1200, null);
    const dora = await createUser(ctx, { email: 'dora.export@hospital.mx' });
    // A name a spreadsheet would run as a formula (written straight into the database).
    await ctx.database.db.update(users).set({ name: '=HYPERLINK("http://x")' }).where(eq(users.id, dora.id));
    const id = await claim(ctx, dora, e.product.id, ['Jueves', 'Viernes'], { amount: 2400 + FEE });
    const res = await call(ctx, admin.token, 'GET', '/api/admin/orders/export?search=dora.export');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="ordenes-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Orden,Fecha,Fecha de pago,Cliente,Correo,Eventos y días,Tipo,Estado,Método de pago,Subtotal,Descuento,Precio de servicio,Total,Reembolsado,Cupón,Factura solicitada',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(id.slice(0, 8).toUpperCase());
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(lines[1]).toContain('Pendiente de pago');
    expect(lines[1]).toContain('2400.00');
    // Filters apply: nothing pending for her under «Pagado».
    const none = await call(
      ctx,
      admin.token,
      'GET',
      '/api/admin/orders/export?search=dora.export&status=pagado',
    );
    expect(
      none.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toHaveLength(1);

    const audit = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'order.export'));
    expect(audit.at(-2)).toMatchObject({
      actorId: admin.id,
      entity: 'order',
      details: { filters: { search: 'dora.export' }, rows: 1 },
    });

    const member = await createUser(ctx);
    expect((await call(ctx, member.token, 'GET', '/api/admin/orders/export')).statusCode).toBe(403);
  });
});
