// Facturapi and the SAT as they really answer (docs/providers.md → Facturapi), each made to
// happen by the fake: a stamp answered 202 `pending` and finished later, a cancellation the
// receiver must accept (then accepted, rejected or expired; a second DELETE answered 409), a
// credit note's uso the receiver's régimen does not take, público en general by the SAT's
// rules, an idempotency key reused with another body, unknown fields. Each checks what the
// store stored, showed (the buyer's and the admin's API) and sent (e-mail).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditNoteUse } from '@store/shared/domain/cfdi-catalogs';
import type { TestContext } from '../../../test/context';
import { createUser, FEE, type TestUser } from '../../../test/store-helpers';
import { call } from '../../../test/admin-helpers';
import {
  documentsOf as documentsOfOrder,
  later,
  mailsOf,
  paidInvoicedOrder,
  PRICE,
  refundOrder,
  startCfdiStore,
  STORED_FISCAL as FISCAL,
} from '../../../test/cfdi-helpers';
import { FAKE_ISSUER_ZIP, type FakeFacturapi } from '../../../test/fakes/fake-facturapi';
import { PacError, type PacInvoiceInput } from './pac-client';
import { runInvoiceJobs, type InvoiceJobDeps } from './worker';

let ctx: TestContext, fake: FakeFacturapi, admin: TestUser, deps: InvoiceJobDeps;
let close: () => Promise<void>;
beforeAll(async () => ({ ctx, fake, admin, deps, close } = await startCfdiStore({ maxAttempts: 3 })));
afterAll(() => close());

const paidOrderWithInvoice = (user: TestUser, fiscal: object = FISCAL) =>
  paidInvoicedOrder(ctx, admin, user, fiscal);
const documentsOf = (orderId: string, kind: 'I' | 'E') => documentsOfOrder(ctx, orderId, kind);
const invoiceOf = async (orderId: string) => (await documentsOf(orderId, 'I'))[0]!;
const mails = async (key: string) => (await mailsOf(ctx, key)).length;
const refund = (orderId: string, amount: number, revokeAccess: boolean) =>
  refundOrder(ctx, admin, orderId, amount, revokeAccess);
/** What /orders receives for the order's invoice. */
async function buyerSees(user: TestUser, orderId: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/invoice/mine',
    headers: { token: user.token },
  });
  return res.json().invoices.find((i: { orderId: string }) => i.orderId === orderId);
}
async function adminSees(orderId: string) {
  const res = await call(ctx, admin.token, 'GET', `/api/admin/invoices?search=${orderId.slice(0, 8)}`);
  return res
    .json()
    .documents.find((i: { orderId: string; kind: string }) => i.orderId === orderId && i.kind === 'I');
}

/** A stamped invoice whose order was then refunded in full: its cancellation is queued. */
async function cancelling() {
  const user = await createUser(ctx);
  const orderId = await paidOrderWithInvoice(user);
  await runInvoiceJobs(deps);
  expect((await refund(orderId, PRICE + FEE, true)).statusCode).toBe(200);
  const row = await invoiceOf(orderId);
  expect(row).toMatchObject({ status: 'timbrada', pendingAction: 'cancel', cancelMotive: '03' });
  return { user, orderId, row };
}

