// CFDI invoices against the fake Facturapi: fiscal data validation, requests at checkout and
// from /orders (month rule), stamping through the queue with failures and timeouts that never
// stamp twice, files for the buyer only, e-mail, cancellation on refund, and the admin queue
// without credentials (CSV, retry, files attached by hand).

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MSG } from '@store/shared/admin-messages';
import { MSG } from '@store/shared/messages';
import { toCentavos } from '@store/shared/domain/money';
import { fromMexicoCityLocal } from '@store/shared/domain/time';
import type { AdminInvoice } from '@store/shared/schemas/admin/invoices';
import { emailOutbox, fiscalProfiles, invoices, orders } from '../../db/schema';
import { createTestContext, type TestContext } from '../../../test/context';
import { createProduct } from '../../../test/factories';
import { createUser, FEE, type TestUser } from '../../../test/store-helpers';
import { call, claim } from '../../../test/admin-helpers';
import {
  fakeCfdiPdf,
  fakeCfdiXml,
  FAKE_ISSUER_ZIP,
  startFakeFacturapi,
  type FakeFacturapi,
} from '../../../test/fakes/fake-facturapi';
import { createFacturapiClient, type PacClient } from './pac-client';
import { requestInvoice } from './service';
import { runInvoiceJobs, startInvoiceWorker, type InvoiceJobDeps } from './worker';

const FISCAL = {
  rfc: 'gode-561231-gr8',
  razonSocial: 'Eduardo  Gómez Díaz',
  regimenFiscal: '612',
  usoCfdi: 'G03',
  codigoPostal: '14080',
};
const PRICE = 1500;
const silent = { info: () => {}, warn: () => {}, error: () => {} };

describe('CFDI invoices', () => {
  let ctx: TestContext;
  let fake: FakeFacturapi;
  let admin: TestUser;
  let deps: InvoiceJobDeps;

  beforeAll(async () => {
    fake = await startFakeFacturapi();
    ctx = await createTestContext({
      CASH_ORDERS_ENABLED: 'true',
      CFDI_API_KEY: fake.apiKey,
      CFDI_API_URL: fake.url,
    });
    admin = await createUser(ctx, { role: 'admin' });
    deps = {
      db: ctx.database.db,
      storage: ctx.app.storage,
      client: createFacturapiClient({ baseUrl: fake.url, apiKey: fake.apiKey, timeoutMs: 400 }),
      maxAttempts: 3,
      issuerZip: FAKE_ISSUER_ZIP,
      log: silent,
    };
  });
  afterAll(async () => {
    await ctx.close();
    await fake.close();
  });

  const put = (user: TestUser, payload: unknown) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/invoice/fiscal-data',
      headers: { token: user.token },
      payload: payload as object,
    });
  const invoiceOf = async (orderId: string) =>
    (await ctx.database.db.select().from(invoices).where(eq(invoices.orderId, orderId)))[0];

  /** A cash order with "¿Requieres factura?" checked, then paid at the counter (admin). */
  async function paidOrderWithInvoice(user: TestUser, fiscal: unknown = FISCAL) {
    const { product } = await createProduct(ctx.database.db, { price: PRICE });
    const orderId = await claim(ctx, user, product.id, ['Día 1'], { amount: PRICE + FEE, invoice: fiscal });
    const paid = await call(ctx, admin.token, 'POST', `/api/admin/orders/${orderId}/mark-paid`, {});
    expect(paid.statusCode).toBe(200);
    return orderId;
  }
  const later = (ms: number) => new Date(Date.now() + ms);

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
    const worker = startInvoiceWorker({ ...deps, client: hung }, 50);
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
    expect(list.json().invoices.map((i: AdminInvoice) => i._id)).toContain(row.id);
    const retried = await call(ctx, admin.token, 'POST', `/api/admin/invoices/${row.id}/retry`, {});
    expect(retried.statusCode).toBe(200);
    expect(retried.json().invoice).toMatchObject({
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
    expect(list.json().invoices).toEqual([
      expect.objectContaining({
        _id: row.id,
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
    expect(attached.json().invoice).toMatchObject({
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
      expect(list.json()).toMatchObject({ providerConfigured: false, invoices: [] });
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
