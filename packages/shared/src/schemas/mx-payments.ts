// The Mexican ways to pay through Stripe (docs/payments.md): what the buyer's checkout, the
// payment page, Mis Productos and the association's settings page exchange with the API.

import { z } from 'zod';
import {
  MSI_COUNTS,
  OXXO_MAX_DAYS,
  OXXO_MIN_DAYS,
  SPEI_MAX_DAYS,
  SPEI_MIN_DAYS,
} from '../domain/mx-payments';
import { PAY_MSG } from '../payment-messages';
import { ORDER_STATUSES } from '../constants';

/**
 * How to finish a payment that is waiting for the buyer: an OXXO voucher or SPEI transfer
 * data. Amounts in centavos, dates as epoch milliseconds.
 */
export const paymentInstructions = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('oxxo'),
    /** The voucher's reference number (its barcode encodes it, Code 128). */
    number: z.string(),
    amountCentavos: z.number().int(),
    /** When the voucher stops being payable (23:59 Mexico City of its last day). */
    expiresAt: z.number(),
    /** Stripe's printable voucher, when Stripe gave one. */
    voucherUrl: z.string().nullable(),
  }),
  z.object({
    kind: z.literal('spei'),
    clabe: z.string(),
    bankName: z.string(),
    /** What the payer writes as the transfer's reference (concepto). */
    reference: z.string(),
    amountCentavos: z.number().int(),
    /** Still to transfer (below amountCentavos after a partial transfer). */
    amountRemainingCentavos: z.number().int(),
    /** The last moment the store waits for the transfer (the seats are held until then). */
    expiresAt: z.number(),
    instructionsUrl: z.string().nullable(),
  }),
]);
export type PaymentInstructions = z.infer<typeof paymentInstructions>;

/** POST /api/order/oxxo and /api/order/spei (and /api/group/spei): the held order and how to pay it. */
export const instructionsResponse = z.object({
  success: z.literal(true),
  orderId: z.string(),
  message: z.string(),
  instructions: paymentInstructions,
});
export type InstructionsResponse = z.infer<typeof instructionsResponse>;

/** GET /api/order/:orderId/instructions: the buyer's own order, polled by the payment page. */
export const orderInstructionsResponse = z.object({
  success: z.literal(true),
  orderId: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** Null once it is paid or closed. */
  instructions: paymentInstructions.nullable(),
});
export type OrderInstructionsResponse = z.infer<typeof orderInstructionsResponse>;

/** What the association chose (GET/PUT /api/admin/payment-settings). */
export const paymentSettings = z.object({
  card: z.object({ enabled: z.boolean(), msi: z.boolean() }),
  oxxo: z.object({
    enabled: z.boolean(),
    expiresAfterDays: z
      .number({ error: PAY_MSG.settingsDaysInvalid })
      .int({ error: PAY_MSG.settingsDaysInvalid })
      .min(OXXO_MIN_DAYS, { error: PAY_MSG.settingsDaysInvalid })
      .max(OXXO_MAX_DAYS, { error: PAY_MSG.settingsDaysInvalid }),
  }),
  spei: z.object({
    enabled: z.boolean(),
    holdDays: z
      .number({ error: PAY_MSG.settingsDaysInvalid })
      .int({ error: PAY_MSG.settingsDaysInvalid })
      .min(SPEI_MIN_DAYS, { error: PAY_MSG.settingsDaysInvalid })
      .max(SPEI_MAX_DAYS, { error: PAY_MSG.settingsDaysInvalid }),
  }),
});
export type PaymentSettings = z.infer<typeof paymentSettings>;

/** Whether one way to pay can work now, and what it lacks (Spanish, for the settings page). */
const methodReadiness = z.object({ ready: z.boolean(), missing: z.array(z.string()) });

export const paymentSettingsResponse = z.object({
  success: z.literal(true),
  settings: paymentSettings,
  readiness: z.object({
    stripeSecretKey: z.boolean(),
    webhookSecret: z.boolean(),
    /** Where Stripe must send events (the dashboard's webhook endpoint). */
    webhookUrl: z.string(),
    /** The events to select for that endpoint. */
    webhookEvents: z.array(z.string()),
    card: methodReadiness,
    oxxo: methodReadiness,
    spei: methodReadiness,
  }),
  message: z.string().optional(),
});
export type PaymentSettingsResponse = z.infer<typeof paymentSettingsResponse>;

/** GET /api/payment-methods: what a buyer may choose now, besides PayPal (null: not offered). */
export const paymentMethodsResponse = z.object({
  success: z.literal(true),
  card: z.object({ msi: z.boolean(), msiCounts: z.array(z.literal(MSI_COUNTS)) }).nullable(),
  oxxo: z.object({ maxCentavos: z.number().int(), expiresAfterDays: z.number().int() }).nullable(),
  spei: z.object({ holdDays: z.number().int() }).nullable(),
});
export type PaymentMethodsResponse = z.infer<typeof paymentMethodsResponse>;

/**
 * A payment waiting for cash or a transfer (admin dashboard): `esperando` the money, or
 * `por_reembolsar`: OXXO cash that arrived after its order ended with the seat gone, which the
 * association returns by hand (Stripe cannot) and then records from the order.
 */
export const paymentWait = z.object({
  orderId: z.string(),
  state: z.enum(['esperando', 'por_reembolsar']).default('esperando'),
  method: z.enum(['oxxo', 'spei']),
  kind: z.enum(['individual', 'grupo']),
  buyerName: z.string(),
  buyerEmail: z.string(),
  amountCentavos: z.number().int(),
  receivedCentavos: z.number().int(),
  createdAt: z.number(),
  expiresAt: z.number().nullable(),
});
export const paymentWaitsResponse = z.object({ success: z.literal(true), waits: z.array(paymentWait) });
export type PaymentWaitsResponse = z.infer<typeof paymentWaitsResponse>;