describe('a stamp the provider answers 202 pending', () => {
  it('is read again (never created twice) until valid; then stored and e-mailed once', async () => {
    const user = await createUser(ctx);
    const orderId = await paidOrderWithInvoice(user);
    fake.scriptCreate({ pending: true });
    const calls = fake.createCalls;
    await runInvoiceJobs(deps);
    const waiting = await invoiceOf(orderId);
    expect(waiting).toMatchObject({
      status: 'solicitada',
      pendingAction: 'stamp',
      folioFiscal: null,
      lastError: null,
      attempts: 0,
    });
    expect(waiting.providerId).not.toBeNull();
    expect(await mails(`cfdi-stamped:${waiting.id}`)).toBe(0);
    expect(await adminSees(orderId)).toMatchObject({
      pendingAction: 'stamp',
      viaProvider: true,
      lastError: null,
    });
    const waits = await call(ctx, admin.token, 'GET', '/api/admin/dashboard/provider-waits');
    expect(waits.json().cfdi).toContainEqual(
      expect.objectContaining({ _id: waiting.id, kind: 'factura', waiting: 'timbrado' }),
    );

    // Still pending at the next look; minutes later the SAT has stamped it.
    await runInvoiceJobs(deps, later(6 * 60_000));
    expect((await invoiceOf(orderId)).status).toBe('solicitada');
    fake.finishStamp(waiting.providerId!);
    await runInvoiceJobs(deps, later(12 * 60_000));
    const done = await invoiceOf(orderId);
    expect(done).toMatchObject({ status: 'timbrada', providerId: waiting.providerId, lastError: null });
    expect(done.folioFiscal).toBe(fake.invoices.get(waiting.providerId!)!.uuid);
    expect(fake.createCalls).toBe(calls + 1);
    expect(await mails(`cfdi-stamped:${done.id}`)).toBe(1);
    expect((await buyerSees(user, orderId)).status).toBe('timbrada');
  });
});

describe('a cancellation the receiver must accept', () => {
  it('waits as pendiente (shown to buyer and admin), is read with GET, and ends cancelled when accepted', async () => {
    const { user, orderId, row } = await cancelling();
    fake.scriptCancel({ needsAcceptance: true });
    await runInvoiceJobs(deps);
    expect(await invoiceOf(orderId)).toMatchObject({
      status: 'timbrada',
      cancellationStatus: 'pendiente',
      pendingAction: 'cancel',
    });
    expect(await buyerSees(user, orderId)).toMatchObject({
      status: 'timbrada',
      cancellationStatus: 'pendiente',
    });
    expect(await adminSees(orderId)).toMatchObject({
      cancellationStatus: 'pendiente',
      pendingAction: 'cancel',
    });
    const waits = await call(ctx, admin.token, 'GET', '/api/admin/dashboard/provider-waits');
    const waiting = waits.json().cfdi.find((c: { _id: string }) => c._id === row.id);
    expect(waiting).toMatchObject({
      kind: 'factura',
      waiting: 'cancelacion',
      cancellationStatus: 'pendiente',
    });
    expect(waiting.since).toBeLessThanOrEqual(Date.now());

    // An hour later it is read, not deleted again (the provider would answer 409).
    await runInvoiceJobs(deps, later(61 * 60_000));
    expect((await invoiceOf(orderId)).cancellationStatus).toBe('pendiente');
    // The SAT verifies it (cancellation_status `verifying`): still waiting, nothing final.
    fake.decideCancellation(row.providerId!, 'verifying');
    await runInvoiceJobs(deps, later(122 * 60_000));
    expect(await invoiceOf(orderId)).toMatchObject({
      status: 'timbrada',
      cancellationStatus: 'pendiente',
      pendingAction: 'cancel',
    });
    fake.decideCancellation(row.providerId!, 'accepted');
    await runInvoiceJobs(deps, later(183 * 60_000));
    expect(await invoiceOf(orderId)).toMatchObject({
      status: 'cancelada',
      cancellationStatus: 'aceptada',
      pendingAction: null,
    });
    expect(await buyerSees(user, orderId)).toMatchObject({
      status: 'cancelada',
      cancellationStatus: 'aceptada',
    });
  });

  it('rejected: the CFDI stays valid, the admin sees why and may ask again', async () => {
    const { orderId, row } = await cancelling();
    fake.scriptCancel({ needsAcceptance: true });
    await runInvoiceJobs(deps);
    fake.decideCancellation(row.providerId!, 'rejected');
    await runInvoiceJobs(deps, later(61 * 60_000));
    expect(await invoiceOf(orderId)).toMatchObject({
      status: 'timbrada',
      cancellationStatus: 'rechazada',
      pendingAction: null,
      lastError: 'El receptor rechazó la cancelación: el CFDI sigue vigente',
    });
    expect(await adminSees(orderId)).toMatchObject({ status: 'timbrada', cancellationStatus: 'rechazada' });
    const retry = await call(ctx, admin.token, 'POST', `/api/admin/invoices/${row.id}/retry`, {});
    expect(retry.statusCode).toBe(200);
    expect(retry.json().document).toMatchObject({ pendingAction: 'cancel', cancellationStatus: null });
    await runInvoiceJobs(deps);
    expect(await invoiceOf(orderId)).toMatchObject({ status: 'cancelada', cancellationStatus: 'aceptada' });
  });

  it("expired (the SAT's 72 h with no answer): cancelled by lapse, recorded as vencida", async () => {
    const { orderId, row } = await cancelling();
    fake.scriptCancel({ needsAcceptance: true });
    await runInvoiceJobs(deps);
    fake.decideCancellation(row.providerId!, 'expired');
    await runInvoiceJobs(deps, later(61 * 60_000));
    expect(await invoiceOf(orderId)).toMatchObject({
      status: 'cancelada',
      cancellationStatus: 'vencida',
      pendingAction: null,
    });
  });

  it('a DELETE answered 409 (one already in progress) is not an error: the store reads it', async () => {
    const { orderId, row } = await cancelling();
    // The provider took a first DELETE whose answer was lost: a second one is refused with 409.
    fake.scriptCancel({ needsAcceptance: true });
    await deps.client.cancel(row.providerId!, '03');
    await runInvoiceJobs(deps);
    expect(await invoiceOf(orderId)).toMatchObject({
      status: 'timbrada',
      cancellationStatus: 'pendiente',
      pendingAction: 'cancel',
      lastError: null,
    });
  });
});

