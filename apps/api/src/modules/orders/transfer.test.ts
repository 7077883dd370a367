// Transfer of a bought day to a colleague (docs/after-sale.md → Transfers), on PGlite and
// PostgreSQL: a day paid through the fake PayPal 10 days ahead cannot be cancelled but moves
// (access, seat, money untouched, account + set-password link, e-mails, audit, Mis
// Productos); each bad input gets its Spanish message and changes nothing; the window with a
// moved clock; an event sold as a whole; one transfer per day unless an administrator allows
// another; two transfers of the same day at once.

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_FEE_CENTAVOS } from '@store/shared/constants';
import { CANCELLATION_NOTICE_DAYS } from '@store/shared/constants';
import { toPesos } from '@store/shared/domain/money';
import { ADMIN_MSG } from '@store/shared/admin-messages';
import { MSG } from '@store/shared/messages';
import { dayTransfers, emailOutbox, orderDays, orders, users } from '../../db/schema';
import { createProduct, mexicoCityTime, type ProductSpec } from '../../../test/factories';
import {
  auditActions,
  buyerWithCart,
  createPaypalOrder,
  grants,
  orderRow,
  payPaypal,
  seatsTaken,
  startPaymentsHarness,
  type PaymentsHarness,
} from '../../../test/payments-helpers';
import { addToCart, createUser, placeOrder, post, type TestUser } from '../../../test/store-helpers';
import { transfer as transferAt } from '../lifecycle';
import { AFTER_SALE_MSG } from '@store/shared/after-sale-messages';

let h: PaymentsHarness;
beforeAll(async () => {
  h = await startPaymentsHarness();
});
afterAll(() => h.close());

const STREAM = 'https://www.youtube.com/watch?v=secretosecr';

function daysFrom(daysAhead: number, count = 1): ProductSpec['days'] {
  return Array.from({ length: count }, (_, i) => ({
    label: `Día ${i + 1}`,
    seatCapacity: 10,
    streamUrl: STREAM,
    startsAt: mexicoCityTime(daysAhead + i, '09:00'),
    endsAt: mexicoCityTime(daysAhead + i, '18:00'),
  }));
}

/** A buyer who claimed (price 0) every day of a new product. */
async function claimed(spec: ProductSpec) {
  const user = await createUser(h.ctx);
  const { product, days } = await createProduct(h.ctx.database.db, { price: 0, ...spec });
  for (const d of days) await addToCart(h.ctx, user, product.id, d.label);
  const placed = await placeOrder(
    h.ctx,
    user,
    days.map((d) => ({ productId: product.id, day: d.label })),
  );
  if (placed.statusCode !== 200) throw new Error(`order/place ${placed.statusCode}: ${placed.body}`);
  return { user, productId: product.id, days, orderId: placed.json().orderId as string };
}

const transfer = (user: TestUser, body: Record<string, unknown>) =>
  post(h.ctx, '/api/order/transfer', user.token, body);

const newEmail = () => `colega-${Math.random().toString(16).slice(2, 10)}@prueba.mx`;

async function userByEmail(email: string) {
  const [row] = await h.ctx.database.db.select().from(users).where(eq(users.email, email));
  return row;
}

async function mailsTo(email: string) {
  return h.ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
}

async function dayRows(productDayId: string) {
  return h.ctx.database.db.select().from(orderDays).where(eq(orderDays.productDayId, productDayId));
}

const single = (productId: string, user: TestUser) =>
  h.ctx.app.inject({
    method: 'GET',
    url: `/api/product/single/${productId}`,
    headers: { token: user.token },
  });

