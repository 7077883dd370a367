// Request and response shapes of /api/admin/dashboard: the dashboard figures.

import { z } from 'zod';
import { optionalParam } from './common';
import { adminOrderSummary } from './orders';

export const adminDashboardQuery = z.object({
  days: optionalParam(z.coerce.number().int().min(7).max(365)).transform((v) => v ?? 30),
});

export const adminDashboardResponse = z.object({
  success: z.literal(true),
  totals: z.object({
    /** Collected on paid orders, refunds deducted (pesos, fee included). */
    revenue: z.number(),
    paidOrders: z.number().int(),
    pendingOrders: z.number().int(),
    /** Paid (event, day) seats. */
    seatsSold: z.number().int(),
    members: z.number().int(),
    activeEvents: z.number().int(),
  }),
  events: z.array(
    z.object({
      productId: z.string(),
      name: z.string(),
      active: z.boolean(),
      /** Net of discounts and refunds, without the service fee. */
      revenue: z.number(),
      seatsSold: z.number().int(),
      days: z.array(
        z.object({
          productDayId: z.string(),
          label: z.string(),
          seatsSold: z.number().int(),
          seatCapacity: z.number().int().nullable(),
          revenue: z.number(),
        }),
      ),
    }),
  ),
  timeline: z.array(
    z.object({
      date: z.string(),
      orders: z.number().int(),
      paidOrders: z.number().int(),
      revenue: z.number(),
    }),
  ),
  latestOrders: z.array(adminOrderSummary),
});
export type AdminDashboardResponse = z.infer<typeof adminDashboardResponse>;
