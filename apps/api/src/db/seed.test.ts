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
import { createTestContext, type TestContext } from '../../test/context';
import { seed } from './seed';
import { COURSE_SLUG, demoCatalogue, FINISHED_EVENT_SLUG, type SeedProduct } from './seed-data';
import { coupons, productDays, products, users } from './schema';

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

function range(d: { startsAt: Date; endsAt: Date }) {
  return { startsAt: d.startsAt.getTime(), endsAt: d.endsAt.getTime() };
}