describe('transferring a paid day 10 days before', () => {
  it('cancel is refused; the day, its seat and the stream move; the money stays; the colleague sets a password', async () => {
    const buyer = await buyerWithCart(h.ctx, { price: 1000, days: daysFrom(10) });
    const { id, orderId } = await createPaypalOrder(h.ctx, buyer);
    h.paypal.approve(id);
    expect((await payPaypal(h.ctx, buyer, id)).statusCode).toBe(200);
    const paid = await orderRow(h.ctx, orderId);
    expect(paid.amountCentavos).toBe(100000 + SERVICE_FEE_CENTAVOS);

    const cancel = await post(h.ctx, '/api/order/cancel', buyer.user.token, { orderId });
    expect(cancel.json()).toEqual({ success: false, message: MSG.cancelWindowClosed });

    const options = await post(h.ctx, '/api/order/transfer-options', buyer.user.token, {
      orderId,
      productId: buyer.productId,
    });
    expect(options.statusCode).toBe(200);
    expect(options.json().options).toMatchObject({
      together: false,
      days: [{ productDayId: buyer.productDayId, label: 'Día 1', transferable: true, reason: null }],
    });

    const refundsBefore = h.paypal.refunds.length;
    const email = newEmail();
    const res = await transfer(buyer.user, {
      orderId,
      productDayId: buyer.productDayId,
      email: email.toUpperCase(),
      name: 'Ana Colega Ruiz',
      confirm: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: AFTER_SALE_MSG.transferDone, days: ['Día 1'] });

    // Money: untouched, no refund asked.
    const after = await orderRow(h.ctx, orderId);
    expect(after).toMatchObject({
      status: 'pagado',
      amountCentavos: paid.amountCentavos,
      refundedCentavos: 0,
    });
    expect(h.paypal.refunds.length).toBe(refundsBefore);
    // Seat: still one taken, now by the colleague.
    expect(await seatsTaken(h.ctx, buyer.productDayId)).toBe(1);
    const colleague = (await userByEmail(email))!;
    expect(colleague).toMatchObject({ name: 'ANA COLEGA RUIZ', role: 'customer' });
    const rows = await dayRows(buyer.productDayId);
    expect(rows.map((r) => [r.userId, r.status]).sort()).toEqual(
      [
        [buyer.user.id, 'transferido'],
        [colleague.id, 'pagado'],
      ].sort(),
    );
    expect(await grants(h.ctx, buyer.user.id)).toBe(0);
    expect(await grants(h.ctx, colleague.id)).toBe(1);
    const [received] = await h.ctx.database.db.select().from(orders).where(eq(orders.userId, colleague.id));
    expect(received).toMatchObject({ status: 'pagado', amountCentavos: 0, paymentMethod: 'free' });
    expect(received!.items).toHaveLength(1);
    expect(received!.items[0]).toMatchObject({ _id: buyer.productId, days: ['Día 1'], total: 0 });

    // History and audit.
    const [t] = await h.ctx.database.db
      .select()
      .from(dayTransfers)
      .where(eq(dayTransfers.fromOrderId, orderId));
    expect(t).toMatchObject({
      rootOrderId: orderId,
      seq: 1,
      toUserId: colleague.id,
      email,
      name: 'ANA COLEGA RUIZ',
    });
    expect(await auditActions(h.ctx, orderId)).toContain('order.day_transferred');
    expect(await auditActions(h.ctx, received!.id)).toContain('order.day_received');

    // E-mails: the giver's confirmation; the colleague's, with a set-password link.
    const giverMails = (await mailsTo(buyer.user.email)).filter((m) => m.subject.startsWith('Transferencia'));
    expect(giverMails).toHaveLength(1);
    expect(giverMails[0]!.text).toContain(email);
    const [welcome] = await mailsTo(email);
    expect(welcome!.subject).toContain('te transfirió un lugar');
    const token = /reset-password\?token=([^\s"&]+)/.exec(welcome!.text)?.[1];
    expect(token).toBeTruthy();
    const reset = await post(h.ctx, '/api/user/reset-password', undefined, {
      token: decodeURIComponent(token!),
      newPassword: 'una-clave-nueva-segura-9',
    });
    expect(reset.statusCode).toBe(200);
    const login = await post(h.ctx, '/api/user/login', undefined, {
      email,
      password: 'una-clave-nueva-segura-9',
    });
    expect(login.statusCode).toBe(200);
    const colleagueUser: TestUser = {
      id: colleague.id,
      email,
      name: colleague.name,
      token: login.json().token,
    };

    // The stream: the colleague gets the link, the buyer no longer.
    expect((await single(buyer.productId, colleagueUser)).json().product.dayLinks).toHaveProperty('Día 1');
    expect((await single(buyer.productId, buyer.user)).json().product.dayLinks).toEqual({});

    // Mis Productos: the buyer sees to whom; the colleague sees the day.
    const mine = await post(h.ctx, '/api/order/userorders', buyer.user.token);
    const order = mine.json().orders.find((o: { _id: string }) => o._id === orderId);
    expect(order.dayStatuses).toEqual([
      {
        productId: buyer.productId,
        day: 'Día 1',
        status: 'transferido',
        transferredTo: { name: 'ANA COLEGA RUIZ', email },
      },
    ]);
    const theirs = await post(h.ctx, '/api/order/userorders', colleagueUser.token);
    expect(theirs.json().orders).toHaveLength(1);
    expect(theirs.json().orders[0]).toMatchObject({ status: 'pagado', amount: 0 });
    expect(theirs.json().orders[0].dayStatuses[0]).toMatchObject({ day: 'Día 1', status: 'pagado' });
    const one = await post(h.ctx, '/api/order/single', colleagueUser.token, { orderId: received!.id });
    expect(one.statusCode).toBe(200);
    expect(one.body).not.toContain(buyer.body.address.street);

    // Cancelling is still refused for the colleague (same window), and the day cannot move twice.
    const again = await transfer(buyer.user, {
      orderId,
      productDayId: buyer.productDayId,
      email: newEmail(),
      name: 'Otro Colega',
      confirm: true,
    });
    expect(again.json()).toEqual({ success: false, message: AFTER_SALE_MSG.transferDayNotActive });
    expect(toPesos(after.amountCentavos)).toBe(toPesos(paid.amountCentavos));
  });

  it('gives the day to an existing account with no new password link', async () => {
    const { user, days, orderId } = await claimed({ days: daysFrom(5) });
    const colleague = await createUser(h.ctx);
    const res = await transfer(user, {
      orderId,
      productDayId: days[0]!.id,
      email: colleague.email,
      name: 'Nombre Que Escribió',
      confirm: true,
    });
    expect(res.statusCode).toBe(200);
    expect(await grants(h.ctx, colleague.id)).toBe(1);
    const [mail] = await mailsTo(colleague.email);
    expect(mail!.text).not.toContain('reset-password');
    // The account keeps its own name (the constancia reads the holder's profile).
    expect((await userByEmail(colleague.email))!.name).toBe(colleague.name);
  });
});

describe('refusals change nothing', () => {
  async function expectUnchanged(
    fixture: Awaited<ReturnType<typeof claimed>>,
    body: Record<string, unknown>,
    status: number,
    message: string,
  ) {
    const seats = await seatsTaken(h.ctx, fixture.days[0]!.id);
    const outbox = (await h.ctx.database.db.select().from(emailOutbox)).length;
    const res = await transfer(fixture.user, {
      orderId: fixture.orderId,
      productDayId: fixture.days[0]!.id,
      email: newEmail(),
      name: 'Colega De Prueba',
      confirm: true,
      ...body,
    });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ success: false, message });
    expect(await grants(h.ctx, fixture.user.id)).toBe(fixture.days.length);
    expect(await seatsTaken(h.ctx, fixture.days[0]!.id)).toBe(seats);
    expect((await h.ctx.database.db.select().from(emailOutbox)).length).toBe(outbox);
    const moved = await h.ctx.database.db
      .select()
      .from(dayTransfers)
      .where(eq(dayTransfers.fromOrderId, fixture.orderId));
    expect(moved).toHaveLength(0);
  }

  it('refuses each bad input with its Spanish message', async () => {
    const f = await claimed({ days: daysFrom(3) });
    await expectUnchanged(f, { email: f.user.email.toUpperCase() }, 409, AFTER_SALE_MSG.transferToSelf);
    await expectUnchanged(f, { email: 'no-es-un-correo' }, 400, MSG.invalidEmail);
    await expectUnchanged(f, { confirm: false }, 400, AFTER_SALE_MSG.transferConfirmRequired);
    const admin = await createUser(h.ctx, { role: 'admin' });
    await expectUnchanged(f, { email: admin.email }, 409, AFTER_SALE_MSG.transferToAdmin);

    // Someone who already holds the day: paid, or pending.
    const holder = await claimed({ days: daysFrom(3) });
    const other = await createUser(h.ctx);
    await addToCart(h.ctx, other, holder.productId, 'Día 1');
    await placeOrder(h.ctx, other, [{ productId: holder.productId }]);
    await expectUnchanged(holder, { email: other.email }, 409, AFTER_SALE_MSG.transferAlreadyHolds);
    const paidProduct = await buyerWithCart(h.ctx, { price: 500, days: daysFrom(3) });
    await createPaypalOrder(h.ctx, paidProduct);
    // A pending PayPal order of the same day keeps its seat: its buyer cannot receive the day
    // (the pending row is moved onto the transferred day to build that case).
    const paidHolder = await claimed({ days: daysFrom(3) });
    const [pendingRow] = await h.ctx.database.db
      .select()
      .from(orderDays)
      .where(and(eq(orderDays.userId, paidProduct.user.id), eq(orderDays.status, 'pendiente')));
    expect(pendingRow).toBeTruthy();
    await h.ctx.database.db
      .update(orderDays)
      .set({ productDayId: paidHolder.days[0]!.id, productId: paidHolder.productId })
      .where(eq(orderDays.id, pendingRow!.id));
    await expectUnchanged(
      paidHolder,
      { email: paidProduct.user.email },
      409,
      AFTER_SALE_MSG.transferAlreadyHolds,
    );

    // Someone else's order: 403; an unknown day of the order: 409.
    const stranger = await createUser(h.ctx);
    const res = await transfer(stranger, {
      orderId: f.orderId,
      productDayId: f.days[0]!.id,
      email: newEmail(),
      name: 'Colega De Prueba',
      confirm: true,
    });
    expect(res.statusCode).toBe(403);
    await expectUnchanged(
      f,
      { productDayId: paidHolder.days[0]!.id },
      409,
      AFTER_SALE_MSG.transferDayNotActive,
    );
  });

  it('before the window says to cancel instead', async () => {
    const f = await claimed({ days: daysFrom(20) });
    await expectUnchanged(f, {}, 409, AFTER_SALE_MSG.transferBeforeWindow);
  });
});

