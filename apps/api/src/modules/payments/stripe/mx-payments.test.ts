// OXXO vouchers, SPEI transfers and card payments in meses sin intereses through the real
// `stripe` SDK pointed at the strict fake (docs/payments.md, docs/providers.md → Stripe): every
// documented outcome of a PaymentIntent and a refund ends in a clear order state, webhooks are
// signed, applied once and in any order, and no seat is oversold nor money taken twice.

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SERVICE_FEE_CENTAVOS } from '@store/shared/constants';
import { OXXO_MAX_CENTAVOS } from '@store/shared/domain/mx-payments';
import { addCalendarDays, endOfMexicoCityDay, mexicoCityDate } from '@store/shared/domain/time';
import { MSG } from '@store/shared/messages';
import { PAY_MSG, oxxoOverLimit } from '@store/shared/payment-messages';
import type { Order } from '@store/shared/schemas/order';
import type { PaymentInstructions } from '@store/shared/schemas/mx-payments';
import {
  cartLines,
  cfdiDocuments,
  emailOutbox,
  orderRefunds,
  orders,
  paymentSettings,
  productDays,
  waitlistEntries,
} from '../../../db/schema';
import { createProduct } from '../../../../test/factories';
import { STORED_FISCAL } from '../../../../test/cfdi-helpers';
import { call } from '../../../../test/admin-helpers';
import {
  auditActions,
  buyerWithCart,
  cartSize,
  deliver,
  grants,
  orderRow,
  seatsTaken,
  startPaymentsHarness,
  type Buyer,
  type PaymentsHarness,
} from '../../../../test/payments-helpers';
import { ADDRESS, addToCart, createUser, post } from '../../../../test/store-helpers';
import { sweepExpiredOrders } from '../expiry';

let h: PaymentsHarness;
beforeAll(async () => {
  h = await startPaymentsHarness();
});
afterAll(() => h.close());

const SETTINGS = {
  id: 'store',
  cardEnabled: true,
  msiEnabled: true,
  oxxoEnabled: true,
  oxxoExpiresAfterDays: 3,
  speiEnabled: true,
  speiHoldDays: 3,
};
beforeEach(async () => {
  await h.ctx.database.db
    .insert(paymentSettings)
    .values(SETTINGS)
    .onConflictDoUpdate({ target: paymentSettings.id, set: SETTINGS });
});

