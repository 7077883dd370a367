// «Agregar a mi calendario» (GET /api/order/{orderId}/calendar): the confirmation's .ics for
// the days of one's own paid order; someone else's order is refused, a pending one too.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_FEE_CENTAVOS } from '@store/shared/constants';
import { toPesos } from '@store/shared/domain/money';
import { MSG } from '@store/shared/messages';
import { createProduct, mexicoCityTime } from '../../../test/factories';
import {
  createPaypalOrder,
  payPaypal,
  startPaymentsHarness,
  type Buyer,
  type PaymentsHarness,
} from '../../../test/payments-helpers';
import { addToCart, ADDRESS, createUser, type TestUser } from '../../../test/store-helpers';

let h: PaymentsHarness;
beforeAll(async () => {
  h = await startPaymentsHarness({ RATE_LIMIT_ORDER_MAX: '1000' });
});
afterAll(() => h.close());

async function pendingOrder(u: TestUser) {
  const { product, days } = await createProduct(h.ctx.database.db, {
    name: 'Taller de vía aérea difícil',
    price: 1000,
    days: [{ label: 'Taller', startsAt: mexicoCityTime(20, '09:00'), endsAt: mexicoCityTime(20, '14:00') }],
  });
  await addToCart(h.ctx, u, product.id, 'Taller');
  const total = toPesos(1000 * 100 + SERVICE_FEE_CENTAVOS);
  const buyer: Buyer = {
    user: u,
    productId: product.id,
    productDayId: days[0]!.id,
    total,
    body: {
      address: ADDRESS,
      items: [{ _id: product.id, days: 'Taller', quantity: 1 }],
      amount: total,
      discount: 0,
    },
  };
  const { id, orderId } = await createPaypalOrder(h.ctx, buyer);
  return { buyer, paypalId: id, orderId };
}

const calendarOf = (u: TestUser | null, orderId: string) =>
  h.ctx.app.inject({
    method: 'GET',
    url: `/api/order/${orderId}/calendar`,
    headers: u ? { token: u.token } : {},
  });

describe('GET /api/order/{orderId}/calendar', () => {
  it("gives the buyer their paid days as .ics, and nobody else's", async () => {
    const [owner, other] = [await createUser(h.ctx), await createUser(h.ctx)];
    const { buyer, paypalId, orderId } = await pendingOrder(owner);

    const pending = await calendarOf(owner, orderId);
    expect([pending.statusCode, pending.json().message]).toEqual([409, MSG.calendarNotAvailable]);

    h.paypal.approve(paypalId);
    expect((await payPaypal(h.ctx, buyer, paypalId)).statusCode).toBe(200);
    const res = await calendarOf(owner, orderId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="evento-.+\.ics"$/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toContain('BEGIN:VCALENDAR');
    expect(res.body.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(res.body).toContain('SUMMARY:Taller de vía aérea difícil · Taller');
    expect(res.body).toContain('DTSTART;TZID=America/Mexico_City:');

    expect((await calendarOf(other, orderId)).statusCode).toBe(403);
    expect((await calendarOf(null, orderId)).statusCode).toBe(401);
    expect((await calendarOf(owner, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});
