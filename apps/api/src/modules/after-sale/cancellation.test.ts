// A buyer's cancellation by the terms, end to end against the local fake of PayPal: the
// refund PayPal sees, the order's status and refunded amount, seats, access, e-mail and
// audit; twice, after the window (with a moved clock), free claims, PayPal refusing or
// silent, and the refund webhook arriving before PayPal's answer.

import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANCELLATION_NOTICE_DAYS, SERVICE_FEE_CENTAVOS } from '@store/shared/constants';
import { cancellationFigures, cancellationRefund } from '@store/shared/domain/cancellation';
import { centavosToDecimalString, toPesos } from '@store/shared/domain/money';
import { MSG } from '@store/shared/messages';
import { ADMIN_MSG } from '@store/shared/admin-messages';
import { extractText } from 'unpdf';
import { CURRENCY_LABEL } from '@store/shared/constants';
import { formatPrice } from '@store/shared/domain/money';
import { mexicoCityDate } from '@store/shared/domain/time';
import { cfdiDocuments, emailOutbox, orderRefunds } from '../../db/schema';
import { mexicoCityTime, type ProductSpec } from '../../../test/factories';
import { addToCart, placeOrder, post, sentAttachments } from '../../../test/store-helpers';
import {
  auditActions,
  buyerWithCart,
  createPaypalOrder,
  deliver,
  grants,
  orderRow,
  payPaypal,
  seatsTaken,
  settlePendingRefund,
  startPaymentsHarness,
  type PaymentsHarness,
} from '../../../test/payments-helpers';
import { createProduct } from '../../../test/factories';
import { createUser } from '../../../test/store-helpers';
import { cancelOwnOrder } from './cancellation';
import type { PaypalClient } from '../payments/paypal/client';
import type { PaymentDeps } from '../payments/settle';

let h: PaymentsHarness;
beforeAll(async () => {
  h = await startPaymentsHarness();
});
afterAll(() => h.close());

const STREAM = 'https://www.youtube.com/watch?v=secretosecr';

/** A product whose days start `daysAhead` calendar days from now (one seat-limited day each). */
function daysFrom(daysAhead: number, count = 1): ProductSpec['days'] {
  return Array.from({ length: count }, (_, i) => ({
    label: `Día ${i + 1}`,
    seatCapacity: 10,
    streamUrl: STREAM,
    startsAt: mexicoCityTime(daysAhead + i, '09:00'),
    endsAt: mexicoCityTime(daysAhead + i, '18:00'),
  }));
}

/** A buyer who paid, through the fake PayPal, every day of a new product. */
async function paidBuyer(spec: ProductSpec) {
  const buyer = await buyerWithCart(h.ctx, spec);
  const extraDays = (spec.days ?? []).slice(1);
  for (const d of extraDays) await addToCart(h.ctx, buyer.user, buyer.productId, d.label);
  const price = spec.price ?? 1000;
  const items = (spec.days ?? [{ label: 'Día 1' }]).map((d) => ({
    _id: buyer.productId,
    days: d.label,
    quantity: 1,
  }));
  const amount = toPesos(price * 100 * items.length + SERVICE_FEE_CENTAVOS);
  buyer.body = { ...buyer.body, items, amount };
  const { id, orderId } = await createPaypalOrder(h.ctx, buyer);
  h.paypal.approve(id);
  const res = await payPaypal(h.ctx, buyer, id);
  if (res.statusCode !== 200) throw new Error(`order/paypal ${res.statusCode}: ${res.body}`);
  return { buyer, orderId, amountCentavos: price * 100 * items.length + SERVICE_FEE_CENTAVOS };
}

async function cancellationMails(orderId: string) {
  const ref = orderId.slice(0, 8).toUpperCase();
  const rows = await h.ctx.database.db.select().from(emailOutbox);
  return rows.filter((r) => r.subject === `Cancelación de tu compra (orden ${ref})`);
}

function refundsOf(orderId: string) {
  return h.ctx.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
}

/** deps whose PayPal client answers refunds with `refund` (the rest is the fake). */
function depsWithRefund(refund: PaypalClient['refundCapture']): PaymentDeps {
  const real = h.deps.clients.paypal!;
  return { ...h.deps, clients: { ...h.deps.clients, paypal: { ...real, refundCapture: refund } } };
}

