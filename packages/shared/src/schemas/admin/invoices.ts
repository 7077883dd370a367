// Request and response shapes of /api/admin/invoices: the CFDI documents (invoices and credit
// notes) in one list, retry, CSV and files attached by hand.

import { z } from 'zod';
import { CFDI_DOCUMENT_KINDS, INVOICE_STATUSES } from '../../constants';
import { cfdiCancellationStatus } from '../invoice';
import { optionalParam } from './common';

export const adminCfdiDocumentsQuery = z.object({
  status: optionalParam(z.enum(INVOICE_STATUSES)),
  /** I: invoices only; E: credit notes only. */
  kind: optionalParam(z.enum(CFDI_DOCUMENT_KINDS)),
  /** RFC, razón social, e-mail or order id. */
  search: optionalParam(z.string().trim().max(120)),
});
export type AdminCfdiDocumentsQuery = z.input<typeof adminCfdiDocumentsQuery>;
export type AdminCfdiDocumentsFilter = z.output<typeof adminCfdiDocumentsQuery>;

export const adminCfdiDocument = z.object({
  _id: z.string(),
  /** I: the order's invoice (ingreso); E: the credit note of a refund (egreso). */
  kind: z.enum(CFDI_DOCUMENT_KINDS),
  /** The invoice a credit note corrects, and its folio once stamped; null for an invoice. */
  relatedDocumentId: z.string().nullable(),
  relatedFolio: z.string().nullable(),
  orderId: z.string(),
  status: z.enum(INVOICE_STATUSES),
  rfc: z.string(),
  razonSocial: z.string(),
  regimenFiscal: z.string(),
  usoCfdi: z.string(),
  codigoPostal: z.string(),
  name: z.string(),
  email: z.string(),
  /** The document's total, pesos: what the order charged (invoice) or what was refunded (credit note). */
  amount: z.number(),
  /** When the order was paid. */
  paidAt: z.number().nullable(),
  /** When it was asked for (invoice) or queued (credit note). */
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
  /** Sent through the provider (it can cancel it); false for files attached by hand. */
  viaProvider: z.boolean(),
  lastError: z.string().nullable(),
});
export type AdminCfdiDocument = z.infer<typeof adminCfdiDocument>;

export const adminCfdiDocumentsResponse = z.object({
  success: z.literal(true),
  /** Each invoice followed by its credit notes, newest invoice first. */
  documents: z.array(adminCfdiDocument),
  /** Whether a PAC is configured (CFDI_API_KEY); without it documents wait here. */
  providerConfigured: z.boolean(),
});
export type AdminCfdiDocumentsResponse = z.infer<typeof adminCfdiDocumentsResponse>;

export const adminCfdiDocumentActionResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  document: adminCfdiDocument,
});
export type AdminCfdiDocumentActionResponse = z.infer<typeof adminCfdiDocumentActionResponse>;

export const adminCfdiFileParams = z.object({
  id: z.uuid({ error: 'Identificador no válido' }),
  format: z.enum(['xml', 'pdf']),
});
