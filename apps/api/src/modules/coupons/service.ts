// Coupon rules: active, inside its validity window, under its total and per-user limits,
// allowed for the user's type (read from the database), and applying to at least one line
// of the server cart. The discount comes from database prices (shared/domain/coupons).
// A code that does not exist, is inactive, not yet or no longer valid, used up, or for another
// user type gets one answer (400, MSG.couponInvalid), so a guesser cannot tell a real code
// from a made-up one; only a code the buyer may use is told apart: not for the cart, or
// already used by them (docs/product.md → Validation rules). Every buyer's look-up is
// admitted first by the look-ups' budget (lookup-budget.ts).

import type { DiscountType, UserType } from '@store/shared/constants';
import { computeCouponDiscount, type PricedLine } from '@store/shared/domain/coupons';
import { MSG } from '@store/shared/messages';
import type { Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';
import { countUserRedemptions, findCouponByCode, type CouponRow } from './repo';

export interface AppliedCoupon {
  id: string;
  code: string;
  discountType: DiscountType;
  /** Percent, or centavos for a fixed amount. */
  discountValue: number;
  /** Centavos. */
  discount: number;
  appliesToWholeOrder: boolean;
  /** The products of the cart it applies to (every cart product when whole-order). */
  applicableProductIds: string[];
}

export interface CouponCheck {
  code: string;
  userId: string;
  userType: UserType;
  lines: readonly PricedLine[];
  now?: Date;
}

/** The neutral refusal: the same status and text whatever made the code unusable. */
const invalid = () => new AppError('bad_request', MSG.couponInvalid);

/** The coupon applied to these lines, or an AppError saying why it does not apply. */
export async function applyCoupon(db: Queryable, check: CouponCheck): Promise<AppliedCoupon> {
  const coupon = await findCouponByCode(db, check.code);
  if (!coupon || !coupon.active) throw invalid();
  await assertCouponUsable(db, coupon, check);
  const result = computeCouponDiscount(
    {
      discountType: coupon.discountType,
      discountValue: coupon.discountValue,
      productIds: coupon.productIds,
    },
    check.lines,
  );
  if (result.applicableProductIds.length === 0) throw new AppError('bad_request', MSG.couponNotForCart);
  return {
    id: coupon.id,
    code: coupon.code,
    discountType: coupon.discountType,
    discountValue: coupon.discountValue,
    discount: result.discount,
    appliesToWholeOrder: result.appliesToWholeOrder,
    applicableProductIds: result.applicableProductIds,
  };
}

async function assertCouponUsable(db: Queryable, coupon: CouponRow, check: CouponCheck): Promise<void> {
  const now = check.now ?? new Date();
  if (coupon.validFrom && coupon.validFrom > now) throw invalid();
  if (coupon.validUntil && coupon.validUntil < now) throw invalid();
  if (coupon.maxUses !== null && coupon.usedCount >= coupon.maxUses) throw invalid();
  if (coupon.userTypes.length > 0 && !coupon.userTypes.includes(check.userType)) throw invalid();
  if (coupon.maxUsesPerUser !== null) {
    const used = await countUserRedemptions(db, coupon.id, check.userId);
    if (used >= coupon.maxUsesPerUser) throw new AppError('conflict', MSG.couponAlreadyUsed);
  }
}