const stripe = () => h.deps.clients.stripe!;
const intent = (id: string) => stripe().paymentIntents.retrieve(id);
/** Stripe delivers a signed event about the object as it is now. */
async function send(type: string, object: object) {
  const res = await deliver(h.ctx, '/api/stripe/webhook', h.stripe.event(type, object as never));
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

async function start(method: 'oxxo' | 'spei', buyer: Buyer, extra: Record<string, unknown> = {}) {
  const res = await post(h.ctx, `/api/order/${method}`, buyer.user.token, { ...buyer.body, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { orderId: string; instructions: PaymentInstructions; message: string };
  const payment = (await orderRow(h.ctx, body.orderId)).providerPayment!;
  return { ...body, intentId: payment.externalId };
}

async function myOrders(buyer: Buyer): Promise<Order[]> {
  const res = await post(h.ctx, '/api/order/userorders', buyer.user.token, {});
  return res.json().orders as Order[];
}

/** 23:59:59 Mexico City, `days` calendar days from today: when Stripe ends a voucher. */
function voucherEnd(days: number): Date {
  const end = endOfMexicoCityDay(addCalendarDays(mexicoCityDate(new Date()), days)).getTime();
  return new Date(end - (end % 1000));
}

const subjectsFor = async (orderId: string) =>
  (await h.ctx.database.db.select().from(emailOutbox))
    .filter((m) => m.subject.includes(orderId.slice(0, 8).toUpperCase()))
    .map((m) => m.subject);

describe('OXXO', () => {
  it('issues a voucher for exactly the server total, holds the seat until it expires, and tells the buyer', async () => {
    const buyer = await buyerWithCart(h.ctx, { price: 2500, days: [{ label: 'Día 1', seatCapacity: 5 }] });
    const { orderId, instructions, intentId, message } = await start('oxxo', buyer);
    expect(message).toBe(PAY_MSG.voucherIssued);
    const expiry = voucherEnd(3);
    expect(instructions).toMatchObject({
      kind: 'oxxo',
      amountCentavos: 250_000 + SERVICE_FEE_CENTAVOS,
      expiresAt: expiry.getTime(),
    });
    expect((instructions as { number: string }).number).toMatch(/^\d+$/);
    const pi = await intent(intentId);
    expect(pi).toMatchObject({
      status: 'requires_action',
      amount: 250_000 + SERVICE_FEE_CENTAVOS,
      currency: 'mxn',
      metadata: { orderId },
    });
    const row = await orderRow(h.ctx, orderId);
    expect(row).toMatchObject({ status: 'pendiente', paymentMethod: 'oxxo' });
    expect(Math.abs(row.expiresAt!.getTime() - expiry.getTime())).toBeLessThan(1000);
    expect(await seatsTaken(h.ctx, buyer.productDayId)).toBe(1);
    expect(await cartSize(h.ctx, buyer.user.id)).toBe(1);
    expect(await subjectsFor(orderId)).toContain(
      `Tu ficha de pago en OXXO (orden ${orderId.slice(0, 8).toUpperCase()})`,
    );
    // The payment page and Mis Productos show the same voucher.
    const page = await h.ctx.app.inject({
      method: 'GET',
      url: `/api/order/${orderId}/instructions`,
      headers: { token: buyer.user.token },
    });
    expect(page.json()).toEqual({ success: true, orderId, status: 'pendiente', instructions });
    expect((await myOrders(buyer)).find((o) => o._id === orderId)?.pendingPayment).toEqual(instructions);
    // The same cart asked again gets the same voucher (one seat, one intent).
    const again = await start('oxxo', buyer);
    expect(again.orderId).toBe(orderId);
    expect(again.intentId).toBe(intentId);
    expect(await seatsTaken(h.ctx, buyer.productDayId)).toBe(1);
  });

  it('is paid when Stripe says the cash arrived (once, whatever the deliveries)', async () => {
    const buyer = await buyerWithCart(h.ctx);
    const { orderId, intentId } = await start('oxxo', buyer);
    h.stripe.payOxxo(intentId);
    const paid = await intent(intentId);
    // Two deliveries of the same event at once, then a replay: one payment, one e-mail.
    const delivery = h.stripe.event('payment_intent.succeeded', paid as never);
    const [a, b] = await Promise.all([
      deliver(h.ctx, '/api/stripe/webhook', delivery),
      deliver(h.ctx, '/api/stripe/webhook', delivery),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    await deliver(h.ctx, '/api/stripe/webhook', delivery);
    expect(await orderRow(h.ctx, orderId)).toMatchObject({ status: 'pagado', payment: true });
    expect(await grants(h.ctx, buyer.user.id)).toBe(1);
    expect(await cartSize(h.ctx, buyer.user.id)).toBe(0);
    const confirmations = (await subjectsFor(orderId)).filter((s) => s.startsWith('Confirmación'));
    expect(confirmations.length).toBeLessThanOrEqual(1);
    const view = await h.ctx.app.inject({
      method: 'GET',
      url: `/api/order/${orderId}/instructions`,
      headers: { token: buyer.user.token },
    });
    expect(view.json()).toMatchObject({ status: 'pagado', instructions: null });
  });

  it('refuses an unsigned or tampered event, and an intent whose amount does not match', async () => {
    const buyer = await buyerWithCart(h.ctx);
    const { orderId, intentId } = await start('oxxo', buyer);
    h.stripe.payOxxo(intentId);
    const paid = await intent(intentId);
    const unsigned = await h.ctx.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ id: 'evt_x', type: 'payment_intent.succeeded', data: { object: paid } }),
    });
    expect(unsigned.statusCode).toBe(400);
    const signed = h.stripe.event('payment_intent.succeeded', paid as never);
    const tampered = await deliver(h.ctx, '/api/stripe/webhook', {
      ...signed,
      body: signed.body.replace(`"amount_received":${paid.amount_received}`, '"amount_received":1'),
    });
    expect(tampered.statusCode).toBe(400);
    expect((await orderRow(h.ctx, orderId)).status).toBe('pendiente');
    // A signed event whose amount is not the order's: never granted, audited.
    await send('payment_intent.succeeded', { ...paid, amount: 1000, amount_received: 1000 });
    expect(await grants(h.ctx, buyer.user.id)).toBe(0);
    expect(await auditActions(h.ctx, orderId)).toContain('payment.mismatch');
  });

  it('refuses a voucher above OXXO’s cash limit before issuing it, with what else works', async () => {
    const buyer = await buyerWithCart(h.ctx, { price: 10_500 });
    const res = await post(h.ctx, '/api/order/oxxo', buyer.user.token, buyer.body);
    expect(res.statusCode).toBe(400);
    const total = 1_050_000 + SERVICE_FEE_CENTAVOS;
    expect(res.json().message).toBe(oxxoOverLimit(total, OXXO_MAX_CENTAVOS));
    expect(await seatsTaken(h.ctx, buyer.productDayId)).toBe(0);
  });

  it('shortens the voucher so it expires before the event starts, and refuses when none fits', async () => {
    const inTwoDays = endOfMexicoCityDay(addCalendarDays(mexicoCityDate(new Date()), 2));
    const soon = await buyerWithCart(h.ctx, {
      days: [{ label: 'Día 1', startsAt: new Date(inTwoDays.getTime() - 6 * 3600_000), endsAt: inTwoDays }],
    });
    const short = await start('oxxo', soon);
    expect(short.instructions.expiresAt).toBe(voucherEnd(1).getTime());
    const tomorrow = new Date(Date.now() + 20 * 3600_000);
    const late = await buyerWithCart(h.ctx, {
      days: [{ label: 'Día 1', startsAt: tomorrow, endsAt: new Date(tomorrow.getTime() + 3600_000) }],
    });
    const res = await post(h.ctx, '/api/order/oxxo', late.user.token, late.body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PAY_MSG.oxxoTooLate);
  });

  it('an expired voucher frees the seat for the waiting list at once; cash confirmed later, with the seat gone, is returned by the association', async () => {
    const buyer = await buyerWithCart(h.ctx, { days: [{ label: 'Día 1', seatCapacity: 1 }] });
    const { orderId, intentId } = await start('oxxo', buyer);
    const waiting = await createUser(h.ctx);
    const join = await post(h.ctx, '/api/waitlist/join', waiting.token, {
      productId: buyer.productId,
      day: 'Día 1',
    });
    expect(join.statusCode, join.body).toBe(200);
    // The voucher's time is over: the sweep asks Stripe (still unpaid) and ends the order.
    await h.ctx.database.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, orderId));
    await sweepExpiredOrders(h.deps);
    expect(await orderRow(h.ctx, orderId)).toMatchObject({ status: 'cancelado', closedReason: 'expirado' });
    expect(await seatsTaken(h.ctx, buyer.productDayId)).toBe(0);
    const [offer] = await h.ctx.database.db
      .select()
      .from(waitlistEntries)
      .where(eq(waitlistEntries.userId, waiting.id));
    expect(offer?.status).toBe('ofrecido');
    // The buyer had paid at the counter minutes before: Stripe confirms the next day.
    h.stripe.payOxxo(intentId);
    await send('payment_intent.succeeded', await intent(intentId));
    const row = await orderRow(h.ctx, orderId);
    expect(row).toMatchObject({ status: 'cancelado', payment: true });
    expect(await grants(h.ctx, buyer.user.id)).toBe(0);
    // Stripe cannot return OXXO cash: no refund is asked of it; the association returns it.
    expect(
      await h.ctx.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId)),
    ).toEqual([]);
    expect(await auditActions(h.ctx, orderId)).toContain('payment.late_needs_refund');
    const mail = (await h.ctx.database.db.select().from(emailOutbox)).find((m) =>
      m.subject.startsWith(
        `Recibimos tu pago tarde: te lo reembolsamos (orden ${orderId.slice(0, 8).toUpperCase()})`,
      ),
    );
    expect(mail?.text).toContain('la asociación te escribirá');
    const admin = await createUser(h.ctx, { role: 'admin' });
    const waits = await call(h.ctx, admin.token, 'GET', '/api/admin/dashboard/payment-waits');
    expect(waits.json().waits.find((w: { orderId: string }) => w.orderId === orderId)).toMatchObject({
      state: 'por_reembolsar',
      method: 'oxxo',
    });
    // The association transfers it back and records it from the order.
    const recorded = await call(h.ctx, admin.token, 'POST', `/api/admin/orders/${orderId}/refund`, {
      amount: row.amountCentavos / 100,
      note: 'Transferencia a la CLABE del comprador',
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(await orderRow(h.ctx, orderId)).toMatchObject({
      status: 'cancelado',
      refundedCentavos: row.amountCentavos,
    });
    const after = await call(h.ctx, admin.token, 'GET', '/api/admin/dashboard/payment-waits');
    expect(after.json().waits.some((w: { orderId: string }) => w.orderId === orderId)).toBe(false);
    // The seat stayed with the waiting list's offer: never oversold.
    expect(await seatsTaken(h.ctx, buyer.productDayId)).toBe(0);
  });

  it('cash confirmed after the voucher expired is honoured when the seat is still free', async () => {
    const buyer = await buyerWithCart(h.ctx, { days: [{ label: 'Día 1', seatCapacity: 2 }] });
    const { orderId, intentId } = await start('oxxo', buyer);
    h.stripe.expireOxxo(intentId);
    await send('payment_intent.payment_failed', await intent(intentId));
    expect(await orderRow(h.ctx, orderId)).toMatchObject({ status: 'cancelado', closedReason: 'expirado' });
    expect(await seatsTaken(h.ctx, buyer.productDayId)).toBe(0);
    h.stripe.payOxxo(intentId);
    await send('payment_intent.succeeded', await intent(intentId));
    expect(await orderRow(h.ctx, orderId)).toMatchObject({ status: 'pagado' });
    expect(await grants(h.ctx, buyer.user.id)).toBe(1);
    expect(await seatsTaken(h.ctx, buyer.productDayId)).toBe(1);
    expect(await auditActions(h.ctx, orderId)).toContain('payment.late_honoured');
  });

  it('a new checkout of the same days cancels the open voucher at Stripe first', async () => {
    const buyer = await buyerWithCart(h.ctx);
    const first = await start('oxxo', buyer);
    const second = await start('spei', buyer);
    expect(second.orderId).not.toBe(first.orderId);
    expect((await intent(first.intentId)).status).toBe('canceled');
    expect((await orderRow(h.ctx, first.orderId)).status).toBe('cancelado');
    expect(await seatsTaken(h.ctx, buyer.productDayId)).toBe(1);
  });

  it('vouchers issued stay payable when the association turns OXXO off', async () => {
    const buyer = await buyerWithCart(h.ctx);
    const { orderId, intentId } = await start('oxxo', buyer);
    await h.ctx.database.db.update(paymentSettings).set({ oxxoEnabled: false });
    const other = await buyerWithCart(h.ctx);
    const refused = await post(h.ctx, '/api/order/oxxo', other.user.token, other.body);
    expect(refused.json().message).toBe(PAY_MSG.methodOff);
    h.stripe.payOxxo(intentId);
    await send('payment_intent.succeeded', await intent(intentId));
    expect((await orderRow(h.ctx, orderId)).status).toBe('pagado');
  });
});

