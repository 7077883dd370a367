// Attendance and constancias through the API: profile, heartbeats (capped to real time and to
// the day, refused for days not bought and for a second device), tickets and check-in, and
// constancias (qualification, PDF text and QR, public verification, revocation).

import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { inflateSync } from 'node:zlib';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_MSG } from '@store/shared/admin-messages';
import {
  HEARTBEAT_INTERVAL_SECONDS,
  HEARTBEAT_TOLERANCE_MINUTES,
  requiredSeconds,
} from '@store/shared/domain/attendance';
import { MX_TIME_ZONE_LABEL, formatDateFull, formatDateTime } from '@store/shared/domain/time';
import { MSG } from '@store/shared/messages';
import { createTestContext, type TestContext } from '../../../test/context';
import { createProduct } from '../../../test/factories';
import { call, claim } from '../../../test/admin-helpers';
import { createUser, sentAttachments, type TestUser } from '../../../test/store-helpers';
import { emailOutbox, products } from '../../db/schema';
import { eq } from 'drizzle-orm';
import { signTicket } from '../../lib/tickets';
import { ticketNotToday, watchBeforeDay } from '@store/shared/attendance-messages';

const PROFILE = {
  certificateName: 'María José Núñez de la Peña',
  cedula: '12345678',
  specialty: 'Anestesiología cardiovascular',
  institution: 'Instituto Nacional de Cardiología',
};
const session = (n: number) => `sesion-de-prueba-${String(n).padStart(4, '0')}`;

function decodePng(buf: Buffer): string | null {
  const png = PNG.sync.read(buf);
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

/** Decodes the QR code embedded in the PDF (pdfkit stores it as an RGB Flate image). */
function qrOfPdf(pdf: Buffer): string | null {
  const text = pdf.toString('latin1');
  const dict = /<<[^>]*\/Subtype \/Image[^>]*\/ColorSpace \/DeviceRGB[^>]*>>\s*stream\r?\n/.exec(text);
  if (!dict) return null;
  const width = Number(/\/Width (\d+)/.exec(dict[0])![1]);
  const height = Number(/\/Height (\d+)/.exec(dict[0])![1]);
  const length = Number(/\/Length (\d+)/.exec(dict[0])![1]);
  const start = dict.index + dict[0].length;
  const rgb = inflateSync(pdf.subarray(start, start + length));
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    rgba.set(rgb.subarray(i * 3, i * 3 + 3), i * 4);
    rgba[i * 4 + 3] = 255;
  }
  return jsQR(rgba, width, height)?.data ?? null;
}

