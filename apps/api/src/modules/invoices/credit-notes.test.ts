// Credit notes (CFDI de egreso) for partial refunds, against the fake Facturapi: a refund that
// keeps the sale gets one credit note related to the invoice (relationship 01), stamped once
// through provider failures and a timeout; an invoice not stamped yet is stamped first; the
// rest refunded later gets its own credit note instead of cancelling the CFDI; the fake
// refuses an egreso without its related CFDI; without credentials the admin queue and CSV
// show the pending credit note and the accountant attaches its files by hand.

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MSG } from '@store/shared/admin-messages';
import type { AdminInvoice } from '@store/shared/schemas/admin/invoices';
import type { OrderInvoice } from '@store/shared/schemas/invoice';
import { creditNotes, emailOutbox, invoices } from '../../db/schema';
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
import { createFacturapiClient } from './pac-client';
import { runInvoiceJobs, type InvoiceJobDeps } from './worker';

const FISCAL = {
  rfc: 'GODE561231GR8',
  razonSocial: 'EDUARDO GÓMEZ DÍAZ',
  regimenFiscal: '612',
  usoCfdi: 'G03',
  codigoPostal: '14080',
};
const PRICE = 1500;
const silent = { info: () => {}, warn: () => {}, error: () => {} };
const later = (ms: number) => new Date(Date.now() + ms);

async function paidOrderWithInvoice(ctx: TestContext, admin: TestUser, user: TestUser) {
  const { product } = await createProduct(ctx.database.db, { price: PRICE });
  const orderId = await claim(ctx, user, product.id, ['Día 1'], { amount: PRICE + FEE, invoice: FISCAL });
  const paid = await call(ctx, admin.token, 'POST', `/api/admin/orders/${orderId}/mark-paid`, {});
  expect(paid.statusCode).toBe(200);
  return orderId;
}

const refund = (ctx: TestContext, admin: TestUser, orderId: string, amount: number, revokeAccess = false) =>
  call(ctx, admin.token, 'POST', `/api/admin/orders/${orderId}/refund`, {
    amount,
    note: 'Reembolso parcial',
    revokeAccess,
  });

const invoiceOf = async (ctx: TestContext, orderId: string) =>
  (await ctx.database.db.select().from(invoices).where(eq(invoices.orderId, orderId)))[0]!;
const notesOf = (ctx: TestContext, orderId: string) =>
  ctx.database.db
    .select()
    .from(creditNotes)
    .where(eq(creditNotes.orderId, orderId))
    .orderBy(creditNotes.createdAt);
const mailsOf = async (ctx: TestContext, key: string) =>
  ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, key));

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

