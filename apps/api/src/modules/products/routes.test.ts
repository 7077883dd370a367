import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import { createProduct } from '../../../test/factories';

describe('GET /api/product/list', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('lists active products newest first with the public fields, never dayLinks', async () => {
    const db = ctx.database.db;
    await createProduct(db, { name: 'Viejo', createdAt: new Date('2026-01-01') });
    await createProduct(db, {
      name: 'Nuevo',
      price: 2500.5,
      createdAt: new Date('2026-02-01'),
      days: [
        { label: 'Jueves', streamUrl: 'https://vimeo.com/event/1', seatCapacity: 10 },
        { label: 'Viernes', streamUrl: 'https://youtu.be/abcdefghijk' },
      ],
    });
    await createProduct(db, { name: 'Archivado', active: false, createdAt: new Date('2026-03-01') });

    const res = await ctx.app.inject({ method: 'GET', url: '/api/product/list' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.products.map((p: { name: string }) => p.name)).toEqual(['Nuevo', 'Viejo']);
    const [nuevo] = body.products;
    expect(nuevo).toMatchObject({
      price: 2500.5,
      days: ['Jueves', 'Viernes'],
      dayOptions: [
        { label: 'Jueves', seatCapacity: 10, seatsSold: 0 },
        { label: 'Viernes', seatCapacity: null, seatsSold: 0 },
      ],
      category: 'Conferencias',
      subCategory: 'Basico',
      isPresential: false,
    });
    expect(res.body).not.toContain('dayLinks');
    expect(res.body).not.toContain('vimeo.com/event');
  });

  it('answers unknown API paths with a Spanish JSON 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'No encontramos lo que buscas' });
  });
});