describe('SPEI', () => {
  it('gives the CLABE, keeps what a partial transfer left to pay, and pays on the full amount', async () => {
    const buyer = await buyerWithCart(h.ctx, { price: 3000 });
    const { orderId, instructions, intentId } = await start('spei', buyer);
    const total = 300_000 + SERVICE_FEE_CENTAVOS;
    expect(instructions).toMatchObject({
      kind: 'spei',
      amountCentavos: total,
      amountRemainingCentavos: total,
    });
    expect((instructions as { clabe: string }).clabe).toMatch(/^\d{18}$/);
    const pi = await intent(intentId);
    expect(pi).toMatchObject({ status: 'requires_action', customer: expect.any(String) as string });
    // Half arrives: still pending, what is missing is shown to the buyer and the admin.
    h.stripe.fundSpei(intentId, total / 2);
    await send('payment_intent.partially_funded', await intent(intentId));
    const mine = (await myOrders(buyer)).find((o) => o._id === orderId)!;
    expect(mine.pendingPayment).toMatchObject({ kind: 'spei', amountRemainingCentavos: total / 2 });
    const admin = await createUser(h.ctx, { role: 'admin' });
    const waits = await call(h.ctx, admin.token, 'GET', '/api/admin/dashboard/payment-waits');
    expect(waits.json().waits.find((w: { orderId: string }) => w.orderId === orderId)).toMatchObject({
      method: 'spei',
      amountCentavos: total,
      receivedCentavos: total / 2,
    });
    expect(await auditActions(h.ctx, orderId)).toContain('payment.partially_funded');
    // The rest arrives.
    h.stripe.fundSpei(intentId, total / 2);
    await send('payment_intent.succeeded', await intent(intentId));
    expect(await orderRow(h.ctx, orderId)).toMatchObject({ status: 'pagado' });
    // A late partial-funding event (out of order) changes nothing.
    await send('payment_intent.partially_funded', { ...pi, amount_received: 1 });
    expect(await orderRow(h.ctx, orderId)).toMatchObject({ status: 'pagado' });
  });

  it('a transfer after the deadline, with the seat gone, is refunded through Stripe once the buyer gives an account', async () => {
    const buyer = await buyerWithCart(h.ctx, { days: [{ label: 'Día 1', seatCapacity: 1 }] });
    const { orderId, intentId } = await start('spei', buyer);
    await h.ctx.database.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, orderId));
    await sweepExpiredOrders(h.deps);
    expect((await orderRow(h.ctx, orderId)).status).toBe('cancelado');
    // Someone else takes the freed seat.
    const other = await buyerWithCart(h.ctx);
    await h.ctx.database.db.delete(cartLines).where(eq(cartLines.userId, other.user.id));
    await addToCart(h.ctx, other.user, buyer.productId, 'Día 1');
    const theirs = await start('spei', { ...other, productId: buyer.productId, body: buyer.body });
    h.stripe.fundSpei(theirs.intentId, (await orderRow(h.ctx, theirs.orderId)).amountCentavos);
    await send('payment_intent.succeeded', await intent(theirs.intentId));
    expect((await orderRow(h.ctx, theirs.orderId)).status).toBe('pagado');
    // The first buyer's transfer arrives late.
    h.stripe.fundSpei(intentId, (await orderRow(h.ctx, orderId)).amountCentavos);
    await send('payment_intent.succeeded', await intent(intentId));
    const [refund] = await h.ctx.database.db
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, orderId));
    expect(refund).toMatchObject({ status: 'pendiente', failure: null });
    expect(refund!.providerRefundId).toMatch(/^re_/);
    const created = await stripe().refunds.retrieve(refund!.providerRefundId!);
    expect(created).toMatchObject({ status: 'requires_action', amount: refund!.amountCentavos });
    const admin = await createUser(h.ctx, { role: 'admin' });
    const waits = await call(h.ctx, admin.token, 'GET', '/api/admin/dashboard/provider-waits');
    expect(waits.json().refunds.find((r: { _id: string }) => r._id === refund!.id)?.note).toBe(
      PAY_MSG.refundNeedsBankDetails,
    );
    h.stripe.completeRefund(created.id);
    await send('refund.updated', await stripe().refunds.retrieve(created.id));
    const [done] = await h.ctx.database.db
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, orderId));
    expect(done!.status).toBe('completado');
    expect(await seatsTaken(h.ctx, buyer.productDayId)).toBe(1);
    expect(await grants(h.ctx, buyer.user.id)).toBe(0);
  });

  it('the same buyer gets the same CLABE for a later transfer', async () => {
    const buyer = await buyerWithCart(h.ctx);
    const first = await start('spei', buyer);
    h.stripe.fundSpei(first.intentId, (await orderRow(h.ctx, first.orderId)).amountCentavos);
    await send('payment_intent.succeeded', await intent(first.intentId));
    const { product, days } = await createProduct(h.ctx.database.db);
    await addToCart(h.ctx, buyer.user, product.id, days[0]!.label);
    const second = await start('spei', {
      ...buyer,
      body: { ...buyer.body, items: [{ _id: product.id, days: days[0]!.label, quantity: 1 }] },
    });
    expect((second.instructions as { clabe: string }).clabe).toBe(
      (first.instructions as { clabe: string }).clabe,
    );
  });
});