describe('the window with a moved clock', () => {
  it('closed on the last day of cancellation, open the next day, closed once the day ended', async () => {
    const f = await claimed({ days: daysFrom(30) });
    const lastCancelDay = mexicoCityTime(30 - CANCELLATION_NOTICE_DAYS, '23:59');
    const firstTransferDay = mexicoCityTime(30 - CANCELLATION_NOTICE_DAYS + 1, '00:01');
    const ended = mexicoCityTime(30, '18:00');
    const input = {
      orderId: f.orderId,
      productDayId: f.days[0]!.id,
      email: newEmail(),
      name: 'Colega Reloj',
      confirm: true as const,
    };
    const db = h.ctx.database.db;
    await expect(transferAt(db, f.user.id, input, lastCancelDay)).rejects.toThrow(
      AFTER_SALE_MSG.transferBeforeWindow,
    );
    await expect(transferAt(db, f.user.id, input, ended)).rejects.toThrow(AFTER_SALE_MSG.transferDayEnded);
    expect(await grants(h.ctx, f.user.id)).toBe(1);
    await expect(transferAt(db, f.user.id, input, firstTransferDay)).resolves.toMatchObject({
      message: AFTER_SALE_MSG.transferDone,
    });
    expect(await grants(h.ctx, f.user.id)).toBe(0);
  });
});

