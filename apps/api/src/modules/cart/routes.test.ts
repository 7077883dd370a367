// Server cart: add/update/get (docs/product.md → API) and the rules the server enforces on them.

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MSG } from '@store/shared/messages';
import { cartLines, productDays } from '../../db/schema';
import { createProduct } from '../../../test/factories';
import { addToCart, createUser, placeOrder, post, useStoreTestContext } from '../../../test/store-helpers';

const ctx = useStoreTestContext();

const TWO_DAYS = [
  { label: 'Jueves', streamUrl: 'https://youtu.be/aaaaaaaaaaa' },
  { label: 'Viernes', streamUrl: 'https://youtu.be/bbbbbbbbbbb' },
];

async function cartOf(token: string) {
  const res = await post(ctx, '/api/cart/get', token, {});
  expect(res.statusCode).toBe(200);
  return res.json().cartData as Record<string, Record<string, number>>;
}

describe('cart', () => {
  it('needs a session token', async () => {
    for (const url of ['/api/cart/add', '/api/cart/update', '/api/cart/get']) {
      const res = await post(ctx, url, undefined, {});
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, message: MSG.unauthorized });
    }
  });

  it('adds (product, day) lines and returns cartData as { productId: { day: quantity } }', async () => {
    const user = await createUser(ctx);
    const { product } = await createProduct(ctx.database.db, { days: TWO_DAYS });
    const res = await post(ctx, '/api/cart/add', user.token, { itemId: product.id, days: 'Jueves' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: MSG.cartAddDone });
    await addToCart(ctx, user, product.id, 'Viernes');
    expect(await post(ctx, '/api/cart/get', user.token)).toMatchObject({ statusCode: 200 });
    expect(await cartOf(user.token)).toEqual({ [product.id]: { Jueves: 1, Viernes: 1 } });
  });

  it('never lets a line go above quantity 1', async () => {
    const user = await createUser(ctx);
    const { product } = await createProduct(ctx.database.db);
    await addToCart(ctx, user, product.id);
    await addToCart(ctx, user, product.id);
    const upd = await post(ctx, '/api/cart/update', user.token, {
      itemId: product.id,
      days: 'Día 1',
      quantity: 5,
    });
    expect(upd.statusCode).toBe(200);
    expect(await cartOf(user.token)).toEqual({ [product.id]: { 'Día 1': 1 } });
  });

  it('update with quantity 0 removes the line', async () => {
    const user = await createUser(ctx);
    const { product } = await createProduct(ctx.database.db, { days: TWO_DAYS });
    await addToCart(ctx, user, product.id, 'Jueves');
    await addToCart(ctx, user, product.id, 'Viernes');
    const res = await post(ctx, '/api/cart/update', user.token, {
      itemId: product.id,
      days: 'Jueves',
      quantity: 0,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: MSG.cartUpdated });
    expect(await cartOf(user.token)).toEqual({ [product.id]: { Viernes: 1 } });
    await post(ctx, '/api/cart/update', user.token, { itemId: product.id, days: 'Viernes', quantity: 0 });
    expect(await cartOf(user.token)).toEqual({});
  });

  it('update with a positive quantity checks the product like add does', async () => {
    const user = await createUser(ctx);
    const { product } = await createProduct(ctx.database.db, { active: false });
    const res = await post(ctx, '/api/cart/update', user.token, {
      itemId: product.id,
      days: 'Día 1',
      quantity: 1,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MSG.productNotFound);
  });

  it('refuses unknown, malformed and archived products with 404', async () => {
    const user = await createUser(ctx);
    const { product: archived } = await createProduct(ctx.database.db, { active: false });
    for (const itemId of ['00000000-0000-4000-8000-000000000000', 'no-es-un-id', archived.id]) {
      const res = await post(ctx, '/api/cart/add', user.token, { itemId, days: 'Día 1' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: MSG.productNotFound });
    }
    expect(await cartOf(user.token)).toEqual({});
  });

  it('refuses a day that is not one of the product options', async () => {
    const user = await createUser(ctx);
    const { product } = await createProduct(ctx.database.db, { days: TWO_DAYS });
    const res = await post(ctx, '/api/cart/add', user.token, { itemId: product.id, days: 'Domingo' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.invalidDay);
  });

  it('refuses a missing day with MSG.chooseDay', async () => {
    const user = await createUser(ctx);
    const { product } = await createProduct(ctx.database.db);
    const res = await post(ctx, '/api/cart/add', user.token, { itemId: product.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.chooseDay);
  });

  it("answers 409 'Ya tienes acceso a este producto' for a day already bought", async () => {
    const user = await createUser(ctx);
    const { product } = await createProduct(ctx.database.db, { price: 0, days: TWO_DAYS });
    await addToCart(ctx, user, product.id, 'Jueves');
    expect((await placeOrder(ctx, user, [{ productId: product.id, day: 'Jueves' }])).statusCode).toBe(200);
    const res = await post(ctx, '/api/cart/add', user.token, { itemId: product.id, days: 'Jueves' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, message: 'Ya tienes acceso a este producto' });
    // The other day is still for sale to this user.
    await addToCart(ctx, user, product.id, 'Viernes');
  });

  it('refuses a sold-out day', async () => {
    const user = await createUser(ctx);
    const { product, days } = await createProduct(ctx.database.db, {
      days: [{ label: 'Día 1', seatCapacity: 2 }],
    });
    await ctx.database.db.update(productDays).set({ seatsTaken: 2 }).where(eq(productDays.id, days[0]!.id));
    const res = await post(ctx, '/api/cart/add', user.token, { itemId: product.id, days: 'Día 1' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.seatsSoldOut);
  });

  it('keeps each user cart separate', async () => {
    const a = await createUser(ctx);
    const b = await createUser(ctx);
    const { product } = await createProduct(ctx.database.db);
    await addToCart(ctx, a, product.id);
    expect(await cartOf(b.token)).toEqual({});
    await post(ctx, '/api/cart/update', b.token, { itemId: product.id, days: 'Día 1', quantity: 0 });
    expect(await cartOf(a.token)).toEqual({ [product.id]: { 'Día 1': 1 } });
  });

  it('leaves out lines whose product was archived', async () => {
    const user = await createUser(ctx);
    const { product } = await createProduct(ctx.database.db);
    await addToCart(ctx, user, product.id);
    const { products } = await import('../../db/schema');
    await ctx.database.db.update(products).set({ active: false }).where(eq(products.id, product.id));
    expect(await cartOf(user.token)).toEqual({});
    const rows = await ctx.database.db.select().from(cartLines).where(eq(cartLines.userId, user.id));
    expect(rows).toHaveLength(1);
  });
});
