// Request and response shapes of /api/admin/demo-data: what the demo seed left, and its removal.

import { z } from 'zod';

export const adminDemoDataResponse = z.object({
  success: z.literal(true),
  /** True while any removable demo row exists (the dashboard shows its banner). */
  present: z.boolean(),
  /** Published demo events, active demo coupons, demo accounts. */
  products: z.number().int(),
  coupons: z.number().int(),
  users: z.number().int(),
});
export type AdminDemoDataResponse = z.infer<typeof adminDemoDataResponse>;

export const adminDemoDataRemoveResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  deletedProducts: z.number().int(),
  /** Demo events a real customer bought: kept for their orders, out of the catalogue. */
  archivedProducts: z.number().int(),
  deletedCoupons: z.number().int(),
  /** Demo coupons a real order used: kept for that order, no longer accepted. */
  deactivatedCoupons: z.number().int(),
  deletedUsers: z.number().int(),
  /** Orders of the demo accounts (with their days and coupon uses). */
  deletedOrders: z.number().int(),
});
export type AdminDemoDataRemoveResponse = z.infer<typeof adminDemoDataRemoveResponse>;
