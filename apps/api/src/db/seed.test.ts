import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeStreamUrl } from '@store/shared/domain/stream-url';
import { hasEnded } from '@store/shared/domain/event-days';
import {
  calendarDaysBetween,
  formatDayLabel,
  formatTime,
  fromMexicoCityLocal,
} from '@store/shared/domain/time';
import { CATEGORIES, LEVELS } from '@store/shared/constants';
import { site } from '@store/shared/site';
import { createTestContext, type TestContext } from '../../test/context';
import { seed } from './seed';
import {
  COURSE_SLUG,
  DEMO_ATTENDEES,
  DEMO_COLLEAGUE,
  DEMO_CUSTOMER,
  DEMO_FINISHED_EVALUATION,
  DEMO_PURCHASE_DAYS_BEFORE,
  demoCatalogue,
  FINISHED_EVENT_SLUG,
  type SeedProduct,
} from './seed-data';
import { coupons, evaluations, orders, productDays, products, users } from './schema';
import { seedDemoAttendance } from '../modules/attendance/demo';
import { myEvaluations } from '../modules/attendance/evaluation';
import { attendanceSummary, myConstancias, verifyConstancia } from '../modules/attendance/service';
import { getAttendance } from '../modules/admin/attendance/service';
import { scoreAttempt } from '@store/shared/domain/evaluation';

describe('seed', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('writes the demo catalogue once, and a restart does not duplicate it', async () => {
    const db = ctx.database.db;
    const first = await seed(db, { demo: true });
    expect(first.seededDemo).toBe(true);
    expect(first.generatedAdmin?.password.length).toBeGreaterThanOrEqual(12);
    const second = await seed(db, { demo: true });
    expect(second).toEqual({ seededDemo: false });

    const all = await db.select().from(products);
    expect(all.length).toBeGreaterThanOrEqual(12);
    expect(new Set(all.map((p) => p.category))).toEqual(new Set(CATEGORIES));
    expect(new Set(all.map((p) => p.subCategory))).toEqual(new Set(LEVELS));
    expect(all.filter((p) => p.isPresential).length).toBeGreaterThanOrEqual(2);
    expect(all.every((p) => p.images.every((i) => i.startsWith('/covers/')))).toBe(true);

    const days = await db.select().from(productDays);
    expect(days.some((d) => d.seatCapacity !== null)).toBe(true);
    for (const p of all) {
      const own = days.filter((d) => d.productId === p.id);
      expect(own.length).toBeGreaterThanOrEqual(1);
      expect(own.length).toBeLessThanOrEqual(4);
    }
    // Every stream link is one normalisation accepts; every form is represented.
    const links = days.map((d) => d.streamUrl).filter((u): u is string => !!u);
    expect(links.every((u) => normalizeStreamUrl(u) !== null)).toBe(true);
    for (const form of [
      'youtube.com/watch',
      'youtu.be/',
      'youtube.com/shorts',
      'vimeo.com/showcase/',
      'vimeo.com/event/',
      'player.vimeo.com/video/',
    ]) {
      expect(links.some((u) => u.includes(form))).toBe(true);
    }
    expect(all.some((p) => p.name.includes('2º Curso de Anestesia Cardiovascular'))).toBe(true);
    expect(all.some((p) => /aminas/i.test(p.name))).toBe(true);
    expect(all.some((p) => /arritmias/i.test(p.name))).toBe(true);
    // The course (hybrid) and its in-person workshops are held at the site's venue; the others say none.
    const place = site.course.venuePlace;
    const atVenue = all.filter((p) => p.venueName !== null);
    expect(atVenue.map((p) => p.name).sort()).toEqual(
      all
        .filter((p) => /2º Curso de Anestesia|aminas|arritmias/i.test(p.name))
        .map((p) => p.name)
        .sort(),
    );
    expect(atVenue).toHaveLength(3);
    for (const p of atVenue) {
      expect(p).toMatchObject({
        venueName: place.name,
        venueAddress: place.address,
        venueMapUrl: place.mapUrl,
      });
    }

    const [coupon] = await db.select().from(coupons);
    expect(coupon).toMatchObject({
      code: 'GRATIS100',
      discountType: 'percent',
      discountValue: 100,
      productIds: [],
      userTypes: [],
    });
    const admins = (await db.select().from(users)).filter((u) => u.role === 'admin');
    expect(admins).toHaveLength(1);
  });

  it('uses ADMIN_EMAIL/ADMIN_PASSWORD when given and never prints that password', async () => {
    const res = await seed(ctx.database.db, {
      demo: false,
      adminEmail: 'Jefa@Example.org',
      adminPassword: 'una-clave-larga',
    });
    expect(res).toEqual({ seededDemo: false, createdAdminEmail: 'jefa@example.org' });
  });

  it('dates the demo events from the day it runs', async () => {
    const now = fromMexicoCityLocal('2031-07-15T10:00')!;
    const local = await createTestContext();
    try {
      await seed(local.database.db, { demo: true, now });
      const all = await local.database.db.select().from(products);
      const days = await local.database.db.select().from(productDays);
      const upcoming = all.filter((p) => p.endsAt > now);
      expect(all.length - upcoming.length).toBe(1);
      for (const p of all) {
        const own = days.filter((d) => d.productId === p.id).sort((a, b) => a.position - b.position);
        // The event's span is its days' span, kept on the row for the catalogue's filter.
        expect(p.startsAt).toEqual(own[0]!.startsAt);
        expect(p.endsAt).toEqual(own.at(-1)!.endsAt);
      }
    } finally {
      await local.close();
    }
  });
});

