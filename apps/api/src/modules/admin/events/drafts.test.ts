// Drafts (docs/product.md → Drafts and publishing): a draft is seen only by staff and sold to
// nobody; publishing checks it is complete and names what is missing; an event with sales
// cannot go back to draft; the API's default stays "published" for callers that send no
// `draft`.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MSG, adminEventIncomplete } from '@store/shared/admin-messages';
import { MSG } from '@store/shared/messages';
import { GROUP_MSG } from '@store/shared/group-messages';
import type { AdminEvent, AdminEventInput } from '@store/shared/schemas/admin/events';
import { createTestContext, type TestContext } from '../../../../test/context';
import { mexicoCityTime } from '../../../../test/factories';
import { addToCart, createUser, post, type TestUser } from '../../../../test/store-helpers';
import { call, claim } from '../../../../test/admin-helpers';

const COVER = '/covers/prueba.svg';

const times = (i: number) => ({
  startsAt: mexicoCityTime(30 + i, '09:00').toISOString(),
  endsAt: mexicoCityTime(30 + i, '18:00').toISOString(),
});

function eventInput(over: Partial<AdminEventInput> = {}): AdminEventInput {
  return {
    name: 'Simposio en preparación',
    description: 'Programa por confirmar',
    price: 0,
    image: [COVER],
    category: 'Conferencias',
    subCategory: 'Intermedio',
    isPresential: false,
    days: [{ label: 'Jueves', ...times(0), streamUrl: null, seatCapacity: 1 }],
    ...over,
  };
}

