// What the audit log must hold besides changes: an admin's view of a member's proof, a door
// check-in, a constancia issued, an admin's download of someone's CFDI, and the bulk exports
// of personal or fiscal data (attendees, evaluation results, invoices). Each entry is written
// with its action: a trigger refusing the entry stops the action (nothing served, nothing
// saved), and a trigger refusing the action leaves no entry.

import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  cfdiDocuments,
  checkins,
  constancias,
  emailOutbox,
  participantTypeRequests,
} from '../src/db/schema';
import { newStorageKey } from '../src/lib/storage/keys';
import { createTestContext, type TestContext } from './context';
import { createProduct } from './factories';
import { call, claim } from './admin-helpers';
import { createUser, type TestUser } from './store-helpers';

const PROFILE = {
  certificateName: 'María José Núñez de la Peña',
  cedula: '12345678',
  specialty: 'Anestesiología cardiovascular',
  institution: 'Instituto Nacional de Cardiología',
};
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

function proofForm(type: string, bytes: Buffer) {
  const boundary = '----auditoria7Qp';
  return {
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\n${type}\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="credencial.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

let ctx: TestContext;
let admin: TestUser;
const triggers: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx, { role: 'admin' });
  await ctx.database.db.execute(
    sql.raw(
      `CREATE FUNCTION test_refuse_insert() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$`,
    ),
  );
});
afterEach(async () => {
  for (const t of triggers.splice(0)) await ctx.database.db.execute(sql.raw(t));
});
afterAll(() => ctx.close());

/** Inserts into `table` fail (only audit entries of `action`, for the audit log) until the test ends. */
async function refuseInserts(table: string, action?: string) {
  const name = `test_refuse_${triggers.length}`;
  const when = action ? `WHEN (NEW.action = '${action}')` : '';
  await ctx.database.db.execute(
    sql.raw(
      `CREATE TRIGGER ${name} BEFORE INSERT ON ${table} FOR EACH ROW ${when} EXECUTE FUNCTION test_refuse_insert()`,
    ),
  );
  triggers.push(`DROP TRIGGER ${name} ON ${table}`);
}

const entries = (action: string) =>
  ctx.database.db.select().from(auditLog).where(eq(auditLog.action, action));

/** A day that started a minute ago and lasts nine hours. */
function underWayToday() {
  const t0 = Date.now();
  return { startsAt: new Date(t0 - 60_000), endsAt: new Date(t0 - 60_000 + 9 * 3_600_000) };
}

