// coupon/validate (docs/product.md → API). The server ignores userType and orderAmount from the body:
// it reads the user type from the database and prices from the cart it holds.

import { z } from 'zod';
import { DISCOUNT_TYPES } from '../constants';
import { cartData } from './cart';

export const couponValidateBody = z.object({
  code: z.string({ error: 'Ingresa un cupón' }).trim().min(1, { error: 'Ingresa un cupón' }).max(64),
  userId: z.string().optional(),
  userType: z.string().optional(),
  orderAmount: z.number().optional(),
  cartItems: cartData.optional(),
});
export type CouponValidateBody = z.input<typeof couponValidateBody>;

export const couponSummary = z.object({
  code: z.string(),
  discountType: z.enum(DISCOUNT_TYPES),
  /** Percent, or pesos for a fixed amount. */
  discountValue: z.number(),
});

export const couponValidateResponse = z.object({
  success: z.literal(true),
  /** Pesos. */
  discount: z.number(),
  coupon: couponSummary,
  /** Product ids the coupon applies to; empty when it applies to the whole order. */
  applicableProducts: z.array(z.string()),
  applicableProductsCount: z.number().int(),
  message: z.string().optional(),
});
export type CouponValidateResponse = z.infer<typeof couponValidateResponse>;