describe('card in meses sin intereses', () => {
  it('offers installments on Stripe’s page and records the plan and the card’s funding', async () => {
    const buyer = await buyerWithCart(h.ctx, { price: 3000 });
    const res = await post(h.ctx, '/api/order/stripe', buyer.user.token, buyer.body);
    expect(res.statusCode, res.body).toBe(200);
    const session = [...h.stripe.sessions.values()].find((s) => s.url === res.json().session_url)!;
    expect(h.stripe.created.at(-1)).toMatchObject({
      payment_method_options: { card: { installments: { enabled: 'true' } } },
    });
    h.stripe.pay(session.id, { installments: 6, funding: 'credit' });
    const verify = await post(h.ctx, '/api/order/verifyStripe', buyer.user.token, {
      success: 'true',
      orderId: session.client_reference_id,
    });
    expect(verify.statusCode, verify.body).toBe(200);
    const orderId = session.client_reference_id!;
    const row = await orderRow(h.ctx, orderId);
    expect(row.providerPayment?.data).toMatchObject({ installments: '6', funding: 'credit' });
    expect((await myOrders(buyer)).find((o) => o._id === orderId)?.installments).toBe(6);
  });

  it('offers no installments when the association has not turned them on', async () => {
    await h.ctx.database.db.update(paymentSettings).set({ msiEnabled: false });
    const buyer = await buyerWithCart(h.ctx, { price: 3000 });
    const res = await post(h.ctx, '/api/order/stripe', buyer.user.token, buyer.body);
    expect(res.statusCode).toBe(200);
    expect(h.stripe.created.at(-1)).not.toHaveProperty('payment_method_options');
  });
});

