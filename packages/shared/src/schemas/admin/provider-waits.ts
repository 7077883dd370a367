// GET /api/admin/dashboard/provider-waits: what waits on a payment or CFDI provider
// (docs/providers.md → What the admin sees), each with its age; and the retry of a refund.

import { z } from 'zod';
import { cfdiCancellationStatus } from '../invoice';

export const providerWaitRefund = z.object({
  _id: z.string(),
  orderId: z.string(),
  /** 'cancelacion' (the buyer) or 'admin'. */
  kind: z.string(),
  status: z.enum(['pendiente', 'fallido']),
  /** Pesos. */
  amount: z.number(),
  /** When it was asked of PayPal (its age). */
  requestedAt: z.number(),
  /** PayPal took it (PENDING): its refund id; null while PayPal has not answered. */
  providerRefundId: z.string().nullable(),
  attempts: z.number().int(),
  nextAttemptAt: z.number().nullable(),
  failure: z.string().nullable(),
  /** What the refund waits for when it is the buyer, not the provider (an OXXO or SPEI refund needs their bank account). */
  note: z.string().nullable().optional(),
});

export const providerWaitCfdi = z.object({
  _id: z.string(),
  kind: z.enum(['factura', 'nota_de_credito', 'complemento_de_pago']),
  orderId: z.string(),
  rfc: z.string(),
  /** What is waiting: a stamp the SAT has not finished, or a cancellation. */
  waiting: z.enum(['timbrado', 'cancelacion']),
  cancellationStatus: cfdiCancellationStatus,
  /** Since when (the request, or the cancellation asked of the provider). */
  since: z.number(),
  lastError: z.string().nullable(),
});

export const providerWaitsResponse = z.object({
  success: z.literal(true),
  refunds: z.array(providerWaitRefund),
  cfdi: z.array(providerWaitCfdi),
});
export type ProviderWaitsResponse = z.infer<typeof providerWaitsResponse>;
export type ProviderWaitRefund = z.infer<typeof providerWaitRefund>;
export type ProviderWaitCfdi = z.infer<typeof providerWaitCfdi>;
