// The venue (docs/product.md → Venue): staff set a name, an address and an https map link; an
// address or a map needs a name; absent on an edit = unchanged, null = removed; the public
// product shows it.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MSG } from '@store/shared/admin-messages';
import type { AdminEvent, AdminEventInput } from '@store/shared/schemas/admin/events';
import { createTestContext, type TestContext } from '../../../../test/context';
import { mexicoCityTime } from '../../../../test/factories';
import { createUser, type TestUser } from '../../../../test/store-helpers';
import { call } from '../../../../test/admin-helpers';

const VENUE = {
  name: 'Instituto Nacional de Cardiología',
  address: 'Juan Badiano 1, Belisario Domínguez Secc. 16, Tlalpan, 14080 Ciudad de México',
  mapUrl: 'https://maps.google.com/?q=Instituto+Nacional+de+Cardiolog%C3%ADa',
};

function eventInput(over: Partial<AdminEventInput> = {}): AdminEventInput {
  return {
    name: 'Taller con sede',
    description: 'Práctica presencial',
    price: 500,
    image: ['/covers/prueba.svg'],
    category: 'Conferencias',
    subCategory: 'Intermedio',
    isPresential: true,
    days: [
      {
        label: 'Jueves',
        startsAt: mexicoCityTime(40, '09:00').toISOString(),
        endsAt: mexicoCityTime(40, '14:00').toISOString(),
        streamUrl: null,
        seatCapacity: 20,
      },
    ],
    ...over,
  };
}

describe('event venue', () => {
  let ctx: TestContext;
  let admin: TestUser;
  let customer: TestUser;

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await createUser(ctx, { role: 'admin' });
    customer = await createUser(ctx);
  });
  afterAll(() => ctx.close());

  const single = async (id: string) =>
    (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/product/single/${id}`,
        headers: { token: customer.token },
      })
    ).json().product;

  it('stores the venue on create, shows it publicly, keeps it when absent and removes it with null', async () => {
    const res = await call(ctx, admin.token, 'POST', '/api/admin/events', eventInput({ venue: VENUE }));
    expect(res.statusCode, res.body).toBe(200);
    const event: AdminEvent = res.json().event;
    expect(event.venue).toEqual(VENUE);
    expect((await single(event._id)).venue).toEqual(VENUE);

    // An edit without `venue` leaves it; empty address and map are stored as none.
    const kept = await call(ctx, admin.token, 'PUT', `/api/admin/events/${event._id}`, eventInput());
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().event.venue).toEqual(VENUE);
    const nameOnly = await call(
      ctx,
      admin.token,
      'PUT',
      `/api/admin/events/${event._id}`,
      eventInput({ venue: { name: '  Hotel Sede ', address: '', mapUrl: '' } }),
    );
    expect(nameOnly.json().event.venue).toEqual({ name: 'Hotel Sede', address: null, mapUrl: null });

    // All empty (the form's blank fields) or null: no venue.
    const cleared = await call(
      ctx,
      admin.token,
      'PUT',
      `/api/admin/events/${event._id}`,
      eventInput({ venue: { name: '', address: '', mapUrl: '' } }),
    );
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().event.venue).toBeNull();
    expect((await single(event._id)).venue).toBeNull();
  });

  it('refuses an address or a map without a name, a map that is not https, and long texts', async () => {
    const refused = async (venue: AdminEventInput['venue'], message: string) => {
      const res = await call(ctx, admin.token, 'POST', '/api/admin/events', eventInput({ venue }));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toContain(message);
    };
    await refused({ name: '', address: 'Av. Reforma 1' }, ADMIN_MSG.venueNameRequired);
    await refused({ mapUrl: VENUE.mapUrl }, ADMIN_MSG.venueNameRequired);
    await refused({ name: 'Sede', mapUrl: 'http://maps.google.com/?q=x' }, ADMIN_MSG.venueMapUrlInvalid);
    await refused({ name: 'Sede', mapUrl: 'javascript:alert(1)' }, ADMIN_MSG.venueMapUrlInvalid);
    await refused({ name: 'S'.repeat(121) }, ADMIN_MSG.venueNameTooLong);
    await refused({ name: 'Sede', address: 'A'.repeat(301) }, ADMIN_MSG.venueAddressTooLong);
  });
});