describe('cancelling a paid order 20 days before', () => {
  it('quotes, refunds 80 % through PayPal, frees the seat, ends access, e-mails and audits', async () => {
    const { buyer, orderId, amountCentavos } = await paidBuyer({ price: 1000, days: daysFrom(20) });
    const expected = cancellationRefund(amountCentavos);

    const quote = await post(h.ctx, '/api/order/cancellation', buyer.user.token, { orderId });
    expect(quote.statusCode).toBe(200);
    const q = quote.json().quote;
    expect(q.online).toBe(true);
    expect(q.whole).toEqual({
      paid: toPesos(amountCentavos),
      charge: toPesos(amountCentavos - expected),
      refund: toPesos(expected),
      cancellable: true,
    });
    expect(q.days[0].cancellable).toBe(true);
    expect(await seatsTaken(h.ctx, buyer.productDayId)).toBe(1);

    const refundsBefore = h.paypal.refunds.length;
    const res = await post(h.ctx, '/api/order/cancel', buyer.user.token, { orderId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: MSG.orderCancelledRefund,
      refunded: toPesos(expected),
    });

    const made = h.paypal.refunds.slice(refundsBefore);
    expect(made).toHaveLength(1);
    const [row] = await refundsOf(orderId);
    expect(made[0]!.amount).toEqual({ currency_code: 'MXN', value: centavosToDecimalString(expected) });
    expect(made[0]!.requestId).toBe(`refund-${row!.id}`);
    expect(row!.status).toBe('completado');
    expect(row!.providerRefundId).toBe(made[0]!.id);

    const order = await orderRow(h.ctx, orderId);
    expect(order.status).toBe('reembolso_parcial');
    expect(order.refundedCentavos).toBe(expected);
    expect(await seatsTaken(h.ctx, buyer.productDayId)).toBe(0);
    expect(await grants(h.ctx, buyer.user.id)).toBe(0);
    expect(await cancellationMails(orderId)).toHaveLength(1);
    expect(await auditActions(h.ctx, orderId)).toContain('order.cancelled_by_buyer');

    // Twice: refused, and PayPal is not asked again.
    const again = await post(h.ctx, '/api/order/cancel', buyer.user.token, { orderId });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ success: false, message: MSG.orderNotCancellable });
    expect(h.paypal.refunds.length).toBe(refundsBefore + 1);
  });

  it('an invoiced order keeps its CFDI: the refund gets a credit note (docs/cfdi.md)', async () => {
    const { buyer, orderId, amountCentavos } = await paidBuyer({ price: 1000, days: daysFrom(20) });
    const asked = await post(h.ctx, '/api/invoice/request', buyer.user.token, {
      orderId,
      fiscalData: {
        rfc: 'GODE561231GR8',
        razonSocial: 'EDUARDO GÓMEZ DÍAZ',
        regimenFiscal: '612',
        usoCfdi: 'G03',
        codigoPostal: '14080',
      },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const res = await post(h.ctx, '/api/order/cancel', buyer.user.token, { orderId });
    expect(res.statusCode).toBe(200);
    const [refund] = await refundsOf(orderId);
    const [invoice] = await h.ctx.database.db
      .select()
      .from(cfdiDocuments)
      .where(and(eq(cfdiDocuments.orderId, orderId), eq(cfdiDocuments.kind, 'I')));
    expect(invoice).toMatchObject({ cancelMotive: null });
    expect(invoice!.status).not.toBe('cancelada');
    const notes = await h.ctx.database.db
      .select()
      .from(cfdiDocuments)
      .where(and(eq(cfdiDocuments.orderId, orderId), eq(cfdiDocuments.kind, 'E')));
    expect(notes).toEqual([
      expect.objectContaining({
        relatedDocumentId: invoice!.id,
        refundId: refund!.id,
        amountCentavos: cancellationRefund(amountCentavos),
        pendingAction: 'stamp',
      }),
    ]);
  });

  it('cancels one day, then the rest with the fee; the refunds add up to 80 % of the order', async () => {
    const { buyer, orderId, amountCentavos } = await paidBuyer({ price: 1500, days: daysFrom(25, 2) });
    const quote = (await post(h.ctx, '/api/order/cancellation', buyer.user.token, { orderId })).json().quote;
    const [day1, day2] = quote.days as { productDayId: string; figures: { refund: number } }[];
    const model = {
      amountCentavos,
      feeCentavos: SERVICE_FEE_CENTAVOS,
      days: [day1!, day2!].map((d) => ({ productDayId: d.productDayId, priceCentavos: 150000, live: true })),
    };
    const first = cancellationFigures(model, [day1!.productDayId]);
    expect(day1!.figures.refund).toBe(toPesos(first.refundCentavos));

    const one = await post(h.ctx, '/api/order/cancel', buyer.user.token, {
      orderId,
      productDayIds: [day1!.productDayId],
    });
    expect(one.statusCode).toBe(200);
    expect(one.json().refunded).toBe(toPesos(first.refundCentavos));
    let order = await orderRow(h.ctx, orderId);
    expect(order.status).toBe('pagado');
    expect(await grants(h.ctx, buyer.user.id)).toBe(1);
    expect(await seatsTaken(h.ctx, day1!.productDayId)).toBe(0);
    expect(await seatsTaken(h.ctx, day2!.productDayId)).toBe(1);

    // The same day again: refused.
    const dup = await post(h.ctx, '/api/order/cancel', buyer.user.token, {
      orderId,
      productDayIds: [day1!.productDayId],
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(MSG.cancelDayNotActive);

    const rest = cancellationFigures(
      { ...model, days: model.days.map((d, i) => ({ ...d, live: i === 1 })) },
      [day2!.productDayId],
    );
    expect(rest.wholeOrder).toBe(true);
    const two = await post(h.ctx, '/api/order/cancel', buyer.user.token, { orderId });
    expect(two.statusCode).toBe(200);
    expect(two.json().refunded).toBe(toPesos(rest.refundCentavos));
    order = await orderRow(h.ctx, orderId);
    expect(order.status).toBe('reembolso_parcial');
    expect(order.refundedCentavos).toBe(first.refundCentavos + rest.refundCentavos);
    expect(first.paidCentavos + rest.paidCentavos).toBe(amountCentavos);
    expect(await grants(h.ctx, buyer.user.id)).toBe(0);
  });
});

describe('an event sold as a whole', () => {
  it('is cancelled as one registration: one of its days alone is refused, all of them together refund by the terms', async () => {
    const spec: ProductSpec = { price: 3000, saleMode: 'completo', days: daysFrom(25, 3) };
    const buyer = await buyerWithCart(h.ctx, spec);
    const items = spec.days!.map((d) => ({ _id: buyer.productId, days: d.label, quantity: 1 }));
    const amountCentavos = 300000 + SERVICE_FEE_CENTAVOS;
    buyer.body = { ...buyer.body, items, amount: toPesos(amountCentavos) };
    const { id, orderId } = await createPaypalOrder(h.ctx, buyer);
    h.paypal.approve(id);
    expect((await payPaypal(h.ctx, buyer, id)).statusCode).toBe(200);

    const quote = (await post(h.ctx, '/api/order/cancellation', buyer.user.token, { orderId })).json().quote;
    expect(quote.days.every((d: { wholeEvent: boolean }) => d.wholeEvent)).toBe(true);
    expect(quote.wholeEvents).toEqual([
      expect.objectContaining({ productId: buyer.productId, cancellable: true, refund: quote.whole.refund }),
    ]);
    const ids = (quote.days as { productDayId: string }[]).map((d) => d.productDayId);

    const one = await post(h.ctx, '/api/order/cancel', buyer.user.token, {
      orderId,
      productDayIds: [ids[1]],
    });
    expect(one.statusCode).toBe(409);
    expect(one.json().message).toMatch(/se vende completo: su inscripción se cancela entera/);
    expect((await orderRow(h.ctx, orderId)).status).toBe('pagado');
    expect(await grants(h.ctx, buyer.user.id)).toBe(3);

    const all = await post(h.ctx, '/api/order/cancel', buyer.user.token, { orderId, productDayIds: ids });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().refunded).toBe(quote.whole.refund);
    expect(await grants(h.ctx, buyer.user.id)).toBe(0);
  });
});

describe('the cancellation window (Mexico City calendar days)', () => {
  it('refuses 10 days before, with the transfer hint, and calls nobody', async () => {
    const { buyer, orderId } = await paidBuyer({ days: daysFrom(10) });
    const before = h.paypal.refunds.length;
    const quote = (await post(h.ctx, '/api/order/cancellation', buyer.user.token, { orderId })).json().quote;
    expect(quote.whole.cancellable).toBe(false);
    expect(quote.days[0].cancellable).toBe(false);
    const res = await post(h.ctx, '/api/order/cancel', buyer.user.token, { orderId });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, message: MSG.cancelWindowClosed });
    expect(h.paypal.refunds.length).toBe(before);
    expect((await orderRow(h.ctx, orderId)).status).toBe('pagado');
    expect(await grants(h.ctx, buyer.user.id)).toBe(1);
  });

  it('moves the clock: open on the last day of the window, closed the next day', async () => {
    const { buyer, orderId } = await paidBuyer({ days: daysFrom(30) });
    const start = mexicoCityTime(30, '09:00');
    const lastDay = mexicoCityTime(30 - CANCELLATION_NOTICE_DAYS, '23:59');
    const nextDay = mexicoCityTime(30 - CANCELLATION_NOTICE_DAYS + 1, '00:01');
    expect(start.getTime()).toBeGreaterThan(nextDay.getTime());
    await expect(cancelOwnOrder(h.deps, buyer.user.id, { orderId }, nextDay)).rejects.toThrow(
      MSG.cancelWindowClosed,
    );
    const ok = await cancelOwnOrder(h.deps, buyer.user.id, { orderId }, lastDay);
    expect(ok.message).toBe(MSG.orderCancelledRefund);
    expect((await orderRow(h.ctx, orderId)).status).toBe('reembolso_parcial');
  });
});