describe('CFDI credit notes through the provider', () => {
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
      maxAttempts: 4,
      issuerZip: FAKE_ISSUER_ZIP,
      log: silent,
    };
  });
  afterAll(async () => {
    await ctx.close();
    await fake.close();
  });

  const stampsOf = (key: string) => [...fake.invoices.values()].filter((i) => i.idempotency_key === key);

  it('a partial refund gets one credit note related to the invoice, stamped once through failures', async () => {
    const user = await createUser(ctx);
    const orderId = await paidOrderWithInvoice(ctx, admin, user);
    await runInvoiceJobs(deps);
    const invoice = await invoiceOf(ctx, orderId);
    expect(invoice.status).toBe('timbrada');

    expect((await refund(ctx, admin, orderId, 300)).statusCode).toBe(200);
    const [queued] = await notesOf(ctx, orderId);
    expect(queued).toMatchObject({
      invoiceId: invoice.id,
      amountCentavos: 30_000,
      status: 'solicitada',
      pendingAction: 'stamp',
    });
    // The invoice itself stands.
    expect(await invoiceOf(ctx, orderId)).toMatchObject({ status: 'timbrada', cancelMotive: null });

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
      url: `/api/invoice/credit-note/${note!.id}/xml`,
      headers: { token: user.token },
    });
    expect(xml.statusCode).toBe(200);
    expect(xml.body).toContain('TipoDeComprobante="E"');
    expect(xml.body).toContain(`TipoRelacion="01"`);
    expect(xml.body).toContain(invoice.folioFiscal!);
    const stranger = await createUser(ctx);
    const denied = await ctx.app.inject({
      method: 'GET',
      url: `/api/invoice/credit-note/${note!.id}/pdf`,
      headers: { token: stranger.token },
    });
    expect(denied.statusCode).toBe(403);

    // The admin list and CSV show it under its invoice.
    const list = await call(ctx, admin.token, 'GET', `/api/admin/invoices?search=${orderId.slice(0, 8)}`);
    expect((list.json().invoices as AdminInvoice[])[0]?.creditNotes).toEqual([
      expect.objectContaining({ _id: note!.id, status: 'timbrada', pending: false, viaProvider: true }),
    ]);
    const csv = await call(ctx, admin.token, 'GET', '/api/admin/invoices/export');
    expect(csv.body).toContain('Egreso (nota de crédito)');
    expect(csv.body).toContain(`${note!.folioFiscal},,Egreso (nota de crédito),${invoice.folioFiscal}`);

    // The rest refunded later: its own credit note, the invoice is not cancelled.
    expect((await refund(ctx, admin, orderId, PRICE + FEE - 300, true)).statusCode).toBe(200);
    expect(await invoiceOf(ctx, orderId)).toMatchObject({ status: 'timbrada', pendingAction: null });
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
    const orderId = await paidOrderWithInvoice(ctx, admin, user);
    await runInvoiceJobs(deps);
    expect((await refund(ctx, admin, orderId, PRICE + FEE, true)).statusCode).toBe(200);
    expect(await invoiceOf(ctx, orderId)).toMatchObject({ pendingAction: 'cancel', cancelMotive: '03' });
    expect(await notesOf(ctx, orderId)).toHaveLength(0);
  });

  it('an invoice not stamped yet is stamped first; its credit note waits without spending attempts', async () => {
    const user = await createUser(ctx);
    const orderId = await paidOrderWithInvoice(ctx, admin, user);
    fake.failNext({ on: 'create', status: 400, message: 'El RFC no está en la lista del SAT' });
    await runInvoiceJobs(deps);
    const invoice = await invoiceOf(ctx, orderId);
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
    const stampedInvoice = await invoiceOf(ctx, orderId);
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
    const orderId = await paidOrderWithInvoice(ctx, admin, user);
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
    const retried = await call(
      ctx,
      admin.token,
      'POST',
      `/api/admin/invoices/credit-notes/${failed!.id}/retry`,
    );
    expect(retried.statusCode).toBe(200);
    expect(retried.json().message).toBe(ADMIN_MSG.creditNoteRetryQueued);
    const again = await call(
      ctx,
      admin.token,
      'POST',
      `/api/admin/invoices/credit-notes/${failed!.id}/retry`,
    );
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
    const orderId = await paidOrderWithInvoice(ctx, admin, user);
    expect((await refund(ctx, admin, orderId, 250)).statusCode).toBe(200);
    const [note] = await notesOf(ctx, orderId);
    expect(note).toMatchObject({ status: 'solicitada', pendingAction: 'stamp', amountCentavos: 25_000 });

    const list = await call(ctx, admin.token, 'GET', '/api/admin/invoices?status=solicitada');
    const listed = (list.json().invoices as AdminInvoice[]).find((i) => i.orderId === orderId)!;
    expect(listed.creditNotes).toEqual([
      expect.objectContaining({ _id: note!.id, pending: true, viaProvider: false, amount: 250 }),
    ]);
    const csv = await call(ctx, admin.token, 'GET', '/api/admin/invoices/export?status=solicitada');
    expect(csv.body).toContain('Nota de crédito pendiente');
    expect(csv.body).toContain('250.00');

    const uuid = '22222222-3333-4444-8555-666666666666';
    const customer = {
      legal_name: FISCAL.razonSocial,
      tax_id: FISCAL.rfc,
      tax_system: FISCAL.regimenFiscal,
      email: user.email,
      address: { zip: FISCAL.codigoPostal },
    };
    const upload = (format: 'xml' | 'pdf', bytes: Buffer) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/admin/invoices/credit-notes/${note!.id}/files/${format}`,
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
    expect(attached.json().invoice.creditNotes[0]).toMatchObject({
      status: 'timbrada',
      folioFiscal: uuid.toUpperCase(),
      pending: false,
    });
    expect(await mailsOf(ctx, `cfdi-credit-note:${note!.id}`)).toHaveLength(0);
    expect((await upload('pdf', fakeCfdiPdf(uuid))).statusCode).toBe(200);
    expect(await mailsOf(ctx, `cfdi-credit-note:${note!.id}`)).toHaveLength(1);
    const pdf = await ctx.app.inject({
      method: 'GET',
      url: `/api/invoice/credit-note/${note!.id}/pdf`,
      headers: { token: user.token },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');

    // Retrying needs a provider.
    const retry = await call(ctx, admin.token, 'POST', `/api/admin/invoices/credit-notes/${note!.id}/retry`);
    expect(retry.statusCode).toBe(409);
  });
});
