// POST /api/coupon/validate: the discount a code gives on the user's server cart.
import { couponValidateResponse, type CouponValidateBody } from '@store/shared/schemas/coupon';
import { apiRequest } from '../../../lib/api-client';

export function validateCoupon(body: CouponValidateBody) {
  return apiRequest('/api/coupon/validate', couponValidateResponse, { method: 'POST', body });
}