describe('credit notes', () => {
  it('use S01 for a receiver whose régimen does not take G02 (605 Sueldos y salarios)', async () => {
    const user = await createUser(ctx);
    const fiscal = { ...FISCAL, regimenFiscal: '605', usoCfdi: 'D10' };
    const orderId = await paidOrderWithInvoice(user, fiscal);
    await runInvoiceJobs(deps);
    expect((await refund(orderId, 300, false)).statusCode).toBe(200);
    await runInvoiceJobs(deps);
    const [note] = await documentsOf(orderId, 'E');
    expect(note).toMatchObject({ status: 'timbrada' });
    expect(fake.invoices.get(note!.providerId!)).toMatchObject({ type: 'E', use: 'S01' });
  });

  it('answered 202 pending are read until valid, never created twice', async () => {
    const user = await createUser(ctx);
    const orderId = await paidOrderWithInvoice(user);
    await runInvoiceJobs(deps);
    expect((await refund(orderId, 300, false)).statusCode).toBe(200);
    fake.scriptCreate({ pending: true, readsUntilValid: 1 });
    const calls = fake.createCalls;
    await runInvoiceJobs(deps);
    const [waiting] = await documentsOf(orderId, 'E');
    expect(waiting).toMatchObject({ status: 'solicitada', pendingAction: 'stamp', folioFiscal: null });
    expect(waiting!.providerId).not.toBeNull();
    expect(await mails(`cfdi-credit-note:${waiting!.id}`)).toBe(0);
    await runInvoiceJobs(deps, later(6 * 60_000));
    const [done] = await documentsOf(orderId, 'E');
    expect(done).toMatchObject({ status: 'timbrada', providerId: waiting!.providerId });
    expect(fake.createCalls).toBe(calls + 1);
    expect(await mails(`cfdi-credit-note:${done!.id}`)).toBe(1);
  });

  it('G02 where the SAT allows it; the provider refuses G02 for the others', async () => {
    expect(
      ['601', '603', '606', '612', '620', '621', '622', '623', '624', '625', '626'].map(creditNoteUse),
    ).toEqual(Array(11).fill('G02'));
    expect(['605', '607', '608', '611', '614', '615', '616'].map(creditNoteUse)).toEqual(
      Array(7).fill('S01'),
    );
    const body: PacInvoiceInput = {
      customer: {
        legal_name: 'ANA',
        tax_id: 'GODE561231GR8',
        tax_system: '605',
        email: 'a@b.mx',
        address: { zip: '14080' },
      },
      items: [
        {
          quantity: 1,
          product: {
            description: 'x',
            product_key: '84111506',
            unit_key: 'ACT',
            price: 10,
            tax_included: true,
          },
        },
      ],
      payment_form: '31',
      use: 'G02',
    };
    await expect(deps.client.createInvoice(body, 'uso-605')).rejects.toThrow(/CFDI40161/);
  });
});

