import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '@store/shared/messages';
import { fromMexicoCityLocal } from '@store/shared/domain/time';
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
        { label: 'Jueves', seatCapacity: 10, seatsSold: 0, startsAt: expect.any(Number) },
        { label: 'Viernes', seatCapacity: null, seatsSold: 0, endsAt: expect.any(Number) },
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

describe('GET /api/product/list by state, with a clock that moves', () => {
  let ctx: TestContext;
  const at = (v: string) => fromMexicoCityLocal(v)!;
  const names = async (qs = '') => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/product/list${qs}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().products.map((p: { name: string }) => p.name) as string[];
  };
  beforeAll(async () => {
    ctx = await createTestContext();
    const db = ctx.database.db;
    await createProduct(db, {
      name: 'Terminado hace tiempo',
      createdAt: new Date('2030-01-01T00:00:00Z'),
      days: [{ label: 'Lunes', startsAt: at('2030-02-04T09:00'), endsAt: at('2030-02-04T18:00') }],
    });
    await createProduct(db, {
      name: 'Serie',
      createdAt: new Date('2030-01-02T00:00:00Z'),
      days: [
        { label: 'Primera', startsAt: at('2030-03-01T10:00'), endsAt: at('2030-03-01T13:00') },
        { label: 'Segunda', startsAt: at('2030-03-08T10:00'), endsAt: at('2030-03-08T13:00') },
      ],
    });
    await createProduct(db, {
      name: 'Curso',
      createdAt: new Date('2030-01-03T00:00:00Z'),
      days: [{ label: 'Jueves', startsAt: at('2030-03-07T09:00'), endsAt: at('2030-03-07T18:00') }],
    });
  });
  afterEach(() => vi.useRealTimers());
  afterAll(() => ctx.close());

  it('exposes each day and the event as instants (epoch ms)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at('2030-02-01T12:00'));
    const res = await ctx.app.inject({ method: 'GET', url: '/api/product/list' });
    const serie = res.json().products.find((p: { name: string }) => p.name === 'Serie');
    expect(serie).toMatchObject({
      startsAt: at('2030-03-01T10:00').getTime(),
      endsAt: at('2030-03-08T13:00').getTime(),
      dayOptions: [
        {
          label: 'Primera',
          startsAt: at('2030-03-01T10:00').getTime(),
          endsAt: at('2030-03-01T13:00').getTime(),
        },
        {
          label: 'Segunda',
          startsAt: at('2030-03-08T10:00').getTime(),
          endsAt: at('2030-03-08T13:00').getTime(),
        },
      ],
    });
  });

  it('lists by default the events with a day not ended; finished ones on request', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at('2030-02-01T12:00'));
    expect(await names()).toEqual(['Curso', 'Serie', 'Terminado hace tiempo']);
    expect(await names('?estado=finalizados')).toEqual([]);

    // The exact end instant of its only day finishes an event.
    vi.setSystemTime(at('2030-02-04T18:00').getTime() - 1);
    expect(await names()).toEqual(['Curso', 'Serie', 'Terminado hace tiempo']);
    vi.setSystemTime(at('2030-02-04T18:00'));
    expect(await names()).toEqual(['Curso', 'Serie']);
    expect(await names('?estado=finalizados')).toEqual(['Terminado hace tiempo']);

    // A series with one day behind it is still on sale.
    vi.setSystemTime(at('2030-03-02T12:00'));
    expect(await names()).toEqual(['Curso', 'Serie']);

    // Finished ones: most recently ended first; todos: everything, newest first.
    vi.setSystemTime(at('2030-03-09T00:00'));
    expect(await names()).toEqual([]);
    expect(await names('?estado=finalizados')).toEqual(['Serie', 'Curso', 'Terminado hace tiempo']);
    expect(await names('?estado=todos')).toEqual(['Curso', 'Serie', 'Terminado hace tiempo']);
    expect(await names('?estado=proximos')).toEqual([]);
  });

  it('refuses an unknown state in Spanish', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/product/list?estado=pasados' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: MSG.productListStateInvalid });
  });
});
