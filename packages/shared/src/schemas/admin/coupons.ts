// Request and response shapes of /api/admin/coupons: coupons and their states.

import { z } from 'zod';
import { DISCOUNT_TYPES, USER_TYPES } from '../../constants';
import { ADMIN_MSG } from '../../admin-messages';
import { pesosField } from './common';

const limitField = z
  .number({ error: ADMIN_MSG.couponLimitInvalid })
  .int({ error: ADMIN_MSG.couponLimitInvalid })
  .min(1, { error: ADMIN_MSG.couponLimitInvalid })
  .max(1_000_000, { error: ADMIN_MSG.couponLimitInvalid })
  .nullish()
  .transform((v) => v ?? null);
const dateTimeField = z.iso
  .datetime({ offset: true, error: ADMIN_MSG.couponDateInvalid })
  .nullish()
  .transform((v) => v ?? null);

export const adminCouponInput = z
  .object({
    code: z
      .string({ error: ADMIN_MSG.couponCodeInvalid })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9_-]{3,32}$/, { error: ADMIN_MSG.couponCodeInvalid }),
    description: z.string().trim().max(300, { error: ADMIN_MSG.couponDescriptionTooLong }).default(''),
    discountType: z.enum(DISCOUNT_TYPES, { error: ADMIN_MSG.couponTypeInvalid }),
    /** Percent (1-100) or pesos. */
    discountValue: z.number({ error: ADMIN_MSG.couponFixedInvalid }),
    productIds: z
      .array(z.uuid({ error: ADMIN_MSG.couponProductInvalid }))
      .max(500)
      .default([]),
    userTypes: z
      .array(z.enum(USER_TYPES, { error: ADMIN_MSG.couponUserTypeInvalid }))
      .max(USER_TYPES.length)
      .default([]),
    validFrom: dateTimeField,
    validUntil: dateTimeField,
    maxUses: limitField,
    maxUsesPerUser: limitField,
    active: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    if (v.discountType === 'percent') {
      if (!Number.isInteger(v.discountValue) || v.discountValue < 1 || v.discountValue > 100) {
        ctx.addIssue({ code: 'custom', message: ADMIN_MSG.couponPercentInvalid, path: ['discountValue'] });
      }
    } else if (!pesosField(ADMIN_MSG.couponFixedInvalid, 0.01).safeParse(v.discountValue).success) {
      ctx.addIssue({ code: 'custom', message: ADMIN_MSG.couponFixedInvalid, path: ['discountValue'] });
    }
    if (v.validFrom && v.validUntil && Date.parse(v.validUntil) <= Date.parse(v.validFrom)) {
      ctx.addIssue({ code: 'custom', message: ADMIN_MSG.couponDatesInvalid, path: ['validUntil'] });
    }
  });
export type AdminCouponInput = z.input<typeof adminCouponInput>;
export type AdminCouponData = z.output<typeof adminCouponInput>;

export const COUPON_STATES = ['vigente', 'programado', 'expirado', 'agotado', 'inactivo'] as const;
export type CouponState = (typeof COUPON_STATES)[number];
export const COUPON_STATE_LABELS: Record<CouponState, string> = {
  vigente: 'Vigente',
  programado: 'Programado',
  expirado: 'Expirado',
  agotado: 'Agotado',
  inactivo: 'Inactivo',
};

export const adminCoupon = z.object({
  _id: z.string(),
  code: z.string(),
  description: z.string(),
  discountType: z.enum(DISCOUNT_TYPES),
  /** Percent, or pesos for a fixed amount. */
  discountValue: z.number(),
  productIds: z.array(z.string()),
  userTypes: z.array(z.enum(USER_TYPES)),
  validFrom: z.number().nullable(),
  validUntil: z.number().nullable(),
  maxUses: z.number().int().nullable(),
  maxUsesPerUser: z.number().int().nullable(),
  usedCount: z.number().int(),
  active: z.boolean(),
  state: z.enum(COUPON_STATES),
  createdAt: z.number(),
});
export type AdminCoupon = z.infer<typeof adminCoupon>;

export const adminCouponsResponse = z.object({ success: z.literal(true), coupons: z.array(adminCoupon) });
export type AdminCouponsResponse = z.infer<typeof adminCouponsResponse>;
export const adminCouponResponse = z.object({
  success: z.literal(true),
  coupon: adminCoupon,
  message: z.string().optional(),
});
export type AdminCouponResponse = z.infer<typeof adminCouponResponse>;
