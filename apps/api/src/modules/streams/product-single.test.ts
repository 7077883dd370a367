// GET /api/product/single/{id} (docs/product.md → Deliberate changes): needs the token; dayLinks only for the
// day options the caller has a paid order for; other users' purchases give nothing.

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MSG } from '@store/shared/messages';
import { priceTiers, products, scholarships, users } from '../../db/schema';
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

  it("gives the caller's own price: their type's step, a scholarship price, else the base price", async () => {
    const { product } = await createProduct(ctx.database.db, { price: 1000, days: DAYS });
    await ctx.database.db.insert(priceTiers).values([
      {
        productId: product.id,
        userType: 'residente',
        untilAt: null,
        priceCentavos: 60_000,
        scholarshipPriceCentavos: 25_000,
      },
      { productId: product.id, userType: 'general', untilAt: null, priceCentavos: 90_000 },
    ]);
    const myPrice = async (user: TestUser) => (await single(product.id, user)).json().product.myPrice;

    const general = await createUser(ctx);
    expect(await myPrice(general)).toEqual({
      price: 900,
      userType: 'general',
      until: null,
      scholarship: false,
    });
    const resident = await createUser(ctx, { userType: 'residente' });
    expect(await myPrice(resident)).toEqual({
      price: 600,
      userType: 'residente',
      until: null,
      scholarship: false,
    });
    // A scholarship for this event; then one for every event, held by another resident.
    await ctx.database.db.insert(scholarships).values({ userId: resident.id, productId: product.id });
    expect(await myPrice(resident)).toMatchObject({ price: 250, scholarship: true });
    const another = await createUser(ctx, { userType: 'residente' });
    await ctx.database.db.insert(scholarships).values({ userId: another.id, productId: null });
    expect(await myPrice(another)).toMatchObject({ price: 250, scholarship: true });
    // The type changes (an administrator's edit): the next call prices it at once.
    await ctx.database.db.update(users).set({ userType: 'general' }).where(eq(users.id, another.id));
    expect(await myPrice(another)).toEqual({
      price: 900,
      userType: 'general',
      until: null,
      scholarship: false,
    });
    // Without a schedule, everyone pays the event's price.
    await ctx.database.db.delete(priceTiers).where(eq(priceTiers.productId, product.id));
    expect(await myPrice(resident)).toEqual({
      price: 1000,
      userType: 'general',
      until: null,
      scholarship: false,
    });
  });
});
