import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_MSG,
  adminCapacityBelowTaken,
  adminDayHasOrders,
  adminDuplicateDay,
  adminStreamUrlInvalid,
} from '@store/shared/admin-messages';
import type { AdminEvent, AdminEventInput } from '@store/shared/schemas/admin/events';
import { createTestContext, type TestContext } from '../../../../test/context';
import { mexicoCityTime } from '../../../../test/factories';
import { createUser, type TestUser } from '../../../../test/store-helpers';
import { call, claim, dayLinksOf } from '../../../../test/admin-helpers';

const YT = 'https://www.youtube.com/watch?v=abcdefghijk';
const VIMEO = 'https://vimeo.com/event/123456';

/** The i-th day's hours, 9:00–18:00 Mexico City, a month from now: days in order. */
const times = (i: number) => ({
  startsAt: mexicoCityTime(30 + i, '09:00').toISOString(),
  endsAt: mexicoCityTime(30 + i, '18:00').toISOString(),
});

function eventInput(over: Partial<AdminEventInput> = {}): AdminEventInput {
  return {
    name: 'Taller de ecocardiografía',
    description: 'Práctica guiada',
    price: 0,
    image: [],
    category: 'Conferencias',
    subCategory: 'Intermedio',
    isPresential: true,
    days: [
      { label: 'Jueves', ...times(0), streamUrl: YT, seatCapacity: 2 },
      { label: 'Viernes', ...times(1), streamUrl: null, seatCapacity: null },
    ],
    ...over,
  };
}

