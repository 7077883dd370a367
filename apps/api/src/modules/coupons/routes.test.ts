// coupon/validate: the discount comes from database prices of the qualifying lines of the
// server cart and the user type from the database; every coupon rule is enforced, and a code
// the buyer may not use answers as an unknown one. The look-ups' budget: lookup-budget.test.ts.

import { describe, expect, it } from 'vitest';
import { couponAppliedToProducts, MSG } from '@store/shared/messages';
import { createProduct } from '../../../test/factories';
import {
  addToCart,
  createCoupon,
  createUser,
  placeOrder,
  post,
  type TestUser,
  useStoreTestContext,
} from '../../../test/store-helpers';

const ctx = useStoreTestContext();

const validate = (user: TestUser, body: Record<string, unknown>) =>
  post(ctx, '/api/coupon/validate', user.token, body);

/** A user whose cart holds a 2,500 and a 1,000 peso event. */
async function userWithCart(userType: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(ctx, userType);
  const { product: course } = await createProduct(ctx.database.db, { price: 2500 });
  const { product: workshop } = await createProduct(ctx.database.db, { price: 1000 });
  await addToCart(ctx, user, course.id);
  await addToCart(ctx, user, workshop.id);
  return { user, course, workshop };
}

describe('coupon/validate', () => {
  it('needs a session token', async () => {
    const res = await post(ctx, '/api/coupon/validate', undefined, { code: 'X' });
    expect(res.statusCode).toBe(401);
  });

  it('applies a percent coupon to the whole order from database prices', async () => {
    const { user } = await userWithCart();
    const coupon = await createCoupon(ctx, { code: 'MITAD', discountType: 'percent', discountValue: 50 });
    const res = await validate(user, {
      code: 'mitad',
      userId: user.token,
      userType: 'general',
      orderAmount: 3500,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      discount: 1750,
      coupon: { code: coupon.code, discountType: 'percent', discountValue: 50 },
      applicableProducts: [],
      applicableProductsCount: 0,
      message: MSG.couponWholeOrder,
    });
  });

  it('applies a product coupon only to the qualifying lines and says to how many products', async () => {
    const { user, workshop } = await userWithCart();
    await createCoupon(ctx, {
      code: 'TALLER',
      discountType: 'fixed',
      discountValue: 30_000,
      productIds: [workshop.id],
    });
    const res = await validate(user, { code: 'TALLER' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      discount: 300,
      coupon: { code: 'TALLER', discountType: 'fixed', discountValue: 300 },
      applicableProducts: [workshop.id],
      applicableProductsCount: 1,
      message: couponAppliedToProducts(1),
    });
  });

  it('never discounts more than the qualifying lines are worth', async () => {
    const { user, workshop } = await userWithCart();
    await createCoupon(ctx, {
      code: 'GRANDE',
      discountType: 'fixed',
      discountValue: 900_000,
      productIds: [workshop.id],
    });
    expect((await validate(user, { code: 'GRANDE' })).json().discount).toBe(1000);
  });

  it('ignores the amount, user type and cart items sent in the body', async () => {
    const { user } = await userWithCart();
    await createCoupon(ctx, { code: 'RESID', discountValue: 100, userTypes: ['residente'] });
    const res = await validate(user, {
      code: 'RESID',
      userType: 'residente',
      orderAmount: 999_999,
      cartItems: { '00000000-0000-4000-8000-000000000000': { 'Día 1': 1 } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: MSG.couponInvalid });
    const pct = await createCoupon(ctx, { code: 'DIEZ', discountValue: 10 });
    const ok = await validate(user, { code: pct.code, orderAmount: 999_999 });
    expect(ok.json().discount).toBe(350);
  });

  it('reads the user type from the database', async () => {
    const { user } = await userWithCart({ userType: 'residente' });
    await createCoupon(ctx, { code: 'RESID2', discountValue: 20, userTypes: ['residente', 'enfermeria'] });
    const res = await validate(user, { code: 'RESID2', userType: 'general' });
    expect(res.statusCode).toBe(200);
    expect(res.json().discount).toBe(700);
  });

  it('refuses unknown and inactive coupons', async () => {
    const { user } = await userWithCart();
    await createCoupon(ctx, { code: 'APAGADO', active: false });
    for (const code of ['NOEXISTE', 'APAGADO']) {
      const res = await validate(user, { code });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message: MSG.couponInvalid });
    }
  });

  it('enforces the validity window', async () => {
    const { user } = await userWithCart();
    const day = 24 * 3600_000;
    await createCoupon(ctx, { code: 'FUTURO', validFrom: new Date(Date.now() + day) });
    await createCoupon(ctx, { code: 'PASADO', validUntil: new Date(Date.now() - day) });
    await createCoupon(ctx, {
      code: 'VIGENTE',
      validFrom: new Date(Date.now() - day),
      validUntil: new Date(Date.now() + day),
    });
    expect((await validate(user, { code: 'FUTURO' })).json().message).toBe(MSG.couponInvalid);
    expect((await validate(user, { code: 'PASADO' })).json().message).toBe(MSG.couponInvalid);
    expect((await validate(user, { code: 'VIGENTE' })).statusCode).toBe(200);
  });

  it('enforces the total usage limit', async () => {
    const { user } = await userWithCart();
    await createCoupon(ctx, { code: 'AGOTADO', maxUses: 5, usedCount: 5 });
    const res = await validate(user, { code: 'AGOTADO' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.couponInvalid);
  });

  it('answers a code that does not exist, is not yet or no longer valid, is used up or is for another user type alike', async () => {
    const { user } = await userWithCart();
    const day = 24 * 3600_000;
    await createCoupon(ctx, { code: 'NEUTRO-FUTURO', validFrom: new Date(Date.now() + day) });
    await createCoupon(ctx, { code: 'NEUTRO-PASADO', validUntil: new Date(Date.now() - day) });
    await createCoupon(ctx, { code: 'NEUTRO-AGOTADO', maxUses: 2, usedCount: 2 });
    await createCoupon(ctx, { code: 'NEUTRO-RESID', userTypes: ['residente'] });
    const answers = [];
    for (const code of [
      'NEUTRO-NOEXISTE',
      'NEUTRO-FUTURO',
      'NEUTRO-PASADO',
      'NEUTRO-AGOTADO',
      'NEUTRO-RESID',
    ]) {
      const res = await validate(user, { code });
      answers.push({ status: res.statusCode, body: res.json() as unknown });
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toEqual({ status: 400, body: { success: false, message: MSG.couponInvalid } });
  });

  it('enforces the per-user limit, counting the orders that used it', async () => {
    const user = await createUser(ctx);
    const { product: a } = await createProduct(ctx.database.db, { price: 100 });
    const { product: b } = await createProduct(ctx.database.db, { price: 100 });
    const coupon = await createCoupon(ctx, { code: 'UNAVEZ', maxUsesPerUser: 1 });
    await addToCart(ctx, user, a.id);
    expect((await validate(user, { code: coupon.code })).statusCode).toBe(200);
    expect((await placeOrder(ctx, user, [{ productId: a.id }], { couponCode: coupon.code })).statusCode).toBe(
      200,
    );
    await addToCart(ctx, user, b.id);
    const again = await validate(user, { code: coupon.code });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG.couponAlreadyUsed);
    // Another user still can.
    const other = await createUser(ctx);
    await addToCart(ctx, other, b.id);
    expect((await validate(other, { code: coupon.code })).statusCode).toBe(200);
  });

  it('refuses a coupon for products not in the cart, and an empty cart', async () => {
    const { user } = await userWithCart();
    const { product: elsewhere } = await createProduct(ctx.database.db);
    await createCoupon(ctx, { code: 'OTRO', productIds: [elsewhere.id] });
    const res = await validate(user, { code: 'OTRO' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.couponNotForCart);
    const empty = await createUser(ctx);
    const none = await validate(empty, { code: 'OTRO' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(MSG.emptyCart);
  });

  it('asks for a code when none is sent', async () => {
    const { user } = await userWithCart();
    const res = await validate(user, { code: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Ingresa un cupón');
  });
});