describe('attendance and constancias', () => {
  let ctx: TestContext;
  let admin: TestUser;
  const t0 = Date.now();
  const at = (seconds: number) => vi.setSystemTime(new Date(t0 + seconds * 1000));

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await createUser(ctx, { role: 'admin' });
  });
  afterEach(() => vi.useRealTimers());
  afterAll(() => ctx.close());

  /** A free online event with one 10-minute day starting now, claimed by a new user. */
  async function watchedEvent() {
    const e = await createProduct(ctx.database.db, {
      name: 'Simposio de Ecocardiografía',
      price: 0,
      days: [{ label: 'Sábado', startsAt: new Date(t0), endsAt: new Date(t0 + 10 * 60_000) }],
    });
    const user = await createUser(ctx);
    await claim(ctx, user, e.product.id, ['Sábado']);
    return { e, user };
  }
  const beat = (user: TestUser, productId: string, sessionId: string, day = 'Sábado') =>
    call(ctx, user.token, 'POST', '/api/attendance/heartbeat', { productId, day, sessionId });

  it('keeps the professional profile with accents and lower case, and refuses bad values', async () => {
    const user = await createUser(ctx);
    expect((await call(ctx, user.token, 'GET', '/api/attendance/profile')).json().profile).toBeNull();
    const bad = await call(ctx, user.token, 'PUT', '/api/attendance/profile', { ...PROFILE, cedula: '12ab' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MSG.profileCedulaInvalid);
    const badName = await call(ctx, user.token, 'PUT', '/api/attendance/profile', {
      ...PROFILE,
      certificateName: '<b>x</b>',
    });
    expect(badName.json().message).toBe(MSG.profileNameInvalid);
    const ok = await call(ctx, user.token, 'PUT', '/api/attendance/profile', {
      ...PROFILE,
      certificateName: '  María José   Núñez de la Peña ',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().profile).toEqual(PROFILE);
    expect((await call(ctx, user.token, 'GET', '/api/attendance/profile')).json().profile).toEqual(PROFILE);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/attendance/profile' })).statusCode).toBe(401);
  });

  it('credits real time between heartbeats, capped, and counts the day at the percentage', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { e, user } = await watchedEvent();
    const pid = e.product.id;
    at(0);
    expect((await beat(user, pid, session(1))).json().attendance.watchedSeconds).toBe(0);
    // Heartbeats faster than real time add only the time that really passed.
    for (let i = 1; i <= 5; i++) {
      at(i);
      await beat(user, pid, session(1));
    }
    expect((await beat(user, pid, session(1))).json().attendance.watchedSeconds).toBe(5);
    // A long silence (paused, closed) credits at most the cap.
    at(300);
    const afterGap = (await beat(user, pid, session(1))).json().attendance;
    expect(afterGap.watchedSeconds).toBe(5 + 2 * HEARTBEAT_INTERVAL_SECONDS);
    expect(afterGap.requiredSeconds).toBe(requiredSeconds(600, 80));
    expect(afterGap.attended).toBe(false);
    let now = 300;
    let last = afterGap;
    for (let i = 0; i < 30; i++) {
      now += HEARTBEAT_INTERVAL_SECONDS;
      at(now);
      last = (await beat(user, pid, session(1))).json().attendance;
    }
    // Never beyond the day's length.
    expect(last.watchedSeconds).toBe(600);
    expect(last.attended).toBe(true);

    // The last beats ran past the day's end, within the tolerance: still the day's length at most.
    expect(now).toBeGreaterThan(600);
    const mine = await call(ctx, user.token, 'GET', `/api/attendance/mine?productId=${pid}`);
    expect(mine.json().days).toEqual([last]);

    const report = await call(ctx, admin.token, 'GET', `/api/admin/attendance?productId=${pid}`);
    expect(report.statusCode).toBe(200);
    expect(report.json().people[0]).toMatchObject({ userId: user.id, reason: 'sin_datos', qualifies: false });
    expect(report.json().people[0].days[0]).toMatchObject({ watchedSeconds: 600, attended: true });
  });

  it('refuses a day not bought and a second device while the first plays', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { e, user } = await watchedEvent();
    const pid = e.product.id;
    const stranger = await createUser(ctx);
    const refused = await beat(stranger, pid, session(2));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MSG.watchDayNotOwned);
    expect((await beat(user, pid, session(2), 'Domingo')).statusCode).toBe(403);

    at(0);
    await beat(user, pid, session(3));
    at(20);
    const second = await beat(user, pid, session(4));
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(MSG.watchOtherDevice);
    at(30);
    expect((await beat(user, pid, session(3))).json().attendance.watchedSeconds).toBe(30);
    // Once the first device is silent long enough, the second may take over (from zero credit).
    at(200);
    expect((await beat(user, pid, session(4))).json().attendance.watchedSeconds).toBe(30);
    at(230);
    expect((await beat(user, pid, session(4))).json().attendance.watchedSeconds).toBe(60);
  });

  it("credits heartbeats only between the day's start and end, with the tolerance exactly at its edges", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // A 30-minute day starting in two hours; and a day 20 days ahead.
    const start = t0 + 2 * 3_600_000;
    const end = start + 30 * 60_000;
    const tolerance = HEARTBEAT_TOLERANCE_MINUTES * 60_000;
    const e = await createProduct(ctx.database.db, {
      name: 'Jornada de Perfusión',
      price: 0,
      days: [
        { label: 'Lunes', startsAt: new Date(start), endsAt: new Date(end) },
        {
          label: 'Futuro',
          startsAt: new Date(t0 + 20 * 86_400_000),
          endsAt: new Date(t0 + 20 * 86_400_000 + 3_600_000),
        },
      ],
    });
    const user = await createUser(ctx);
    await claim(ctx, user, e.product.id, ['Lunes', 'Futuro']);
    const pid = e.product.id;
    const watched = async () =>
      (await call(ctx, user.token, 'GET', `/api/attendance/mine?productId=${pid}`))
        .json()
        .days.map((d: { watchedSeconds: number }) => d.watchedSeconds);
    const clock = (ms: number) => vi.setSystemTime(new Date(ms));

    // Now (t0): a day 20 days ahead credits nothing, and the answer says when it starts.
    clock(t0);
    const future = await beat(user, pid, session(30), 'Futuro');
    expect(future.statusCode).toBe(409);
    expect(future.json().message).toBe(
      watchBeforeDay(`${formatDateTime(t0 + 20 * 86_400_000 - tolerance)} (${MX_TIME_ZONE_LABEL})`),
    );
    // Before the window: a script beating every 30 s for an hour earns nothing.
    for (let ms = start - 75 * 60_000; ms < start - tolerance; ms += 30_000) {
      clock(ms);
      expect((await beat(user, pid, session(31), 'Lunes')).statusCode).toBe(409);
    }
    clock(start - tolerance - 1000);
    const early = await beat(user, pid, session(31), 'Lunes');
    expect(early.json().message).toMatch(
      /^Este día aún no empieza: tu tiempo de conexión empieza a contar el /,
    );
    expect(await watched()).toEqual([0, 0]);

    // The window's first instant counts (a first beat credits 0, the next the real time).
    clock(start - tolerance);
    const first = (await beat(user, pid, session(31), 'Lunes')).json().attendance;
    expect(first).toMatchObject({
      watchedSeconds: 0,
      creditFrom: start - tolerance,
      creditUntil: end + tolerance,
    });
    clock(start - tolerance + 30_000);
    expect((await beat(user, pid, session(31), 'Lunes')).json().attendance.watchedSeconds).toBe(30);

    // During the day (the silence before credits the cap, 60 s; then the real 30 s).
    clock(start + 60_000);
    await beat(user, pid, session(31), 'Lunes');
    clock(start + 90_000);
    expect((await beat(user, pid, session(31), 'Lunes')).json().attendance.watchedSeconds).toBe(120);

    // The window's last instant counts; one second later nothing does, and nothing changes.
    clock(end + tolerance - 30_000);
    await beat(user, pid, session(31), 'Lunes');
    clock(end + tolerance);
    // (the silence since start + 90 s credits the cap, 60 s; the window's last instant 30 s more)
    expect((await beat(user, pid, session(31), 'Lunes')).json().attendance.watchedSeconds).toBe(210);
    clock(end + tolerance + 1000);
    const late = await beat(user, pid, session(31), 'Lunes');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(MSG.watchAfterDay);
    clock(end + 2 * 3_600_000);
    expect((await beat(user, pid, session(31), 'Lunes')).statusCode).toBe(409);
    expect(await watched()).toEqual([210, 0]);
  });

  it('checks an in-person ticket in once, refuses forged ones, and finds people by cédula', async () => {
    const e = await createProduct(ctx.database.db, {
      name: 'Taller de Arritmias',
      price: 0,
      isPresential: true,
      // Under way now: the door accepts a ticket only on its own day.
      days: [
        { label: 'Viernes', startsAt: new Date(t0 - 60_000), endsAt: new Date(t0 - 60_000 + 9 * 3_600_000) },
      ],
    });
    // Held at a venue: the ticket, the e-mail and the calendar say where (docs/product.md → Venue).
    const venue = {
      name: 'Hotel Sede',
      address: 'Av. Reforma 1, CDMX',
      mapUrl: 'https://maps.example.org/?q=sede',
    };
    await ctx.database.db
      .update(products)
      .set({ venueName: venue.name, venueAddress: venue.address, venueMapUrl: venue.mapUrl })
      .where(eq(products.id, e.product.id));
    const user = await createUser(ctx);
    await claim(ctx, user, e.product.id, ['Viernes']);
    await call(ctx, user.token, 'PUT', '/api/attendance/profile', PROFILE);
    const tickets = (await call(ctx, user.token, 'GET', '/api/attendance/tickets')).json().tickets;
    expect(tickets).toHaveLength(1);
    expect(tickets[0].venue).toEqual(venue);
    const code = decodePng(Buffer.from(tickets[0].qr.split(',')[1], 'base64'));
    expect(code).toBe(tickets[0].code);
    // The confirmation e-mail carries the same ticket as a PNG (after the calendar entry).
    const confirmation = (await ctx.database.db.select().from(emailOutbox)).find(
      (m) => m.to === user.email && m.subject.startsWith('Confirmación'),
    );
    const files = await sentAttachments(ctx, confirmation!);
    expect(files.map((a) => a.filename)).toEqual(['evento.ics', 'Boleto Taller de Arritmias - Viernes.png']);
    expect(decodePng(files[1]!.content)).toBe(code);
    expect(confirmation!.text).toContain('código QR');
    expect(confirmation!.text).toContain('Evento presencial en Hotel Sede, Av. Reforma 1, CDMX');
    expect(files[0]!.content.toString().replace(/\r\n /g, '')).toContain(
      'LOCATION:Hotel Sede\\, Av. Reforma 1\\, CDMX',
    );

    const forged = await call(ctx, admin.token, 'POST', '/api/admin/attendance/checkin', {
      code: signTicket('otro-secreto-de-al-menos-32-caracteres!!', user.id, e.days[0]!.id),
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe(MSG.ticketInvalid);

    const otherDay = await call(ctx, admin.token, 'POST', '/api/admin/attendance/checkin', {
      code,
      productDayId: admin.id,
    });
    expect(otherDay.statusCode).toBe(409);
    expect(otherDay.json().message).toBe(MSG.ticketOtherDay);

    const first = await call(ctx, admin.token, 'POST', '/api/admin/attendance/checkin', {
      code,
      productDayId: e.days[0]!.id,
    });
    expect(first.json()).toMatchObject({ created: true, day: 'Viernes', eventName: 'Taller de Arritmias' });
    const again = await call(ctx, admin.token, 'POST', '/api/admin/attendance/checkin', { code });
    expect(again.json()).toMatchObject({ created: false, checkedInAt: first.json().checkedInAt });
    expect(again.json().message).toBe(MSG.alreadyCheckedIn);

    const found = await call(
      ctx,
      admin.token,
      'GET',
      `/api/admin/attendance/checkin/search?productDayId=${e.days[0]!.id}&q=345678`,
    );
    expect(found.json().people).toEqual([
      expect.objectContaining({ userId: user.id, cedula: '12345678', checkedInAt: first.json().checkedInAt }),
    ]);
    const report = await call(ctx, admin.token, 'GET', `/api/admin/attendance?productId=${e.product.id}`);
    expect(report.json().people[0]).toMatchObject({ qualifies: true, reason: null, minutes: 540 });
    expect((await call(ctx, user.token, 'POST', '/api/admin/attendance/checkin', { code })).statusCode).toBe(
      403,
    );
  });

  it('checks a ticket in only on its own day, and refuses every single-character change of it', async () => {
    const tomorrow = t0 + 86_400_000;
    const e = await createProduct(ctx.database.db, {
      name: 'Taller de Ecocardiografía Transesofágica',
      price: 0,
      isPresential: true,
      days: [
        { label: 'Hoy', startsAt: new Date(t0 - 60_000), endsAt: new Date(t0 + 3_600_000) },
        { label: 'Mañana', startsAt: new Date(tomorrow), endsAt: new Date(tomorrow + 3_600_000) },
      ],
    });
    const user = await createUser(ctx);
    await claim(ctx, user, e.product.id, ['Hoy', 'Mañana']);
    const tickets = (await call(ctx, user.token, 'GET', '/api/attendance/tickets')).json().tickets;
    const codeOf = (day: string) => tickets.find((t: { day: string }) => t.day === day).code as string;

    // Tomorrow's ticket, scanned today (with or without the day chosen): refused, naming its date.
    for (const body of [
      { code: codeOf('Mañana') },
      { code: codeOf('Mañana'), productDayId: e.days[1]!.id },
    ]) {
      const res = await call(ctx, admin.token, 'POST', '/api/admin/attendance/checkin', body);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(ticketNotToday(formatDateFull(tomorrow)));
    }
    const bySearch = await call(ctx, admin.token, 'POST', '/api/admin/attendance/checkin', {
      userId: user.id,
      productDayId: e.days[1]!.id,
    });
    expect(bySearch.json().message).toBe(ticketNotToday(formatDateFull(tomorrow)));

    // Today's ticket with one character changed, in every position: not a ticket.
    const code = codeOf('Hoy');
    const digits = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (let i = 0; i < code.length; i++) {
      // The neighbour in the alphabet: for a last character, a change in its spare bits only.
      const k = digits.indexOf(code[i]!);
      const other = k === -1 ? (code[i] === '.' ? '_' : 'X') : digits[k ^ 1]!;
      const changed = code.slice(0, i) + other + code.slice(i + 1);
      const res = await call(ctx, admin.token, 'POST', '/api/admin/attendance/checkin', { code: changed });
      expect(res.statusCode, changed).toBe(400);
      expect(res.json().message).toBe(MSG.ticketInvalid);
    }
    expect((await call(ctx, user.token, 'GET', '/api/attendance/tickets')).json().tickets).toEqual(
      tickets.map((t: object) => ({ ...t, checkedInAt: null })),
    );
    const ok = await call(ctx, admin.token, 'POST', '/api/admin/attendance/checkin', { code });
    expect(ok.json()).toMatchObject({ created: true, day: 'Hoy' });
  });

  it('issues constancias only to who qualifies; the PDF and its QR verify; revocation shows', async () => {
    const e = await createProduct(ctx.database.db, {
      name: 'Curso de Anestesia Cardiovascular',
      price: 0,
      isPresential: true,
      days: [
        { label: 'Jueves', startsAt: new Date(t0 - 60_000), endsAt: new Date(t0 - 60_000 + 9 * 3_600_000) },
        { label: 'Viernes' },
      ],
    });
    const came = await createUser(ctx);
    const absent = await createUser(ctx);
    const noProfile = await createUser(ctx);
    for (const u of [came, absent, noProfile]) await claim(ctx, u, e.product.id, ['Jueves', 'Viernes']);
    await call(ctx, came.token, 'PUT', '/api/attendance/profile', PROFILE);
    await call(ctx, absent.token, 'PUT', '/api/attendance/profile', { ...PROFILE, cedula: '7654321' });
    for (const u of [came, noProfile]) {
      await call(ctx, admin.token, 'POST', '/api/admin/attendance/checkin', {
        userId: u.id,
        productDayId: e.days[0]!.id,
      });
    }
    const report = (
      await call(ctx, admin.token, 'GET', `/api/admin/attendance?productId=${e.product.id}`)
    ).json();
    const byId = Object.fromEntries(report.people.map((p: { userId: string }) => [p.userId, p]));
    expect(byId[came.id]).toMatchObject({ qualifies: true, minutes: 540 });
    expect(byId[absent.id]).toMatchObject({ qualifies: false, reason: 'sin_asistencia' });
    expect(byId[noProfile.id]).toMatchObject({ qualifies: false, reason: 'sin_datos' });

    const refusedAbsent = await call(ctx, admin.token, 'POST', '/api/admin/attendance/constancias', {
      productId: e.product.id,
      userId: absent.id,
    });
    expect(refusedAbsent.statusCode).toBe(400);
    expect(refusedAbsent.json().message).toBe(ADMIN_MSG.constanciaNotQualified);
    const refusedProfile = await call(ctx, admin.token, 'POST', '/api/admin/attendance/constancias', {
      productId: e.product.id,
      userId: noProfile.id,
    });
    expect(refusedProfile.json().message).toBe(ADMIN_MSG.constanciaNoProfile);

    const issued = await call(ctx, admin.token, 'POST', '/api/admin/attendance/constancias', {
      productId: e.product.id,
      userId: came.id,
    });
    expect(issued.statusCode).toBe(200);
    const folio: string = issued.json().folio;
    expect(folio).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    const twice = await call(ctx, admin.token, 'POST', '/api/admin/attendance/constancias', {
      productId: e.product.id,
      userId: came.id,
    });
    expect(twice.statusCode).toBe(409);

    const mail = (await ctx.database.db.select().from(emailOutbox)).filter(
      (m) => m.dedupeKey === `constancia:${folio}`,
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]!.to).toBe(came.email);
    expect(mail[0]!.attachments[0]!.contentType).toBe('application/pdf');

    const mine = (await call(ctx, came.token, 'GET', '/api/attendance/constancias')).json().constancias;
    expect(mine).toEqual([expect.objectContaining({ folio, revoked: false, minutes: 540 })]);
    const pdfRes = await call(ctx, came.token, 'GET', `/api/attendance/constancias/${folio}/pdf`);
    expect(pdfRes.statusCode).toBe(200);
    expect(pdfRes.headers['content-type']).toBe('application/pdf');
    expect(
      (await call(ctx, absent.token, 'GET', `/api/attendance/constancias/${folio}/pdf`)).statusCode,
    ).toBe(403);

    const pdf = await getDocumentProxy(new Uint8Array(pdfRes.rawPayload));
    const { text } = await extractText(pdf, { mergePages: true });
    expect(text).toContain('María José Núñez de la Peña');
    expect(text).toContain('12345678');
    expect(text).toContain('9 h');
    expect(text).toContain(folio);
    const url = qrOfPdf(pdfRes.rawPayload);
    expect(url).toBe(`${ctx.config.PUBLIC_URL}/constancias/${folio}`);

    const verify = await ctx.app.inject({ method: 'GET', url: `/api/constancias/${folio}` });
    expect(verify.json()).toEqual({
      success: true,
      folio,
      name: PROFILE.certificateName,
      eventName: 'Curso de Anestesia Cardiovascular',
      minutes: 540,
      issuedAt: expect.any(Number),
      endorsement: null,
      revoked: false,
      revokedAt: null,
      replacedBy: null,
    });
    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/constancias/AAAA-BBBB-CCCC' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MSG.constanciaNotFound);
    // A malformed folio is not found either (not a validation error).
    for (const bad of ['abc', 'AAAA-BBBB-CCC', 'IIII-LLLL-OOOO', `${folio}X`, '%20']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/constancias/${bad}` });
      expect(res.statusCode, bad).toBe(404);
      expect(res.json().message).toBe(MSG.constanciaNotFound);
    }
    // Lower case is the same folio.
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/constancias/${folio.toLowerCase()}` })).statusCode,
    ).toBe(200);

    // A revocation by hand needs its reason.
    const noReason = await call(
      ctx,
      admin.token,
      'POST',
      `/api/admin/attendance/constancias/${folio}/revoke`,
      {
        note: ' ',
      },
    );
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(ADMIN_MSG.constanciaRevokeNoteInvalid);
    const revoked = await call(
      ctx,
      admin.token,
      'POST',
      `/api/admin/attendance/constancias/${folio}/revoke`,
      {
        note: 'Datos de la cédula equivocados',
      },
    );
    expect(revoked.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/constancias/${folio}` })).json()).toMatchObject({
      revoked: true,
      revokedAt: expect.any(Number),
      replacedBy: null,
    });
    const reissued = await call(
      ctx,
      admin.token,
      'POST',
      `/api/admin/attendance/constancias/${folio}/reissue`,
    );
    expect(reissued.statusCode).toBe(200);
    expect(reissued.json().folio).not.toBe(folio);
    // The old folio's page names the one that replaced it (the folio history).
    expect((await ctx.app.inject({ method: 'GET', url: `/api/constancias/${folio}` })).json()).toMatchObject({
      revoked: true,
      replacedBy: reissued.json().folio,
    });
  });
});