describe('público en general', () => {
  const PUBLICO = {
    rfc: 'XAXX010101000',
    razonSocial: 'Juan Pérez',
    regimenFiscal: '616',
    usoCfdi: 'S01',
    codigoPostal: '44100',
  };

  it("is sent as the SAT requires: PUBLICO EN GENERAL, 616, S01, the issuer's zip, InformacionGlobal", async () => {
    const user = await createUser(ctx);
    const orderId = await paidOrderWithInvoice(user, PUBLICO);
    await runInvoiceJobs(deps);
    const row = await invoiceOf(orderId);
    expect(row.status).toBe('timbrada');
    const sent = fake.invoices.get(row.providerId!)!;
    expect(sent.customer).toMatchObject({
      legal_name: 'PUBLICO EN GENERAL',
      tax_id: 'XAXX010101000',
      tax_system: '616',
      address: { zip: FAKE_ISSUER_ZIP },
    });
    expect(sent.use).toBe('S01');
    expect(sent.global).toMatchObject({ periodicity: 'day', year: expect.any(Number) });
    expect(sent.global!.months).toMatch(/^(0[1-9]|1[0-2])$/);
  });

  it("without the issuer's zip configured it is left in error with the reason", async () => {
    const user = await createUser(ctx);
    const orderId = await paidOrderWithInvoice(user, PUBLICO);
    await runInvoiceJobs({ ...deps, issuerZip: null });
    expect(await invoiceOf(orderId)).toMatchObject({
      status: 'error',
      lastError:
        'Falta el código postal del lugar de expedición (CFDI_ISSUER_ZIP) para facturar a público en general',
    });
  });

  it("the provider refuses the buyer's typed name and zip for the generic RFC", async () => {
    const body: PacInvoiceInput = {
      customer: {
        legal_name: 'JUAN PEREZ',
        tax_id: 'XAXX010101000',
        tax_system: '616',
        email: 'a@b.mx',
        address: { zip: '44100' },
      },
      items: [
        {
          quantity: 1,
          product: {
            description: 'x',
            product_key: '86101700',
            unit_key: 'E48',
            price: 10,
            tax_included: true,
          },
        },
      ],
      payment_form: '31',
      use: 'S01',
    };
    await expect(deps.client.createInvoice(body, 'pg-1')).rejects.toThrow(/PUBLICO EN GENERAL/);
  });
});

describe('what the provider refuses, as the real API does', () => {
  const body = (price: number): PacInvoiceInput => ({
    customer: {
      legal_name: 'ANA',
      tax_id: 'GODE561231GR8',
      tax_system: '612',
      email: 'a@b.mx',
      address: { zip: '14080' },
    },
    items: [
      {
        quantity: 1,
        product: { description: 'x', product_key: '86101700', unit_key: 'E48', price, tax_included: true },
      },
    ],
    payment_form: '31',
    use: 'G03',
  });

  it('an idempotency key reused with another body: 409 idempotency_key_in_use, nothing stamped', async () => {
    const first = await deps.client.createInvoice(body(10), 'key-reuse');
    expect((await deps.client.createInvoice(body(10), 'key-reuse')).id).toBe(first.id);
    const err = await deps.client.createInvoice(body(11), 'key-reuse').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PacError);
    expect(err).toMatchObject({ status: 409, retryable: false });
  });

  it('unknown fields and wrong types (strict schema)', async () => {
    await expect(
      deps.client.createInvoice({ ...body(10), folio: 3 } as unknown as PacInvoiceInput, 'strict-1'),
    ).rejects.toThrow('Campo no permitido: body.folio');
    await expect(
      deps.client.createInvoice({ ...body(10), use: 3 } as unknown as PacInvoiceInput, 'strict-2'),
    ).rejects.toThrow('use debe ser texto');
  });
});
