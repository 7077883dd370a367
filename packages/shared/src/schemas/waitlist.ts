// The waiting list of sold-out days (docs/after-sale.md → Waiting list): joining and leaving
// it from the product page, the member's state per day, and claiming an offered seat.
// Instants in epoch milliseconds.

import { z } from 'zod';
import { WAITLIST_STATUSES } from '../constants';
import { MSG } from '../messages';
import { AFTER_SALE_MSG } from '../after-sale-messages';

export const waitlistDayBody = z.object({
  productId: z.string({ error: MSG.productNotFound }).min(1).max(64),
  day: z.string({ error: MSG.chooseDay }).min(1, MSG.chooseDay).max(200),
});
export type WaitlistDayBody = z.infer<typeof waitlistDayBody>;

export const waitlistClaimBody = z.object({
  token: z
    .string({ error: AFTER_SALE_MSG.waitlistClaimInvalid })
    .min(1, AFTER_SALE_MSG.waitlistClaimInvalid)
    .max(200),
});

export const waitlistDayState = z.object({
  day: z.string(),
  /** No seat left for this member (seats taken plus other members' open offers). */
  soldOut: z.boolean(),
  /** The member's live entry on this day, if any. */
  entry: z
    .object({
      status: z.enum(WAITLIST_STATUSES),
      /** 1 = next in line; null once a seat is offered. */
      position: z.number().int().nullable(),
      offerExpiresAt: z.number().nullable(),
    })
    .nullable(),
});
export type WaitlistDayState = z.infer<typeof waitlistDayState>;

export const waitlistProductResponse = z.object({
  success: z.literal(true),
  days: z.array(waitlistDayState),
});
export type WaitlistProductResponse = z.infer<typeof waitlistProductResponse>;

export const waitlistClaimResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  productId: z.string(),
  day: z.string(),
  offerExpiresAt: z.number(),
});
export type WaitlistClaimResponse = z.infer<typeof waitlistClaimResponse>;

/** One of the member's live waiting-list entries, as Mis Productos lists them. */
export const myWaitlistEntry = z.object({
  productId: z.string(),
  productName: z.string(),
  day: z.string(),
  startsAt: z.number(),
  status: z.enum(WAITLIST_STATUSES),
  /** 1 = next in line; null once a seat is offered. */
  position: z.number().int().nullable(),
  offerExpiresAt: z.number().nullable(),
});
export type MyWaitlistEntry = z.infer<typeof myWaitlistEntry>;

export const myWaitlistResponse = z.object({
  success: z.literal(true),
  entries: z.array(myWaitlistEntry),
});
export type MyWaitlistResponse = z.infer<typeof myWaitlistResponse>;
