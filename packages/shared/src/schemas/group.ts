// Places for a team (docs/groups.md): the quote and purchase of several places of an event in
// one order, the places of that order with who holds each, and their assignment (one at a
// time or a pasted/uploaded list), reassignment and cancellation. Money in pesos; instants in
// epoch milliseconds.

import { z } from 'zod';
import { MAX_GROUP_CSV_LINES, MAX_GROUP_PLACES, ORDER_STATUSES, PLACE_STATES } from '../constants';
import { REGISTRATION_STATES } from '../questions';
import { MSG } from '../messages';
import { pesos } from './common';
import { address, orderItem } from './order';
import { fiscalData } from './invoice';
import { emailField, nameField } from './user';
import { GROUP_MSG } from '../group-messages';

export const groupQuoteBody = z.object({
  productId: z
    .string({ error: GROUP_MSG.groupProductUnavailable })
    .min(1, { error: GROUP_MSG.groupProductUnavailable }),
  /** The day options' labels (an event sold whole: ignored, every day is included). */
  days: z.array(z.string().min(1).max(200)).max(100).default([]),
  places: z
    .number({ error: GROUP_MSG.groupPlacesInvalid })
    .int({ error: GROUP_MSG.groupPlacesInvalid })
    .min(1, { error: GROUP_MSG.groupPlacesInvalid })
    .max(MAX_GROUP_PLACES, { error: GROUP_MSG.groupPlacesInvalid }),
  couponCode: z.string().trim().max(64).optional().nullable(),
});
export type GroupQuoteBody = z.input<typeof groupQuoteBody>;

export const groupQuote = z.object({
  productId: z.string(),
  productName: z.string(),
  places: z.number(),
  days: z.array(z.object({ productDayId: z.string(), label: z.string(), pricePerPlace: pesos })),
  /** One place (every chosen day). */
  pricePerPlace: pesos,
  subtotal: pesos,
  discount: pesos,
  fee: pesos,
  total: pesos,
  couponCode: z.string().nullable(),
});
export type GroupQuote = z.infer<typeof groupQuote>;

export const groupQuoteResponse = z.object({ success: z.literal(true), quote: groupQuote });

export const groupCheckoutBody = groupQuoteBody.extend({
  address,
  /** The total (pesos) the buyer saw: checked against the server's. */
  amount: pesos,
  /** The institution's fiscal data: one CFDI for the whole order (docs/cfdi.md). */
  invoice: fiscalData.nullish(),
  /**
   * 'PPD': the invoice is stamped now, before a SPEI transfer pays it (forma 99), and a payment
   * complement follows the money (docs/cfdi.md); 'PUE' (default): stamped once paid.
   */
  invoicePlan: z.enum(['PUE', 'PPD']).optional(),
});
export type GroupCheckoutBody = z.input<typeof groupCheckoutBody>;

export const groupPaypalResponse = z.object({
  success: z.literal(true),
  paypalOrderId: z.string(),
  orderId: z.string(),
});

export const groupPlace = z.object({
  /** The order_days row (for an event sold whole: its first day's row). */
  placeId: z.string(),
  place: z.number(),
  productId: z.string(),
  /** The day labels the place covers (every day of an event sold whole). */
  days: z.array(z.string()),
  startsAt: z.number(),
  status: z.enum(ORDER_STATUSES),
  state: z.enum(PLACE_STATES),
  /** Who holds it: the name the buyer typed and the e-mail. */
  assignee: z.object({ name: z.string(), email: z.string() }).nullable(),
  /** Can be (re)assigned now. */
  assignable: z.boolean(),
  /** Can be cancelled by the terms now. */
  cancellable: z.boolean(),
  /** What cancelling this place alone gives back now (pesos). */
  refund: pesos,
  /**
   * Whether its holder answered the event's required registration questions (docs/questions.md),
   * never what; null = none apply to them, or nobody holds it. The API always sends it (optional
   * here only so that places written before it existed still parse).
   */
  registration: z.enum(REGISTRATION_STATES).nullable().optional(),
});
export type GroupPlace = z.infer<typeof groupPlace>;

export const groupPlaces = z.object({
  orderId: z.string(),
  productName: z.string(),
  status: z.enum(ORDER_STATUSES),
  amount: pesos,
  places: z.array(groupPlace),
});
export type GroupPlaces = z.infer<typeof groupPlaces>;

export const groupPlacesResponse = z.object({ success: z.literal(true), group: groupPlaces });

const placeIdsField = z
  .array(z.string().min(1, { error: GROUP_MSG.placeNotFound }), { error: GROUP_MSG.placesAssignNone })
  .min(1, { error: GROUP_MSG.placesAssignNone })
  .max(MAX_GROUP_PLACES * 100);

/**
 * One person for free places of the order (a place per day, or the whole event's place): each
 * must still be free when the change is saved, so two coordinators never overwrite each other.
 */
export const assignPlaceBody = z.object({
  orderId: z.string({ error: MSG.orderNotFound }).min(1, { error: MSG.orderNotFound }),
  placeIds: placeIdsField,
  name: nameField,
  email: emailField,
});
export type AssignPlaceBody = z.input<typeof assignPlaceBody>;

/**
 * Another person for places someone holds: `currentEmail` is who the buyer saw holding them;
 * a place held by anyone else by then (another change saved first) is refused.
 */
export const reassignPlaceBody = assignPlaceBody.extend({
  currentEmail: z.string({ error: GROUP_MSG.placeInProgress }).min(1, { error: GROUP_MSG.placeInProgress }),
});
export type ReassignPlaceBody = z.input<typeof reassignPlaceBody>;

export const assignCsvBody = z.object({
  orderId: z.string({ error: MSG.orderNotFound }).min(1, { error: MSG.orderNotFound }),
  /** The list as pasted or read from a .csv file: a header, then one person per line. */
  csv: z
    .string({ error: GROUP_MSG.placesCsvEmpty })
    .max(MAX_GROUP_CSV_LINES * 400, { error: GROUP_MSG.placesCsvTooLong }),
});
export type AssignCsvBody = z.input<typeof assignCsvBody>;

export const cancelPlacesBody = z.object({
  orderId: z.string({ error: MSG.orderNotFound }).min(1, { error: MSG.orderNotFound }),
  placeIds: z
    .array(z.string().min(1))
    .min(1, { error: GROUP_MSG.placesCancelNone })
    .max(MAX_GROUP_PLACES * 100),
});
export type CancelPlacesBody = z.input<typeof cancelPlacesBody>;

export const groupActionResponse = z.object({ success: z.literal(true), message: z.string() });

/** A place of someone else's group order assigned to me (Mis Productos). */
export const assignedPlace = z.object({
  placeId: z.string(),
  productId: z.string(),
  productName: z.string(),
  days: z.array(z.object({ productDayId: z.string(), label: z.string(), startsAt: z.number() })),
  paidBy: z.string(),
  /** The event as the group order bought it, with only this place's days (for its streams). */
  item: orderItem,
});
export type AssignedPlace = z.infer<typeof assignedPlace>;

export const assignedPlacesResponse = z.object({ success: z.literal(true), places: z.array(assignedPlace) });
