// CFDI documents against the fake Facturapi: invoices (type I) and the credit notes (type E)
// that correct them share one table, one queue and one worker path.
// Invoices: fiscal data validation, requests at checkout and from /orders (month rule),
// stamping through the queue with failures and timeouts that never stamp twice, files for the
// buyer only, e-mail, cancellation on refund, and the admin list without credentials (CSV,
// retry, files attached by hand).
// Credit notes of partial refunds: a refund that keeps the sale gets one credit note related
// to the invoice (relationship 01), stamped once through provider failures and a timeout; an
// invoice not stamped yet is stamped first; the rest refunded later gets its own credit note
// instead of cancelling the CFDI; the fake refuses an egreso without its related CFDI;
// without credentials the admin list and CSV show the pending credit note and the accountant
// attaches its files by hand.

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MSG } from '@store/shared/admin-messages';
import { MSG } from '@store/shared/messages';
import { toCentavos } from '@store/shared/domain/money';
import { fromMexicoCityLocal } from '@store/shared/domain/time';
import type { AdminCfdiDocument } from '@store/shared/schemas/admin/invoices';
import type { OrderInvoice } from '@store/shared/schemas/invoice';
import { emailOutbox, fiscalProfiles, orders } from '../../db/schema';
import { createTestContext, type TestContext } from '../../../test/context';
import { createProduct } from '../../../test/factories';
import { createUser, FEE, type TestUser } from '../../../test/store-helpers';
import { call, claim } from '../../../test/admin-helpers';
import {
  documentsOf,
  later,
  mailsOf,
  paidInvoicedOrder,
  PRICE,
  refundOrder as refund,
  startCfdiStore,
  STORED_FISCAL,
} from '../../../test/cfdi-helpers';
import { fakeCfdiPdf, fakeCfdiXml, type FakeFacturapi } from '../../../test/fakes/fake-facturapi';
import type { PacClient } from './pac-client';
import { requestInvoice } from './service';
import { startPeriodic } from '../../lib/periodic';
import { runInvoiceJobs, type InvoiceJobDeps } from './worker';

/** Fiscal data as a buyer types it (normalised on the way in to STORED_FISCAL). */
const FISCAL = {
  rfc: 'gode-561231-gr8',
  razonSocial: 'Eduardo  Gómez Díaz',
  regimenFiscal: '612',
  usoCfdi: 'G03',
  codigoPostal: '14080',
};

/** The order's invoice (type I). */
const invoiceOfOrder = async (ctx: TestContext, orderId: string) => (await documentsOf(ctx, orderId, 'I'))[0];
const notesOf = (ctx: TestContext, orderId: string) => documentsOf(ctx, orderId, 'E');
/** The admin list's rows of an order: its invoice, then its credit notes. */
const listedOf = async (ctx: TestContext, admin: TestUser, orderId: string, filter = '') =>
  (
    (await call(ctx, admin.token, 'GET', `/api/admin/invoices?search=${orderId.slice(0, 8)}${filter}`)).json()
      .documents as AdminCfdiDocument[]
  ).filter((d) => d.orderId === orderId);