describe('demo catalogue', () => {
  // Late at night, New Year's Eve, a leap day, a day in the old summer time, and today.
  const todays = [
    fromMexicoCityLocal('2026-01-31T23:59')!,
    fromMexicoCityLocal('2027-12-31T12:00')!,
    fromMexicoCityLocal('2028-02-29T00:00')!,
    fromMexicoCityLocal('2021-06-10T08:00')!,
    new Date(),
  ];
  const bySlug = (products: SeedProduct[], slug: string) => products.find((p) => p.slug === slug)!;

  it.each(todays)('has the course upcoming and the finished event finished on %s', (now) => {
    const { products, courseEarlyBirdEndsAt } = demoCatalogue(now);
    const course = bySlug(products, COURSE_SLUG);
    const finished = products.filter((p) => p.days.every((d) => hasEnded(range(d), now)));
    expect(finished.map((p) => p.slug)).toEqual([FINISHED_EVENT_SLUG]);

    // The course: three consecutive days, 9:00–18:00, six to eight weeks ahead, hybrid (streamed).
    expect(course.days).toHaveLength(3);
    const lead = calendarDaysBetween(now, course.days[0]!.startsAt);
    expect(lead).toBeGreaterThanOrEqual(42);
    expect(lead).toBeLessThanOrEqual(56);
    course.days.forEach((d, i) => {
      expect(calendarDaysBetween(course.days[0]!.startsAt, d.startsAt)).toBe(i);
      expect([formatTime(d.startsAt), formatTime(d.endsAt)]).toEqual(['9:00', '18:00']);
      expect(d.streamUrl).not.toBeNull();
    });
    expect(course.isPresential).toBe(false);

    // Its workshops: the afternoons of days 1 and 2, in person, with seat limits.
    const aminas = bySlug(products, 'taller-aminas').days;
    const arritmias = bySlug(products, 'taller-arritmias').days;
    expect(aminas).toHaveLength(1);
    expect(arritmias).toHaveLength(1);
    expect(calendarDaysBetween(course.days[0]!.startsAt, aminas[0]!.startsAt)).toBe(0);
    expect(calendarDaysBetween(course.days[1]!.startsAt, arritmias[0]!.startsAt)).toBe(0);
    expect([formatTime(aminas[0]!.startsAt), formatTime(aminas[0]!.endsAt)]).toEqual(['14:30', '19:30']);
    expect([formatTime(arritmias[0]!.startsAt), formatTime(arritmias[0]!.endsAt)]).toEqual([
      '14:30',
      '18:30',
    ]);
    expect(aminas[0]!.seatCapacity).toBeGreaterThan(0);
    expect(arritmias[0]!.seatCapacity).toBeGreaterThan(0);

    // The early-bird window is open today and closes before the course, at 23:59:59 CDMX.
    expect(courseEarlyBirdEndsAt.getTime()).toBeGreaterThan(now.getTime());
    expect(courseEarlyBirdEndsAt.getTime()).toBeLessThan(course.days[0]!.startsAt.getTime());
    expect(formatTime(courseEarlyBirdEndsAt)).toBe('23:59');

    for (const p of products) {
      // Labels written from the dates; days in chronological order, each within one day.
      p.days.forEach((d, i) => {
        expect(d.label).toBe(formatDayLabel(d.startsAt, { year: false }));
        expect(d.endsAt.getTime()).toBeGreaterThan(d.startsAt.getTime());
        expect(calendarDaysBetween(d.startsAt, d.endsAt)).toBe(0);
        if (i > 0) expect(d.startsAt.getTime()).toBeGreaterThan(p.days[i - 1]!.endsAt.getTime());
      });
      if (p.slug !== FINISHED_EVENT_SLUG) expect(hasEnded(range(p.days.at(-1)!), now)).toBe(false);
    }
    // Other events spread over the coming months; one series already has a day behind it.
    const last = Math.max(...products.map((p) => p.days.at(-1)!.endsAt.getTime()));
    expect(calendarDaysBetween(now, last)).toBeGreaterThanOrEqual(60);
    expect(products.some((p) => p.days.some((d) => hasEnded(range(d), now)) && !finished.includes(p))).toBe(
      true,
    );
  });
});

