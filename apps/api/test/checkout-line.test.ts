// The on-sale minute (docs/on-sale.md): the checkout line on the wire, the sold-out answer
// from the seat board, and a buyer who leaves giving their place (or their hold) back at once.

import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productDays } from '../src/db/schema';
import { MSG } from '@store/shared/messages';
import { createProduct } from './factories';
import {
  buyerWithCart,
  cartSize,
  createPaypalOrder,
  orderRow,
  seatsTaken,
  startPaymentsHarness,
  type PaymentsHarness,
} from './payments-helpers';
import { ADDRESS, addToCart, createUser, post } from './store-helpers';
import { lines, streamedCall, until } from './line-client';

let h: PaymentsHarness;
let base: string;

beforeAll(async () => {
  h = await startPaymentsHarness({ CHECKOUT_CONCURRENCY: '1' });
  await h.ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(h.ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(() => h.close());

describe('the checkout line', () => {
  it('answers a call beyond the limit at once with its place, then its own answer', async () => {
    const user = await createUser(h.ctx);
    const { product } = await createProduct(h.ctx.database.db);
    const busy = h.ctx.app.checkoutLine.join('someone-else');
    const call = streamedCall(base, '/api/cart/add', user.token, { itemId: product.id, days: 'Día 1' });
    const first = await call.firstLine;
    expect(first.status).toBe(202);
    expect(first.type).toMatch(/^application\/x-ndjson/);
    expect(first.line).toEqual({ fila: { antes: 0 } });
    expect(await cartSize(h.ctx, user.id)).toBe(0); // waiting: nothing done yet
    busy.done();
    const all = await call.rest;
    expect(all[1]).toEqual({ turno: true });
    expect(all.at(-1)).toEqual({ status: 200, body: { success: true, message: MSG.cartAddDone } });
    expect(await cartSize(h.ctx, user.id)).toBe(1);
  });

  it('gives a refusal met in line as the last line, with its status', async () => {
    const user = await createUser(h.ctx);
    const busy = h.ctx.app.checkoutLine.join('someone-else');
    const res = post(h.ctx, '/api/cart/add', user.token, {
      itemId: '00000000-0000-4000-8000-000000000000',
      days: 'Día 1',
    });
    await until(() => h.ctx.app.checkoutLine.figures().waiting === 1);
    busy.done();
    const answer = await res;
    expect(answer.statusCode).toBe(202);
    expect(lines(answer.body).at(-1)).toEqual({
      status: 404,
      body: { success: false, message: MSG.productNotFound },
    });
  });

  it('tells everyone their place, and moves them up as those ahead are served', async () => {
    const { product } = await createProduct(h.ctx.database.db);
    const users = await Promise.all([createUser(h.ctx), createUser(h.ctx), createUser(h.ctx)]);
    const busy = h.ctx.app.checkoutLine.join('someone-else');
    const ahead = h.ctx.app.checkoutLine.join('another-one'); // waits first
    const calls = [];
    for (const u of users) {
      calls.push(streamedCall(base, '/api/cart/add', u.token, { itemId: product.id, days: 'Día 1' }));
      await calls.at(-1)!.firstLine;
    }
    expect((await Promise.all(calls.map((c) => c.firstLine))).map((f) => f.line)).toEqual([
      { fila: { antes: 1 } },
      { fila: { antes: 2 } },
      { fila: { antes: 3 } },
    ]);
    ahead.leave(); // everyone moves up, and is told within a second
    await new Promise((r) => setTimeout(r, 1_300));
    busy.done();
    const answers = await Promise.all(calls.map((c) => c.rest));
    answers.forEach((a, i) => {
      expect(a.slice(1, -1)).toEqual([{ fila: { antes: i } }, { turno: true }]);
      expect(a.at(-1)).toEqual({ status: 200, body: { success: true, message: MSG.cartAddDone } });
    });
  });

  it('drops a buyer who closes the page while waiting: nothing of theirs runs', async () => {
    const user = await createUser(h.ctx);
    const { product } = await createProduct(h.ctx.database.db);
    const busy = h.ctx.app.checkoutLine.join('someone-else');
    const left = h.ctx.app.checkoutLine.figures().left;
    const call = streamedCall(base, '/api/cart/add', user.token, { itemId: product.id, days: 'Día 1' });
    await call.firstLine;
    call.abort();
    await until(() => h.ctx.app.checkoutLine.figures().left === left + 1);
    expect(h.ctx.app.checkoutLine.figures().waiting).toBe(0);
    busy.done();
    await new Promise((r) => setTimeout(r, 100));
    expect(await cartSize(h.ctx, user.id)).toBe(0);
  });

  it('gives back the hold of a buyer who left while their payment was being opened', async () => {
    const buyer = await buyerWithCart(h.ctx, { days: [{ label: 'Taller', seatCapacity: 5 }] });
    h.paypal.latencyMs = 300; // PayPal takes its time: the buyer gives up meanwhile
    try {
      const busy = h.ctx.app.checkoutLine.join('someone-else');
      const call = streamedCall(base, '/api/paypal/create-order', buyer.user.token, buyer.body);
      await call.firstLine;
      busy.done();
      await until(async () => (await seatsTaken(h.ctx, buyer.productDayId)) === 1);
      // The seat is held and the call waits on PayPal: its slot already went to the next buyer.
      expect(h.ctx.app.checkoutLine.figures().running).toBe(0);
      call.abort();
      await until(async () => (await seatsTaken(h.ctx, buyer.productDayId)) === 0);
    } finally {
      h.paypal.latencyMs = 0;
    }
    const orders = await h.ctx.database.db.query.orders.findMany({
      where: (o, { eq }) => eq(o.userId, buyer.user.id),
    });
    expect(orders).toHaveLength(1);
    expect((await orderRow(h.ctx, orders[0]!.id)).status).toBe('cancelado');
    // And the buyer may try again at once (they left; it did not expire on them).
    const again = await createPaypalOrder(h.ctx, buyer);
    expect((await orderRow(h.ctx, again.orderId)).status).toBe('pendiente');
  });
});

describe('sold out in milliseconds', () => {
  it('refuses a full day from the seat board, ahead of the line and of any lock', async () => {
    const { product, days } = await createProduct(h.ctx.database.db, {
      days: [{ label: 'Taller', seatCapacity: 1 }],
    });
    const first = await createUser(h.ctx);
    await addToCart(h.ctx, first, product.id, 'Taller');
    const taken = await post(h.ctx, '/api/paypal/create-order', first.token, {
      address: ADDRESS,
      items: [{ _id: product.id, days: 'Taller', quantity: 1 }],
    });
    expect(taken.statusCode).toBe(200);
    expect(await seatsTaken(h.ctx, days[0]!.id)).toBe(1);
    await h.ctx.app.seatBoard.refresh();

    const late = await createUser(h.ctx);
    const busy = h.ctx.app.checkoutLine.join('someone-else');
    try {
      const queued = h.ctx.app.checkoutLine.figures().queued;
      const add = await post(h.ctx, '/api/cart/add', late.token, { itemId: product.id, days: 'Taller' });
      expect(add.statusCode).toBe(409);
      expect(add.json()).toEqual({ success: false, message: MSG.seatsSoldOut });
      // Nobody waited in line for a seat that could not be theirs.
      expect(h.ctx.app.checkoutLine.figures().queued).toBe(queued);
    } finally {
      busy.done();
    }
    // The holder of that last seat may still pay for it: a payment is never refused from the
    // board (their own hold is what filled the day).
    const again = await post(h.ctx, '/api/paypal/create-order', first.token, {
      address: ADDRESS,
      items: [{ _id: product.id, days: 'Taller', quantity: 1 }],
    });
    expect(again.statusCode, again.body).toBe(200);

    // The holder gives the seat back: the board forgets "full" at once, the day sells again.
    const [order] = await h.ctx.database.db.query.orders.findMany({
      where: (o, { eq }) => eq(o.userId, first.id),
    });
    const cancel = await post(h.ctx, '/api/paypal/cancel-order', first.token, {
      paypalOrderId: (await orderRow(h.ctx, order!.id)).paypalOrderId,
    });
    expect(cancel.statusCode).toBe(200);
    expect(await seatsTaken(h.ctx, days[0]!.id)).toBe(0);
    const add = await post(h.ctx, '/api/cart/add', late.token, { itemId: product.id, days: 'Taller' });
    expect(add.statusCode).toBe(200);
  });
  it('tells those waiting for a day that fills meanwhile at once, not at their turn', async () => {
    const { product, days } = await createProduct(h.ctx.database.db, {
      days: [{ label: 'Taller', seatCapacity: 1 }],
    });
    const waiting = await createUser(h.ctx);
    const busy = h.ctx.app.checkoutLine.join('someone-else');
    try {
      const call = streamedCall(base, '/api/cart/add', waiting.token, { itemId: product.id, days: 'Taller' });
      expect((await call.firstLine).line).toEqual({ fila: { antes: 0 } });
      // Another replica sells the last seat meanwhile.
      await h.ctx.database.db
        .update(productDays)
        .set({ seatsTaken: 1 })
        .where(eq(productDays.id, days[0]!.id));
      const answer = await call.rest; // while the line is still busy
      expect(answer.slice(1)).toEqual([{ status: 409, body: { success: false, message: MSG.seatsSoldOut } }]);
      expect(h.ctx.app.checkoutLine.figures().waiting).toBe(0);
    } finally {
      busy.done();
    }
    expect(await cartSize(h.ctx, waiting.id)).toBe(0);
  });
});