describe('free claims and other owners', () => {
  it('cancels a free claim with no refund and gives the seat back', async () => {
    const user = await createUser(h.ctx);
    const { product, days } = await createProduct(h.ctx.database.db, { price: 0, days: daysFrom(40) });
    await addToCart(h.ctx, user, product.id, 'Día 1');
    const placed = await placeOrder(h.ctx, user, [{ productId: product.id }]);
    const orderId = placed.json().orderId as string;
    expect(await seatsTaken(h.ctx, days[0]!.id)).toBe(1);
    const before = h.paypal.refunds.length;
    const res = await post(h.ctx, '/api/order/cancel', user.token, { orderId });
    expect(res.json()).toEqual({ success: true, message: MSG.orderCancelled, refunded: 0 });
    expect((await orderRow(h.ctx, orderId)).status).toBe('cancelado');
    expect(await seatsTaken(h.ctx, days[0]!.id)).toBe(0);
    expect(await grants(h.ctx, user.id)).toBe(0);
    expect(h.paypal.refunds.length).toBe(before);
    expect(await cancellationMails(orderId)).toHaveLength(1);
  });

  it("refuses someone else's order", async () => {
    const { orderId } = await paidBuyer({ days: daysFrom(20) });
    const stranger = await createUser(h.ctx);
    const res = await post(h.ctx, '/api/order/cancel', stranger.token, { orderId });
    expect(res.statusCode).toBe(403);
    expect((await orderRow(h.ctx, orderId)).status).toBe('pagado');
  });
});

