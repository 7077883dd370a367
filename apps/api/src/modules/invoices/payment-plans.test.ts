// CFDI by how the order was paid, against the fake Facturapi: the forma de pago of each way
// to pay (a card's 04 or 28 from its funding, OXXO 01, SPEI 03, PayPal 31); an invoice asked
// at checkout as PPD, stamped while the order is unpaid (MetodoPago PPD, FormaPago 99); its
// payment complement (type P, Pagos 2.0) when the money arrives, naming the invoice's folio,
// waiting for it, and stamped once through a timeout; a PPD order that ends unpaid (its
// invoice cancelled with SAT reason 03, or dropped when never sent); a refund after payment
// (a credit note related to the invoice, never its cancellation); and what the fake refuses
// as Facturapi and the SAT do.

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentMethod } from '@store/shared/constants';
import { toCentavos } from '@store/shared/domain/money';
import type { AdminCfdiDocument } from '@store/shared/schemas/admin/invoices';
import type { FiscalData, OrderInvoice } from '@store/shared/schemas/invoice';
import { cfdiDocuments, orders } from '../../db/schema';
import type { TestContext } from '../../../test/context';
import { createProduct } from '../../../test/factories';
import { ADDRESS, addToCart, createUser, FEE, type TestUser } from '../../../test/store-helpers';
import { call } from '../../../test/admin-helpers';
import {
  documentsOf,
  later,
  mailsOf,
  PRICE,
  refundOrder,
  startCfdiStore,
  STORED_FISCAL,
} from '../../../test/cfdi-helpers';
import type { FakeFacturapi, FakeInvoice } from '../../../test/fakes/fake-facturapi';
import { attachPayment, expire, hold, pay } from '../lifecycle';
import { PacError, type PacIncomeInput, type PacInvoiceInput, type PacPaymentInput } from './pac-client';
import { attachCheckoutRequest } from './service';
import { mexicoCityIso, runInvoiceJobs, type InvoiceJobDeps } from './worker';

let ctx: TestContext, fake: FakeFacturapi, admin: TestUser, deps: InvoiceJobDeps;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ ctx, fake, admin, deps, close } = await startCfdiStore({ maxAttempts: 3 }));
});
afterAll(() => close());

const TOTAL = PRICE + FEE;
const FISCAL = STORED_FISCAL as FiscalData;

/** A pending order of one day, held for `method`, with "¿Requieres factura?" as `plan`. */
async function heldOrder(
  user: TestUser,
  method: PaymentMethod,
  plan: 'PUE' | 'PPD' = 'PUE',
): Promise<string> {
  const { product } = await createProduct(ctx.database.db, { price: PRICE });
  await addToCart(ctx, user, product.id, 'Día 1');
  const result = await ctx.database.db.transaction((tx) =>
    hold(tx, {
      userId: user.id,
      address: { ...ADDRESS, state: ADDRESS.state ?? '' },
      paymentMethod: method,
      expiresAt: later(3 * 86_400_000),
      attachInvoice: (t, orderId) =>
        attachCheckoutRequest(t, { orderId, userId: user.id, fiscal: FISCAL, plan }),
    }),
  );
  if (result.kind !== 'created') throw new Error(`hold: ${result.kind}`);
  return result.order.id;
}

/** The money arrives through the order's provider (its payment row carries `data`). */
async function payOrder(orderId: string, method: PaymentMethod, data: Record<string, string> = {}) {
  expect(
    await attachPayment(ctx.database.db, orderId, { provider: method, externalId: `pi_${randomUUID()}` }),
  ).toBe(true);
  const result = await ctx.database.db.transaction((tx) => pay(tx, orderId, { data }));
  expect(result.changed).toBe(true);
}

const invoiceOf = async (orderId: string) => (await documentsOf(ctx, orderId, 'I'))[0];
const complementsOf = (orderId: string) =>
  ctx.database.db.select().from(cfdiDocuments).where(eq(cfdiDocuments.orderId, orderId));
