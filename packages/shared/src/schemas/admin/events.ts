// Request and response shapes of /api/admin/events: events (products) with their days, seats and stream links.

import { z } from 'zod';
import { CATEGORIES, LEVELS, SALE_MODES, USER_TYPES } from '../../constants';
import { toCentavos } from '../../domain/money';
import { tierProblem, type PriceTier } from '../../domain/pricing';
import { normalizeStreamUrl } from '../../domain/stream-url';
import { MAX_DAY_LENGTH_MS } from '../../domain/event-days';
import { ADMIN_MSG, adminDuplicateDay, adminStreamUrlInvalid } from '../../admin-messages';
import { constanciaEndorsement } from '../attendance';
import { priceTier, product, venue } from '../product';
import { idParam, optionalParam, pesosField } from './common';

/** Paths we serve (uploads, the seed's covers) or an https URL of the configured storage. */
export const IMAGE_URL_PATTERN = /^(\/(uploads|covers)\/[A-Za-z0-9._-]{1,200}|https:\/\/[^\s"'<>\\]{1,480})$/;

/**
 * An instant as ISO 8601 with its offset ('2025-05-29T15:00:00.000Z' or '…T09:00-06:00'), as
 * epoch milliseconds after parsing. The back office enters Mexico City wall times and sends
 * them converted by the time module, so no browser zone is involved.
 */
const dayInstant = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .pipe(z.iso.datetime({ offset: true, error: ADMIN_MSG.dayDateTimeInvalid }))
    .transform((v) => Date.parse(v));

export const adminDayInput = z.object({
  /** Present for a day that already exists: it is kept (renamed, moved), never recreated. */
  _id: idParam.optional(),
  label: z
    .string({ error: ADMIN_MSG.dayLabelRequired })
    .trim()
    .min(1, { error: ADMIN_MSG.dayLabelRequired })
    .max(120, { error: ADMIN_MSG.dayLabelTooLong }),
  startsAt: dayInstant(ADMIN_MSG.dayStartRequired),
  endsAt: dayInstant(ADMIN_MSG.dayEndRequired),
  streamUrl: z
    .string()
    .trim()
    .max(500)
    .nullish()
    .transform((v) => v || null),
  seatCapacity: z
    .number({ error: ADMIN_MSG.dayCapacityInvalid })
    .int({ error: ADMIN_MSG.dayCapacityInvalid })
    .min(1, { error: ADMIN_MSG.dayCapacityInvalid })
    .max(1_000_000, { error: ADMIN_MSG.dayCapacityInvalid })
    .nullish()
    .transform((v) => v ?? null),
});
export type AdminDayInput = z.input<typeof adminDayInput>;

/** Pesos with at most two decimals, at most 1 000 000; the sign is checked by `tierProblem`. */
const tierPesos = (message: string) =>
  z
    .number({ error: message })
    .max(1_000_000, { error: message })
    .refine((v) => Number.isFinite(v) && Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { error: message });

/**
 * One step of the fee schedule: the participant type, the instant it ends (exclusive: the step
 * applies while now < until; null = no end), the price and the optional scholarship price.
 */
export const adminTierInput = z.object({
  userType: z.enum(USER_TYPES, { error: ADMIN_MSG.tierTypeInvalid }),
  until: z
    .string({ error: ADMIN_MSG.tierUntilInvalid })
    .trim()
    .pipe(z.iso.datetime({ offset: true, error: ADMIN_MSG.tierUntilInvalid }))
    .transform((v) => Date.parse(v))
    .nullable(),
  price: tierPesos(ADMIN_MSG.tierPriceInvalid),
  scholarshipPrice: tierPesos(ADMIN_MSG.tierScholarshipInvalid)
    .nullish()
    .transform((v) => v ?? null),
});
export type AdminTierInput = z.input<typeof adminTierInput>;

/** Input tiers (pesos) → the pure pricing shape (centavos). */
export function toPriceTiers(
  tiers: readonly {
    userType: PriceTier['userType'];
    until: number | null;
    price: number;
    scholarshipPrice: number | null;
  }[],
): PriceTier[] {
  return tiers.map((t) => ({
    userType: t.userType,
    untilAt: t.until,
    priceCentavos: toCentavos(t.price),
    scholarshipPriceCentavos: t.scholarshipPrice === null ? null : toCentavos(t.scholarshipPrice),
  }));
}

export const TIER_PROBLEM_MESSAGES = {
  negative: ADMIN_MSG.tierNegative,
  overlap: ADMIN_MSG.tierOverlap,
  noPrice: ADMIN_MSG.tierNoPrice,
} as const;

/** A number within [min, 999] with at most one decimal (hours, points). */
const oneDecimal = (message: string, min: number) =>
  z
    .number({ error: message })
    .min(min, { error: message })
    .max(999, { error: message })
    .refine((v) => Number.isFinite(v) && Math.abs(Math.round(v * 10) - v * 10) < 1e-6, { error: message });

/** The recertification endorsement printed on the event's constancias (docs/attendance.md). */
export const adminEndorsementInput = z.object({
  body: z
    .string({ error: ADMIN_MSG.endorsementBodyInvalid })
    .trim()
    .min(2, { error: ADMIN_MSG.endorsementBodyInvalid })
    .max(160, { error: ADMIN_MSG.endorsementBodyInvalid }),
  number: z
    .string({ error: ADMIN_MSG.endorsementNumberInvalid })
    .trim()
    .min(1, { error: ADMIN_MSG.endorsementNumberInvalid })
    .max(60, { error: ADMIN_MSG.endorsementNumberInvalid }),
  hours: oneDecimal(ADMIN_MSG.endorsementHoursInvalid, 0.5),
  points: oneDecimal(ADMIN_MSG.endorsementPointsInvalid, 0.1),
});
export type AdminEndorsementInput = z.input<typeof adminEndorsementInput>;

/** An https link (a map), or null when it is not one. */
function httpsUrl(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.includes('.') ? url.toString() : null;
  } catch {
    return null;
  }
}

/**
 * The venue as the form sends it: empty texts are "not given"; all three empty = no venue.
 * An address or a map link needs a name (as the products_venue_named check in the database).
 */
export const adminVenueInput = z
  .object({
    name: z.string().trim().max(120, { error: ADMIN_MSG.venueNameTooLong }).default(''),
    address: z.string().trim().max(300, { error: ADMIN_MSG.venueAddressTooLong }).default(''),
    mapUrl: z.string().trim().max(500, { error: ADMIN_MSG.venueMapUrlInvalid }).default(''),
  })
  .superRefine((v, ctx) => {
    if (!v.name && (v.address || v.mapUrl)) {
      ctx.addIssue({ code: 'custom', message: ADMIN_MSG.venueNameRequired, path: ['name'] });
    }
    if (v.mapUrl && !httpsUrl(v.mapUrl)) {
      ctx.addIssue({ code: 'custom', message: ADMIN_MSG.venueMapUrlInvalid, path: ['mapUrl'] });
    }
  })
  .transform((v) =>
    v.name
      ? { name: v.name, address: v.address || null, mapUrl: v.mapUrl ? httpsUrl(v.mapUrl) : null }
      : null,
  );
export type AdminVenueInput = z.input<typeof adminVenueInput>;

export const adminEventInput = z
  .object({
    name: z
      .string({ error: ADMIN_MSG.eventNameRequired })
      .trim()
      .min(1, { error: ADMIN_MSG.eventNameRequired })
      .max(200, { error: ADMIN_MSG.eventNameTooLong }),
    description: z.string().trim().max(5000, { error: ADMIN_MSG.eventDescriptionTooLong }).default(''),
    /** The general price; null = the price of the `general` tier without an end. */
    price: pesosField(ADMIN_MSG.eventPriceInvalid).nullable(),
    image: z
      .array(
        z
          .string({ error: ADMIN_MSG.eventImageInvalid })
          .regex(IMAGE_URL_PATTERN, { error: ADMIN_MSG.eventImageInvalid }),
      )
      .max(10, { error: ADMIN_MSG.eventTooManyImages })
      .default([]),
    category: z.enum(CATEGORIES, { error: ADMIN_MSG.eventCategoryInvalid }),
    subCategory: z.enum(LEVELS, { error: ADMIN_MSG.eventLevelInvalid }),
    isPresential: z.boolean().default(false),
    days: z
      .array(adminDayInput, { error: ADMIN_MSG.eventDaysRequired })
      .min(1, { error: ADMIN_MSG.eventDaysRequired })
      .max(30, { error: ADMIN_MSG.eventTooManyDays }),
    /** Absent = unchanged (por_dia for a new event). */
    saleMode: z.enum(SALE_MODES, { error: ADMIN_MSG.eventSaleModeInvalid }).optional(),
    /** The event a buyer must hold first; null = none; absent = unchanged. */
    requires: idParam.nullable().optional(),
    /** The whole fee schedule, replacing the stored one; absent = unchanged. */
    tiers: z.array(adminTierInput).max(60, { error: ADMIN_MSG.tierTooMany }).optional(),
    /** The constancias' endorsement; null = none; absent = unchanged. */
    endorsement: adminEndorsementInput.nullable().optional(),
    /** One place of a purchase for a team (docs/groups.md); null = the general price; absent = unchanged. */
    institutionalPrice: pesosField(ADMIN_MSG.eventInstitutionalPriceInvalid, 0.01).nullable().optional(),
    /**
     * true = a draft, seen only by staff; false = published (checked complete first; refused
     * back to draft once it has sales). Absent: published on a create (as before drafts
     * existed, so scripts keep working; the back office sends true), unchanged on an edit.
     * docs/product.md → Drafts and publishing.
     */
    draft: z.boolean().optional(),
    /** Where the in-person days happen; null (or all empty) = none; absent = unchanged. */
    venue: adminVenueInput.nullable().optional(),
  })
  .superRefine((v, ctx) => {
    // Tiers left unchanged are checked against the stored ones by the server.
    if (v.tiers !== undefined) {
      const problem = tierProblem(toPriceTiers(v.tiers), v.price === null ? null : toCentavos(v.price));
      if (problem) ctx.addIssue({ code: 'custom', message: TIER_PROBLEM_MESSAGES[problem], path: ['tiers'] });
    }
    const seen = new Set<string>();
    v.days.forEach((d, i) => {
      const key = d.label.toLocaleLowerCase('es-MX');
      if (seen.has(key)) {
        ctx.addIssue({ code: 'custom', message: adminDuplicateDay(d.label), path: ['days', i, 'label'] });
      }
      seen.add(key);
      if (d.endsAt <= d.startsAt) {
        ctx.addIssue({ code: 'custom', message: ADMIN_MSG.dayEndBeforeStart, path: ['days', i, 'endsAt'] });
      } else if (d.endsAt - d.startsAt > MAX_DAY_LENGTH_MS) {
        ctx.addIssue({ code: 'custom', message: ADMIN_MSG.dayTooLong, path: ['days', i, 'endsAt'] });
      }
      const previous = v.days[i - 1];
      if (previous && d.startsAt < previous.startsAt) {
        ctx.addIssue({ code: 'custom', message: ADMIN_MSG.daysOutOfOrder, path: ['days', i, 'startsAt'] });
      }
      if (d.streamUrl && !normalizeStreamUrl(d.streamUrl)) {
        ctx.addIssue({
          code: 'custom',
          message: adminStreamUrlInvalid(d.label, i),
          path: ['days', i, 'streamUrl'],
        });
      }
    });
  });
export type AdminEventInput = z.input<typeof adminEventInput>;
export type AdminEventData = z.output<typeof adminEventInput>;

export const adminEventDay = z.object({
  _id: z.string(),
  label: z.string(),
  /** Epoch milliseconds. */
  startsAt: z.number(),
  endsAt: z.number(),
  position: z.number().int(),
  streamUrl: z.string().nullable(),
  /** null = no limit. */
  seatCapacity: z.number().int().nullable(),
  /** Seats held by paid and pending orders. */
  seatsTaken: z.number().int(),
  /** Paid attendees of this day. */
  seatsSold: z.number().int(),
  /** Order rows of any status that reference the day (> 0: it cannot be removed). */
  ordersCount: z.number().int(),
});
export type AdminEventDay = z.infer<typeof adminEventDay>;

/** An event as the back office sees it: the public product fields, plus state and day details. */
export const adminEvent = product
  .pick({
    _id: true,
    name: true,
    description: true,
    price: true,
    image: true,
    category: true,
    subCategory: true,
    isPresential: true,
    startsAt: true,
    endsAt: true,
  })
  .extend({
    active: z.boolean(),
    /** A draft: only staff see it (docs/product.md → Drafts and publishing). */
    draft: z.boolean(),
    createdAt: z.number(),
    updatedAt: z.number(),
    days: z.array(adminEventDay),
    saleMode: z.enum(SALE_MODES),
    /** The required event's id, or null. */
    requires: z.string().nullable(),
    tiers: z.array(priceTier),
    endorsement: constanciaEndorsement.nullable(),
    /** One place of a purchase for a team, pesos; null = the general price. */
    institutionalPrice: z.number().nullable().optional(),
    venue: venue.nullable(),
  });
export type AdminEvent = z.infer<typeof adminEvent>;

/** active: in the store (published, not archived); draft: not yet published; archived. */
export const ADMIN_EVENT_STATUSES = ['all', 'active', 'draft', 'archived'] as const;
export const adminEventsQuery = z.object({
  search: optionalParam(z.string().trim().max(120)),
  status: optionalParam(z.enum(ADMIN_EVENT_STATUSES)).transform((v) => v ?? 'all'),
});
export type AdminEventsQuery = z.input<typeof adminEventsQuery>;

export const adminEventsResponse = z.object({ success: z.literal(true), events: z.array(adminEvent) });
export type AdminEventsResponse = z.infer<typeof adminEventsResponse>;
export const adminEventResponse = z.object({
  success: z.literal(true),
  event: adminEvent,
  message: z.string().optional(),
});
export type AdminEventResponse = z.infer<typeof adminEventResponse>;
