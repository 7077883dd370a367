// After the sale (docs/after-sale.md): what cancelling an order would refund, and the
// cancellation itself. Amounts in pesos, instants in epoch milliseconds.

import { z } from 'zod';
import { ORDER_STATUSES } from '../constants';
import { MSG } from '../messages';

export const cancellationQuoteBody = z.object({ orderId: z.string({ error: MSG.orderNotFound }).min(1) });

export const cancelOrderBody = z.object({
  orderId: z.string({ error: MSG.orderNotFound }).min(1),
  /** The order's days (product day ids) to cancel; absent = every day still active. */
  productDayIds: z.array(z.uuid()).min(1).max(200).optional(),
});
export type CancelOrderBody = z.infer<typeof cancelOrderBody>;

const figures = z.object({
  /** What was paid for what is cancelled (the fee too when nothing is left). */
  paid: z.number(),
  /** The administrative charge kept. */
  charge: z.number(),
  /** What goes back to the buyer. */
  refund: z.number(),
});

export const cancellationDay = z.object({
  productDayId: z.string(),
  productId: z.string(),
  productName: z.string(),
  /** The event is sold as a whole: its days are cancelled together, never one by one. */
  wholeEvent: z.boolean(),
  label: z.string(),
  startsAt: z.number(),
  endsAt: z.number(),
  status: z.enum(ORDER_STATUSES),
  /** Mexico City date (YYYY-MM-DD), the last one on which this day can be cancelled. */
  lastCancellationDate: z.string(),
  /** Active and still inside the cancellation window. */
  cancellable: z.boolean(),
  /** Cancelling only this day. */
  figures,
});
export type CancellationDay = z.infer<typeof cancellationDay>;

export const cancellationQuote = z.object({
  orderId: z.string(),
  /** Can this order be cancelled from the store at all (paid with PayPal, or free)? */
  online: z.boolean(),
  /** Why not, when it cannot (Spanish). */
  reason: z.string().nullable(),
  chargePercent: z.number(),
  noticeDays: z.number(),
  days: z.array(cancellationDay),
  /**
   * Each event sold as a whole with days still active: cancelling its registration (all those
   * days together), cancellable only when each of them is.
   */
  wholeEvents: z.array(
    figures.extend({
      productId: z.string(),
      productName: z.string(),
      productDayIds: z.array(z.string()),
      cancellable: z.boolean(),
    }),
  ),
  /** Cancelling every active day; cancellable only when each of them is. */
  whole: figures.extend({ cancellable: z.boolean() }),
});
export type CancellationQuote = z.infer<typeof cancellationQuote>;

export const cancellationQuoteResponse = z.object({ success: z.literal(true), quote: cancellationQuote });
export type CancellationQuoteResponse = z.infer<typeof cancellationQuoteResponse>;

export const cancelOrderResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** Pesos refunded by this cancellation. */
  refunded: z.number(),
});
export type CancelOrderResponse = z.infer<typeof cancelOrderResponse>;
