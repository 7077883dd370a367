import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeStreamUrl } from '@store/shared/domain/stream-url';
import { CATEGORIES, LEVELS } from '@store/shared/constants';
import { createTestContext, type TestContext } from '../../test/context';
import { seed } from './seed';
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
});