describe('events sold as a whole, limits and races', () => {
  it('moves every remaining day of an event sold as a whole together', async () => {
    const f = await claimed({ days: daysFrom(4, 3), saleMode: 'completo' });
    const res = await transfer(f.user, {
      orderId: f.orderId,
      productDayId: f.days[1]!.id,
      email: newEmail(),
      name: 'Colega Curso',
      confirm: true,
    });
    expect(res.json()).toEqual({
      success: true,
      message: AFTER_SALE_MSG.transferDone,
      days: ['Día 1', 'Día 2', 'Día 3'],
    });
    expect(await grants(h.ctx, f.user.id)).toBe(0);
    for (const d of f.days) expect(await seatsTaken(h.ctx, d.id)).toBe(1);
  });

  it('one transfer per day: the colleague cannot pass it on until an administrator allows one more', async () => {
    const f = await claimed({ days: daysFrom(6) });
    const first = await createUser(h.ctx);
    expect(
      (
        await transfer(f.user, {
          orderId: f.orderId,
          productDayId: f.days[0]!.id,
          email: first.email,
          name: 'Primer Colega',
          confirm: true,
        })
      ).statusCode,
    ).toBe(200);
    const [received] = await h.ctx.database.db.select().from(orders).where(eq(orders.userId, first.id));
    const body = {
      orderId: received!.id,
      productDayId: f.days[0]!.id,
      email: newEmail(),
      name: 'Segundo Colega',
      confirm: true,
    };
    const options = await post(h.ctx, '/api/order/transfer-options', first.token, {
      orderId: received!.id,
      productId: f.productId,
    });
    expect(options.json().options.days[0]).toMatchObject({
      transferable: false,
      reason: AFTER_SALE_MSG.transferLimitReached,
    });
    expect((await transfer(first, body)).json()).toEqual({
      success: false,
      message: AFTER_SALE_MSG.transferLimitReached,
    });
    expect(await grants(h.ctx, first.id)).toBe(1);

    // The administrator allows one more from the colleague's order (counted on the paid
    // order): the colleague passes it on.
    const admin = await createUser(h.ctx, { role: 'admin' });
    const allow = await post(h.ctx, `/api/admin/orders/${received!.id}/allow-transfer`, admin.token, {
      note: 'Lo pidió por correo',
    });
    expect(allow.statusCode).toBe(200);
    expect(allow.json().message).toBe(ADMIN_MSG.transferAllowed);
    expect(allow.json().order.transfers).toMatchObject([{ day: 'Día 1', seq: 1, fromOrderId: f.orderId }]);
    expect((await orderRow(h.ctx, f.orderId)).extraTransfers).toBe(1);
    expect(await auditActions(h.ctx, received!.id)).toContain('order.transfer_allowed');
    const second = await transfer(first, body);
    expect(second.statusCode).toBe(200);
    expect(await grants(h.ctx, first.id)).toBe(0);
    const seqs = await h.ctx.database.db
      .select()
      .from(dayTransfers)
      .where(eq(dayTransfers.rootOrderId, f.orderId));
    expect(seqs.map((t) => t.seq).sort()).toEqual([1, 2]);
    expect(await seatsTaken(h.ctx, f.days[0]!.id)).toBe(1);
  });

  it('two transfers of the same day at once: one wins, the other changes nothing', async () => {
    const f = await claimed({ days: daysFrom(2) });
    const [a, b] = [newEmail(), newEmail()];
    const results = await Promise.all(
      [a, b].map((email) =>
        transfer(f.user, {
          orderId: f.orderId,
          productDayId: f.days[0]!.id,
          email,
          name: 'Colega Rápido',
          confirm: true,
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    const loser = results.find((r) => r.statusCode === 409)!;
    expect([AFTER_SALE_MSG.transferDayNotActive, AFTER_SALE_MSG.transferInProgress]).toContain(
      loser.json().message,
    );
    const rows = await dayRows(f.days[0]!.id);
    expect(rows.filter((r) => r.status === 'pagado')).toHaveLength(1);
    expect(await seatsTaken(h.ctx, f.days[0]!.id)).toBe(1);
    const made = await h.ctx.database.db
      .select()
      .from(dayTransfers)
      .where(eq(dayTransfers.fromOrderId, f.orderId));
    expect(made).toHaveLength(1);
  });
});
