// GET /api/product/single/{id} (docs/product.md → Deliberate changes): needs the token; dayLinks only for the
// day options the caller has a paid order for; other users' purchases give nothing.

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MSG } from '@store/shared/messages';
import { products } from '../../db/schema';
import { createProduct } from '../../../test/factories';
import {
  addToCart,
  createUser,
  placeOrder,
  type TestUser,
  useStoreTestContext,
} from '../../../test/store-helpers';

const ctx = useStoreTestContext();

const single = (id: string, user?: TestUser) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/product/single/${id}`,
    headers: user ? { token: user.token } : {},
  });

const DAYS = [
  { label: 'Jueves', streamUrl: 'https://vimeo.com/event/111' },
  { label: 'Viernes', streamUrl: 'https://youtu.be/eeeeeeeeeee' },
  { label: 'Sábado', streamUrl: null },
];

describe('product/single', () => {
  it('needs a session token', async () => {
    const { product } = await createProduct(ctx.database.db);
    const res = await single(product.id);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, message: MSG.unauthorized });
  });

  it('gives the stream links of the paid days only', async () => {
    const user = await createUser(ctx);
    const { product } = await createProduct(ctx.database.db, { price: 0, days: DAYS });
    const before = await single(product.id, user);
    expect(before.statusCode).toBe(200);
    expect(before.json().product).toMatchObject({
      _id: product.id,
      name: product.name,
      isPresential: false,
      dayLinks: {},
    });
    expect(before.body).not.toContain('vimeo.com/event');

    await addToCart(ctx, user, product.id, 'Viernes');
    await addToCart(ctx, user, product.id, 'Sábado');
    await placeOrder(ctx, user, [
      { productId: product.id, day: 'Viernes' },
      { productId: product.id, day: 'Sábado' },
    ]);
    const after = await single(product.id, user);
    // Sábado is paid but has no link yet; Jueves is not paid.
    expect(after.json().product.dayLinks).toEqual({ Viernes: 'https://youtu.be/eeeeeeeeeee' });
  });

  it("another user's purchase gives no links", async () => {
    const buyer = await createUser(ctx);
    const stranger = await createUser(ctx);
    const { product } = await createProduct(ctx.database.db, { price: 0, days: DAYS });
    await addToCart(ctx, buyer, product.id, 'Jueves');
    await placeOrder(ctx, buyer, [{ productId: product.id, day: 'Jueves' }]);
    expect((await single(product.id, buyer)).json().product.dayLinks).toEqual({
      Jueves: 'https://vimeo.com/event/111',
    });
    const res = await single(product.id, stranger);
    expect(res.json().product.dayLinks).toEqual({});
    expect(res.body).not.toContain('vimeo.com/event');
  });

  it('404 for unknown or malformed ids; an archived product only for those who own it', async () => {
    const user = await createUser(ctx);
    const stranger = await createUser(ctx);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'abc']) {
      const res = await single(id, user);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(MSG.productNotFound);
    }
    const { product } = await createProduct(ctx.database.db, { price: 0, days: DAYS });
    await addToCart(ctx, user, product.id, 'Jueves');
    await placeOrder(ctx, user, [{ productId: product.id, day: 'Jueves' }]);
    await ctx.database.db.update(products).set({ active: false }).where(eq(products.id, product.id));
    expect((await single(product.id, user)).json().product.dayLinks).toEqual({
      Jueves: 'https://vimeo.com/event/111',
    });
    expect((await single(product.id, stranger)).statusCode).toBe(404);
  });
});
