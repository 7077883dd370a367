// The fee schedule edited with the event (docs/fees.md): admins only; the list sent replaces
// the stored one, and what buyers are quoted and shown follows at once; every refusal is a
// Spanish message and changes nothing; a prerequisite is another existing event, never a circle.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ADMIN_MSG } from '@store/shared/admin-messages';
import { productListResponse } from '@store/shared/schemas/product';
import type { AdminEvent, AdminEventInput, AdminTierInput } from '@store/shared/schemas/admin/events';
import { auditLog } from '../../../db/schema';
import { createTestContext, type TestContext } from '../../../../test/context';
import { mexicoCityTime } from '../../../../test/factories';
import { addToCart, createUser, post, type TestUser } from '../../../../test/store-helpers';
import { call } from '../../../../test/admin-helpers';

const day = (i: number) => ({
  label: `Día ${i + 1}`,
  startsAt: mexicoCityTime(40 + i, '09:00').toISOString(),
  endsAt: mexicoCityTime(40 + i, '18:00').toISOString(),
});
/** An early-bird end a week from now, and one two weeks from now. */
const SOON = mexicoCityTime(7, '00:00').toISOString();
const LATER = mexicoCityTime(14, '00:00').toISOString();

function eventInput(over: Partial<AdminEventInput> = {}): AdminEventInput {
  return {
    name: 'Curso con cuotas',
    description: '',
    price: 3000,
    image: [],
    category: 'Conferencias',
    subCategory: 'Avanzado',
    isPresential: true,
    days: [day(0), day(1)],
    ...over,
  };
}

/** An event as the form sends it back: every field, days by id, with `over` applied. */
function editInput(event: AdminEvent, over: Partial<AdminEventInput>): AdminEventInput {
  return {
    name: event.name,
    description: event.description,
    price: event.price,
    image: event.image,
    category: event.category,
    subCategory: event.subCategory,
    isPresential: event.isPresential,
    days: event.days.map((d) => ({
      _id: d._id,
      label: d.label,
      startsAt: new Date(d.startsAt).toISOString(),
      endsAt: new Date(d.endsAt).toISOString(),
      streamUrl: d.streamUrl,
      seatCapacity: d.seatCapacity,
    })),
    saleMode: event.saleMode,
    requires: event.requires,
    tiers: event.tiers.map((t) => ({
      ...t,
      until: t.until === null ? null : new Date(t.until).toISOString(),
    })),
    ...over,
  };
}

const PUBLISHED: AdminTierInput[] = [
  { userType: 'especialista', until: SOON, price: 2500, scholarshipPrice: null },
  { userType: 'especialista', until: null, price: 3000, scholarshipPrice: null },
  { userType: 'residente', until: null, price: 2000, scholarshipPrice: 1500 },
  { userType: 'personal_hospital', until: null, price: 0, scholarshipPrice: null },
];