describe('audit entries written with their action', () => {
  it("an admin's view of a participant-type proof", async () => {
    const member = await createUser(ctx);
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/participant-type',
      headers: { token: member.token, ...proofForm('residente', PNG).headers },
      payload: proofForm('residente', PNG).payload,
    });
    expect(sent.statusCode).toBe(200);
    const [request] = await ctx.database.db
      .select()
      .from(participantTypeRequests)
      .where(eq(participantTypeRequests.userId, member.id));
    const url = `/api/admin/participant-types/${request!.id}/proof`;

    // The entry cannot be written: the proof is not served.
    await refuseInserts('audit_log', 'member.participant_type_proof_view');
    const refused = await call(ctx, admin.token, 'GET', url);
    expect(refused.statusCode).toBe(500);
    expect(refused.rawPayload.includes(PNG)).toBe(false);
    expect(await entries('member.participant_type_proof_view')).toHaveLength(0);
    for (const t of triggers.splice(0)) await ctx.database.db.execute(sql.raw(t));

    const seen = await call(ctx, admin.token, 'GET', url);
    expect(seen.statusCode).toBe(200);
    expect(Buffer.compare(seen.rawPayload, PNG)).toBe(0);
    const logged = await entries('member.participant_type_proof_view');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      actorId: admin.id,
      entity: 'member',
      entityId: member.id,
      details: { requestId: request!.id, userType: 'residente' },
    });
  });

  it('a door check-in, once; refused together with its entry', async () => {
    const e = await createProduct(ctx.database.db, {
      name: 'Taller presencial',
      price: 0,
      isPresential: true,
      // Under way today: a door check-in is accepted only on the day's own date.
      days: [{ label: 'Jueves', ...underWayToday() }],
    });
    const guest = await createUser(ctx);
    await claim(ctx, guest, e.product.id, ['Jueves']);
    const body = { userId: guest.id, productDayId: e.days[0]!.id };
    const checkedIn = () =>
      ctx.database.db
        .select()
        .from(checkins)
        .where(and(eq(checkins.userId, guest.id), eq(checkins.productDayId, e.days[0]!.id)));

    // The entry fails: the check-in is not kept.
    await refuseInserts('audit_log', 'event.checkin');
    expect((await call(ctx, admin.token, 'POST', '/api/admin/attendance/checkin', body)).statusCode).toBe(
      500,
    );
    expect(await checkedIn()).toHaveLength(0);
    for (const t of triggers.splice(0)) await ctx.database.db.execute(sql.raw(t));

    // The check-in fails: no entry.
    await refuseInserts('checkins');
    expect((await call(ctx, admin.token, 'POST', '/api/admin/attendance/checkin', body)).statusCode).toBe(
      500,
    );
    expect(await entries('event.checkin')).toHaveLength(0);
    for (const t of triggers.splice(0)) await ctx.database.db.execute(sql.raw(t));

    expect((await call(ctx, admin.token, 'POST', '/api/admin/attendance/checkin', body)).statusCode).toBe(
      200,
    );
    // A second scan of the same ticket changes nothing and writes nothing.
    expect((await call(ctx, admin.token, 'POST', '/api/admin/attendance/checkin', body)).statusCode).toBe(
      200,
    );
    expect(await checkedIn()).toHaveLength(1);
    const logged = await entries('event.checkin');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      actorId: admin.id,
      entity: 'event',
      entityId: e.product.id,
      details: { userId: guest.id, productDayId: e.days[0]!.id, day: 'Jueves', method: 'busqueda' },
    });
  });

  it('a constancia issued: both or neither', async () => {
    const e = await createProduct(ctx.database.db, {
      name: 'Curso de perfusión',
      price: 0,
      isPresential: true,
      days: [{ label: 'Viernes', ...underWayToday() }],
    });
    const guest = await createUser(ctx);
    await claim(ctx, guest, e.product.id, ['Viernes']);
    await call(ctx, guest.token, 'PUT', '/api/attendance/profile', PROFILE);
    await call(ctx, admin.token, 'POST', '/api/admin/attendance/checkin', {
      userId: guest.id,
      productDayId: e.days[0]!.id,
    });
    const issue = () =>
      call(ctx, admin.token, 'POST', '/api/admin/attendance/constancias', {
        productId: e.product.id,
        userId: guest.id,
      });
    const issuedRows = () =>
      ctx.database.db.select().from(constancias).where(eq(constancias.userId, guest.id));
    const mails = () => ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, guest.email));

    // The entry fails: no constancia, no e-mail.
    await refuseInserts('audit_log', 'event.constancia_issue');
    expect((await issue()).statusCode).toBe(500);
    expect(await issuedRows()).toHaveLength(0);
    expect((await mails()).filter((m) => m.subject.includes('constancia'))).toHaveLength(0);
    for (const t of triggers.splice(0)) await ctx.database.db.execute(sql.raw(t));

    // The constancia fails: no entry.
    await refuseInserts('constancias');
    expect((await issue()).statusCode).toBe(500);
    expect(await entries('event.constancia_issue')).toHaveLength(0);
    for (const t of triggers.splice(0)) await ctx.database.db.execute(sql.raw(t));

    const issued = await issue();
    expect(issued.statusCode).toBe(200);
    expect(await issuedRows()).toHaveLength(1);
    const logged = await entries('event.constancia_issue');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      actorId: admin.id,
      entity: 'event',
      entityId: e.product.id,
      details: { folio: issued.json().folio, userId: guest.id },
    });
  });

  it("an admin's download of someone's CFDI or credit note; the buyer's own is not audited", async () => {
    const e = await createProduct(ctx.database.db, { name: 'Congreso', price: 0 });
    const buyer = await createUser(ctx);
    const orderId = await claim(ctx, buyer, e.product.id, ['Día 1']);
    const xmlKey = newStorageKey({ visibility: 'private', kind: 'cfdi', ext: 'xml' });
    const xml = '<cfdi:Comprobante Version="4.0"/>';
    await ctx.app.storage.put(xmlKey, Buffer.from(xml), {
      contentType: 'application/xml',
      visibility: 'private',
    });
    const [invoice] = await ctx.database.db
      .insert(cfdiDocuments)
      .values({
        kind: 'I',
        orderId,
        userId: buyer.id,
        rfc: 'GODE561231GR8',
        razonSocial: 'DIANA GOMEZ',
        regimenFiscal: '612',
        usoCfdi: 'G03',
        codigoPostal: '14080',
        status: 'timbrada',
        xmlKey,
      })
      .returning();
    const [note] = await ctx.database.db
      .insert(cfdiDocuments)
      .values({
        ...invoice!,
        id: undefined,
        kind: 'E',
        relatedDocumentId: invoice!.id,
        amountCentavos: 100,
      })
      .returning();
    const invoiceUrl = `/api/invoice/${invoice!.id}/xml`;
    const noteUrl = `/api/invoice/${note!.id}/xml`;

    // The entry fails: the admin gets no file; the buyer, whose download is not audited, does.
    await refuseInserts('audit_log', 'invoice.download');
    const refused = await call(ctx, admin.token, 'GET', invoiceUrl);
    expect(refused.statusCode).toBe(500);
    expect(refused.body).not.toContain('Comprobante');
    expect((await call(ctx, buyer.token, 'GET', invoiceUrl)).body).toBe(xml);
    for (const t of triggers.splice(0)) await ctx.database.db.execute(sql.raw(t));
    expect(await entries('invoice.download')).toHaveLength(0);

    expect((await call(ctx, admin.token, 'GET', invoiceUrl)).body).toBe(xml);
    expect((await call(ctx, admin.token, 'GET', noteUrl)).body).toBe(xml);
    expect((await call(ctx, buyer.token, 'GET', noteUrl)).body).toBe(xml);
    expect(await entries('invoice.download')).toMatchObject([
      {
        actorId: admin.id,
        entity: 'order',
        entityId: orderId,
        details: { invoiceId: invoice!.id, format: 'xml' },
      },
    ]);
    expect(await entries('invoice.credit_note_download')).toMatchObject([
      {
        actorId: admin.id,
        entity: 'order',
        entityId: orderId,
        details: { creditNoteId: note!.id, format: 'xml' },
      },
    ]);
  });
});

