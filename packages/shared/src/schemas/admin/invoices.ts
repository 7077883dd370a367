// Request and response shapes of /api/admin/invoices: the CFDI queue, retry, CSV and files.

import { z } from 'zod';
import { INVOICE_STATUSES } from '../../constants';
import { cfdiCancellationStatus, creditNoteSummary } from '../invoice';
import { optionalParam } from './common';

export const adminInvoicesQuery = z.object({
  status: optionalParam(z.enum(INVOICE_STATUSES)),
  /** RFC, razón social, e-mail or order id. */
  search: optionalParam(z.string().trim().max(120)),
});
export type AdminInvoicesQuery = z.input<typeof adminInvoicesQuery>;
export type AdminInvoicesFilter = z.output<typeof adminInvoicesQuery>;

export const adminInvoice = z.object({
  _id: z.string(),
  orderId: z.string(),
  status: z.enum(INVOICE_STATUSES),
  rfc: z.string(),
  razonSocial: z.string(),
  regimenFiscal: z.string(),
  usoCfdi: z.string(),
  codigoPostal: z.string(),
  name: z.string(),
  email: z.string(),
  /** What the order charged, pesos. */
  amount: z.number(),
  paidAt: z.number().nullable(),
  requestedAt: z.number(),
  stampedAt: z.number().nullable(),
  cancelledAt: z.number().nullable(),
  folioFiscal: z.string().nullable(),
  hasXml: z.boolean(),
  hasPdf: z.boolean(),
  /** The job still has to stamp or cancel it. */
  pendingAction: z.enum(['stamp', 'cancel']).nullable(),
  /** SAT reason when the order was refunded or cancelled after payment. */
  cancelMotive: z.string().nullable(),
  /** The SAT cancellation's outcome (pendiente while the receiver must accept). */
  cancellationStatus: cfdiCancellationStatus,
  /** When the provider was first asked to cancel it (its age while it waits). */
  cancellationRequestedAt: z.number().nullable(),
  /** Stamped through the provider (it can cancel it); false for files attached by hand. */
  viaProvider: z.boolean(),
  lastError: z.string().nullable(),
  /** Credit notes of partial refunds; `pending` = still to stamp (job or accountant). */
  creditNotes: z.array(
    creditNoteSummary.extend({
      pending: z.boolean(),
      viaProvider: z.boolean(),
      lastError: z.string().nullable(),
    }),
  ),
});
export type AdminInvoice = z.infer<typeof adminInvoice>;

export const adminInvoicesResponse = z.object({
  success: z.literal(true),
  invoices: z.array(adminInvoice),
  /** Whether a PAC is configured (CFDI_API_KEY); without it requests wait here. */
  providerConfigured: z.boolean(),
});
export type AdminInvoicesResponse = z.infer<typeof adminInvoicesResponse>;

export const adminInvoiceActionResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  invoice: adminInvoice,
});
export type AdminInvoiceActionResponse = z.infer<typeof adminInvoiceActionResponse>;

export const adminInvoiceFileParams = z.object({
  id: z.uuid({ error: 'Identificador no válido' }),
  format: z.enum(['xml', 'pdf']),
});