describe('admin events', () => {
  let ctx: TestContext;
  let admin: TestUser;

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await createUser(ctx, { role: 'admin' });
  });
  afterAll(() => ctx.close());

  async function create(over: Partial<AdminEventInput> = {}): Promise<AdminEvent> {
    const res = await call(ctx, admin.token, 'POST', '/api/admin/events', eventInput(over));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().event;
  }

  it('creates an event with days in order; it appears in the store without its stream links', async () => {
    const res = await call(ctx, admin.token, 'POST', '/api/admin/events', eventInput({ price: 1250.5 }));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe(ADMIN_MSG.eventCreated);
    expect(body.event).toMatchObject({
      name: 'Taller de ecocardiografía',
      price: 1250.5,
      active: true,
      days: [
        {
          label: 'Jueves',
          startsAt: Date.parse(times(0).startsAt),
          endsAt: Date.parse(times(0).endsAt),
          position: 0,
          streamUrl: YT,
          seatCapacity: 2,
          seatsTaken: 0,
          seatsSold: 0,
        },
        { label: 'Viernes', position: 1, streamUrl: null, seatCapacity: null },
      ],
      startsAt: Date.parse(times(0).startsAt),
      endsAt: Date.parse(times(1).endsAt),
    });
    const list = await ctx.app.inject({ method: 'GET', url: '/api/product/list' });
    const product = list.json().products.find((p: { _id: string }) => p._id === body.event._id);
    expect(product).toMatchObject({ price: 1250.5, days: ['Jueves', 'Viernes'] });
    expect(list.body).not.toContain('abcdefghijk');
  });

  it.each([
    [{ name: '  ' }, ADMIN_MSG.eventNameRequired],
    [{ price: -1 }, ADMIN_MSG.eventPriceInvalid],
    [{ price: 10.555 }, ADMIN_MSG.eventPriceInvalid],
    [{ category: 'Otra' }, ADMIN_MSG.eventCategoryInvalid],
    [{ subCategory: 'Experto' }, ADMIN_MSG.eventLevelInvalid],
    [{ days: [] }, ADMIN_MSG.eventDaysRequired],
    [{ days: [{ label: '', ...times(0) }] }, ADMIN_MSG.dayLabelRequired],
    [{ days: [{ label: 'Jueves', ...times(0), seatCapacity: 0 }] }, ADMIN_MSG.dayCapacityInvalid],
    [{ days: [{ label: 'Jueves', ...times(0), seatCapacity: 1.5 }] }, ADMIN_MSG.dayCapacityInvalid],
    [
      {
        days: [
          { label: 'Jueves', ...times(0) },
          { label: 'jueves', ...times(1) },
        ],
      },
      adminDuplicateDay('jueves'),
    ],
    [
      { days: [{ label: 'Jueves', ...times(0), streamUrl: 'https://evil.example/video' }] },
      adminStreamUrlInvalid('Jueves'),
    ],
    [
      { days: [{ label: 'Jueves', ...times(0), streamUrl: 'javascript:alert(1)' }] },
      adminStreamUrlInvalid('Jueves'),
    ],
    [{ days: [{ label: 'Jueves', endsAt: times(0).endsAt }] }, ADMIN_MSG.dayStartRequired],
    [{ days: [{ label: 'Jueves', startsAt: times(0).startsAt, endsAt: '' }] }, ADMIN_MSG.dayEndRequired],
    [
      { days: [{ label: 'Jueves', startsAt: 'mañana', endsAt: times(0).endsAt }] },
      ADMIN_MSG.dayDateTimeInvalid,
    ],
    // A wall time without its offset would depend on the server's zone.
    [
      { days: [{ label: 'Jueves', startsAt: '2030-05-29T09:00:00', endsAt: '2030-05-29T18:00:00' }] },
      ADMIN_MSG.dayDateTimeInvalid,
    ],
    [
      { days: [{ label: 'Jueves', startsAt: times(0).endsAt, endsAt: times(0).startsAt }] },
      ADMIN_MSG.dayEndBeforeStart,
    ],
    [
      { days: [{ label: 'Jueves', startsAt: times(0).startsAt, endsAt: times(0).startsAt }] },
      ADMIN_MSG.dayEndBeforeStart,
    ],
    [
      {
        days: [
          { label: 'Jueves', startsAt: '2030-05-29T09:00:00-06:00', endsAt: '2030-05-30T09:00:01-06:00' },
        ],
      },
      ADMIN_MSG.dayTooLong,
    ],
    [
      {
        days: [
          { label: 'Viernes', ...times(1) },
          { label: 'Jueves', ...times(0) },
        ],
      },
      ADMIN_MSG.daysOutOfOrder,
    ],
    [{ image: ['/etc/passwd'] }, ADMIN_MSG.eventImageInvalid],
    [{ image: ['https://otro-sitio.example/a.png'] }, ADMIN_MSG.eventImageInvalid],
  ])('refuses %j with a Spanish message', async (over, message) => {
    const res = await call(ctx, admin.token, 'POST', '/api/admin/events', { ...eventInput(), ...over });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message });
  });

  it('keeps each day as the Mexico City instants entered; a day may last 24 h; days may share a start', async () => {
    const event = await create({
      days: [
        {
          label: 'Jueves 29 de mayo',
          startsAt: '2030-05-29T09:00:00-06:00',
          endsAt: '2030-05-30T09:00:00-06:00',
        },
        { label: 'Sede norte', startsAt: '2030-05-30T15:00:00.000Z', endsAt: '2030-05-30T20:00:00.000Z' },
        { label: 'Sede sur', startsAt: '2030-05-30T15:00:00.000Z', endsAt: '2030-05-30T19:00:00.000Z' },
      ],
    });
    expect(
      event.days.map((d) => [d.label, new Date(d.startsAt).toISOString(), new Date(d.endsAt).toISOString()]),
    ).toEqual([
      ['Jueves 29 de mayo', '2030-05-29T15:00:00.000Z', '2030-05-30T15:00:00.000Z'],
      ['Sede norte', '2030-05-30T15:00:00.000Z', '2030-05-30T20:00:00.000Z'],
      ['Sede sur', '2030-05-30T15:00:00.000Z', '2030-05-30T19:00:00.000Z'],
    ]);
    expect([event.startsAt, event.endsAt]).toEqual([
      Date.parse('2030-05-29T15:00:00Z'),
      Date.parse('2030-05-30T20:00:00Z'),
    ]);
  });

  it('reschedules days: the event span follows, and a moved-to-the-past event leaves the catalogue', async () => {
    const event = await create({ name: 'Reprogramado' });
    const inStore = async (qs = '') =>
      (await ctx.app.inject({ method: 'GET', url: `/api/product/list${qs}` }))
        .json()
        .products.some((p: { _id: string }) => p._id === event._id);
    expect(await inStore()).toBe(true);
    const past = (offset: number) => ({
      startsAt: mexicoCityTime(offset, '09:00').toISOString(),
      endsAt: mexicoCityTime(offset, '18:00').toISOString(),
    });
    const res = await call(ctx, admin.token, 'PUT', `/api/admin/events/${event._id}`, {
      ...eventInput({ name: 'Reprogramado' }),
      days: event.days.map((d, i) => ({ _id: d._id, label: d.label, ...past(i - 10) })),
    });
    expect(res.statusCode, res.body).toBe(200);
    const edited: AdminEvent = res.json().event;
    expect(edited.startsAt).toBe(mexicoCityTime(-10, '09:00').getTime());
    expect(edited.endsAt).toBe(mexicoCityTime(-9, '18:00').getTime());
    expect(await inStore()).toBe(false);
    expect(await inStore('?estado=finalizados')).toBe(true);
    const audit = await call(ctx, admin.token, 'GET', `/api/admin/audit?entity=event&entityId=${event._id}`);
    expect(audit.json().entries[0].details).toMatchObject({
      fields: ['startsAt', 'endsAt'],
      updated: ['Jueves', 'Viernes'],
    });
  });

  it('lists with search (case- and wildcard-safe) and status filter', async () => {
    await create({ name: 'Simposio 100% práctico' });
    const archived = await create({ name: 'Simposio archivado' });
    await call(ctx, admin.token, 'POST', `/api/admin/events/${archived._id}/archive`);
    const names = async (qs: string) =>
      (await call(ctx, admin.token, 'GET', `/api/admin/events?${qs}`))
        .json()
        .events.map((e: AdminEvent) => e.name);
    expect(await names('search=simposio')).toEqual(['Simposio archivado', 'Simposio 100% práctico']);
    expect(await names('search=100%25')).toEqual(['Simposio 100% práctico']);
    expect(await names('search=_')).toEqual([]);
    expect(await names('search=simposio&status=archived')).toEqual(['Simposio archivado']);
    expect(await names('search=simposio&status=active')).toEqual(['Simposio 100% práctico']);
    const bad = await call(ctx, admin.token, 'GET', '/api/admin/events?status=otro');
    expect(bad.statusCode).toBe(400);
  });

  it('edits: renames and reorders days keeping their rows, so orders and access follow', async () => {
    const event = await create();
    const customer = await createUser(ctx);
    const [jueves, viernes] = event.days;
    await claim(ctx, customer, event._id, ['Jueves']);

    const res = await call(ctx, admin.token, 'PUT', `/api/admin/events/${event._id}`, {
      ...eventInput({ name: 'Taller renombrado', price: 300 }),
      days: [
        { _id: viernes!._id, label: 'Jueves', ...times(0), streamUrl: null, seatCapacity: null },
        { _id: jueves!._id, label: 'Jueves 29 de mayo', ...times(1), streamUrl: VIMEO, seatCapacity: 5 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const edited: AdminEvent = res.json().event;
    expect(edited.name).toBe('Taller renombrado');
    expect(edited.price).toBe(300);
    expect(edited.days.map((d) => [d._id, d.label, d.position, d.seatsTaken, d.seatsSold])).toEqual([
      [viernes!._id, 'Jueves', 0, 0, 0],
      [jueves!._id, 'Jueves 29 de mayo', 1, 1, 1],
    ]);
    // The customer keeps access, under the new name, with the new link.
    expect(await dayLinksOf(ctx, customer, event._id)).toEqual({ 'Jueves 29 de mayo': VIMEO });
    const orders = await ctx.app.inject({
      method: 'POST',
      url: '/api/order/userorders',
      headers: { token: customer.token },
    });
    expect(orders.json().orders[0].items[0].days).toEqual(['Jueves 29 de mayo']);
  });

  it('refuses removing a day with orders and lowering a limit below the seats taken', async () => {
    const event = await create();
    const [jueves, viernes] = event.days;
    await claim(ctx, await createUser(ctx), event._id, ['Jueves']);
    await claim(ctx, await createUser(ctx), event._id, ['Jueves']);

    const remove = await call(ctx, admin.token, 'PUT', `/api/admin/events/${event._id}`, {
      ...eventInput(),
      days: [{ _id: viernes!._id, label: 'Viernes', ...times(0) }],
    });
    expect(remove.statusCode).toBe(409);
    expect(remove.json().message).toBe(adminDayHasOrders('Jueves'));

    const lower = await call(ctx, admin.token, 'PUT', `/api/admin/events/${event._id}`, {
      ...eventInput(),
      days: [
        { _id: jueves!._id, label: 'Jueves', ...times(0), seatCapacity: 1 },
        { _id: viernes!._id, label: 'Viernes', ...times(1) },
      ],
    });
    expect(lower.statusCode).toBe(409);
    expect(lower.json().message).toBe(adminCapacityBelowTaken('Jueves', 2));

    // A day without orders can go; raising the limit is fine.
    const ok = await call(ctx, admin.token, 'PUT', `/api/admin/events/${event._id}`, {
      ...eventInput(),
      days: [
        { _id: jueves!._id, label: 'Jueves', ...times(0), seatCapacity: 2 },
        { label: 'Sábado', ...times(1) },
      ],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().event.days.map((d: AdminEvent['days'][number]) => d.label)).toEqual([
      'Jueves',
      'Sábado',
    ]);

    const foreign = await call(ctx, admin.token, 'PUT', `/api/admin/events/${event._id}`, {
      ...eventInput(),
      days: [{ _id: '00000000-0000-4000-8000-000000000000', label: 'Jueves', ...times(0) }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(ADMIN_MSG.dayNotInEvent);
  });

  it('archive takes the event out of the store but keeps orders and access', async () => {
    const event = await create();
    const customer = await createUser(ctx);
    await claim(ctx, customer, event._id, ['Jueves']);

    const res = await call(ctx, admin.token, 'POST', `/api/admin/events/${event._id}/archive`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: ADMIN_MSG.eventArchived, event: { active: false } });
    const list = await ctx.app.inject({ method: 'GET', url: '/api/product/list' });
    expect(list.json().products.map((p: { _id: string }) => p._id)).not.toContain(event._id);
    expect(await dayLinksOf(ctx, customer, event._id)).toEqual({ Jueves: YT });

    const back = await call(ctx, admin.token, 'POST', `/api/admin/events/${event._id}/unarchive`);
    expect(back.json().event.active).toBe(true);
  });

  it('duplicates an event as a draft copy with no seats taken', async () => {
    const event = await create();
    await claim(ctx, await createUser(ctx), event._id, ['Jueves']);
    const res = await call(ctx, admin.token, 'POST', `/api/admin/events/${event._id}/duplicate`);
    expect(res.statusCode).toBe(200);
    const copy: AdminEvent = res.json().event;
    expect(copy._id).not.toBe(event._id);
    expect(copy).toMatchObject({ name: `${event.name} (copia)`, active: true, draft: true });
    expect(copy.days.map((d) => [d.label, d.streamUrl, d.seatCapacity, d.seatsTaken])).toEqual([
      ['Jueves', YT, 2, 0],
      ['Viernes', null, null, 0],
    ]);
  });

  it('answers 404 for an unknown event and 400 for a malformed id', async () => {
    const missing = await call(
      ctx,
      admin.token,
      'GET',
      '/api/admin/events/00000000-0000-4000-8000-000000000000',
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(ADMIN_MSG.eventNotFound);
    const bad = await call(ctx, admin.token, 'GET', '/api/admin/events/abc');
    expect(bad.statusCode).toBe(400);
  });

  it('writes an audit entry for each change', async () => {
    const event = await create({ name: 'Auditado' });
    await call(ctx, admin.token, 'PUT', `/api/admin/events/${event._id}`, {
      ...eventInput({ name: 'Auditado', price: 10 }),
      days: event.days.map((d) => ({
        _id: d._id,
        label: d.label,
        startsAt: new Date(d.startsAt).toISOString(),
        endsAt: new Date(d.endsAt).toISOString(),
        streamUrl: d.streamUrl,
        seatCapacity: d.seatCapacity,
      })),
    });
    await call(ctx, admin.token, 'POST', `/api/admin/events/${event._id}/archive`);
    const res = await call(ctx, admin.token, 'GET', `/api/admin/audit?entity=event&entityId=${event._id}`);
    const entries = res.json().entries;
    expect(entries.map((e: { action: string }) => e.action)).toEqual([
      'event.archive',
      'event.update',
      'event.create',
    ]);
    expect(entries[1].details.fields).toEqual(['priceCentavos']);
    expect(entries[0].actor).toMatchObject({ _id: admin.id, email: admin.email });
  });
});
