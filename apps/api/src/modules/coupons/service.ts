// Coupon rules: active, inside its validity window, under its total and per-user limits,
// allowed for the user's type (read from the database), and applying to at least one line
// of the server cart. The discount comes from database prices (shared/domain/coupons).

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

/** The coupon applied to these lines, or an AppError saying why it does not apply. */
export async function applyCoupon(db: Queryable, check: CouponCheck): Promise<AppliedCoupon> {
  const coupon = await findCouponByCode(db, check.code);
  if (!coupon || !coupon.active) throw new AppError('not_found', MSG.couponInvalid);
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
  if (coupon.validFrom && coupon.validFrom > now) throw new AppError('bad_request', MSG.couponNotYetValid);
  if (coupon.validUntil && coupon.validUntil < now) throw new AppError('bad_request', MSG.couponExpired);
  if (coupon.maxUses !== null && coupon.usedCount >= coupon.maxUses) {
    throw new AppError('conflict', MSG.couponExhausted);
  }
  if (coupon.userTypes.length > 0 && !coupon.userTypes.includes(check.userType)) {
    throw new AppError('forbidden', MSG.couponNotForUser);
  }
  if (coupon.maxUsesPerUser !== null) {
    const used = await countUserRedemptions(db, coupon.id, check.userId);
    if (used >= coupon.maxUsesPerUser) throw new AppError('conflict', MSG.couponAlreadyUsed);
  }
}
