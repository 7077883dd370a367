// Transfer of a bought day to a colleague (docs/after-sale.md → Transfers): what can be
// transferred in an order, and the transfer itself. Instants in epoch milliseconds.

import { z } from 'zod';
import { ORDER_STATUSES } from '../constants';
import { MSG } from '../messages';
import { emailField, nameField } from './user';
import { AFTER_SALE_MSG } from '../after-sale-messages';

export const transferOptionsBody = z.object({
  orderId: z.string({ error: MSG.orderNotFound }).min(1),
  productId: z.string({ error: MSG.orderNotFound }).min(1),
});

export const transferOptionDay = z.object({
  productDayId: z.string(),
  label: z.string(),
  startsAt: z.number(),
  endsAt: z.number(),
  status: z.enum(ORDER_STATUSES),
  /** Can be transferred now. */
  transferable: z.boolean(),
  /** Why not, when it cannot (Spanish); null when it can or the day is no longer held. */
  reason: z.string().nullable(),
});
export type TransferOptionDay = z.infer<typeof transferOptionDay>;

export const transferOptions = z.object({
  orderId: z.string(),
  productId: z.string(),
  productName: z.string(),
  /** An event sold as a whole: every remaining day moves together. */
  together: z.boolean(),
  days: z.array(transferOptionDay),
});
export type TransferOptions = z.infer<typeof transferOptions>;

export const transferOptionsResponse = z.object({ success: z.literal(true), options: transferOptions });

export const transferDayBody = z.object({
  orderId: z.string({ error: MSG.orderNotFound }).min(1),
  /** The day to transfer (for an event sold as a whole, any of its days: all move). */
  productDayId: z.uuid({ error: AFTER_SALE_MSG.transferDayNotActive }),
  email: emailField,
  name: nameField,
  /** The buyer confirmed that the access leaves their account. */
  confirm: z.literal(true, { error: AFTER_SALE_MSG.transferConfirmRequired }),
});
export type TransferDayBody = z.infer<typeof transferDayBody>;

export const transferDayResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** The labels of the days that moved. */
  days: z.array(z.string()),
});
export type TransferDayResponse = z.infer<typeof transferDayResponse>;
