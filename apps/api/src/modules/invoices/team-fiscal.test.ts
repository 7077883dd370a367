// A team purchase's institution (docs/groups.md → One CFDI, docs/cfdi.md → Fiscal data), on
// PGlite and PostgreSQL against the fake Facturapi: a buyer with fiscal data of their own buys
// places invoiced to a hospital. Their own profile («Mis datos fiscales», the individual
// checkout's prefill) is untouched, the CFDI's receptor is the hospital, the next team checkout
// is prefilled with the hospital (then with the last institution used), an individual purchase
// with an invoice changes only the person's profile, a CFDI asked later from /orders for a
// team order is remembered as the institution's, and the team order's receipt names the
// institution (or the billing address given at checkout) and the buyer as «Comprado por».

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText } from 'unpdf';
import { fiscalProfiles, orders } from '../../db/schema';
import { call } from '../../../test/admin-helpers';
import { documentsOf, paidInvoicedOrder, startCfdiStore, type CfdiStore } from '../../../test/cfdi-helpers';
import { createProduct } from '../../../test/factories';
import { ADDRESS, createUser, post, type TestUser } from '../../../test/store-helpers';
import { runInvoiceJobs } from './worker';

/** The buyer's own fiscal data (a persona física). */
const PERSON = {
  rfc: 'GODE561231GR8',
  razonSocial: 'EDUARDO GÓMEZ DÍAZ',
  regimenFiscal: '612',
  usoCfdi: 'G03',
  codigoPostal: '14080',
};
/** The hospital the team's places are invoiced to (a persona moral). */
const HOSPITAL = {
  rfc: 'MAB9307148T4',
  razonSocial: 'HOSPITAL CARDIOLÓGICO DEL BAJÍO',
  regimenFiscal: '601',
  usoCfdi: 'G03',
  codigoPostal: '06700',
};
/** Another institution, for a later team purchase. */
const INSTITUTE = {
  rfc: 'IMS421231I45',
  razonSocial: 'INSTITUTO MEXICANO DEL SEGURO SOCIAL',
  regimenFiscal: '603',
  usoCfdi: 'G03',
  codigoPostal: '06600',
};

let store: CfdiStore;
beforeAll(async () => {
  store = await startCfdiStore({ maxAttempts: 3 });
});
afterAll(() => store.close());

const get = (user: TestUser, url: string) => call(store.ctx, user.token, 'GET', url);
/** What the individual checkout and «Mis datos fiscales» are filled with. */
const personalPrefill = async (user: TestUser) =>
  (await get(user, '/api/invoice/fiscal-data')).json().fiscalData;
/** What the team checkout is filled with. */
const teamPrefill = async (user: TestUser) => {
  const res = await get(user, '/api/group/fiscal-data');
  expect(res.statusCode).toBe(200);
  return res.json().fiscalData;
};

/** A cash team order of `places` places of one day (with `invoice` when given), marked paid by the admin. */
async function paidTeamOrder(buyer: TestUser, places: number, invoice: unknown = null) {
  const { product } = await createProduct(store.ctx.database.db, { price: 1200 });
  const body = { productId: product.id, days: ['Día 1'], places };
  const quote = await post(store.ctx, '/api/group/quote', buyer.token, body);
  expect(quote.statusCode, quote.body).toBe(200);
  const placed = await post(store.ctx, '/api/group/place', buyer.token, {
    ...body,
    address: { ...ADDRESS, firstName: 'Compras', lastName: 'Hospital Central' },
    amount: quote.json().quote.total,
    invoice,
  });
  expect(placed.statusCode, placed.body).toBe(200);
  const orderId = placed.json().orderId as string;
  const paid = await call(store.ctx, store.admin.token, 'POST', `/api/admin/orders/${orderId}/mark-paid`, {});
  expect(paid.statusCode, paid.body).toBe(200);
  return orderId;
}

