// Constancias on autopilot with a moved clock (docs/attendance.md → Issued without staff,
// Explainable attendance, Corrections, Revocation, The council's report): the job issues within
// one period after the last day closes, a second replica at the same time adds nothing, a refund
// afterwards revokes and the verification page says so; the member sees per day what counted and
// why; a staff correction is audited, revokes and the job reissues with the folio history; races
// with a refund during issue and an evaluation passed during a run leave one constancia at most.

import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_MSG } from '@store/shared/admin-messages';
import { dayVerdictText } from '@store/shared/attendance-messages';
import { createTestContext, type TestContext } from '../../../test/context';
import { createProduct } from '../../../test/factories';
import { call, claim } from '../../../test/admin-helpers';
import { createUser, FEE, type TestUser } from '../../../test/store-helpers';
import { auditLog, constancias, emailOutbox, streamWatch } from '../../db/schema';
import type { FileStorage } from '../../lib/storage/storage';
import { CONSTANCIA_JOB_INTERVAL_MS, runConstanciaJob } from './autopilot';
import { readXlsx } from '../../../test/xlsx-read';

const HOUR = 3_600_000;
const PROFILE = {
  certificateName: 'María José Núñez de la Peña',
  cedula: '12345678',
  specialty: 'Anestesiología cardiovascular',
  institution: 'Instituto Nacional de Cardiología',
};

