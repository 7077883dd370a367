// A day that has ended can no longer be bought: cart add and update refuse it from its end
// instant on, and a cart still holding one is refused at checkout (order/place, coupon
// validation, the provider's pending order) with a message naming what to remove, never
// charged with different contents. The clock is moved with fake timers.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { cartDaysEnded, MSG } from '@store/shared/messages';
import { fromMexicoCityLocal } from '@store/shared/domain/time';
import { createProduct } from '../../../test/factories';
import {
  addToCart,
  createCoupon,
  createPendingOrder,
  createUser,
  placeOrder,
  post,
  useStoreTestContext,
} from '../../../test/store-helpers';

const ctx = useStoreTestContext();
const at = (v: string) => fromMexicoCityLocal(v)!;
const setNow = (t: Date | number) => vi.setSystemTime(t);

/** A two-day series: Saturday 10:00–13:00 one week, the next Saturday the same hours. */
async function series(price = 0) {
  return createProduct(ctx.database.db, {
    name: 'Panel de enfermería',
    price,
    days: [
      { label: 'Sábado 2 de marzo', startsAt: at('2030-03-02T10:00'), endsAt: at('2030-03-02T13:00') },
      { label: 'Sábado 9 de marzo', startsAt: at('2030-03-09T10:00'), endsAt: at('2030-03-09T13:00') },
    ],
  });
}

async function cartOf(token: string) {
  return (await post(ctx, '/api/cart/get', token, {})).json().cartData as Record<
    string,
    Record<string, number>
  >;
}

describe('ended days', () => {
  afterEach(() => vi.useRealTimers());

  it('can be added up to the last millisecond, and not from the exact end instant on', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    setNow(at('2030-03-01T12:00'));
    const { product } = await series();
    const early = await createUser(ctx);
    const late = await createUser(ctx);

    // Live (started, not ended) is still for sale.
    setNow(at('2030-03-02T13:00').getTime() - 1);
    await addToCart(ctx, early, product.id, 'Sábado 2 de marzo');

    setNow(at('2030-03-02T13:00'));
    const res = await post(ctx, '/api/cart/add', late.token, {
      itemId: product.id,
      days: 'Sábado 2 de marzo',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, message: MSG.dayEnded });
    const upd = await post(ctx, '/api/cart/update', late.token, {
      itemId: product.id,
      days: 'Sábado 2 de marzo',
      quantity: 1,
    });
    expect(upd.statusCode).toBe(409);
    expect(upd.json().message).toBe(MSG.dayEnded);
    expect(await cartOf(late.token)).toEqual({});

    // The event's other day is still on sale.
    await addToCart(ctx, late, product.id, 'Sábado 9 de marzo');
    expect(await cartOf(late.token)).toEqual({ [product.id]: { 'Sábado 9 de marzo': 1 } });
  });

  it('stays in the cart, refuses checkout naming the day, and can be removed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    setNow(at('2030-03-01T12:00'));
    const { product } = await series();
    const user = await createUser(ctx);
    await addToCart(ctx, user, product.id, 'Sábado 2 de marzo');
    await addToCart(ctx, user, product.id, 'Sábado 9 de marzo');
    const coupon = await createCoupon(ctx);
    const lines = [
      { productId: product.id, day: 'Sábado 2 de marzo' },
      { productId: product.id, day: 'Sábado 9 de marzo' },
    ];

    setNow(at('2030-03-02T13:00'));
    // The buyer still sees the line (to remove it); nothing is dropped behind their back.
    expect(await cartOf(user.token)).toEqual({
      [product.id]: { 'Sábado 2 de marzo': 1, 'Sábado 9 de marzo': 1 },
    });
    const message = cartDaysEnded([{ name: 'Panel de enfermería', day: 'Sábado 2 de marzo' }]);
    expect(message).toBe(
      '«Sábado 2 de marzo» de «Panel de enfermería» ya terminó; quítalo de tu carrito para continuar',
    );

    const placed = await placeOrder(ctx, user, lines);
    expect(placed.statusCode).toBe(409);
    expect(placed.json()).toEqual({ success: false, message });

    const validated = await post(ctx, '/api/coupon/validate', user.token, {
      code: coupon.code,
      userId: user.token,
      userType: 'general',
      orderAmount: 0,
      cartItems: {},
    });
    expect(validated.statusCode).toBe(409);
    expect(validated.json().message).toBe(message);

    await expect(createPendingOrder(ctx, user)).rejects.toMatchObject({ message });

    // Removing it is always allowed; then the rest of the cart can be claimed.
    const removed = await post(ctx, '/api/cart/update', user.token, {
      itemId: product.id,
      days: 'Sábado 2 de marzo',
      quantity: 0,
    });
    expect(removed.statusCode).toBe(200);
    const ok = await placeOrder(ctx, user, [lines[1]!]);
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('names every ended day when several have ended', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    setNow(at('2030-03-01T12:00'));
    const { product } = await createProduct(ctx.database.db, {
      name: 'Jornada',
      price: 0,
      days: [
        { label: 'Viernes', startsAt: at('2030-03-01T16:00'), endsAt: at('2030-03-01T20:00') },
        { label: 'Sábado', startsAt: at('2030-03-02T09:00'), endsAt: at('2030-03-02T14:00') },
      ],
    });
    const user = await createUser(ctx);
    await addToCart(ctx, user, product.id, 'Viernes');
    await addToCart(ctx, user, product.id, 'Sábado');

    setNow(at('2030-03-02T14:00'));
    const res = await placeOrder(ctx, user, [
      { productId: product.id, day: 'Viernes' },
      { productId: product.id, day: 'Sábado' },
    ]);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Estos días ya terminaron: «Viernes» de «Jornada», «Sábado» de «Jornada»; quítalos de tu carrito para continuar',
    );
  });
});
