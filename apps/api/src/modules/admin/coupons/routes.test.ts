import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MSG, adminCouponLimitBelowUsed } from '@store/shared/admin-messages';
import type { AdminCoupon, AdminCouponInput } from '@store/shared/schemas/admin/coupons';
import { createTestContext, type TestContext } from '../../../../test/context';
import { createProduct } from '../../../../test/factories';
import { createUser, post, type TestUser } from '../../../../test/store-helpers';
import { call, claim } from '../../../../test/admin-helpers';

describe('admin coupons', () => {
  let ctx: TestContext;
  let admin: TestUser;
  let productId: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await createUser(ctx, { role: 'admin' });
    productId = (await createProduct(ctx.database.db, { price: 500 })).product.id;
  });
  afterAll(() => ctx.close());

  const input = (over: Partial<AdminCouponInput> = {}): AdminCouponInput => ({
    code: 'residentes25',
    description: 'Beca para residentes',
    discountType: 'percent',
    discountValue: 25,
    productIds: [],
    userTypes: ['residente'],
    validFrom: null,
    validUntil: null,
    maxUses: 10,
    maxUsesPerUser: 1,
    ...over,
  });

  async function create(over: Partial<AdminCouponInput> = {}): Promise<AdminCoupon> {
    const res = await call(ctx, admin.token, 'POST', '/api/admin/coupons', input(over));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().coupon;
  }

  it('creates a coupon: code uppercased, fixed amounts in pesos, state computed', async () => {
    const pct = await create();
    expect(pct).toMatchObject({
      code: 'RESIDENTES25',
      discountType: 'percent',
      discountValue: 25,
      userTypes: ['residente'],
      usedCount: 0,
      active: true,
      state: 'vigente',
    });
    const fixed = await create({
      code: 'MENOS150',
      discountType: 'fixed',
      discountValue: 150.5,
      productIds: [productId],
      validFrom: '2999-01-01T00:00:00-06:00',
    });
    expect(fixed).toMatchObject({ discountValue: 150.5, productIds: [productId], state: 'programado' });
    const list = await call(ctx, admin.token, 'GET', '/api/admin/coupons');
    expect(list.json().coupons.map((c: AdminCoupon) => c.code)).toEqual(['MENOS150', 'RESIDENTES25']);
  });

  it.each([
    [{ code: 'a b' }, ADMIN_MSG.couponCodeInvalid],
    [{ code: 'AB' }, ADMIN_MSG.couponCodeInvalid],
    [{ discountType: 'regalo' }, ADMIN_MSG.couponTypeInvalid],
    [{ discountValue: 0 }, ADMIN_MSG.couponPercentInvalid],
    [{ discountValue: 101 }, ADMIN_MSG.couponPercentInvalid],
    [{ discountValue: 12.5 }, ADMIN_MSG.couponPercentInvalid],
    [{ discountType: 'fixed', discountValue: 0 }, ADMIN_MSG.couponFixedInvalid],
    [{ discountType: 'fixed', discountValue: 1.001 }, ADMIN_MSG.couponFixedInvalid],
    [{ userTypes: ['astronauta'] }, ADMIN_MSG.couponUserTypeInvalid],
    [{ productIds: ['no-es-id'] }, ADMIN_MSG.couponProductInvalid],
    [{ productIds: ['00000000-0000-4000-8000-000000000000'] }, ADMIN_MSG.couponProductInvalid],
    [{ validFrom: 'mañana' }, ADMIN_MSG.couponDateInvalid],
    [{ validFrom: '2026-02-01T00:00:00Z', validUntil: '2026-01-01T00:00:00Z' }, ADMIN_MSG.couponDatesInvalid],
    [{ maxUses: 0 }, ADMIN_MSG.couponLimitInvalid],
    [{ maxUsesPerUser: -2 }, ADMIN_MSG.couponLimitInvalid],
  ])('refuses %j with a Spanish message', async (over, message) => {
    const res = await call(ctx, admin.token, 'POST', '/api/admin/coupons', {
      ...input({ code: 'VALIDO' }),
      ...over,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message });
  });

  it('refuses a code already taken, on create and on edit', async () => {
    await create({ code: 'UNICO' });
    const again = await call(ctx, admin.token, 'POST', '/api/admin/coupons', input({ code: 'unico' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ADMIN_MSG.couponCodeTaken);
    const other = await create({ code: 'OTRO' });
    const rename = await call(
      ctx,
      admin.token,
      'PUT',
      `/api/admin/coupons/${other._id}`,
      input({ code: 'UNICO' }),
    );
    expect(rename.statusCode).toBe(409);
  });

  it('shows uses so far, never lets the limit drop below them, deactivates and reactivates', async () => {
    const free = await createProduct(ctx.database.db, { price: 100 });
    const coupon = await create({ code: 'GRATISTODO', discountValue: 100, userTypes: [], maxUses: 5 });
    await claim(ctx, await createUser(ctx), free.product.id, ['Día 1'], { couponCode: 'GRATISTODO' });
    await claim(ctx, await createUser(ctx), free.product.id, ['Día 1'], { couponCode: 'gratistodo' });

    const list = await call(ctx, admin.token, 'GET', '/api/admin/coupons');
    expect(list.json().coupons.find((c: AdminCoupon) => c._id === coupon._id).usedCount).toBe(2);

    const lower = await call(
      ctx,
      admin.token,
      'PUT',
      `/api/admin/coupons/${coupon._id}`,
      input({ code: 'GRATISTODO', discountValue: 100, userTypes: [], maxUses: 1 }),
    );
    expect(lower.statusCode).toBe(409);
    expect(lower.json().message).toBe(adminCouponLimitBelowUsed(2));

    const edited = await call(
      ctx,
      admin.token,
      'PUT',
      `/api/admin/coupons/${coupon._id}`,
      input({ code: 'GRATISTODO', discountValue: 100, userTypes: [], maxUses: 2 }),
    );
    expect(edited.json().coupon).toMatchObject({ maxUses: 2, usedCount: 2, state: 'agotado' });

    const off = await call(ctx, admin.token, 'POST', `/api/admin/coupons/${coupon._id}/deactivate`);
    expect(off.json()).toMatchObject({
      message: ADMIN_MSG.couponDeactivated,
      coupon: { active: false, state: 'inactivo' },
    });
    const customer = await createUser(ctx);
    await post(ctx, '/api/cart/add', customer.token, { itemId: free.product.id, days: 'Día 1' });
    const refused = await post(ctx, '/api/coupon/validate', customer.token, { code: 'GRATISTODO' });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);

    const on = await call(ctx, admin.token, 'POST', `/api/admin/coupons/${coupon._id}/activate`);
    expect(on.json().coupon.active).toBe(true);

    const audit = await call(
      ctx,
      admin.token,
      'GET',
      `/api/admin/audit?entity=coupon&entityId=${coupon._id}`,
    );
    expect(audit.json().entries.map((e: { action: string }) => e.action)).toEqual([
      'coupon.activate',
      'coupon.deactivate',
      'coupon.update',
      'coupon.create',
    ]);
  });

  it('answers 404 for an unknown coupon', async () => {
    const res = await call(
      ctx,
      admin.token,
      'PUT',
      '/api/admin/coupons/00000000-0000-4000-8000-000000000000',
      input(),
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(ADMIN_MSG.couponNotFound);
  });
});