describe('constancias on autopilot', () => {
  let ctx: TestContext;
  let admin: TestUser;
  const log = { warn: vi.fn() };

  beforeAll(async () => {
    ctx = await createTestContext({ CASH_ORDERS_ENABLED: 'true' });
    admin = await createUser(ctx, { role: 'admin' });
  });
  afterEach(() => vi.useRealTimers());
  afterAll(() => ctx.close());

  const deps = (storage: FileStorage = ctx.app.storage) => ({
    db: ctx.database.db,
    storage,
    mail: ctx.app.mailSettings,
    log,
  });
  const at = (ms: number) => vi.setSystemTime(new Date(ms));
  const validOf = async (userId: string, productId: string) =>
    (
      await ctx.database.db
        .select()
        .from(constancias)
        .where(and(eq(constancias.userId, userId), eq(constancias.productId, productId)))
    ).filter((c) => c.revokedAt === null);
  const mailsTo = async (email: string) =>
    (await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, email))).map((m) => m.subject);

  /**
   * A paid event of two 6-hour days starting in an hour and in a day, bought (cash, marked
   * paid) by each person, who fills the profile when asked.
   */
  async function event(people: { profile: boolean }[], price = 500) {
    const t0 = Date.now();
    const e = await createProduct(ctx.database.db, {
      name: `Curso de Ecocardiografía ${Math.random().toString(36).slice(2, 7)}`,
      price,
      isPresential: true,
      days: [
        { label: 'Jueves', startsAt: new Date(t0 + HOUR), endsAt: new Date(t0 + 7 * HOUR) },
        { label: 'Viernes', startsAt: new Date(t0 + 25 * HOUR), endsAt: new Date(t0 + 31 * HOUR) },
      ],
    });
    const users: { user: TestUser; orderId: string }[] = [];
    for (const p of people) {
      const user = await createUser(ctx);
      const orderId = await claim(ctx, user, e.product.id, ['Jueves', 'Viernes'], {
        amount: 2 * price + FEE,
      });
      const paid = await call(ctx, admin.token, 'POST', `/api/admin/orders/${orderId}/mark-paid`);
      expect(paid.statusCode, paid.body).toBe(200);
      if (p.profile) await call(ctx, user.token, 'PUT', '/api/attendance/profile', PROFILE);
      users.push({ user, orderId });
    }
    const close = t0 + 31 * HOUR + 15 * 60_000;
    return { e, users, t0, close };
  }

  async function checkIn(userId: string, productDayId: string, when: number) {
    at(when);
    const res = await call(ctx, admin.token, 'POST', '/api/admin/attendance/checkin', {
      userId,
      productDayId,
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  it('issues within one period after the close, once with two replicas at once; a refund then revokes and the page says so', async () => {
    const { e, users, t0, close } = await event([{ profile: true }, { profile: true }, { profile: false }]);
    const [both, oneDay, noProfile] = users;
    vi.useFakeTimers({ toFake: ['Date'] });
    await checkIn(both!.user.id, e.days[0]!.id, t0 + 2 * HOUR);
    await checkIn(oneDay!.user.id, e.days[0]!.id, t0 + 2 * HOUR);
    await checkIn(noProfile!.user.id, e.days[0]!.id, t0 + 2 * HOUR);
    await checkIn(both!.user.id, e.days[1]!.id, t0 + 26 * HOUR);

    // Before the last day's window closes, nothing.
    expect(await runConstanciaJob(deps(), new Date(close - 60_000))).toMatchObject({ issued: 0 });
    expect(await validOf(both!.user.id, e.product.id)).toHaveLength(0);

    // Within one period after the close, two replicas at once: one constancia each, no more.
    const when = new Date(close + CONSTANCIA_JOB_INTERVAL_MS);
    at(when.getTime());
    const [a, b] = await Promise.all([runConstanciaJob(deps(), when), runConstanciaJob(deps(), when)]);
    expect(a.issued + b.issued).toBe(2);
    expect(a.failed + b.failed).toBe(0);
    const [c1] = await validOf(both!.user.id, e.product.id);
    expect(c1).toMatchObject({ minutes: 720, days: ['Jueves', 'Viernes'], issuedBy: null });
    expect(c1!.fileKeyA4).not.toBeNull();
    const [c2] = await validOf(oneDay!.user.id, e.product.id);
    expect(c2).toMatchObject({ minutes: 360, days: ['Jueves'] });
    expect(await validOf(noProfile!.user.id, e.product.id)).toHaveLength(0);
    const issuedMails = (await mailsTo(both!.user.email)).filter((s) => s.startsWith('Tu constancia'));
    expect(issuedMails).toEqual([`Tu constancia de ${e.product.name}`]);
    // A third run (and a replica's next one) adds nothing.
    expect(await runConstanciaJob(deps(), when)).toMatchObject({ issued: 0 });
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'event.constancia_issue'), eq(auditLog.entityId, e.product.id)));
    expect(audit).toHaveLength(2);
    expect(audit.every((x) => x.actorId === null)).toBe(true);

    // Both papers download; the default is Carta.
    const carta = await call(ctx, both!.user.token, 'GET', `/api/attendance/constancias/${c1!.folio}/pdf`);
    const a4 = await call(
      ctx,
      both!.user.token,
      'GET',
      `/api/attendance/constancias/${c1!.folio}/pdf?papel=a4`,
    );
    expect(carta.statusCode).toBe(200);
    expect(a4.statusCode).toBe(200);
    expect(carta.rawPayload.equals(a4.rawPayload)).toBe(false);
    expect(a4.headers['content-disposition']).toContain('A4');

    // A refund afterwards revokes, tells the member, and the verification page says so.
    const refund = await call(ctx, admin.token, 'POST', `/api/admin/orders/${both!.orderId}/refund`, {
      amount: 1000 + FEE,
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(await validOf(both!.user.id, e.product.id)).toHaveLength(0);
    const verify = (await ctx.app.inject({ method: 'GET', url: `/api/constancias/${c1!.folio}` })).json();
    expect(verify).toMatchObject({ revoked: true, revokedAt: when.getTime(), replacedBy: null });
    const [row] = await ctx.database.db.select().from(constancias).where(eq(constancias.folio, c1!.folio));
    expect(row!.revokeReason).toBe('reembolso');
    expect(await mailsTo(both!.user.email)).toContain(`Tu constancia de ${e.product.name} fue revocada`);
    // Nothing paid is left: the job does not issue it again.
    expect(
      await runConstanciaJob(deps(), new Date(when.getTime() + CONSTANCIA_JOB_INTERVAL_MS)),
    ).toMatchObject({
      issued: 0,
    });
    // Turned off, the job leaves the event to staff.
    const off = await call(ctx, admin.token, 'PUT', '/api/admin/attendance/auto', {
      productId: e.product.id,
      auto: false,
    });
    expect(off.json().message).toBe(ADMIN_MSG.constanciaAutoOff);
  });

  it('explains each day to the member and to staff; a correction is audited, revokes, and the job reissues with the history', async () => {
    const { e, users, t0, close } = await event([{ profile: true }]);
    const [{ user }] = users as [{ user: TestUser; orderId: string }];
    vi.useFakeTimers({ toFake: ['Date'] });
    // Thursday: 250 of 360 minutes watched (288 needed at 80 %); Friday: checked in at the door.
    await ctx.database.db
      .insert(streamWatch)
      .values({ userId: user.id, productDayId: e.days[0]!.id, seconds: 250 * 60 + 30 });
    await checkIn(user.id, e.days[1]!.id, t0 + 26 * HOUR);
    at(close + 60_000);

    const mine = (await call(ctx, user.token, 'GET', '/api/attendance/summary')).json().events;
    const ev = mine.find((x: { productId: string }) => x.productId === e.product.id);
    expect(ev.status).toBe('por_emitir');
    expect(
      ev.days.map((d: { verdict: Parameters<typeof dayVerdictText>[0] }) => dayVerdictText(d.verdict)),
    ).toEqual(['250 de 360 min; se necesitan 288', 'Cuenta: registro en puerta']);

    await runConstanciaJob(deps(), new Date(close + 60_000));
    const [first] = await validOf(user.id, e.product.id);
    expect(first).toMatchObject({ days: ['Viernes'], minutes: 360 });

    // Bad corrections are refused with a Spanish message and change nothing.
    const short = await call(ctx, admin.token, 'PUT', '/api/admin/attendance/correction', {
      productId: e.product.id,
      userId: user.id,
      productDayId: e.days[0]!.id,
      counts: true,
      reason: 'ok',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(ADMIN_MSG.attendanceCorrectionReasonInvalid);
    const stranger = await createUser(ctx);
    const notOwned = await call(ctx, admin.token, 'PUT', '/api/admin/attendance/correction', {
      productId: e.product.id,
      userId: stranger.id,
      productDayId: e.days[0]!.id,
      counts: true,
      reason: 'Firmó la lista en papel',
    });
    expect(notOwned.json().message).toBe(ADMIN_MSG.attendanceCorrectionDayNotOwned);

    // Thursday counted by a correction: the staff page shows it with its reason.
    const counted = await call(ctx, admin.token, 'PUT', '/api/admin/attendance/correction', {
      productId: e.product.id,
      userId: user.id,
      productDayId: e.days[0]!.id,
      counts: true,
      reason: 'Firmó la lista de asistencia en papel',
    });
    expect(counted.json().message).toBe(ADMIN_MSG.attendanceCorrectionSaved);
    const staff = (
      await call(ctx, admin.token, 'GET', `/api/admin/attendance?productId=${e.product.id}`)
    ).json();
    const person = staff.people.find((p: { userId: string }) => p.userId === user.id);
    expect(person.days[0]).toMatchObject({
      attended: true,
      verdict: { reason: 'correccion', watchedMinutes: 250 },
      correction: { counts: true, reason: 'Firmó la lista de asistencia en papel' },
    });

    // Friday withdrawn: the constancia that certified it is revoked, the member told.
    const withdrawn = await call(ctx, admin.token, 'PUT', '/api/admin/attendance/correction', {
      productId: e.product.id,
      userId: user.id,
      productDayId: e.days[1]!.id,
      counts: false,
      reason: 'El boleto se registró por error: no asistió',
    });
    expect(withdrawn.json().message).toContain(ADMIN_MSG.attendanceCorrectionRevoked);
    const [old] = await ctx.database.db.select().from(constancias).where(eq(constancias.folio, first!.folio));
    expect(old).toMatchObject({
      revokeReason: 'asistencia',
      revokeNote: 'El boleto se registró por error: no asistió',
    });
    const corrections = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'event.attendance_correct'), eq(auditLog.entityId, e.product.id)));
    expect(corrections.map((c) => c.actorId)).toEqual([admin.id, admin.id]);
    expect(corrections[1]!.details).toMatchObject({ before: null, after: { counts: false } });

    // The next run reissues from the corrected attendance and keeps the folio history.
    await runConstanciaJob(deps(), new Date(close + 3 * 60_000));
    const [second] = await validOf(user.id, e.product.id);
    expect(second).toMatchObject({ days: ['Jueves'], replacesFolio: first!.folio });
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/constancias/${first!.folio}` })).json(),
    ).toMatchObject({
      revoked: true,
      replacedBy: second!.folio,
    });

    // A revocation by hand is staff's decision: the job does not reissue it.
    await call(ctx, admin.token, 'POST', `/api/admin/attendance/constancias/${second!.folio}/revoke`, {
      note: 'Pendiente de aclarar con el consejo',
    });
    expect(await runConstanciaJob(deps(), new Date(close + 5 * 60_000))).toMatchObject({ issued: 0 });
    const status = (await call(ctx, user.token, 'GET', '/api/attendance/summary')).json().events;
    expect(status.find((x: { productId: string }) => x.productId === e.product.id).status).toBe('a_mano');
  });

  it('a refund arriving while a constancia is issued leaves none; the report is downloaded and audited', async () => {
    // Only the first person has a profile yet: the racing run has them alone.
    const { e, users, t0, close } = await event([{ profile: true }, { profile: false }]);
    const [refunded, kept] = users;
    vi.useFakeTimers({ toFake: ['Date'] });
    for (const u of users) await checkIn(u.user.id, e.days[0]!.id, t0 + 2 * HOUR);
    at(close + 60_000);

    // The refund commits after the PDF is rendered and before the constancia is saved.
    let refundedDuringIssue = false;
    const storage = ctx.app.storage;
    const racing: FileStorage = Object.create(storage, {
      put: {
        value: async (...args: Parameters<FileStorage['put']>) => {
          if (!refundedDuringIssue) {
            refundedDuringIssue = true;
            const r = await call(ctx, admin.token, 'POST', `/api/admin/orders/${refunded!.orderId}/refund`, {
              amount: 1000 + FEE,
            });
            expect(r.statusCode, r.body).toBe(200);
          }
          return storage.put(...args);
        },
      },
    });
    const putKeys: string[] = [];
    const watching: FileStorage = Object.create(racing, {
      put: {
        value: (...args: Parameters<FileStorage['put']>) => {
          putKeys.push(args[0]);
          return racing.put(...args);
        },
      },
    });
    const run = await runConstanciaJob(deps(watching), new Date(close + 60_000));
    expect(refundedDuringIssue).toBe(true);
    expect(run).toEqual({ issued: 0, skipped: 1, failed: 0 });
    expect(
      await ctx.database.db.select().from(constancias).where(eq(constancias.productId, e.product.id)),
    ).toEqual([]);
    // The PDFs it had stored are deleted again.
    expect(putKeys).toHaveLength(2);
    for (const key of putKeys) expect(await storage.exists(key)).toBe(false);

    await call(ctx, kept!.user.token, 'PUT', '/api/attendance/profile', PROFILE);
    expect(await runConstanciaJob(deps(), new Date(close + 3 * 60_000))).toMatchObject({ issued: 1 });
    expect(await validOf(kept!.user.id, e.product.id)).toHaveLength(1);

    // The council's report: CSV and XLSX, each audited with the rows it held.
    const csv = await call(
      ctx,
      admin.token,
      'GET',
      `/api/admin/attendance/report?productId=${e.product.id}&format=csv`,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('Nombre (como en la constancia),Cédula profesional');
    expect(lines).toHaveLength(2);
    const [kc] = await validOf(kept!.user.id, e.product.id);
    expect(lines[1]).toContain(kc!.folio);
    expect(lines[1]).toContain('María José Núñez de la Peña,12345678');
    const xlsx = await call(
      ctx,
      admin.token,
      'GET',
      `/api/admin/attendance/report?productId=${e.product.id}&format=xlsx`,
    );
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const book = readXlsx(xlsx.rawPayload);
    expect(Object.keys(book)).toEqual(['Asistentes', 'Evento']);
    expect(book.Asistentes![1]).toEqual(
      expect.arrayContaining([
        'María José Núñez de la Peña',
        '12345678',
        6,
        kc!.folio,
        'Emitida',
        'No aplica',
      ]),
    );
    expect(book.Evento!.find((r) => r[0] === 'Evento')![1]).toBe(e.product.name);
    const reports = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'event.council_report'), eq(auditLog.entityId, e.product.id)));
    expect(reports.map((r) => r.details)).toEqual([
      { filters: { productId: e.product.id, format: 'csv' }, rows: 1 },
      { filters: { productId: e.product.id, format: 'xlsx' }, rows: 1 },
    ]);
  });

  it('an attendee passing the evaluation while the job runs gets exactly one constancia, by the next run at the latest', async () => {
    const { e, users, t0, close } = await event([{ profile: true }]);
    const [{ user }] = users as [{ user: TestUser; orderId: string }];
    const saved = await call(ctx, admin.token, 'PUT', '/api/admin/attendance/evaluation', {
      productId: e.product.id,
      questions: [
        { kind: 'examen', text: '¿Qué monitor es indispensable?', options: ['ECG', 'Ninguno'], correct: 0 },
      ],
      passPercent: 100,
      maxAttempts: 3,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    await checkIn(user.id, e.days[0]!.id, t0 + 2 * HOUR);
    at(close + 60_000);
    // Not passed yet: nothing to issue.
    expect(await runConstanciaJob(deps(), new Date(close + 60_000))).toMatchObject({ issued: 0 });
    const [run, passed] = await Promise.all([
      runConstanciaJob(deps(), new Date(close + 2 * 60_000)),
      call(ctx, user.token, 'POST', `/api/attendance/evaluations/${e.product.id}`, { answers: [0] }),
    ]);
    expect(passed.json()).toMatchObject({ passed: true });
    const next = await runConstanciaJob(deps(), new Date(close + 2 * 60_000 + CONSTANCIA_JOB_INTERVAL_MS));
    expect(run.issued + next.issued).toBe(1);
    expect(await validOf(user.id, e.product.id)).toHaveLength(1);
    expect(await runConstanciaJob(deps(), new Date(close + 10 * 60_000))).toMatchObject({ issued: 0 });
  });
});