describe('when PayPal does not refund', () => {
  it('a refusal leaves the order paid, says so and is audited', async () => {
    const { buyer, orderId } = await paidBuyer({ days: daysFrom(20) });
    const deps = depsWithRefund(async () => ({
      ok: false,
      retry: false,
      status: 422,
      issue: 'REFUND_NOT_ALLOWED',
    }));
    await expect(cancelOwnOrder(deps, buyer.user.id, { orderId }, new Date())).rejects.toThrow(
      MSG.refundFailed,
    );
    const order = await orderRow(h.ctx, orderId);
    expect(order.status).toBe('pagado');
    expect(order.refundedCentavos).toBe(0);
    expect(await grants(h.ctx, buyer.user.id)).toBe(1);
    expect(await seatsTaken(h.ctx, buyer.productDayId)).toBe(1);
    expect((await refundsOf(orderId))[0]!.status).toBe('fallido');
    expect(await auditActions(h.ctx, orderId)).toContain('payment.refund_failed');
  });

  it('no answer leaves it paid; asking again refunds once with the same PayPal-Request-Id', async () => {
    const { buyer, orderId, amountCentavos } = await paidBuyer({ days: daysFrom(20) });
    const before = h.paypal.refunds.length;
    h.paypal.down = true;
    try {
      const res = await post(h.ctx, '/api/order/cancel', buyer.user.token, { orderId });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ success: false, message: MSG.refundPending });
    } finally {
      h.paypal.down = false;
    }
    expect((await orderRow(h.ctx, orderId)).status).toBe('pagado');
    expect(await grants(h.ctx, buyer.user.id)).toBe(1);
    const [pending] = await refundsOf(orderId);
    expect(pending!.status).toBe('pendiente');

    const retry = await post(h.ctx, '/api/order/cancel', buyer.user.token, { orderId });
    expect(retry.statusCode).toBe(200);
    const made = h.paypal.refunds.slice(before);
    expect(made).toHaveLength(1);
    expect(made[0]!.requestId).toBe(`refund-${pending!.id}`);
    expect((await orderRow(h.ctx, orderId)).refundedCentavos).toBe(cancellationRefund(amountCentavos));
  });

  it('a refund webhook arriving before PayPal answers is applied once', async () => {
    const { buyer, orderId, amountCentavos } = await paidBuyer({ days: daysFrom(20) });
    const real = h.deps.clients.paypal!;
    const deps = depsWithRefund(async (captureId, input) => {
      const result = await real.refundCapture(captureId, input);
      if (!result.ok) return result;
      // PayPal notifies before our call returns.
      const hook = await deliver(
        h.ctx,
        '/api/paypal/webhook',
        h.paypal.refundEvent(findPaypalOrder(orderId), input.amount, result.refund.id),
      );
      expect(hook.statusCode).toBe(200);
      expect((await orderRow(h.ctx, orderId)).status).toBe('reembolso_parcial');
      return result;
    });
    const done = await cancelOwnOrder(deps, buyer.user.id, { orderId }, new Date());
    expect(done.refunded).toBe(toPesos(cancellationRefund(amountCentavos)));
    const order = await orderRow(h.ctx, orderId);
    expect(order.refundedCentavos).toBe(cancellationRefund(amountCentavos));
    expect((await auditActions(h.ctx, orderId)).filter((a) => a === 'order.cancelled_by_buyer')).toHaveLength(
      1,
    );
    expect(await cancellationMails(orderId)).toHaveLength(1);
    expect(await seatsTaken(h.ctx, buyer.productDayId)).toBe(0);
  });
});