describe('a team’s places by SPEI', () => {
  it('holds every place until the deadline and gives the hospital the transfer data', async () => {
    const buyer = await createUser(h.ctx);
    const { product } = await createProduct(h.ctx.database.db, {
      price: 2000,
      days: [{ label: 'Día 1', seatCapacity: 20 }],
    });
    const quote = await post(h.ctx, '/api/group/quote', buyer.token, {
      productId: product.id,
      days: ['Día 1'],
      places: 5,
    });
    expect(quote.statusCode, quote.body).toBe(200);
    const res = await post(h.ctx, '/api/group/spei', buyer.token, {
      productId: product.id,
      days: ['Día 1'],
      places: 5,
      address: ADDRESS,
      amount: quote.json().quote.total,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().instructions).toMatchObject({ kind: 'spei' });
    const [day] = await h.ctx.database.db
      .select()
      .from(productDays)
      .where(eq(productDays.productId, product.id));
    expect(day!.seatsTaken).toBe(5);
    const row = await orderRow(h.ctx, res.json().orderId);
    expect(row).toMatchObject({ kind: 'grupo', paymentMethod: 'spei', status: 'pendiente' });
  });

  it('an invoice before payment (PPD) is queued at once with forma 99; the transfer queues its payment complement', async () => {
    const buyer = await buyerWithCart(h.ctx);
    const { orderId, intentId } = await start('spei', buyer, { invoice: STORED_FISCAL, invoicePlan: 'PPD' });
    const docs = () =>
      h.ctx.database.db.select().from(cfdiDocuments).where(eq(cfdiDocuments.orderId, orderId));
    const [invoice] = await docs();
    expect(invoice).toMatchObject({ kind: 'I', paymentPlan: 'PPD', pendingAction: 'stamp' });
    h.stripe.fundSpei(intentId, (await orderRow(h.ctx, orderId)).amountCentavos);
    await send('payment_intent.succeeded', await intent(intentId));
    expect((await orderRow(h.ctx, orderId)).status).toBe('pagado');
    const complement = (await docs()).find((d) => d.kind === 'pago');
    expect(complement).toMatchObject({ relatedDocumentId: invoice!.id, pendingAction: 'stamp' });
  });

  it('a new checkout and the transfer arriving at once: one payment, one seat, nothing taken twice', async () => {
    for (let round = 0; round < 4; round += 1) {
      const buyer = await buyerWithCart(h.ctx, { days: [{ label: 'Día 1', seatCapacity: 1 }] });
      const first = await start('spei', buyer);
      h.stripe.fundSpei(first.intentId, (await orderRow(h.ctx, first.orderId)).amountCentavos);
      const paid = await intent(first.intentId);
      const [webhook, replaced] = await Promise.all([
        deliver(h.ctx, '/api/stripe/webhook', h.stripe.event('payment_intent.succeeded', paid as never)),
        post(h.ctx, '/api/order/oxxo', buyer.user.token, buyer.body),
      ]);
      expect(webhook.statusCode).toBe(200);
      // The transfer won (the cart is empty now, the days are owned, or the one seat the
      // transfer paid for already counts as sold: the day is full) or the voucher did.
      expect([200, 400, 409], replaced.body).toContain(replaced.statusCode);
      if (replaced.statusCode !== 200)
        expect([MSG.emptyCart, MSG.alreadyOwned, MSG.seatsSoldOut]).toContain(replaced.json().message);
      // The buyer holds the day once, paid; the seat is taken once; no voucher stays open beside it.
      expect(await grants(h.ctx, buyer.user.id)).toBe(1);
      expect(await seatsTaken(h.ctx, buyer.productDayId)).toBe(1);
      if (replaced.statusCode === 200) {
        const second = replaced.json() as { orderId: string };
        expect((await orderRow(h.ctx, second.orderId)).status).not.toBe('pagado');
      }
      const refunds = await h.ctx.database.db
        .select()
        .from(orderRefunds)
        .where(eq(orderRefunds.orderId, first.orderId));
      expect(refunds).toEqual([]);
    }
  });

  it('refuses an invoice before payment (PPD) with any way to pay but SPEI', async () => {
    const buyer = await buyerWithCart(h.ctx);
    const res = await post(h.ctx, '/api/order/oxxo', buyer.user.token, { ...buyer.body, invoicePlan: 'PPD' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PAY_MSG.ppdOnlySpei);
    const spei = await post(h.ctx, '/api/order/spei', buyer.user.token, {
      ...buyer.body,
      invoicePlan: 'PPD',
    });
    expect(spei.json().message).toBe(PAY_MSG.ppdNeedsInvoice);
    const rows = await h.ctx.database.db
      .select()
      .from(orderRefunds)
      .where(and(eq(orderRefunds.status, 'pendiente'), eq(orderRefunds.kind, 'cancelacion')));
    expect(rows).toEqual([]);
  });
});
