// Property: for any cart (products and days at any price, a percent or fixed coupon on the
// whole order or on some products, the service fee), the order the server creates charges
// exactly the shared formula (packages/shared/src/domain/totals.ts on the coupon arithmetic
// of domain/coupons.ts), never a negative amount, and quoteCart agrees with the order.
// Runs against the real quoteCart and createOrderFromCart on the test database; each order
// is rolled back so runs do not see each other's seats or coupon uses.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SERVICE_FEE_CENTAVOS } from '@store/shared/constants';
import { computeCouponDiscount } from '@store/shared/domain/coupons';
import { computeTotals } from '@store/shared/domain/totals';
import { cartLines } from '../../db/schema';
import { createProduct } from '../../../test/factories';
import { ADDRESS, createCoupon, createUser, useStoreTestContext } from '../../../test/store-helpers';
import { quoteCart } from '../cart/quote';
import { createOrderFromCart } from '../lifecycle';

const ctx = useStoreTestContext();

class Rollback extends Error {}

const productArb = fc.record({
  priceCentavos: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 5_000_000 })),
  days: fc.integer({ min: 1, max: 3 }),
});
const couponArb = fc.option(
  fc.record({
    discountType: fc.constantFrom('percent' as const, 'fixed' as const),
    percent: fc.integer({ min: 1, max: 100 }),
    fixedCentavos: fc.integer({ min: 1, max: 20_000_000 }),
    /** Which of the cart's products it names (none = the whole order). */
    onlySome: fc.boolean(),
    pick: fc.integer({ min: 0, max: 2 }),
  }),
  { nil: null },
);

describe('order totals (property)', () => {
  it('charge exactly subtotal − coupon + fee, never negative, for random carts', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(productArb, { minLength: 1, maxLength: 3 }), couponArb, async (specs, c) => {
        const db = ctx.database.db;
        const user = await createUser(ctx);
        const lines: { productId: string; priceCentavos: number; quantity: number }[] = [];
        const productIds: string[] = [];
        for (const spec of specs) {
          const { product, days } = await createProduct(db, {
            price: spec.priceCentavos / 100,
            days: Array.from({ length: spec.days }, (_, i) => ({ label: `Día ${i + 1}` })),
          });
          productIds.push(product.id);
          await db
            .insert(cartLines)
            .values(days.map((d) => ({ userId: user.id, productId: product.id, day: d.label })));
          for (let i = 0; i < days.length; i += 1) {
            lines.push({ productId: product.id, priceCentavos: product.priceCentavos, quantity: 1 });
          }
        }
        const named = c?.onlySome ? [productIds[c.pick % productIds.length]!] : [];
        const coupon = c
          ? await createCoupon(ctx, {
              discountType: c.discountType,
              discountValue: c.discountType === 'percent' ? c.percent : c.fixedCentavos,
              productIds: named,
            })
          : null;

        // The shared formula, from the same prices.
        const subtotal = lines.reduce((sum, l) => sum + l.priceCentavos * l.quantity, 0);
        const discount = coupon
          ? computeCouponDiscount(
              { discountType: coupon.discountType, discountValue: coupon.discountValue, productIds: named },
              lines,
            ).discount
          : 0;
        const expected = computeTotals(subtotal, discount);

        const quote = await quoteCart(db, user.id, coupon?.code);
        expect(quote.total).toBe(expected.total);

        let charged: { amount: number; subtotal: number; discount: number; fee: number } | null = null;
        await db
          .transaction(async (tx) => {
            const order = await createOrderFromCart(tx, {
              userId: user.id,
              address: { ...ADDRESS, state: ADDRESS.state ?? '' },
              couponCode: coupon?.code ?? null,
              paymentMethod: expected.isFree ? 'free' : 'paypal',
              status: expected.isFree ? 'pagado' : 'pendiente',
              clearCart: false,
            });
            charged = {
              amount: order.amountCentavos,
              subtotal: order.subtotalCentavos,
              discount: order.discountCentavos,
              fee: order.feeCentavos,
            };
            throw new Rollback();
          })
          .catch((err: unknown) => {
            if (!(err instanceof Rollback)) throw err;
          });

        expect(charged).toEqual({
          amount: expected.total,
          subtotal: expected.subtotal,
          discount: expected.discount,
          fee: expected.fee,
        });
        // Independent of the formula: never negative, free exactly when nothing is left to pay,
        // and otherwise what is left plus the fee.
        const { amount } = charged!;
        expect(amount).toBeGreaterThanOrEqual(0);
        expect(expected.discount).toBeLessThanOrEqual(subtotal);
        if (subtotal - expected.discount === 0) expect(amount).toBe(0);
        else expect(amount).toBe(subtotal - expected.discount + SERVICE_FEE_CENTAVOS);
      }),
      { numRuns: 50 },
    );
  });
});