describe('admin events: fee schedule, sale mode and prerequisite', () => {
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
  const put = (id: string, body: AdminEventInput, token = admin.token) =>
    call(ctx, token, 'PUT', `/api/admin/events/${id}`, body);
  const get = async (id: string): Promise<AdminEvent> =>
    (await call(ctx, admin.token, 'GET', `/api/admin/events/${id}`)).json().event;
  async function listed(id: string) {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/product/list' });
    return productListResponse.parse(res.json()).products.find((p) => p._id === id)!;
  }
  async function quote(user: TestUser) {
    return (await post(ctx, '/api/order/quote', user.token, {})).json() as {
      subtotal: number | null;
      problem: string | null;
    };
  }

  it('creates an event with its schedule, sale mode and prerequisite; the store shows them', async () => {
    const course = await create({ saleMode: 'completo', tiers: PUBLISHED });
    expect(course).toMatchObject({ saleMode: 'completo', requires: null, price: 3000 });
    expect(course.tiers).toHaveLength(4);
    expect(course.tiers).toContainEqual({
      userType: 'especialista',
      until: Date.parse(SOON),
      price: 2500,
      scholarshipPrice: null,
    });
    const workshop = await create({ name: 'Taller', price: 1000, requires: course._id });
    expect(workshop).toMatchObject({ saleMode: 'por_dia', requires: course._id, tiers: [] });
    expect(await listed(workshop._id)).toMatchObject({
      requires: { _id: course._id, name: 'Curso con cuotas' },
    });
    expect((await listed(course._id)).tiers).toContainEqual({
      userType: 'residente',
      until: null,
      price: 2000,
      scholarshipPrice: 1500,
    });
  });

  it('an edit replaces the schedule: quote and product list follow; the audit keeps before and after', async () => {
    const event = await create({ saleMode: 'completo', tiers: PUBLISHED });
    const specialist = await createUser(ctx, { userType: 'especialista' });
    await addToCart(ctx, specialist, event._id);
    expect(await quote(specialist)).toMatchObject({ subtotal: 2500, problem: null });

    const tiers: AdminTierInput[] = [
      { userType: 'especialista', until: LATER, price: 2200, scholarshipPrice: 1800 },
      { userType: 'especialista', until: null, price: 3100, scholarshipPrice: null },
      { userType: 'general', until: null, price: 3300, scholarshipPrice: null },
    ];
    const res = await put(event._id, editInput(event, { tiers, price: null }));
    expect(res.statusCode, res.body).toBe(200);
    const saved: AdminEvent = res.json().event;
    // Without a base price the open-ended general step is the event's price.
    expect(saved.price).toBe(3300);
    expect(saved.tiers).toHaveLength(3);
    expect(await quote(specialist)).toMatchObject({ subtotal: 2200, problem: null });
    const visitor = await createUser(ctx);
    await addToCart(ctx, visitor, event._id);
    expect(await quote(visitor)).toMatchObject({ subtotal: 3300 });
    const product = await listed(event._id);
    expect(product.price).toBe(3300);
    expect(product.tiers.map((t) => t.price).sort()).toEqual([2200, 3100, 3300]);

    const updates = (
      await ctx.database.db.select().from(auditLog).where(eq(auditLog.entityId, event._id))
    ).filter((a) => a.action === 'event.update');
    expect(updates).toHaveLength(1);
    const details = updates[0]!.details as {
      tiers: { before: unknown[]; after: unknown[] };
      fields: string[];
    };
    expect(details.tiers.before).toHaveLength(4);
    expect(details.tiers.after).toContainEqual({
      userType: 'general',
      untilAt: null,
      priceCentavos: 330_000,
      scholarshipPriceCentavos: null,
    });
    expect(details.fields).toContain('priceCentavos');

    // Removing every tier: everyone pays the base price.
    const cleared = await put(event._id, editInput(saved, { tiers: [] }));
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await quote(specialist)).toMatchObject({ subtotal: 3300 });
    expect((await listed(event._id)).tiers).toEqual([]);
  });

  it('leaves the schedule, sale mode and prerequisite alone when the body omits them', async () => {
    const course = await create({ saleMode: 'completo', tiers: PUBLISHED });
    const workshop = await create({ name: 'Taller B', requires: course._id, tiers: PUBLISHED.slice(2) });
    const {
      saleMode: _s,
      requires: _r,
      tiers: _t,
      ...rest
    } = editInput(workshop, { name: 'Taller B renombrado' });
    const res = await put(workshop._id, rest);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().event).toMatchObject({
      name: 'Taller B renombrado',
      requires: course._id,
      saleMode: 'por_dia',
    });
    expect(res.json().event.tiers).toHaveLength(2);
  });

  const refusals: [string, (e: AdminEvent) => Partial<AdminEventInput>, string][] = [
    [
      'a negative price',
      () => ({ tiers: [{ userType: 'residente', until: null, price: -1, scholarshipPrice: null }] }),
      ADMIN_MSG.tierNegative,
    ],
    [
      'a negative scholarship price',
      () => ({ tiers: [{ userType: 'residente', until: null, price: 10, scholarshipPrice: -5 }] }),
      ADMIN_MSG.tierNegative,
    ],
    [
      'two steps of a type ending together',
      () => ({
        tiers: [
          { userType: 'especialista', until: SOON, price: 1, scholarshipPrice: null },
          { userType: 'especialista', until: SOON, price: 2, scholarshipPrice: null },
        ],
      }),
      ADMIN_MSG.tierOverlap,
    ],
    [
      'two open-ended steps of a type',
      () => ({
        tiers: [
          { userType: 'general', until: null, price: 1, scholarshipPrice: null },
          { userType: 'general', until: null, price: 2, scholarshipPrice: null },
        ],
      }),
      ADMIN_MSG.tierOverlap,
    ],
    [
      'no price left: no base price and no open-ended general step',
      () => ({
        price: null,
        tiers: [
          { userType: 'general', until: SOON, price: 1, scholarshipPrice: null },
          { userType: 'residente', until: null, price: 2, scholarshipPrice: null },
        ],
      }),
      ADMIN_MSG.tierNoPrice,
    ],
    [
      'no base price, schedule kept without a general step',
      () => ({ price: null, tiers: undefined }),
      ADMIN_MSG.tierNoPrice,
    ],
    [
      'a price with three decimals',
      () => ({ tiers: [{ userType: 'residente', until: null, price: 1.005, scholarshipPrice: null }] }),
      ADMIN_MSG.tierPriceInvalid,
    ],
    [
      'an unknown participant type',
      () => ({ tiers: [{ userType: 'doctor' as never, until: null, price: 1, scholarshipPrice: null }] }),
      ADMIN_MSG.tierTypeInvalid,
    ],
    [
      'an end that is not a date',
      () => ({ tiers: [{ userType: 'residente', until: 'mañana', price: 1, scholarshipPrice: null }] }),
      ADMIN_MSG.tierUntilInvalid,
    ],
    ['an unknown sale mode', () => ({ saleMode: 'por_hora' as never }), ADMIN_MSG.eventSaleModeInvalid],
    ['requiring itself', (e) => ({ requires: e._id }), ADMIN_MSG.requiresSelf],
    [
      'requiring an event that does not exist',
      () => ({ requires: '00000000-0000-4000-8000-000000000000' }),
      ADMIN_MSG.requiresNotFound,
    ],
  ];

  it.each(refusals)('refuses %s with a Spanish message and changes nothing', async (_, over, message) => {
    const event = await create({ saleMode: 'completo', tiers: PUBLISHED });
    const before = await get(event._id);
    const listedBefore = await listed(event._id);
    const res = await put(event._id, editInput(event, { name: 'No debe cambiar', ...over(event) }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message });
    expect(await get(event._id)).toEqual(before);
    expect(await listed(event._id)).toEqual(listedBefore);
  });

  it('refuses creating an event with no price', async () => {
    const res = await call(
      ctx,
      admin.token,
      'POST',
      '/api/admin/events',
      eventInput({ name: 'Sin precio', price: null }),
    );
    expect(res.json()).toEqual({ success: false, message: ADMIN_MSG.tierNoPrice });
    expect(res.statusCode).toBe(400);
    const names = (await call(ctx, admin.token, 'GET', '/api/admin/events?search=Sin%20precio')).json()
      .events;
    expect(names).toEqual([]);
  });

  it('refuses a prerequisite that would close a circle, directly or through another event', async () => {
    const a = await create({ name: 'Evento A' });
    const b = await create({ name: 'Evento B', requires: a._id });
    const c = await create({ name: 'Evento C', requires: b._id });
    for (const target of [b, c]) {
      const res = await put(a._id, editInput(a, { requires: target._id }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ success: false, message: ADMIN_MSG.requiresCycle });
    }
    expect((await get(a._id)).requires).toBeNull();
    // Another chain is fine: C may require A directly.
    const ok = await put(c._id, editInput(c, { requires: a._id }));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().event.requires).toBe(a._id);
  });

  it('is for admins only: a customer gets 403 and nothing changes', async () => {
    const event = await create({ tiers: PUBLISHED });
    const customer = await createUser(ctx);
    const res = await put(event._id, editInput(event, { tiers: [] }), customer.token);
    expect(res.statusCode).toBe(403);
    expect((await get(event._id)).tiers).toHaveLength(4);
    const anonymous = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/events/${event._id}`,
      payload: editInput(event, { tiers: [] }) as unknown as Record<string, unknown>,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await get(event._id)).tiers).toHaveLength(4);
  });

  it('duplicates the schedule, sale mode and prerequisite with the event', async () => {
    const course = await create({ saleMode: 'completo', tiers: PUBLISHED });
    const workshop = await create({ name: 'Taller C', requires: course._id, tiers: PUBLISHED.slice(2) });
    const copy = (await call(ctx, admin.token, 'POST', `/api/admin/events/${course._id}/duplicate`)).json()
      .event;
    expect(copy).toMatchObject({ saleMode: 'completo', requires: null });
    expect(copy.tiers).toEqual((await get(course._id)).tiers);
    const copy2 = (await call(ctx, admin.token, 'POST', `/api/admin/events/${workshop._id}/duplicate`)).json()
      .event;
    expect(copy2).toMatchObject({ requires: course._id });
  });
});