describe('the demo finished event, as it looks afterwards', () => {
  // Today, and a leap day years ahead: the story is dated from the event, whatever the day.
  it.each([new Date(), fromMexicoCityLocal('2028-02-29T00:00')!])(
    'has paid attendance, an answered evaluation and a constancia (seeded on %s)',
    async (now) => {
      const local = await createTestContext();
      try {
        const db = local.database.db;
        await seed(db, { demo: true, now });
        const result = await seedDemoAttendance(db, local.app.storage, local.app.mailSettings, now);
        expect(result.attendees).toBe(2);
        expect(result.constancias).toHaveLength(2);

        const finished = bySlugIn(demoCatalogue(now).products, FINISHED_EVENT_SLUG);
        const [event] = await db.select().from(products).where(eq(products.name, finished.name));
        // Endorsed, with its evaluation (an exam the right answers pass, and a survey question).
        expect(event).toMatchObject({
          endorsementBody: 'Consejo Mexicano de Anestesiología, A.C.',
          endorsementHours: 16,
          endorsementPoints: 8,
        });
        const [evaluation] = await db.select().from(evaluations).where(eq(evaluations.productId, event!.id));
        expect(evaluation!.questions.map((q) => q.kind)).toEqual(['examen', 'examen', 'examen', 'encuesta']);
        for (const a of DEMO_ATTENDEES) {
          expect(a.watched).toHaveLength(finished.days.length);
          expect(
            scoreAttempt(evaluation!.questions, a.attempts.at(-1)!, DEMO_FINISHED_EVALUATION.passPercent)
              .passed,
          ).toBe(true);
        }

        // The demo customer bought it before it began, and paid (with the demo coupon).
        const maria = (await db.select().from(users).where(eq(users.email, DEMO_CUSTOMER.email)))[0]!;
        const [order] = await db.select().from(orders).where(eq(orders.userId, maria.id));
        expect(order).toMatchObject({ status: 'pagado', paymentMethod: 'free', couponCode: 'GRATIS100' });
        expect(order!.paidAt!.getTime()).toBeLessThan(finished.days[0]!.startsAt.getTime());
        expect(calendarDaysBetween(order!.paidAt!, finished.days[0]!.startsAt)).toBe(
          DEMO_PURCHASE_DAYS_BEFORE,
        );
        expect(order!.items[0]!.days).toEqual(finished.days.map((d) => d.label));
        // Three of its four days count online (the third was cut short).
        const summary = await attendanceSummary(db, maria.id, event!.id);
        expect(summary.days.map((d) => d.attended)).toEqual([true, true, false, true]);
        expect(summary.minutes).toBe(3 * 4 * 60);
        // Her evaluation is passed and her constancia issued, with the endorsement, verifiable.
        const [mine] = (await myEvaluations(db, maria.id, now)).filter((e) => e.productId === event!.id);
        expect(mine).toMatchObject({ state: 'aprobada', bestScore: 100 });
        const [constancia] = await myConstancias(db, maria.id);
        expect(constancia).toMatchObject({ eventName: finished.name, minutes: 720, revoked: false });
        const verified = await verifyConstancia(db, constancia!.folio);
        expect(verified).toMatchObject({
          name: 'María González Ruiz',
          endorsement: { number: 'CMA-DEMO-0147' },
        });
        expect(verified.issuedAt).toBeLessThanOrEqual(now.getTime());
        expect(verified.issuedAt).toBeGreaterThan(finished.days.at(-1)!.endsAt.getTime());

        // Staff see both in the attendance screen, both issued (as the constancias job does).
        const staff = await getAttendance(db, event!.id);
        const byEmail = new Map(staff.people.map((p) => [p.email, p]));
        expect(byEmail.get(DEMO_CUSTOMER.email)).toMatchObject({
          qualifies: true,
          constancia: { folio: constancia!.folio, revoked: false },
        });
        expect(byEmail.get(DEMO_COLLEAGUE.email)).toMatchObject({
          qualifies: true,
          reason: null,
          minutes: 4 * 4 * 60,
          constancia: { revoked: false },
        });

        // Once written, a second run changes nothing.
        expect(await seedDemoAttendance(db, local.app.storage, local.app.mailSettings, now)).toEqual({
          attendees: 0,
          constancias: [],
        });
      } finally {
        await local.close();
      }
    },
  );
});

function bySlugIn(products: SeedProduct[], slug: string): SeedProduct {
  return products.find((p) => p.slug === slug)!;
}

function range(d: { startsAt: Date; endsAt: Date }) {
  return { startsAt: d.startsAt.getTime(), endsAt: d.endsAt.getTime() };
}