const complementOf = async (orderId: string) => (await complementsOf(orderId)).find((d) => d.kind === 'pago');
/** What the provider made with this document's id as idempotency key. */
const madeFor = (id: string) => [...fake.invoices.values()].filter((i) => i.idempotency_key === id);
const orderRow = async (orderId: string) =>
  (await ctx.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;

async function buyerSees(user: TestUser, orderId: string): Promise<OrderInvoice | undefined> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/invoice/mine',
    headers: { token: user.token },
  });
  return (res.json().invoices as OrderInvoice[]).find((i) => i.orderId === orderId);
}
async function adminSees(orderId: string): Promise<AdminCfdiDocument[]> {
  const res = await call(ctx, admin.token, 'GET', `/api/admin/invoices?search=${orderId.slice(0, 8)}`);
  return (res.json().documents as AdminCfdiDocument[]).filter((d) => d.orderId === orderId);
}

/** A SPEI order whose PPD invoice is stamped while it waits for the transfer. */
async function stampedPpd(user: TestUser, method: PaymentMethod = 'spei') {
  const orderId = await heldOrder(user, method, 'PPD');
  await runInvoiceJobs(deps);
  const invoice = (await invoiceOf(orderId))!;
  expect(invoice).toMatchObject({ status: 'timbrada', paymentPlan: 'PPD' });
  return { orderId, invoice };
}

describe('the forma de pago of how the order was paid', () => {
  it('card 04 credit or 28 debit (its funding), OXXO 01, SPEI 03, PayPal 31: from the method and the payment row', async () => {
    const seen: [PaymentMethod, Record<string, string> | null][] = [];
    const spying: InvoiceJobDeps = {
      ...deps,
      paymentForm: (method, payment) => {
        seen.push([method, payment?.data ?? null]);
        return deps.paymentForm(method, payment);
      },
    };
    const cases: [PaymentMethod, Record<string, string>, string][] = [
      ['stripe', { funding: 'credit' }, '04'],
      ['stripe', { funding: 'debit' }, '28'],
      ['oxxo', {}, '01'],
      ['spei', {}, '03'],
      ['paypal', { payerId: 'PAYER1' }, '31'],
    ];
    for (const [method, data, form] of cases) {
      const user = await createUser(ctx);
      const orderId = await heldOrder(user, method);
      // PUE: nothing is sent before the money arrives.
      expect(await invoiceOf(orderId)).toMatchObject({ paymentPlan: 'PUE', pendingAction: null });
      await payOrder(orderId, method, data);
      await runInvoiceJobs(spying);
      const row = (await invoiceOf(orderId))!;
      expect(row.status, `${method} ${JSON.stringify(data)}`).toBe('timbrada');
      const [made] = madeFor(row.id);
      expect(made, method).toMatchObject({ type: 'I', payment_form: form, payment_method: 'PUE' });
      expect(seen).toContainEqual([method, expect.objectContaining(data)]);
    }
  });

  it('cash marked paid at the counter has no payment row: the way to pay alone decides (01)', async () => {
    const seen: (Record<string, string> | null)[] = [];
    const user = await createUser(ctx);
    const orderId = await heldOrder(user, 'cod');
    expect(
      (await call(ctx, admin.token, 'POST', `/api/admin/orders/${orderId}/mark-paid`, {})).statusCode,
    ).toBe(200);
    await runInvoiceJobs({
      ...deps,
      paymentForm: (method, payment) => {
        seen.push(payment?.data ?? null);
        return deps.paymentForm(method, payment);
      },
    });
    const row = (await invoiceOf(orderId))!;
    expect(madeFor(row.id)[0]).toMatchObject({ payment_form: '01', payment_method: 'PUE' });
    expect(seen).toContain(null);
  });
});