function multipart(bytes: Buffer, name: string) {
  const boundary = '----nota';
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

describe('CFDI invoices through the provider', () => {
  let ctx: TestContext, fake: FakeFacturapi, admin: TestUser, deps: InvoiceJobDeps;
  let close: () => Promise<void>;
  beforeAll(async () => ({ ctx, fake, admin, deps, close } = await startCfdiStore({ maxAttempts: 3 })));
  afterAll(() => close());

  const put = (user: TestUser, payload: unknown) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/invoice/fiscal-data',
      headers: { token: user.token },
      payload: payload as object,
    });
  const invoiceOf = (orderId: string) => invoiceOfOrder(ctx, orderId);
  const paidOrderWithInvoice = (user: TestUser, fiscal: unknown = FISCAL) =>
    paidInvoicedOrder(ctx, admin, user, fiscal);

  it('refuses invalid fiscal data with clear Spanish messages and saves valid data normalised', async () => {
    const user = await createUser(ctx);
    const cases: [Record<string, string>, string][] = [
      [{ rfc: 'GODE561231GR9' }, MSG.rfcInvalidCheck],
      [{ rfc: 'GODE561331GR8' }, MSG.rfcInvalidDate],
      [{ rfc: 'ABC' }, MSG.rfcInvalidFormat],
      [{ regimenFiscal: '605' }, MSG.usoNotAllowed],
      [{ regimenFiscal: '601' }, MSG.regimenKindMismatch],
      [{ codigoPostal: '1408' }, MSG.cpFiscalInvalid],
      [{ rfc: 'XAXX010101000' }, MSG.publicoGeneralOnly],
    ];
    for (const [change, message] of cases) {
      const res = await put(user, { ...FISCAL, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const ok = await put(user, FISCAL);
    expect(ok.statusCode).toBe(200);
    const got = await ctx.app.inject({
      method: 'GET',
      url: '/api/invoice/fiscal-data',
      headers: { token: user.token },
    });
    expect(got.json().fiscalData).toEqual({
      ...FISCAL,
      rfc: 'GODE561231GR8',
      razonSocial: 'EDUARDO GÓMEZ DÍAZ',
    });
    const generic = await put(user, {
      ...FISCAL,
      rfc: 'XAXX010101000',
      regimenFiscal: '616',
      usoCfdi: 'S01',
    });
    expect(generic.statusCode).toBe(200);
  });

  it('stamps once after a provider error and a timeout, stores XML and PDF, e-mails them', async () => {
    const user = await createUser(ctx);
    const orderId = await paidOrderWithInvoice(user);
    const saved = await ctx.database.db
      .select()
      .from(fiscalProfiles)
      .where(eq(fiscalProfiles.userId, user.id));
    expect(saved[0]?.rfc).toBe('GODE561231GR8');
    expect(await invoiceOf(orderId)).toMatchObject({ status: 'solicitada', pendingAction: 'stamp' });

    const row0 = (await invoiceOf(orderId))!;
    const stampsOf = (id: string) =>
      [...fake.invoices.values()].filter((i) => i.idempotency_key === id).length;
    fake.failNext({ on: 'create', status: 503, message: 'Servicio no disponible' });
    await runInvoiceJobs(deps);
    expect(await invoiceOf(orderId)).toMatchObject({
      status: 'solicitada',
      lastError: 'Servicio no disponible',
    });
    // The stamp goes through, then the XML download hangs past the timeout.
    fake.failNext({ on: 'download' });
    await runInvoiceJobs(deps, later(3600_000));
    expect(stampsOf(row0.id)).toBe(1);
    expect((await invoiceOf(orderId))?.status).toBe('solicitada');
    // The retry sends the same idempotency key: the provider hands back the same CFDI.
    await runInvoiceJobs(deps, later(2 * 3600_000));
    expect(stampsOf(row0.id)).toBe(1);
    const row = (await invoiceOf(orderId))!;
    const stamped = [...fake.invoices.values()].find((i) => i.idempotency_key === row.id)!;
    expect(row).toMatchObject({
      status: 'timbrada',
      pendingAction: null,
      providerId: stamped.id,
      folioFiscal: stamped.uuid,
    });
    expect(toCentavos(stamped.total)).toBe(toCentavos(PRICE + FEE));
    expect(stamped).toMatchObject({ use: 'G03', payment_form: '01' });
    expect(stamped.customer).toMatchObject({
      tax_id: 'GODE561231GR8',
      tax_system: '612',
      address: { zip: '14080' },
    });

    const mine = await ctx.app.inject({
      method: 'GET',
      url: '/api/invoice/mine',
      headers: { token: user.token },
    });
    expect(mine.json().invoices[0]).toMatchObject({
      orderId,
      status: 'timbrada',
      hasXml: true,
      hasPdf: true,
    });
    const xml = await ctx.app.inject({
      method: 'GET',
      url: `/api/invoice/${row.id}/xml`,
      headers: { token: user.token },
    });
    expect(xml.statusCode).toBe(200);
    expect(xml.body).toContain(stamped.uuid);
    expect(xml.headers['cache-control']).toBe('private, no-store');
    const pdf = await ctx.app.inject({
      method: 'GET',
      url: `/api/invoice/${row.id}/pdf`,
      headers: { token: user.token },
    });
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
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
    expect((await ctx.app.inject({ method: 'GET', url: `/api/invoice/${row.id}/xml` })).statusCode).toBe(401);
    expect((await call(ctx, admin.token, 'GET', `/api/invoice/${row.id}/pdf`)).statusCode).toBe(200);

    const mails = await ctx.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `cfdi-stamped:${row.id}`));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.attachments.map((a) => a.contentType)).toEqual(['application/xml', 'application/pdf']);
  });

  it('a worker stopped at shutdown while the PAC hangs loses nothing: after its lease the invoice is stamped once', async () => {
    const user = await createUser(ctx);
    const orderId = await paidOrderWithInvoice(user);
    const row0 = (await invoiceOf(orderId))!;
    const stampsOf = (id: string) =>
      [...fake.invoices.values()].filter((i) => i.idempotency_key === id).length;
    // The PAC takes the call and never answers (the replica is being deployed meanwhile).
    let reached = false;
    const hung: PacClient = {
      ...deps.client,
      createInvoice: () => {
        reached = true;
        return new Promise(() => {});
      },
    };
    // The job as jobs.ts runs it: on the one periodic loop.
    const worker = startPeriodic(() => runInvoiceJobs({ ...deps, client: hung }), 50);
    while (!reached) await new Promise((r) => setTimeout(r, 20));
    // server.ts waits SHUTDOWN_GRACE_MS for stop(), then closes the database and exits.
    const outcome = await Promise.race([
      worker.stop().then(() => 'stopped'),
      new Promise((r) => setTimeout(() => r('abandoned'), 300)),
    ]);
    expect(outcome).toBe('abandoned');
    const leased = (await invoiceOf(orderId))!;
    expect(leased).toMatchObject({ status: 'solicitada', pendingAction: 'stamp', lastError: null });
    expect(leased.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    // Another replica right away leaves it alone (the lease), and takes it once it runs out.
    await runInvoiceJobs(deps);
    expect(stampsOf(row0.id)).toBe(0);
    await runInvoiceJobs(deps, later(10 * 60_000));
    expect(stampsOf(row0.id)).toBe(1);
    expect(await invoiceOf(orderId)).toMatchObject({ status: 'timbrada', pendingAction: null });
  });

  it('a refund cancels the CFDI with SAT reason 03', async () => {
    const user = await createUser(ctx);
    const orderId = await paidOrderWithInvoice(user);
    await runInvoiceJobs(deps);
    const row = (await invoiceOf(orderId))!;
    expect(row.status).toBe('timbrada');
    const refund = await call(ctx, admin.token, 'POST', `/api/admin/orders/${orderId}/refund`, {
      amount: PRICE + FEE,
      note: 'Cancelación del asistente',
      revokeAccess: true,
    });
    expect(refund.statusCode).toBe(200);
    expect(await invoiceOf(orderId)).toMatchObject({ pendingAction: 'cancel', cancelMotive: '03' });
    fake.failNext({ on: 'cancel', status: 502 });
    await runInvoiceJobs(deps);
    expect((await invoiceOf(orderId))?.status).toBe('timbrada');
    await runInvoiceJobs(deps, later(3600_000));
    expect(await invoiceOf(orderId)).toMatchObject({ status: 'cancelada', pendingAction: null });
    expect(fake.invoices.get(row.providerId!)).toMatchObject({
      status: 'canceled',
      cancellation_motive: '03',
    });
  });

  it('a provider refusal leaves the invoice in error; the admin retries it', async () => {
    const user = await createUser(ctx);
    const orderId = await paidOrderWithInvoice(user);
    fake.failNext({
      on: 'create',
      status: 400,
      message: 'El RFC del receptor no está en la lista de contribuyentes del SAT',
    });
    await runInvoiceJobs(deps);
    const row = (await invoiceOf(orderId))!;
    expect(row).toMatchObject({ status: 'error', pendingAction: null });
    const list = await call(ctx, admin.token, 'GET', '/api/admin/invoices?status=error');
    expect(list.json().documents.map((i: AdminCfdiDocument) => i._id)).toContain(row.id);
    const retried = await call(ctx, admin.token, 'POST', `/api/admin/invoices/${row.id}/retry`, {});
    expect(retried.statusCode).toBe(200);
    expect(retried.json().document).toMatchObject({
      status: 'solicitada',
      pendingAction: 'stamp',
      lastError: null,
    });
    const again = await call(ctx, admin.token, 'POST', `/api/admin/invoices/${row.id}/retry`, {});
    expect(again.json().message).toBe(ADMIN_MSG.invoiceRetryNotAllowed);
    await runInvoiceJobs(deps);
    expect(await invoiceOf(orderId)).toMatchObject({ status: 'timbrada', lastError: null });
    expect([...fake.invoices.values()].filter((i) => i.idempotency_key === row.id)).toHaveLength(1);
  });

  it('a request from /orders: paid, own, once, only within the month of payment', async () => {
    const user = await createUser(ctx);
    const { product } = await createProduct(ctx.database.db, { price: PRICE });
    const orderId = await claim(ctx, user, product.id, ['Día 1'], { amount: PRICE + FEE });
    const ask = (u: TestUser, id = orderId) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/invoice/request',
        headers: { token: u.token },
        payload: { orderId: id, fiscalData: FISCAL },
      });
    expect((await ask(user)).json().message).toBe(MSG.invoiceOrderNotPaid);
    await call(ctx, admin.token, 'POST', `/api/admin/orders/${orderId}/mark-paid`, {});
    expect((await ask(await createUser(ctx))).statusCode).toBe(403);
    const ok = await ask(user);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(MSG.invoiceRequested);
    expect((await invoiceOf(orderId))?.pendingAction).toBe('stamp');
    const again = await ask(user);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG.invoiceAlreadyRequested);

    // Paid on 31 October at 20:00 in Mexico City (already 1 November in UTC).
    const other = await createUser(ctx);
    const { product: p2 } = await createProduct(ctx.database.db, { price: PRICE });
    const late = await claim(ctx, other, p2.id, ['Día 1'], { amount: PRICE + FEE });
    await call(ctx, admin.token, 'POST', `/api/admin/orders/${late}/mark-paid`, {});
    const paidAt = fromMexicoCityLocal('2026-10-31T20:00')!;
    await ctx.database.db.update(orders).set({ paidAt }).where(eq(orders.id, late));
    const fiscal = { ...FISCAL, rfc: 'GODE561231GR8', razonSocial: 'EDUARDO GÓMEZ DÍAZ' };
    await expect(
      requestInvoice(ctx.database.db, other.id, late, fiscal, fromMexicoCityLocal('2026-11-01T00:30')!),
    ).rejects.toThrow(MSG.invoiceMonthClosed);
    const inMonth = await requestInvoice(
      ctx.database.db,
      other.id,
      late,
      fiscal,
      fromMexicoCityLocal('2026-10-31T23:50')!,
    );
    expect(inMonth.status).toBe('solicitada');
  });

  it('an unpaid order that is cancelled drops its request; nothing is stamped', async () => {
    const user = await createUser(ctx);
    const { product } = await createProduct(ctx.database.db, { price: PRICE });
    const orderId = await claim(ctx, user, product.id, ['Día 1'], { amount: PRICE + FEE, invoice: FISCAL });
    expect(await invoiceOf(orderId)).toMatchObject({ status: 'solicitada', pendingAction: null });
    const row = (await invoiceOf(orderId))!;
    await runInvoiceJobs(deps);
    expect([...fake.invoices.values()].filter((i) => i.idempotency_key === row.id)).toHaveLength(0);
    await call(ctx, admin.token, 'POST', `/api/admin/orders/${orderId}/cancel`, { note: 'No pagó' });
    expect(await invoiceOf(orderId)).toBeUndefined();
  });

  it('without credentials: the admin queue, its CSV and files attached by hand', async () => {
    const user = await createUser(ctx);
    const orderId = await paidOrderWithInvoice(user, { ...FISCAL, razonSocial: '=HYPERLINK("x")' });
    const row = (await invoiceOf(orderId))!;
    const list = await call(
      ctx,
      admin.token,
      'GET',
      `/api/admin/invoices?status=solicitada&search=${orderId.slice(0, 8)}`,
    );
    expect(list.json().providerConfigured).toBe(true);
    expect(list.json().documents).toEqual([
      expect.objectContaining({
        _id: row.id,
        kind: 'I',
        relatedDocumentId: null,
        rfc: 'GODE561231GR8',
        regimenFiscal: '612',
        usoCfdi: 'G03',
        codigoPostal: '14080',
        amount: PRICE + FEE,
      }),
    ]);
    const csv = await call(ctx, admin.token, 'GET', '/api/admin/invoices/export?status=solicitada');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('GODE561231GR8');
    expect(csv.body).toContain(`'=HYPERLINK`);
    expect(csv.body).toContain('612 - Personas Físicas con Actividades Empresariales y Profesionales');

    const upload = (format: 'xml' | 'pdf', bytes: Buffer, name: string) => {
      const boundary = '----cfdi';
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return ctx.app.inject({
        method: 'POST',
        url: `/api/admin/invoices/${row.id}/files/${format}`,
        headers: { token: admin.token, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: body,
      });
    };
    const notCfdi = await upload('xml', Buffer.from('<?xml version="1.0"?><nota/>'), 'x.xml');
    expect(notCfdi.json().message).toBe(ADMIN_MSG.invoiceXmlInvalid);
    const wrongType = await upload('pdf', Buffer.from('<?xml version="1.0"?><nota/>'), 'x.pdf');
    expect(wrongType.json().message).toBe(ADMIN_MSG.invoiceFileType);
    const uuid = '11111111-2222-4333-8444-555555555555';
    const xml = Buffer.from(
      fakeCfdiXml({
        uuid: uuid.toUpperCase(),
        total: PRICE + FEE,
        use: 'G03',
        customer: {
          legal_name: 'X',
          tax_id: 'GODE561231GR8',
          tax_system: '612',
          email: user.email,
          address: { zip: '14080' },
        },
      }),
    );
    const attached = await upload('xml', xml, 'cfdi.xml');
    expect(attached.statusCode).toBe(200);
    expect(attached.json().document).toMatchObject({
      status: 'timbrada',
      folioFiscal: uuid.toUpperCase(),
      hasXml: true,
      hasPdf: false,
      pendingAction: null,
    });
    expect(
      await ctx.database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.dedupeKey, `cfdi-stamped:${row.id}`)),
    ).toHaveLength(0);
    expect((await upload('pdf', fakeCfdiPdf(uuid), 'cfdi.pdf')).statusCode).toBe(200);
    expect(
      await ctx.database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.dedupeKey, `cfdi-stamped:${row.id}`)),
    ).toHaveLength(1);
    // The stamping job no longer touches it.
    await runInvoiceJobs(deps, later(3600_000));
    expect([...fake.invoices.values()].filter((i) => i.idempotency_key === row.id)).toHaveLength(0);
    const own = await ctx.app.inject({
      method: 'GET',
      url: `/api/invoice/${row.id}/xml`,
      headers: { token: user.token },
    });
    expect(own.body).toContain(uuid.toUpperCase());
  });

  it('without a provider key the admin queue says so', async () => {
    const bare = await createTestContext();
    try {
      const boss = await createUser(bare, { role: 'admin' });
      const list = await call(bare, boss.token, 'GET', '/api/admin/invoices');
      expect(list.json()).toMatchObject({ providerConfigured: false, documents: [] });
    } finally {
      await bare.close();
    }
  });

  it('refuses an invoice for a free order at checkout', async () => {
    const user = await createUser(ctx);
    const { product } = await createProduct(ctx.database.db, { price: 0 });
    await expect(claim(ctx, user, product.id, ['Día 1'], { invoice: FISCAL })).rejects.toThrow(
      MSG.invoiceFreeOrder,
    );
  });
});