/** The fake's PayPal order id for our order (the webhook names the capture of that order). */
function findPaypalOrder(orderId: string): string {
  for (const o of h.paypal.orders.values()) if (o.purchaseUnit.custom_id === orderId) return o.id;
  throw new Error('no PayPal order');
}

describe('the confirmation e-mail', () => {
  it('carries an .ics with one event per bought day in Mexico City time, never the stream link', async () => {
    const { orderId } = await paidBuyer({ days: daysFrom(20, 2) });
    const ref = orderId.slice(0, 8).toUpperCase();
    const rows = await h.ctx.database.db.select().from(emailOutbox);
    const mail = rows.find((r) => r.subject === `Confirmación de tu compra (orden ${ref})`)!;
    const files = await sentAttachments(h.ctx, mail);
    expect(files.map((a) => a.filename)).toEqual(['evento.ics', `recibo-${ref}.pdf`]);
    const ics = files[0]!.content.toString('utf8').replace(/\r\n /g, '');
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    const first = mexicoCityTime(20, '09:00');
    expect(ics).toContain(
      `DTSTART;TZID=America/Mexico_City:${mexicoCityDate(first).replace(/-/g, '')}T090000`,
    );
    expect(ics).toContain(`DTEND;TZID=America/Mexico_City:`);
    expect(ics).toContain('URL:http://tienda.test/orders');
    expect(ics).not.toContain('youtube');
  });
});