describe('an invoice before payment (PPD)', () => {
  it('is stamped while the order is unpaid: MetodoPago PPD, FormaPago 99; the buyer and the admin see it', async () => {
    const user = await createUser(ctx);
    const orderId = await heldOrder(user, 'spei', 'PPD');
    const queued = (await invoiceOf(orderId))!;
    expect(queued).toMatchObject({ status: 'solicitada', paymentPlan: 'PPD', pendingAction: 'stamp' });
    await runInvoiceJobs(deps);
    const row = (await invoiceOf(orderId))!;
    expect(row).toMatchObject({ status: 'timbrada', pendingAction: null });
    expect((await orderRow(orderId)).status).toBe('pendiente');
    const [made] = madeFor(row.id);
    expect(made).toMatchObject({
      type: 'I',
      payment_method: 'PPD',
      payment_form: '99',
      use: 'G03',
      uuid: row.folioFiscal,
    });
    expect(toCentavos(made!.total)).toBe(toCentavos(TOTAL));
    expect(await mailsOf(ctx, `cfdi-stamped:${row.id}`)).toHaveLength(1);

    const xml = await ctx.app.inject({
      method: 'GET',
      url: `/api/invoice/${row.id}/xml`,
      headers: { token: user.token },
    });
    expect(xml.body).toContain('FormaPago="99" MetodoPago="PPD"');
    expect(await buyerSees(user, orderId)).toMatchObject({
      _id: row.id,
      status: 'timbrada',
      paymentPlan: 'PPD',
      paymentComplement: null,
      creditNotes: [],
      hasXml: true,
      hasPdf: true,
    });
    expect(await adminSees(orderId)).toEqual([
      expect.objectContaining({ _id: row.id, kind: 'I', status: 'timbrada', folioFiscal: row.folioFiscal }),
    ]);
  });

  it('the payment queues its complement: a CFDI de pago naming the invoice, installment 1, saldo anterior = total, forma 03, paid on the order’s date', async () => {
    const user = await createUser(ctx);
    const { orderId, invoice } = await stampedPpd(user);
    await payOrder(orderId, 'spei');
    const queued = (await complementOf(orderId))!;
    expect(queued).toMatchObject({
      kind: 'pago',
      relatedDocumentId: invoice.id,
      amountCentavos: toCentavos(TOTAL),
      rfc: invoice.rfc,
      razonSocial: invoice.razonSocial,
      usoCfdi: 'CP01',
      status: 'solicitada',
      pendingAction: 'stamp',
    });
    // The invoice itself is not stamped again.
    expect(await invoiceOf(orderId)).toMatchObject({ status: 'timbrada', pendingAction: null });

    await runInvoiceJobs(deps);
    const row = (await complementOf(orderId))!;
    expect(row).toMatchObject({ status: 'timbrada', pendingAction: null, lastError: null });
    const [made] = madeFor(row.id);
    const paidAt = (await orderRow(orderId)).paidAt!;
    expect(made).toMatchObject({
      type: 'P',
      total: 0,
      use: 'CP01',
      payment_form: '',
      payment_method: null,
      uuid: row.folioFiscal,
      customer: { tax_id: 'GODE561231GR8', tax_system: '612', address: { zip: '14080' } },
    });
    expect(made!.complements).toEqual([
      {
        type: 'pago',
        data: [
          {
            payment_form: '03',
            date: mexicoCityIso(paidAt),
            related_documents: [
              {
                uuid: invoice.folioFiscal,
                amount: TOTAL,
                installment: 1,
                last_balance: TOTAL,
                taxes: [{ base: Math.round((TOTAL / 1.16) * 100) / 100, type: 'IVA', rate: 0.16 }],
              },
            ],
          },
        ],
      },
    ]);
    expect(mexicoCityIso(paidAt)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-06:00$/);
    expect(fake.invoices.get(invoice.providerId!)!.received_payment_ids).toEqual([made!.id]);

    // Its files, for the buyer, named as a complement; the e-mail, once.
    const xml = await ctx.app.inject({
      method: 'GET',
      url: `/api/invoice/${row.id}/xml`,
      headers: { token: user.token },
    });
    expect(xml.statusCode).toBe(200);
    expect(xml.body).toContain('TipoDeComprobante="P"');
    expect(xml.body).toContain(`IdDocumento="${invoice.folioFiscal}"`);
    expect(xml.body).toContain(`NumParcialidad="1" ImpSaldoAnt="${TOTAL.toFixed(2)}"`);
    expect(xml.body).toContain('ImpSaldoInsoluto="0.00"');
    expect(xml.body).toContain('FormaDePagoP="03"');
    expect(decodeURIComponent(String(xml.headers['content-disposition']))).toContain('Complemento de pago');
    const pdf = await call(ctx, admin.token, 'GET', `/api/invoice/${row.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    const other = await createUser(ctx);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/invoice/${row.id}/xml`,
          headers: { token: other.token },
        })
      ).statusCode,
    ).toBe(403);
    const mails = await mailsOf(ctx, `cfdi-payment-complement:${row.id}`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Complemento de pago');
    expect(mails[0]!.attachments.map((a) => a.filename)).toEqual([
      expect.stringMatching(/^Complemento de pago .+\.xml$/),
      expect.stringMatching(/^Complemento de pago .+\.pdf$/),
    ]);

    // Beside the invoice, for the buyer and the admin.
    expect(await buyerSees(user, orderId)).toMatchObject({
      _id: invoice.id,
      paymentPlan: 'PPD',
      creditNotes: [],
      paymentComplement: {
        _id: row.id,
        status: 'timbrada',
        amount: TOTAL,
        folioFiscal: row.folioFiscal,
        hasXml: true,
        hasPdf: true,
      },
    });
    const listed = await adminSees(orderId);
    expect(listed.map((d) => [d.kind, d._id])).toEqual([
      ['I', invoice.id],
      ['pago', row.id],
    ]);
    expect(listed[1]).toMatchObject({
      relatedDocumentId: invoice.id,
      relatedFolio: invoice.folioFiscal,
      amount: TOTAL,
      usoCfdi: 'CP01',
      viaProvider: true,
    });
    const onlyComplements = await call(
      ctx,
      admin.token,
      'GET',
      `/api/admin/invoices?kind=pago&search=${orderId.slice(0, 8)}`,
    );
    expect(onlyComplements.json().documents.map((d: AdminCfdiDocument) => d._id)).toEqual([row.id]);

    // Nothing more to do: no second complement, no second CFDI.
    await runInvoiceJobs(deps, later(3600_000));
    expect(madeFor(row.id)).toHaveLength(1);
    expect((await complementsOf(orderId)).filter((d) => d.kind === 'pago')).toHaveLength(1);
  });

  it('a complement paid before its invoice is stamped waits for the folio, then follows it', async () => {
    const user = await createUser(ctx);
    const orderId = await heldOrder(user, 'spei', 'PPD');
    fake.failNext({ on: 'create', status: 503, message: 'Servicio no disponible' });
    await runInvoiceJobs(deps);
    const invoice = (await invoiceOf(orderId))!;
    expect(invoice).toMatchObject({ status: 'solicitada', lastError: 'Servicio no disponible' });
    await payOrder(orderId, 'spei');
    // The invoice waits for its backoff; the complement finds no folio and waits, spending nothing.
    await runInvoiceJobs(deps);
    const waiting = (await complementOf(orderId))!;
    expect(waiting).toMatchObject({
      status: 'solicitada',
      pendingAction: 'stamp',
      attempts: 0,
      lastError: 'En espera del timbrado de la factura',
    });
    expect(madeFor(waiting.id)).toHaveLength(0);
    // Both due: the invoice first (the same PPD body as before the payment), then its complement.
    await runInvoiceJobs(deps, later(10 * 60_000));
    const stamped = (await invoiceOf(orderId))!;
    expect(stamped.status).toBe('timbrada');
    expect(madeFor(stamped.id)).toMatchObject([{ payment_method: 'PPD', payment_form: '99' }]);
    const row = (await complementOf(orderId))!;
    expect(row.status).toBe('timbrada');
    expect(madeFor(row.id)[0]!.complements[0]!.data[0]!.related_documents[0]!.uuid).toBe(stamped.folioFiscal);
  });

  it('a retry of the complement after a timeout gets the same CFDI (idempotency key = the document id)', async () => {
    const user = await createUser(ctx);
    const { orderId } = await stampedPpd(user);
    await payOrder(orderId, 'spei');
    const queued = (await complementOf(orderId))!;
    // The provider stamps it, then the XML download hangs past the client's timeout.
    fake.failNext({ on: 'download' });
    const calls = fake.createCalls;
    await runInvoiceJobs(deps);
    expect(madeFor(queued.id)).toHaveLength(1);
    expect(await complementOf(orderId)).toMatchObject({
      status: 'solicitada',
      pendingAction: 'stamp',
      lastError: 'El proveedor de facturación no respondió a tiempo',
    });
    await runInvoiceJobs(deps, later(3600_000));
    expect(fake.createCalls - calls).toBe(2);
    const [made] = madeFor(queued.id);
    expect(madeFor(queued.id)).toHaveLength(1);
    expect(await complementOf(orderId)).toMatchObject({
      status: 'timbrada',
      providerId: made!.id,
      folioFiscal: made!.uuid,
      lastError: null,
    });
    expect(await mailsOf(ctx, `cfdi-payment-complement:${queued.id}`)).toHaveLength(1);
  });
});