describe('event drafts', () => {
  let ctx: TestContext;
  let admin: TestUser;
  let customer: TestUser;

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await createUser(ctx, { role: 'admin' });
    customer = await createUser(ctx);
  });
  afterAll(() => ctx.close());

  async function create(over: Partial<AdminEventInput> = {}): Promise<AdminEvent> {
    const res = await call(ctx, admin.token, 'POST', '/api/admin/events', eventInput(over));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().event;
  }
  const listed = async (estado = 'todos') =>
    (await ctx.app.inject({ method: 'GET', url: `/api/product/list?estado=${estado}` }))
      .json()
      .products.map((p: { _id: string }) => p._id);
  const single = (id: string, token?: string) =>
    ctx.app.inject({ method: 'GET', url: `/api/product/single/${id}`, headers: token ? { token } : {} });

  it('keeps a draft out of the catalogue, the sitemap and every sale; staff preview it', async () => {
    const res = await call(ctx, admin.token, 'POST', '/api/admin/events', eventInput({ draft: true }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: ADMIN_MSG.eventDraftCreated, event: { draft: true } });
    const draft: AdminEvent = res.json().event;

    expect(await listed('proximos')).not.toContain(draft._id);
    expect(await listed('todos')).not.toContain(draft._id);
    const sitemap = await ctx.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.body).not.toContain(draft._id);

    // A member gets what an unknown event answers; staff get the preview, marked as a draft.
    const asCustomer = await single(draft._id, customer.token);
    expect(asCustomer.statusCode).toBe(404);
    expect(asCustomer.json().message).toBe(MSG.productNotFound);
    expect((await single(draft._id)).statusCode).toBe(401);
    const preview = await single(draft._id, admin.token);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().product).toMatchObject({ _id: draft._id, name: draft.name, draft: true });
    // A published event's answer carries no draft mark (the public shape is unchanged).
    const published = await create();
    expect((await single(published._id, customer.token)).json().product).not.toHaveProperty('draft');

    // Nobody can buy it: cart, team purchase, waiting list (staff included).
    for (const who of [customer, admin]) {
      const add = await post(ctx, '/api/cart/add', who.token, { itemId: draft._id, days: 'Jueves' });
      expect(add.statusCode).toBe(404);
      expect(add.json().message).toBe(MSG.productNotFound);
    }
    const team = await post(ctx, '/api/group/quote', customer.token, {
      productId: draft._id,
      days: ['Jueves'],
      places: 2,
    });
    expect(team.statusCode).toBe(404);
    expect(team.json().message).toBe(GROUP_MSG.groupProductUnavailable);
    const wait = await post(ctx, '/api/waitlist/join', customer.token, {
      productId: draft._id,
      day: 'Jueves',
    });
    expect(wait.statusCode).toBe(404);
    expect(wait.json().message).toBe(MSG.productNotFound);
  });

  it('publishing names what is missing, then publishes a complete event', async () => {
    const draft = await create({ draft: true, image: [], description: '' });
    const refused = await call(ctx, admin.token, 'POST', `/api/admin/events/${draft._id}/publish`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(adminEventIncomplete(['description', 'image']));
    expect(refused.json().message).toBe(
      'Para publicar el evento falta la descripción y una imagen de portada.',
    );
    expect(await listed()).not.toContain(draft._id);

    // Completed in the form (saved as a draft: `draft` absent keeps it one), then published.
    const days = draft.days.map((d) => ({
      _id: d._id,
      label: d.label,
      startsAt: new Date(d.startsAt).toISOString(),
      endsAt: new Date(d.endsAt).toISOString(),
    }));
    const saved = await call(ctx, admin.token, 'PUT', `/api/admin/events/${draft._id}`, eventInput({ days }));
    expect(saved.json().event.draft).toBe(true);
    const ok = await call(ctx, admin.token, 'POST', `/api/admin/events/${draft._id}/publish`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ message: ADMIN_MSG.eventPublished, event: { draft: false } });
    expect(await listed('proximos')).toContain(draft._id);
    const add = await post(ctx, '/api/cart/add', customer.token, { itemId: draft._id, days: 'Jueves' });
    expect(add.statusCode, add.body).toBe(200);

    const audit = await call(ctx, admin.token, 'GET', `/api/admin/audit?entity=event&entityId=${draft._id}`);
    expect(audit.json().entries.map((e: { action: string }) => e.action)).toEqual([
      'event.publish',
      'event.update',
      'event.create',
    ]);
  });

  it('refuses to publish an event whose every day has ended', async () => {
    const past = {
      label: 'Jueves pasado',
      startsAt: mexicoCityTime(-3, '09:00').toISOString(),
      endsAt: mexicoCityTime(-3, '18:00').toISOString(),
    };
    const draft = await create({ draft: true, days: [past] });
    const refused = await call(ctx, admin.token, 'POST', `/api/admin/events/${draft._id}/publish`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(adminEventIncomplete(['upcomingDay']));
  });

  it('takes an event back to draft until it sells; then refuses (archive is the way out)', async () => {
    const event = await create({ name: 'Evento que se despublica' });
    // A customer's cart line of an event taken back to draft is no longer offered.
    await addToCart(ctx, customer, event._id, 'Jueves');
    const back = await call(ctx, admin.token, 'POST', `/api/admin/events/${event._id}/unpublish`);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ message: ADMIN_MSG.eventUnpublished, event: { draft: true } });
    expect(await listed()).not.toContain(event._id);
    const cart = await post(ctx, '/api/cart/get', customer.token, {});
    expect(cart.json().cartData[event._id]).toBeUndefined();

    await call(ctx, admin.token, 'POST', `/api/admin/events/${event._id}/publish`);
    const buyer = await createUser(ctx);
    await claim(ctx, buyer, event._id, ['Jueves']);
    const refused = await call(ctx, admin.token, 'POST', `/api/admin/events/${event._id}/unpublish`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ADMIN_MSG.eventUnpublishHasSales);
    const asDraft = await call(ctx, admin.token, 'PUT', `/api/admin/events/${event._id}`, {
      ...eventInput({ name: event.name, draft: true }),
      days: [{ _id: event.days[0]!._id, label: 'Jueves', ...times(0), seatCapacity: 1 }],
    });
    expect(asDraft.statusCode).toBe(409);
    expect(await listed()).toContain(event._id);
  });

  it('keeps the API default: no `draft` publishes at once; `draft: false` is checked first', async () => {
    const legacy = await create({ image: [], description: '' });
    expect(legacy.draft).toBe(false);
    expect(await listed()).toContain(legacy._id);

    const before = (await call(ctx, admin.token, 'GET', '/api/admin/events')).json().events.length;
    const refused = await call(
      ctx,
      admin.token,
      'POST',
      '/api/admin/events',
      eventInput({ draft: false, image: [] }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(adminEventIncomplete(['image']));
    expect((await call(ctx, admin.token, 'GET', '/api/admin/events')).json().events).toHaveLength(before);

    // An edit asking to publish an incomplete draft changes nothing.
    const draft = await create({ draft: true, image: [] });
    const edit = await call(ctx, admin.token, 'PUT', `/api/admin/events/${draft._id}`, {
      ...eventInput({ name: 'Nombre nuevo', image: [], draft: false }),
      days: [{ _id: draft.days[0]!._id, label: 'Jueves', ...times(0) }],
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().message).toBe(adminEventIncomplete(['image']));
    const unchanged = (await call(ctx, admin.token, 'GET', `/api/admin/events/${draft._id}`)).json().event;
    expect(unchanged).toMatchObject({ name: draft.name, draft: true });
  });

  it('lists drafts apart and duplicates an event as a draft', async () => {
    const source = await create({ name: 'Jornada de invierno' });
    const copy = (await call(ctx, admin.token, 'POST', `/api/admin/events/${source._id}/duplicate`)).json();
    expect(copy).toMatchObject({
      message: ADMIN_MSG.eventDuplicated,
      event: { name: 'Jornada de invierno (copia)', active: true, draft: true },
    });
    const names = async (status: string) =>
      (await call(ctx, admin.token, 'GET', `/api/admin/events?search=jornada&status=${status}`))
        .json()
        .events.map((e: AdminEvent) => e.name);
    expect(await names('draft')).toEqual(['Jornada de invierno (copia)']);
    expect(await names('active')).toEqual(['Jornada de invierno']);
    expect(await names('all')).toEqual(['Jornada de invierno (copia)', 'Jornada de invierno']);
    expect(await listed()).not.toContain(copy.event._id);
  });
});
