// Request and response shapes of /api/admin/attendees: attendee lists per event and day.

import { z } from 'zod';
import { PAYMENT_METHODS, USER_TYPES } from '../../constants';
import { ADMIN_MSG } from '../../admin-messages';
import { idParam, optionalParam } from './common';

export const adminAttendeesQuery = z.object({
  productId: z.uuid({ error: ADMIN_MSG.attendeesNeedEvent }),
  productDayId: optionalParam(idParam),
});
export type AdminAttendeesQuery = z.input<typeof adminAttendeesQuery>;

export const adminAttendee = z.object({
  orderId: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  userType: z.enum(USER_TYPES),
  productDayId: z.string(),
  day: z.string(),
  /** When the day starts (epoch ms). */
  dayStartsAt: z.number(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  couponCode: z.string().nullable(),
  /** Who paid the order: the attendee, or the buyer of a group order who assigned the place (docs/groups.md). */
  paidBy: z.string().optional(),
  /** When the order was paid (its creation time for free claims without a payment time). */
  date: z.number(),
  /** The professional profile (null until the person fills it in). */
  certificateName: z.string().nullable(),
  cedula: z.string().nullable(),
  specialty: z.string().nullable(),
  institution: z.string().nullable(),
  /** Attendance of this day: minutes of stream watched, door check-in, and whether it counts. */
  watchedMinutes: z.number().int(),
  checkedInAt: z.number().nullable(),
  attended: z.boolean(),
});
export type AdminAttendee = z.infer<typeof adminAttendee>;

export const adminAttendeesResponse = z.object({
  success: z.literal(true),
  event: z.object({ _id: z.string(), name: z.string() }),
  day: z.object({ _id: z.string(), label: z.string() }).nullable(),
  attendees: z.array(adminAttendee),
});
export type AdminAttendeesResponse = z.infer<typeof adminAttendeesResponse>;