describe('a PPD order that ends unpaid', () => {
  it('expires: its stamped invoice is cancelled with SAT reason 03; no complement', async () => {
    const user = await createUser(ctx);
    const { orderId, invoice } = await stampedPpd(user);
    expect(await ctx.database.db.transaction((tx) => expire(tx, orderId))).toBe(true);
    expect(await invoiceOf(orderId)).toMatchObject({
      status: 'timbrada',
      pendingAction: 'cancel',
      cancelMotive: '03',
    });
    await runInvoiceJobs(deps);
    expect(await invoiceOf(orderId)).toMatchObject({
      status: 'cancelada',
      cancellationStatus: 'aceptada',
      pendingAction: null,
    });
    expect(fake.invoices.get(invoice.providerId!)).toMatchObject({
      status: 'canceled',
      cancellation_motive: '03',
    });
    expect(await complementOf(orderId)).toBeUndefined();
    expect(await buyerSees(user, orderId)).toMatchObject({ status: 'cancelada', paymentComplement: null });
  });

  it('never sent to the provider: the request is dropped, nothing is stamped', async () => {
    const user = await createUser(ctx);
    const orderId = await heldOrder(user, 'spei', 'PPD');
    const row = (await invoiceOf(orderId))!;
    expect(row.pendingAction).toBe('stamp');
    expect(await ctx.database.db.transaction((tx) => expire(tx, orderId))).toBe(true);
    expect(await invoiceOf(orderId)).toBeUndefined();
    await runInvoiceJobs(deps, later(3600_000));
    expect(madeFor(row.id)).toHaveLength(0);
  });

  it('sent without an answer: the stamp is asked again with the same key, kept from the buyer, then cancelled', async () => {
    const user = await createUser(ctx);
    const orderId = await heldOrder(user, 'spei', 'PPD');
    // The create hangs past the timeout: whether the provider stamped it is unknown.
    fake.failNext({ on: 'create' });
    await runInvoiceJobs(deps);
    const row = (await invoiceOf(orderId))!;
    expect(row).toMatchObject({ status: 'solicitada', pendingAction: 'stamp', attempts: 1 });
    expect(await ctx.database.db.transaction((tx) => expire(tx, orderId))).toBe(true);
    expect(await invoiceOf(orderId)).toMatchObject({
      status: 'solicitada',
      pendingAction: 'stamp',
      cancelMotive: '03',
    });
    await runInvoiceJobs(deps, later(3600_000));
    expect(await invoiceOf(orderId)).toMatchObject({ status: 'timbrada', pendingAction: 'cancel' });
    await runInvoiceJobs(deps, later(2 * 3600_000));
    expect(await invoiceOf(orderId)).toMatchObject({ status: 'cancelada', pendingAction: null });
    expect(madeFor(row.id)).toMatchObject([{ status: 'canceled', cancellation_motive: '03' }]);
    expect(await mailsOf(ctx, `cfdi-stamped:${row.id}`)).toHaveLength(0);
  });
});