/** The receipt's text, its lines joined by spaces. */
async function receiptText(user: TestUser, orderId: string) {
  const res = await get(user, `/api/order/${orderId}/receipt`);
  expect(res.statusCode).toBe(200);
  const { text } = await extractText(new Uint8Array(res.rawPayload), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe('a team purchase invoiced to an institution', () => {
  it('keeps the buyer’s own fiscal data, stamps the CFDI to the hospital and prefills the next team checkout with it', async () => {
    const buyer = await createUser(store.ctx);
    const saved = await call(store.ctx, buyer.token, 'PUT', '/api/invoice/fiscal-data', PERSON);
    expect(saved.statusCode).toBe(200);
    expect(await teamPrefill(buyer)).toBeNull();

    const orderId = await paidTeamOrder(buyer, 3, HOSPITAL);
    // The person's profile is the same; the hospital is remembered apart.
    expect(await personalPrefill(buyer)).toEqual(PERSON);
    expect(await teamPrefill(buyer)).toEqual(HOSPITAL);
    const rows = await store.ctx.database.db
      .select()
      .from(fiscalProfiles)
      .where(eq(fiscalProfiles.userId, buyer.id));
    expect(rows.map((r) => [r.kind, r.rfc]).sort()).toEqual([
      ['institucion', HOSPITAL.rfc],
      ['persona', PERSON.rfc],
    ]);

    // The CFDI names the hospital: the request keeps its own copy, and the fake PAC stamps it so.
    const [invoice] = await documentsOf(store.ctx, orderId, 'I');
    expect(invoice).toMatchObject({ rfc: HOSPITAL.rfc, razonSocial: HOSPITAL.razonSocial });
    await runInvoiceJobs(store.deps);
    const [stampedRow] = await documentsOf(store.ctx, orderId, 'I');
    expect(stampedRow?.status).toBe('timbrada');
    const stamped = [...store.fake.invoices.values()].find((i) => i.idempotency_key === invoice!.id)!;
    expect(stamped.customer).toEqual({
      legal_name: HOSPITAL.razonSocial,
      tax_id: HOSPITAL.rfc,
      tax_system: HOSPITAL.regimenFiscal,
      email: buyer.email,
      address: { zip: HOSPITAL.codigoPostal },
    });
    expect(stamped.use).toBe(HOSPITAL.usoCfdi);
    expect(stamped.items[0]?.quantity).toBe(3);

    // The receipt: the institution first, the buyer as «Comprado por», the places of the day.
    const text = await receiptText(buyer, orderId);
    expect(text).toContain(`Institución ${HOSPITAL.razonSocial} RFC: ${HOSPITAL.rfc}`);
    expect(text).toContain(`Comprado por ${buyer.name} ${buyer.email}`);
    expect(text).toContain('3 lugares × ');
    expect(text).not.toContain('Datos de facturación');
    expect(text).not.toContain(PERSON.rfc);

    // An individual purchase with an invoice: the person's own data, the hospital stays.
    const changed = { ...PERSON, codigoPostal: '03100' };
    await paidInvoicedOrder(store.ctx, store.admin, buyer, changed);
    expect(await personalPrefill(buyer)).toEqual(changed);
    expect(await teamPrefill(buyer)).toEqual(HOSPITAL);

    // The next team purchase for another institution: it becomes the prefill, the person's stays.
    const second = await paidTeamOrder(buyer, 2, INSTITUTE);
    expect(await teamPrefill(buyer)).toEqual(INSTITUTE);
    expect(await personalPrefill(buyer)).toEqual(changed);
    expect((await documentsOf(store.ctx, second, 'I'))[0]).toMatchObject({ rfc: INSTITUTE.rfc });
  });

  it('a team order without an invoice: the receipt names the billing address; nothing is remembered', async () => {
    const buyer = await createUser(store.ctx);
    await call(store.ctx, buyer.token, 'PUT', '/api/invoice/fiscal-data', PERSON);
    const orderId = await paidTeamOrder(buyer, 2);
    expect(await documentsOf(store.ctx, orderId, 'I')).toEqual([]);
    expect(await teamPrefill(buyer)).toBeNull();
    expect(await personalPrefill(buyer)).toEqual(PERSON);

    const text = await receiptText(buyer, orderId);
    expect(text).toContain(`Datos de facturación Compras Hospital Central ${ADDRESS.street}`);
    expect(text).toContain(`C.P. ${ADDRESS.zipcode}`);
    expect(text).toContain(`Comprado por ${buyer.name} ${buyer.email}`);
    expect(text).toContain('2 lugares × ');
    expect(text).not.toContain('Institución');
  });

  it('a CFDI asked later from /orders for a team order is remembered as the institution’s', async () => {
    const buyer = await createUser(store.ctx);
    await call(store.ctx, buyer.token, 'PUT', '/api/invoice/fiscal-data', PERSON);
    const orderId = await paidTeamOrder(buyer, 2);
    const asked = await post(store.ctx, '/api/invoice/request', buyer.token, {
      orderId,
      fiscalData: HOSPITAL,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(await personalPrefill(buyer)).toEqual(PERSON);
    expect(await teamPrefill(buyer)).toEqual(HOSPITAL);
    expect(await receiptText(buyer, orderId)).toContain(`Institución ${HOSPITAL.razonSocial}`);
  });

  it('an individual order’s receipt keeps naming the buyer alone', async () => {
    const buyer = await createUser(store.ctx);
    const orderId = await paidInvoicedOrder(store.ctx, store.admin, buyer, PERSON);
    const [order] = await store.ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.kind).toBe('individual');
    const text = await receiptText(buyer, orderId);
    expect(text).toContain(`Comprador ${buyer.name} ${buyer.email}`);
    expect(text).not.toContain('Comprado por');
    expect(text).not.toContain('Institución');
    expect(await teamPrefill(buyer)).toBeNull();
  });
});
