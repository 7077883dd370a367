// Request and response shapes of /api/admin/orders: orders: filters, detail, mark paid, cancel and refund.

import { z } from 'zod';
import {
  ORDER_STATUSES,
  ORDER_STATUS_FILTERS,
  PAYMENT_METHODS,
  USER_TYPES,
  ORDER_KINDS,
} from '../../constants';
import { ADMIN_MSG } from '../../admin-messages';
import { address } from '../order';
import { idParam, optionalParam, pageQuery, pesosField } from './common';
import { adminAuditEntry } from './audit';

const dateOnly = z.iso.date({ error: ADMIN_MSG.dateInvalid });

export const adminOrdersQuery = z.object({
  productId: optionalParam(idParam),
  productDayId: optionalParam(idParam),
  status: optionalParam(z.enum(ORDER_STATUS_FILTERS)),
  method: optionalParam(z.enum(PAYMENT_METHODS)),
  from: optionalParam(dateOnly),
  to: optionalParam(dateOnly),
  /** Customer name or e-mail, or an order id. */
  search: optionalParam(z.string().trim().max(120)),
  ...pageQuery,
});
export type AdminOrdersQuery = z.input<typeof adminOrdersQuery>;
/** GET /api/admin/orders/export: the list's filters, every page. */
export const adminOrdersExportQuery = adminOrdersQuery.omit({ page: true, pageSize: true });
export type AdminOrdersExportQuery = z.input<typeof adminOrdersExportQuery>;

export const adminCustomer = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  userType: z.enum(USER_TYPES),
});

export const adminOrderSummary = z.object({
  _id: z.string(),
  date: z.number(),
  paidAt: z.number().nullable(),
  status: z.enum(ORDER_STATUSES),
  paymentMethod: z.enum(PAYMENT_METHODS),
  subtotal: z.number(),
  discount: z.number(),
  fee: z.number(),
  amount: z.number(),
  refunded: z.number(),
  couponCode: z.string().nullable(),
  customer: adminCustomer,
  items: z.array(z.object({ productId: z.string(), name: z.string(), days: z.array(z.string()) })),
  /** 'grupo': places for a team (docs/groups.md), `places` of each day. */
  kind: z.enum(ORDER_KINDS).optional(),
  places: z.number().int().optional(),
});
export type AdminOrderSummary = z.infer<typeof adminOrderSummary>;

export const adminOrdersResponse = z.object({
  success: z.literal(true),
  orders: z.array(adminOrderSummary),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminOrdersResponse = z.infer<typeof adminOrdersResponse>;

export const adminOrderDetail = adminOrderSummary.extend({
  address,
  /** The order's attempt at its provider (a PayPal order and its capture, a Stripe session); null without one. */
  providerPayment: z
    .object({
      externalId: z.string(),
      captureId: z.string().nullable(),
      status: z.enum(['abierto', 'cobrado', 'cerrado']),
    })
    .nullable(),
  /** Staff confirm this way of paying by hand ("Marcar pagada": cash at the association). */
  confirmedByStaff: z.boolean(),
  /** The store gives money back through the provider itself (a PayPal capture); false: refunds are recorded as made outside. */
  refundsOnline: z.boolean(),
  expiresAt: z.number().nullable(),
  lines: z.array(
    z.object({
      productDayId: z.string(),
      productId: z.string(),
      productName: z.string(),
      day: z.string(),
      price: z.number(),
      status: z.enum(ORDER_STATUSES),
      /** A group order's place number and who holds it (null: not assigned yet). */
      place: z.number().int().optional(),
      assignee: z.object({ name: z.string(), email: z.string() }).nullable().optional(),
    }),
  ),
  /** The institution a CFDI was asked for (razón social), when one was. */
  institution: z.string().nullable().optional(),
  history: z.array(adminAuditEntry),
  /** Days of this order passed on to a colleague, or received (docs/after-sale.md → Transfers). */
  transfers: z.array(
    z.object({
      day: z.string(),
      name: z.string(),
      email: z.string(),
      fromOrderId: z.string(),
      toOrderId: z.string(),
      /** 1 for the first transfer of the day, 2 for the next… */
      seq: z.number().int(),
      at: z.number(),
    }),
  ),
  /** Transfers per day an administrator allowed beyond the first (counted on the paid order). */
  extraTransfers: z.number().int(),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetail>;

export const adminOrderResponse = z.object({
  success: z.literal(true),
  order: adminOrderDetail,
  message: z.string().optional(),
});
export type AdminOrderResponse = z.infer<typeof adminOrderResponse>;

const noteField = z.string().trim().max(500, { error: ADMIN_MSG.orderNoteTooLong }).default('');
/** The body is optional: a POST without one (Fastify hands over null) means no note. */
export const adminOrderNoteBody = z.preprocess((v) => v ?? {}, z.object({ note: noteField }));
export type AdminOrderNoteBody = z.input<typeof adminOrderNoteBody>;
export const adminRefundBody = z.object({
  amount: pesosField(ADMIN_MSG.orderRefundInvalid, 0.01),
  note: noteField,
  /** true (default): the order becomes `reembolsado`, access ends and the seats are freed;
   *  false: only the amount is recorded (a goodwill partial refund) and access stays. */
  revokeAccess: z.boolean().default(true),
});
export type AdminRefundBody = z.input<typeof adminRefundBody>;