describe('a PPD order refunded after payment', () => {
  it('gets a credit note related to the invoice; the invoice, which its complement relates to, is not cancelled', async () => {
    const user = await createUser(ctx);
    const { orderId, invoice } = await stampedPpd(user, 'cod');
    expect(
      (await call(ctx, admin.token, 'POST', `/api/admin/orders/${orderId}/mark-paid`, {})).statusCode,
    ).toBe(200);
    await runInvoiceJobs(deps);
    const complement = (await complementOf(orderId))!;
    expect(complement.status).toBe('timbrada');
    expect(madeFor(complement.id)[0]!.complements[0]!.data[0]!.payment_form).toBe('01');

    expect((await refundOrder(ctx, admin, orderId, TOTAL, true)).statusCode).toBe(200);
    expect(await invoiceOf(orderId)).toMatchObject({
      status: 'timbrada',
      cancelMotive: null,
      pendingAction: null,
    });
    const [note] = await documentsOf(ctx, orderId, 'E');
    expect(note).toMatchObject({ relatedDocumentId: invoice.id, amountCentavos: toCentavos(TOTAL) });
    await runInvoiceJobs(deps);
    expect((await documentsOf(ctx, orderId, 'E'))[0]!.status).toBe('timbrada');
    expect(madeFor(note!.id)).toMatchObject([
      {
        type: 'E',
        payment_method: 'PUE',
        related_documents: [{ relationship: '01', documents: [invoice.folioFiscal] }],
      },
    ]);
    expect(fake.invoices.get(invoice.providerId!)!.status).toBe('valid');
    const seen = (await buyerSees(user, orderId))!;
    expect(seen.creditNotes.map((n) => n._id)).toEqual([note!.id]);
    expect(seen.paymentComplement?._id).toBe(complement.id);
  });
});