describe('CFDI credit notes through the provider', () => {
  let ctx: TestContext, fake: FakeFacturapi, admin: TestUser, deps: InvoiceJobDeps;
  let close: () => Promise<void>;
  beforeAll(async () => ({ ctx, fake, admin, deps, close } = await startCfdiStore({ maxAttempts: 4 })));
  afterAll(() => close());

  const stampsOf = (key: string) => [...fake.invoices.values()].filter((i) => i.idempotency_key === key);

  it('a partial refund gets one credit note related to the invoice, stamped once through failures', async () => {
    const user = await createUser(ctx);
    const orderId = await paidInvoicedOrder(ctx, admin, user);
    await runInvoiceJobs(deps);
    const invoice = (await invoiceOfOrder(ctx, orderId))!;
    expect(invoice.status).toBe('timbrada');

    expect((await refund(ctx, admin, orderId, 300)).statusCode).toBe(200);
    const [queued] = await notesOf(ctx, orderId);
    expect(queued).toMatchObject({
      relatedDocumentId: invoice.id,
      amountCentavos: 30_000,
      status: 'solicitada',
      pendingAction: 'stamp',
    });
    // The invoice itself stands.
    expect((await invoiceOfOrder(ctx, orderId))!).toMatchObject({ status: 'timbrada', cancelMotive: null });

    fake.failNext({ on: 'create', status: 503, message: 'Servicio no disponible' });
    await runInvoiceJobs(deps);
    expect((await notesOf(ctx, orderId))[0]).toMatchObject({
      status: 'solicitada',
      lastError: 'Servicio no disponible',
    });
    // The provider stamps but the answer never arrives (timeout): the retry gets the same CFDI.
    fake.failNext({ on: 'download' });
    await runInvoiceJobs(deps, later(3600_000));
    expect((await notesOf(ctx, orderId))[0]?.status).toBe('solicitada');
    await runInvoiceJobs(deps, later(2 * 3600_000));
    const [note] = await notesOf(ctx, orderId);
    expect(note).toMatchObject({ status: 'timbrada', pendingAction: null, lastError: null });
    const stamped = stampsOf(note!.id);
    expect(stamped).toHaveLength(1);
    expect(stamped[0]).toMatchObject({
      type: 'E',
      total: 300,
      payment_form: '01',
      use: 'G02',
      related_documents: [{ relationship: '01', documents: [invoice.folioFiscal] }],
      customer: { tax_id: 'GODE561231GR8', tax_system: '612', address: { zip: '14080' } },
    });
    expect(note!.folioFiscal).toBe(stamped[0]!.uuid);
    // Running the job again stamps nothing more.
    await runInvoiceJobs(deps, later(3 * 3600_000));
    expect(stampsOf(note!.id)).toHaveLength(1);
    expect(await mailsOf(ctx, `cfdi-credit-note:${note!.id}`)).toHaveLength(1);

    // The buyer sees and downloads it; nobody else does.
    const mine = await ctx.app.inject({
      method: 'GET',
      url: '/api/invoice/mine',
      headers: { token: user.token },
    });
    const own = (mine.json().invoices as OrderInvoice[]).find((i) => i.orderId === orderId)!;
    expect(own.creditNotes).toEqual([
      expect.objectContaining({ _id: note!.id, status: 'timbrada', amount: 300, hasXml: true, hasPdf: true }),
    ]);
    const xml = await ctx.app.inject({
      method: 'GET',
      url: `/api/invoice/${note!.id}/xml`,
      headers: { token: user.token },
    });
    expect(xml.statusCode).toBe(200);
    expect(xml.body).toContain('TipoDeComprobante="E"');
    expect(xml.body).toContain(`TipoRelacion="01"`);
    expect(xml.body).toContain(invoice.folioFiscal!);
    const stranger = await createUser(ctx);
    const denied = await ctx.app.inject({
      method: 'GET',
      url: `/api/invoice/${note!.id}/pdf`,
      headers: { token: stranger.token },
    });
    expect(denied.statusCode).toBe(403);

    // The admin list and CSV show it after its invoice, related to it.
    expect(await listedOf(ctx, admin, orderId)).toEqual([
      expect.objectContaining({ _id: invoice.id, kind: 'I', amount: PRICE + FEE }),
      expect.objectContaining({
        _id: note!.id,
        kind: 'E',
        relatedDocumentId: invoice.id,
        relatedFolio: invoice.folioFiscal,
        status: 'timbrada',
        amount: 300,
        pendingAction: null,
        viaProvider: true,
      }),
    ]);
    expect(await listedOf(ctx, admin, orderId, '&kind=E')).toEqual([
      expect.objectContaining({ _id: note!.id }),
    ]);
    expect(await listedOf(ctx, admin, orderId, '&kind=I')).toEqual([
      expect.objectContaining({ _id: invoice.id }),
    ]);
    const csv = await call(ctx, admin.token, 'GET', '/api/admin/invoices/export');
    expect(csv.body).toContain('Egreso (nota de crédito)');
    expect(csv.body).toContain(`${note!.folioFiscal},,Egreso (nota de crédito),${invoice.folioFiscal}`);

    // The rest refunded later: its own credit note, the invoice is not cancelled.
    expect((await refund(ctx, admin, orderId, PRICE + FEE - 300, true)).statusCode).toBe(200);
    expect((await invoiceOfOrder(ctx, orderId))!).toMatchObject({ status: 'timbrada', pendingAction: null });
    await runInvoiceJobs(deps, later(4 * 3600_000));
    const notes = await notesOf(ctx, orderId);
    expect(notes.map((n) => [n.status, n.amountCentavos])).toEqual([
      ['timbrada', 30_000],
      ['timbrada', (PRICE + FEE - 300) * 100],
    ]);
    expect(fake.invoices.get(invoice.providerId!)?.status).toBe('valid');
  });

  it('a full refund with no credit note still cancels the CFDI and issues none', async () => {
    const user = await createUser(ctx);
    const orderId = await paidInvoicedOrder(ctx, admin, user);
    await runInvoiceJobs(deps);
    expect((await refund(ctx, admin, orderId, PRICE + FEE, true)).statusCode).toBe(200);
    expect((await invoiceOfOrder(ctx, orderId))!).toMatchObject({
      pendingAction: 'cancel',
      cancelMotive: '03',
    });
    expect(await notesOf(ctx, orderId)).toHaveLength(0);
  });

  it('an invoice not stamped yet is stamped first; its credit note waits without spending attempts', async () => {
    const user = await createUser(ctx);
    const orderId = await paidInvoicedOrder(ctx, admin, user);
    fake.failNext({ on: 'create', status: 400, message: 'El RFC no está en la lista del SAT' });
    await runInvoiceJobs(deps);
    const invoice = (await invoiceOfOrder(ctx, orderId))!;
    expect(invoice.status).toBe('error');
    expect((await refund(ctx, admin, orderId, 200)).statusCode).toBe(200);
    for (let i = 1; i <= 6; i++) await runInvoiceJobs(deps, later(i * 600_000));
    const [waiting] = await notesOf(ctx, orderId);
    expect(waiting).toMatchObject({
      status: 'solicitada',
      pendingAction: 'stamp',
      attempts: 0,
      lastError: 'En espera del timbrado de la factura',
    });
    expect(stampsOf(waiting!.id)).toHaveLength(0);

    const retried = await call(ctx, admin.token, 'POST', `/api/admin/invoices/${invoice.id}/retry`, {});
    expect(retried.statusCode).toBe(200);
    await runInvoiceJobs(deps, later(3600_000));
    const stampedInvoice = (await invoiceOfOrder(ctx, orderId))!;
    expect(stampedInvoice.status).toBe('timbrada');
    await runInvoiceJobs(deps, later(2 * 3600_000));
    const [note] = await notesOf(ctx, orderId);
    expect(note?.status).toBe('timbrada');
    expect(stampsOf(note!.id)[0]?.related_documents).toEqual([
      { relationship: '01', documents: [stampedInvoice.folioFiscal] },
    ]);
  });

  it('a refusal leaves the credit note in error; the admin retries it', async () => {
    const user = await createUser(ctx);
    const orderId = await paidInvoicedOrder(ctx, admin, user);
    await runInvoiceJobs(deps);
    expect((await refund(ctx, admin, orderId, 100)).statusCode).toBe(200);
    fake.failNext({ on: 'create', status: 400, message: 'Forma de pago no válida' });
    await runInvoiceJobs(deps);
    const [failed] = await notesOf(ctx, orderId);
    expect(failed).toMatchObject({
      status: 'error',
      pendingAction: null,
      lastError: 'Forma de pago no válida',
    });
    const retried = await call(ctx, admin.token, 'POST', `/api/admin/invoices/${failed!.id}/retry`);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().message).toBe(ADMIN_MSG.creditNoteRetryQueued);
    const again = await call(ctx, admin.token, 'POST', `/api/admin/invoices/${failed!.id}/retry`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ADMIN_MSG.creditNoteRetryNotAllowed);
    await runInvoiceJobs(deps);
    expect((await notesOf(ctx, orderId))[0]?.status).toBe('timbrada');
    expect(stampsOf(failed!.id)).toHaveLength(1);
  });

  it('the fake, like Facturapi, refuses an egreso without its related CFDI', async () => {
    const body = {
      type: 'E',
      customer: {
        legal_name: 'X',
        tax_id: 'GODE561231GR8',
        tax_system: '612',
        email: 'x@example.com',
        address: { zip: '14080' },
      },
      items: [{ quantity: 1, product: { description: 'x', price: 10 } }],
      payment_form: '01',
      use: 'G02',
    };
    const post = (extra: object) =>
      fetch(`${fake.url}/v2/invoices`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${fake.apiKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...body, ...extra }),
      });
    expect((await post({})).status).toBe(400);
    expect((await post({ related_documents: [{ relationship: '01', documents: [] }] })).status).toBe(400);
    expect((await post({ related_documents: [{ relationship: '99', documents: [] }] })).status).toBe(400);
    const ok = await post({
      related_documents: [{ relationship: '01', documents: ['11111111-2222-4333-8444-555555555555'] }],
    });
    expect(ok.status).toBe(200);
  });
});