describe('bulk exports: who, which filters, how many rows; no entry, no file', () => {
  /** The export refused with its entry, then served and audited once. */
  async function auditedExport(url: string, action: string, secret: string) {
    await refuseInserts('audit_log', action);
    const refused = await call(ctx, admin.token, 'GET', url);
    expect(refused.statusCode).toBe(500);
    expect(refused.body).not.toContain(secret);
    for (const t of triggers.splice(0)) await ctx.database.db.execute(sql.raw(t));
    expect(await entries(action)).toHaveLength(0);
    const served = await call(ctx, admin.token, 'GET', url);
    expect(served.statusCode).toBe(200);
    expect(served.body).toContain(secret);
    const logged = await entries(action);
    expect(logged).toHaveLength(1);
    return logged[0]!;
  }

  it('the attendee CSV', async () => {
    const e = await createProduct(ctx.database.db, {
      name: 'Congreso de exportación',
      price: 0,
      days: [{ label: 'Día 1' }, { label: 'Día 2' }],
    });
    const guest = await createUser(ctx);
    await claim(ctx, guest, e.product.id, ['Día 1', 'Día 2']);
    const url = `/api/admin/attendees/export?productId=${e.product.id}&productDayId=${e.days[1]!.id}`;
    expect(await auditedExport(url, 'event.attendees_export', guest.email)).toMatchObject({
      actorId: admin.id,
      entity: 'event',
      entityId: e.product.id,
      details: { filters: { productId: e.product.id, productDayId: e.days[1]!.id }, rows: 1 },
    });
  });

  it('the evaluation results', async () => {
    const e = await createProduct(ctx.database.db, { name: 'Curso evaluado', price: 0 });
    const saved = await call(ctx, admin.token, 'PUT', '/api/admin/attendance/evaluation', {
      productId: e.product.id,
      questions: [{ kind: 'encuesta', text: '¿Recomendarías el curso?', options: ['Sí', 'No', 'Tal vez'] }],
      passPercent: 80,
      maxAttempts: 1,
    });
    expect(saved.statusCode).toBe(200);
    const url = `/api/admin/attendance/evaluation/export?productId=${e.product.id}&view=preguntas`;
    expect(await auditedExport(url, 'event.evaluation_export', 'Tal vez')).toMatchObject({
      actorId: admin.id,
      entity: 'event',
      entityId: e.product.id,
      details: { filters: { productId: e.product.id, view: 'preguntas' }, rows: 3 },
    });
  });

  it("the endorsing council's report", async () => {
    const e = await createProduct(ctx.database.db, { name: 'Curso para el consejo', price: 0 });
    const guest = await createUser(ctx);
    await claim(ctx, guest, e.product.id, ['Día 1']);
    const url = `/api/admin/attendance/report?productId=${e.product.id}&format=csv`;
    expect(await auditedExport(url, 'event.council_report', guest.email)).toMatchObject({
      actorId: admin.id,
      entity: 'event',
      entityId: e.product.id,
      details: { filters: { productId: e.product.id, format: 'csv' }, rows: 1 },
    });
  });

  it("the accountant's invoices CSV", async () => {
    const e = await createProduct(ctx.database.db, { name: 'Congreso facturado', price: 0 });
    const buyer = await createUser(ctx);
    const orderId = await claim(ctx, buyer, e.product.id, ['Día 1']);
    await ctx.database.db.insert(cfdiDocuments).values({
      kind: 'I',
      orderId,
      userId: buyer.id,
      rfc: 'EXPO561231GR8',
      razonSocial: 'EXPORTADA SA',
      regimenFiscal: '601',
      usoCfdi: 'G03',
      codigoPostal: '14080',
      status: 'solicitada',
    });
    const url = '/api/admin/invoices/export?search=EXPO561231GR8';
    expect(await auditedExport(url, 'invoice.export', 'EXPO561231GR8')).toMatchObject({
      actorId: admin.id,
      entity: 'order',
      entityId: null,
      details: { filters: { search: 'EXPO561231GR8' }, rows: 1 },
    });
  });
});