describe('what the fake refuses, as Facturapi and the SAT do', () => {
  const customer = {
    legal_name: 'EDUARDO GÓMEZ DÍAZ',
    tax_id: 'GODE561231GR8',
    tax_system: '612',
    email: 'eduardo@example.com',
    address: { zip: '14080' },
  };
  const income = (extra: Partial<PacIncomeInput> = {}): PacIncomeInput => ({
    customer,
    items: [
      {
        quantity: 1,
        product: {
          description: 'Curso',
          product_key: '86101700',
          unit_key: 'E48',
          price: 1160,
          tax_included: true,
        },
      },
    ],
    payment_form: '03',
    use: 'G03',
    ...extra,
  });
  const paymentOf = (
    uuid: string,
    doc: Record<string, unknown> = {},
    payment: Record<string, unknown> = {},
  ) =>
    ({
      type: 'P',
      customer,
      complements: [
        {
          type: 'pago',
          data: [
            {
              payment_form: '03',
              date: mexicoCityIso(new Date(Date.now() - 60_000)),
              related_documents: [
                {
                  uuid,
                  amount: 1160,
                  installment: 1,
                  last_balance: 1160,
                  taxes: [{ base: 1000, type: 'IVA', rate: 0.16 }],
                  ...doc,
                },
              ],
              ...payment,
            },
          ],
        },
      ],
    }) as PacPaymentInput;
  const refusal = async (body: PacInvoiceInput) => {
    const err = await deps.client.createInvoice(body, `refused-${randomUUID()}`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(PacError);
    expect((err as PacError).status).toBe(400);
    expect((err as PacError).retryable).toBe(false);
    return (err as PacError).message;
  };
  let ppd: FakeInvoice;
  beforeAll(async () => {
    const made = await deps.client.createInvoice(
      income({ payment_form: '99', payment_method: 'PPD' }),
      `ppd-${randomUUID()}`,
    );
    ppd = fake.invoices.get(made.id)!;
  });

  it('PPD with a forma other than 99, PUE with 99, an egreso with PPD', async () => {
    expect(await refusal(income({ payment_form: '03', payment_method: 'PPD' }))).toMatch(/PPD.*99/);
    expect(await refusal(income({ payment_form: '99', payment_method: 'PUE' }))).toMatch(/PUE.*99/);
    expect(await refusal(income({ payment_form: '99' }))).toMatch(/PUE.*99/);
    expect(
      await refusal(
        income({
          type: 'E',
          payment_form: '99',
          payment_method: 'PPD',
          related_documents: [{ relationship: '01', documents: [ppd.uuid] }],
        }),
      ),
    ).toMatch(/egreso.*PUE/);
    expect(ppd).toMatchObject({ type: 'I', payment_method: 'PPD', payment_form: '99', status: 'valid' });
  });

  it('a P relating an invoice that is not PPD, or not valid', async () => {
    const pue = await deps.client.createInvoice(income(), `pue-${randomUUID()}`);
    expect(await refusal(paymentOf(pue.uuid!))).toMatch(/PPD/);
    const cancelled = await deps.client.createInvoice(
      income({ payment_form: '99', payment_method: 'PPD' }),
      `ppd-${randomUUID()}`,
    );
    await deps.client.cancel(cancelled.id, '03');
    expect(await refusal(paymentOf(cancelled.uuid!))).toMatch(/vigente/);
  });

  it('a P whose amounts do not add up', async () => {
    // Paid more than was owed.
    expect(await refusal(paymentOf(ppd.uuid, { amount: 1200 }))).toMatch(/saldo anterior/);
    // The first installment starts from less than the invoice's total.
    expect(
      await refusal(
        paymentOf(ppd.uuid, {
          amount: 580,
          last_balance: 580,
          taxes: [{ base: 500, type: 'IVA', rate: 0.16 }],
        }),
      ),
    ).toMatch(/total del CFDI relacionado/);
    // The tax base plus IVA is not what was paid.
    expect(await refusal(paymentOf(ppd.uuid, { taxes: [{ base: 1160, type: 'IVA', rate: 0.16 }] }))).toMatch(
      /base/,
    );
    expect(await refusal(paymentOf(ppd.uuid, { installment: 0 }))).toMatch(/parcialidad/);
  });

  it('a P without its related UUID, without its complement, with forma 99, or with fields a P does not take', async () => {
    const noUuid = paymentOf(ppd.uuid);
    delete (noUuid.complements[0]!.data[0]!.related_documents[0] as { uuid?: string }).uuid;
    expect(await refusal(noUuid)).toMatch(/uuid/);
    expect(await refusal(paymentOf('no-es-un-uuid'))).toMatch(/UUID/);
    expect(await refusal({ type: 'P', customer, complements: [] })).toMatch(/complemento/);
    expect(await refusal(paymentOf(ppd.uuid, {}, { payment_form: '99' }))).toMatch(/99/);
    expect(
      await refusal({ ...paymentOf(ppd.uuid), payment_form: '03' } as unknown as PacInvoiceInput),
    ).toMatch(/payment_form/);
    expect(await refusal({ ...paymentOf(ppd.uuid), use: 'G03' } as unknown as PacInvoiceInput)).toMatch(
      /use/,
    );
  });

  it('takes a P that pays a valid PPD invoice in full, once per idempotency key', async () => {
    const key = `pago-${randomUUID()}`;
    const first = await deps.client.createInvoice(paymentOf(ppd.uuid), key);
    const again = await deps.client.createInvoice(paymentOf(ppd.uuid), key);
    expect(again.id).toBe(first.id);
    expect(fake.invoices.get(first.id)).toMatchObject({ type: 'P', total: 0, use: 'CP01', status: 'valid' });
    expect(fake.invoices.get(ppd.id)!.received_payment_ids).toContain(first.id);
  });
});
