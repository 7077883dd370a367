// Product (event) shapes and the catalogue calls (docs/product.md → Events are "products", API).

import { z } from 'zod';
import { CATEGORIES, LEVELS, SALE_MODES, USER_TYPES } from '../constants';
import { MSG } from '../messages';

export const dayOption = z.object({
  label: z.string(),
  /** When the day starts and ends (epoch ms); "ended" is worked out with the caller's clock. */
  startsAt: z.number(),
  endsAt: z.number(),
  /** null = no seat limit. */
  seatCapacity: z.number().int().nullable(),
  seatsSold: z.number().int(),
});
export type DayOption = z.infer<typeof dayOption>;

/** One step of an event's fee schedule (docs/fees.md), in pesos. */
export const priceTier = z.object({
  userType: z.enum(USER_TYPES),
  /** The step applies while now < until (epoch ms); null = no end. */
  until: z.number().nullable(),
  price: z.number(),
  /** What a becado member pays on this step; null = no scholarship price. */
  scholarshipPrice: z.number().nullable(),
});
export type PriceTierOut = z.infer<typeof priceTier>;

/**
 * Where the in-person days happen (docs/product.md → Venue): the place's name, its address and
 * an https map link (both optional, only with a name).
 */
export const venue = z.object({
  name: z.string(),
  address: z.string().nullable(),
  mapUrl: z.string().nullable(),
});
export type Venue = z.infer<typeof venue>;

/** Public fields of a product: never dayLinks (docs/product.md → API, Deliberate changes). */
export const product = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  image: z.array(z.string()),
  category: z.enum(CATEGORIES),
  subCategory: z.enum(LEVELS),
  days: z.array(z.string()),
  /** Seats per day option, in the order of days (null capacity = unlimited). */
  dayOptions: z.array(dayOption),
  isPresential: z.boolean(),
  date: z.number(),
  /** First day's start and last day's end (epoch ms): finished once endsAt is reached. */
  startsAt: z.number(),
  endsAt: z.number(),
  /** por_dia: each day at the price; completo: the price buys every day. */
  saleMode: z.enum(SALE_MODES),
  /** The fee schedule; empty = everyone pays `price`. */
  tiers: z.array(priceTier),
  /** The event a buyer must hold or buy in the same order (the workshops require the course). */
  requires: z.object({ _id: z.string(), name: z.string() }).nullable(),
  /** null = no venue (an online event). */
  venue: venue.nullable(),
});
export type Product = z.infer<typeof product>;

/** The signed-in member's price for an event now (product/single). */
export const myPrice = z.object({
  price: z.number(),
  /** The participant type whose tier applied ('general' = the general price). */
  userType: z.enum(USER_TYPES),
  /** The step's end (epoch ms), null when it has none. */
  until: z.number().nullable(),
  scholarship: z.boolean(),
});
export type MyPrice = z.infer<typeof myPrice>;

/**
 * product/list?estado=: `proximos` (the default, the spec's call without parameters) lists
 * events with at least one day not ended; `finalizados` the finished ones, most recently
 * ended first; `todos` both.
 */
export const PRODUCT_LIST_STATES = ['proximos', 'finalizados', 'todos'] as const;
export type ProductListState = (typeof PRODUCT_LIST_STATES)[number];
export const productListQuery = z.object({
  estado: z
    .preprocess(
      (v) => (v === '' ? undefined : v),
      z.enum(PRODUCT_LIST_STATES, { error: MSG.productListStateInvalid }).optional(),
    )
    .transform((v) => v ?? 'proximos'),
});
export type ProductListQuery = z.input<typeof productListQuery>;

export const productListResponse = z.object({
  success: z.literal(true),
  products: z.array(product),
  message: z.string().optional(),
});
export type ProductListResponse = z.infer<typeof productListResponse>;

export const productIdParams = z.object({ id: z.string() });

/**
 * product/single: dayLinks holds only the day options the caller has paid for; `draft` is true
 * only when staff preview an event not yet published (docs/product.md → Drafts and publishing).
 */
export const productSingleResponse = z.object({
  success: z.literal(true),
  product: product.extend({
    dayLinks: z.record(z.string(), z.string()),
    myPrice,
    draft: z.boolean().optional(),
  }),
});
export type ProductSingleResponse = z.infer<typeof productSingleResponse>;
