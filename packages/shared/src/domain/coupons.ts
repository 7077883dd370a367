// Coupon arithmetic: percent or fixed, on the qualifying lines only (all lines when the
// coupon names no products). Centavos in, centavos out; never more than what qualifies.

import type { DiscountType } from '../constants';

export interface CouponTerms {
  discountType: DiscountType;
  /** Percent 1-100, or centavos for a fixed amount. */
  discountValue: number;
  /** Empty = the whole order. */
  productIds: readonly string[];
}

export interface PricedLine {
  productId: string;
  priceCentavos: number;
  quantity: number;
}

export interface CouponResult {
  discount: number;
  appliesToWholeOrder: boolean;
  applicableProductIds: string[];
}

export function computeCouponDiscount(coupon: CouponTerms, lines: readonly PricedLine[]): CouponResult {
  const appliesToWholeOrder = coupon.productIds.length === 0;
  const qualifying = appliesToWholeOrder
    ? lines
    : lines.filter((l) => coupon.productIds.includes(l.productId));
  const base = qualifying.reduce((sum, l) => sum + l.priceCentavos * Math.max(0, l.quantity), 0);
  const raw =
    coupon.discountType === 'percent'
      ? Math.round((base * Math.min(100, Math.max(0, coupon.discountValue))) / 100)
      : Math.max(0, coupon.discountValue);
  return {
    discount: Math.min(raw, base),
    appliesToWholeOrder,
    applicableProductIds: [...new Set(qualifying.map((l) => l.productId))],
  };
}
