// Request and response shapes of /api/admin/waitlist: an event's waiting lists, per day, with
// each entry's state and place in line.

import { z } from 'zod';
import { WAITLIST_STATUSES } from '../../constants';
import { ADMIN_MSG } from '../../admin-messages';

export const adminWaitlistQuery = z.object({
  productId: z.uuid({ error: ADMIN_MSG.waitlistNeedsEvent }),
});

export const adminWaitlistEntry = z.object({
  _id: z.string(),
  productDayId: z.string(),
  day: z.string(),
  name: z.string(),
  email: z.string(),
  status: z.enum(WAITLIST_STATUSES),
  /** Place in line while waiting (1 = next); null otherwise. */
  position: z.number().int().nullable(),
  /** Epoch ms. */
  joinedAt: z.number(),
  offeredAt: z.number().nullable(),
  offerExpiresAt: z.number().nullable(),
  orderId: z.string().nullable(),
});
export type AdminWaitlistEntry = z.infer<typeof adminWaitlistEntry>;

export const adminWaitlistResponse = z.object({
  success: z.literal(true),
  event: z.object({ _id: z.string(), name: z.string() }),
  entries: z.array(adminWaitlistEntry),
});
export type AdminWaitlistResponse = z.infer<typeof adminWaitlistResponse>;