describe('the receipt', () => {
  it('is a PDF with the order figures, for its buyer only', async () => {
    const { buyer, orderId, amountCentavos } = await paidBuyer({ price: 1234.5, days: daysFrom(20) });
    const res = await h.ctx.app.inject({
      method: 'GET',
      url: `/api/order/${orderId}/receipt`,
      headers: { token: buyer.user.token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const ref = orderId.slice(0, 8).toUpperCase();
    expect(res.headers['content-disposition']).toContain(`recibo-${ref}.pdf`);
    const { text } = await extractText(new Uint8Array(res.rawPayload), { mergePages: true });
    const order = await orderRow(h.ctx, orderId);
    const price = (c: number) => formatPrice(toPesos(c), CURRENCY_LABEL);
    expect(text).toContain(ref);
    expect(text).toContain(buyer.user.email);
    expect(text).toContain(price(amountCentavos - SERVICE_FEE_CENTAVOS));
    expect(text).toContain(price(SERVICE_FEE_CENTAVOS));
    expect(text).toContain(price(amountCentavos));
    expect(text).toContain(order.paypalCaptureId!);
    expect(text).toContain('PayPal');

    const stranger = await createUser(h.ctx);
    const other = await h.ctx.app.inject({
      method: 'GET',
      url: `/api/order/${orderId}/receipt`,
      headers: { token: stranger.token },
    });
    expect(other.statusCode).toBe(403);
  });
});

describe('admin refunds of PayPal orders', () => {
  it('call PayPal: a partial refund keeps access, the rest ends it; both audited', async () => {
    const { buyer, orderId, amountCentavos } = await paidBuyer({ days: daysFrom(5) });
    const admin = await createUser(h.ctx, { role: 'admin' });
    const before = h.paypal.refunds.length;
    const refund = (amount: number, revokeAccess: boolean) =>
      h.ctx.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${orderId}/refund`,
        headers: { token: admin.token },
        payload: { amount, note: 'Prueba', revokeAccess },
      });

    const partial = await refund(100, false);
    expect(partial.statusCode).toBe(200);
    expect(partial.json().order).toMatchObject({ status: 'pagado', refunded: 100 });
    expect(h.paypal.refunds.slice(before).map((r) => r.amount.value)).toEqual(['100.00']);
    expect(await grants(h.ctx, buyer.user.id)).toBe(1);

    const tooMuch = await refund(toPesos(amountCentavos), true);
    expect(tooMuch.statusCode).toBe(400);

    const rest = await refund(toPesos(amountCentavos) - 100, true);
    expect(rest.statusCode).toBe(200);
    expect(rest.json().order).toMatchObject({ status: 'reembolsado', refunded: toPesos(amountCentavos) });
    expect(h.paypal.refunds.length).toBe(before + 2);
    expect(await grants(h.ctx, buyer.user.id)).toBe(0);
    expect(await seatsTaken(h.ctx, buyer.productDayId)).toBe(0);
    const actions = await auditActions(h.ctx, orderId);
    expect(actions.filter((a) => a === 'order.refund')).toHaveLength(2);
    expect(actions.filter((a) => a === 'order.refund_requested')).toHaveLength(2);
    // One notice per refund: how much comes back through PayPal, when, and what access is left.
    const notices = await adminNotices(buyer.user.email);
    expect(notices).toHaveLength(2);
    expect(notices[0]!.text).toContain('te reembolsó MXN$100 ');
    expect(notices[0]!.text).toContain('a través de PayPal');
    expect(notices[0]!.text).toContain('Conservas tu acceso');
    expect(notices[1]!.text).toContain('Tu acceso a esta orden terminó');
  });

  it('a refund PayPal answers PENDING: «en proceso», and the customer is told once the money moved', async () => {
    const { buyer, orderId } = await paidBuyer({ days: daysFrom(5) });
    const admin = await createUser(h.ctx, { role: 'admin' });
    h.paypal.scriptRefund({ kind: 'pending' });
    const res = await h.ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/refund`,
      headers: { token: admin.token },
      payload: { amount: 150, note: 'Cortesía', revokeAccess: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: ADMIN_MSG.orderRefundInProcess, order: { refunded: 0 } });
    expect(await adminNotices(buyer.user.email)).toHaveLength(0);

    const hook = await settlePendingRefund(h, orderId);
    expect(hook.statusCode).toBe(200);
    const notices = await adminNotices(buyer.user.email);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain('te reembolsó MXN$150 ');
  });
});

async function adminNotices(email: string) {
  const rows = await h.ctx.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, email), like(emailOutbox.subject, 'Reembolso de tu compra%')));
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}
