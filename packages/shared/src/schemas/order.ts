// Order calls of docs/product.md → API (place, paypal, stripe, userorders, single, verifyStripe).

import { z } from 'zod';
import { paymentInstructions } from './mx-payments';
import { CATEGORIES, LEVELS, ORDER_KINDS, ORDER_STATUSES, PAYMENT_METHODS } from '../constants';
import { MSG } from '../messages';
import { NUMERIC_PATTERN } from '../domain/validation';
import { pesos } from './common';
import { fiscalData } from './invoice';

const requiredText = (max = 120) =>
  z.string({ error: MSG.required }).trim().min(1, { error: MSG.required }).max(max);
const numericText = (min: number, max: number) =>
  z
    .string({ error: MSG.required })
    .trim()
    .min(1, { error: MSG.required })
    .regex(NUMERIC_PATTERN, { error: MSG.numericOnly })
    .min(min, { error: MSG.numericOnly })
    .max(max, { error: MSG.numericOnly });

/** Checkout address (docs/product.md → Validation rules): all required but state; zipcode and phone numeric. */
export const address = z.object({
  firstName: requiredText(),
  lastName: requiredText(),
  email: z
    .string({ error: MSG.required })
    .trim()
    .min(1, { error: MSG.required })
    .pipe(z.email({ error: MSG.invalidEmail })),
  street: requiredText(200),
  city: requiredText(),
  state: z.string().trim().max(120).optional().default(''),
  zipcode: numericText(4, 10),
  country: requiredText(),
  phone: numericText(7, 15),
});
export type Address = z.infer<typeof address>;
export type AddressInput = z.input<typeof address>;

/** A line the client asks to buy: one (product, day). */
export const orderLineInput = z.object({
  _id: z.string().min(1),
  days: z.string().min(1).max(200),
  quantity: z.number().int().min(0).max(1000).optional(),
});
export type OrderLineInput = z.infer<typeof orderLineInput>;

export const placeOrderBody = z.object({
  address,
  items: z.array(orderLineInput).min(1, { error: MSG.emptyCart }).max(200),
  /** Checked against the server's figure, never trusted. */
  amount: pesos.optional(),
  couponCode: z.string().trim().max(64).optional().nullable(),
  discount: pesos.optional(),
  /** "¿Requieres factura?": the CFDI receiver's data, kept with the order (docs/cfdi.md). */
  invoice: fiscalData.nullish(),
  /**
   * 'PPD': the invoice is stamped now, before a SPEI transfer pays it (forma 99), and a payment
   * complement follows the money (docs/cfdi.md); 'PUE' (default): stamped once paid.
   */
  invoicePlan: z.enum(['PUE', 'PPD']).optional(),
});
export type PlaceOrderBody = z.input<typeof placeOrderBody>;

export const paypalOrderBody = placeOrderBody.extend({
  paypalOrderId: z.string().min(1).max(64),
  paypalPayerId: z.string().max(64).optional().nullable(),
});
export type PaypalOrderBody = z.input<typeof paypalOrderBody>;

/** What an order holds of each product it bought (a snapshot at purchase time). */
export const orderItem = z.object({
  _id: z.string(),
  name: z.string(),
  price: z.number(),
  image: z.array(z.string()),
  category: z.enum(CATEGORIES),
  subCategory: z.enum(LEVELS),
  isPresential: z.boolean(),
  /** The day options bought of this product, in the product's order. */
  days: z.array(z.string()),
  quantity: z.number().int(),
  /** A group order's places of each day (docs/groups.md); `price` is then one place of one day. */
  places: z.number().int().optional(),
  /** Pesos charged for this event (its tier price); absent on orders placed before price tiers. */
  total: z.number().optional(),
});
export type OrderItem = z.infer<typeof orderItem>;

export const order = z.object({
  _id: z.string(),
  items: z.array(orderItem),
  subtotal: z.number(),
  discount: z.number(),
  fee: z.number(),
  amount: z.number(),
  status: z.enum(ORDER_STATUSES),
  payment: z.boolean(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  date: z.number(),
  /** When the payment was confirmed (null while unpaid); the CFDI month rule counts from it. */
  paidAt: z.number().nullable().optional(),
  address: address,
  couponCode: z.string().nullable(),
  /** The provider's reference of the payment (a PayPal capture, a Stripe session); null without one. */
  paymentReference: z.string().nullable(),
  /** 'grupo': places for a team, named on their own page (docs/groups.md); absent: individual. */
  kind: z.enum(ORDER_KINDS).optional(),
  /** My orders only: each bought day's own status (a day can be cancelled on its own). */
  dayStatuses: z
    .array(
      z.object({
        productId: z.string(),
        day: z.string(),
        status: z.enum(ORDER_STATUSES),
        /** A day passed on to a colleague: to whom (docs/after-sale.md → Transfers). */
        transferredTo: z.object({ name: z.string(), email: z.string() }).optional(),
      }),
    )
    .optional(),
  /** My orders only: what went back to the buyer, oldest first (pesos; date of the refund). */
  refunds: z
    .array(
      z.object({
        amount: z.number(),
        status: z.enum(['pendiente', 'completado', 'fallido']),
        date: z.number(),
      }),
    )
    .optional(),
  /** My orders only: the buyer can cancel something of it now ("Cancelar compra"). */
  cancellable: z.boolean().optional(),
  /** Paid by card in meses sin intereses: how many months (null or absent: in one payment). */
  installments: z.number().int().nullable().optional(),
  /** My orders only, while unpaid: the OXXO voucher or SPEI transfer data to finish paying. */
  pendingPayment: paymentInstructions.nullable().optional(),
});
export type Order = z.infer<typeof order>;

export const userOrdersResponse = z.object({ success: z.literal(true), orders: z.array(order) });
export type UserOrdersResponse = z.infer<typeof userOrdersResponse>;

export const orderSingleBody = z.object({ orderId: z.string({ error: MSG.orderNotFound }).min(1) });
export const orderSingleResponse = z.object({ success: z.literal(true), order });
export type OrderSingleResponse = z.infer<typeof orderSingleResponse>;

export const placeOrderResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  orderId: z.string(),
});
export type PlaceOrderResponse = z.infer<typeof placeOrderResponse>;

export const stripeOrderResponse = z.object({
  success: z.literal(true),
  session_url: z.string(),
  message: z.string().optional(),
});

export const verifyStripeBody = z.object({
  success: z.union([z.string(), z.boolean()]),
  orderId: z.string().min(1),
});

/**
 * order/quote: the signed-in member's server cart priced as checkout will charge it (their
 * tier, whole events split over their days), before any coupon. `problem` is the Spanish
 * reason checkout would refuse the cart (a missing prerequisite, part of a whole event, an
 * ended day); then `lines` is empty and `subtotal` null.
 */
export const cartQuoteResponse = z.object({
  success: z.literal(true),
  lines: z.array(z.object({ _id: z.string(), day: z.string(), price: z.number() })),
  subtotal: z.number().nullable(),
  problem: z.string().nullable(),
});
export type CartQuoteResponse = z.infer<typeof cartQuoteResponse>;