describe('CFDI credit notes without provider credentials', () => {
  let ctx: TestContext;
  let admin: TestUser;

  beforeAll(async () => {
    ctx = await createTestContext({ CASH_ORDERS_ENABLED: 'true' });
    admin = await createUser(ctx, { role: 'admin' });
  });
  afterAll(() => ctx.close());

  it('the queue and CSV show the pending credit note; the accountant attaches its files', async () => {
    const user = await createUser(ctx);
    const orderId = await paidInvoicedOrder(ctx, admin, user);
    expect((await refund(ctx, admin, orderId, 250)).statusCode).toBe(200);
    const [note] = await notesOf(ctx, orderId);
    expect(note).toMatchObject({ status: 'solicitada', pendingAction: 'stamp', amountCentavos: 25_000 });

    // Without a provider both wait: the invoice, then its credit note; the filters find each.
    expect((await listedOf(ctx, admin, orderId, '&status=solicitada')).map((d) => d.kind)).toEqual([
      'I',
      'E',
    ]);
    expect(await listedOf(ctx, admin, orderId, '&status=solicitada&kind=E')).toEqual([
      expect.objectContaining({
        _id: note!.id,
        kind: 'E',
        pendingAction: 'stamp',
        viaProvider: false,
        amount: 250,
      }),
    ]);
    const csv = await call(ctx, admin.token, 'GET', '/api/admin/invoices/export?status=solicitada');
    expect(csv.body).toContain('Nota de crédito pendiente');
    expect(csv.body).toContain('250.00');

    const uuid = '22222222-3333-4444-8555-666666666666';
    const customer = {
      legal_name: STORED_FISCAL.razonSocial,
      tax_id: STORED_FISCAL.rfc,
      tax_system: STORED_FISCAL.regimenFiscal,
      email: user.email,
      address: { zip: STORED_FISCAL.codigoPostal },
    };
    const upload = (format: 'xml' | 'pdf', bytes: Buffer) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/admin/invoices/${note!.id}/files/${format}`,
        headers: { token: admin.token, ...multipart(bytes, `nota.${format}`).headers },
        payload: multipart(bytes, `nota.${format}`).payload,
      });
    const ingreso = await upload('xml', Buffer.from(fakeCfdiXml({ uuid, total: 250, use: 'G02', customer })));
    expect(ingreso.statusCode).toBe(400);
    expect(ingreso.json().message).toBe(ADMIN_MSG.creditNoteXmlNotEgreso);
    expect((await notesOf(ctx, orderId))[0]?.xmlKey).toBeNull();

    const egreso = fakeCfdiXml({
      uuid,
      total: 250,
      use: 'G02',
      customer,
      type: 'E',
      related_documents: [{ relationship: '01', documents: ['11111111-2222-4333-8444-555555555555'] }],
    });
    const attached = await upload('xml', Buffer.from(egreso));
    expect(attached.statusCode, attached.body).toBe(200);
    expect(attached.json()).toMatchObject({
      message: ADMIN_MSG.creditNoteAttached,
      document: {
        _id: note!.id,
        kind: 'E',
        status: 'timbrada',
        folioFiscal: uuid.toUpperCase(),
        pendingAction: null,
      },
    });
    expect(await mailsOf(ctx, `cfdi-credit-note:${note!.id}`)).toHaveLength(0);
    expect((await upload('pdf', fakeCfdiPdf(uuid))).statusCode).toBe(200);
    expect(await mailsOf(ctx, `cfdi-credit-note:${note!.id}`)).toHaveLength(1);
    const pdf = await ctx.app.inject({
      method: 'GET',
      url: `/api/invoice/${note!.id}/pdf`,
      headers: { token: user.token },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');

    // Retrying needs a provider.
    const retry = await call(ctx, admin.token, 'POST', `/api/admin/invoices/${note!.id}/retry`);
    expect(retry.statusCode).toBe(409);
  });
});
