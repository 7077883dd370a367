// CFDI invoice calls of the store (docs/cfdi.md → API): the account's fiscal data, an
// invoice request for a paid order, the buyer's view of an order's invoice.

import { z } from 'zod';
import { INVOICE_STATUSES } from '../constants';
import { MSG } from '../messages';
import {
  checkRegimenUso,
  checkRfc,
  CP_PATTERN,
  normalizeRfc,
  REGIMEN_CODES,
  USO_CODES,
} from '../domain/cfdi-catalogs';

const RFC_MESSAGES = { format: MSG.rfcInvalidFormat, date: MSG.rfcInvalidDate, check: MSG.rfcInvalidCheck };
const PAIR_MESSAGES = {
  regimenKind: MSG.regimenKindMismatch,
  usoRegimen: MSG.usoNotAllowed,
  publicoGeneral: MSG.publicoGeneralOnly,
};

export const rfcField = z
  .string({ error: MSG.rfcInvalidFormat })
  .max(20, { error: MSG.rfcInvalidFormat })
  .transform(normalizeRfc)
  .superRefine((rfc, ctx) => {
    const c = checkRfc(rfc);
    if (!c.ok) ctx.addIssue({ code: 'custom', message: RFC_MESSAGES[c.problem] });
  });

/** What a CFDI 4.0 needs of its receiver, as stored on the account and on each request. */
export const fiscalData = z
  .object({
    rfc: rfcField,
    razonSocial: z
      .string({ error: MSG.razonSocialRequired })
      .trim()
      .min(1, { error: MSG.razonSocialRequired })
      .max(300, { error: MSG.razonSocialTooLong })
      .transform((s) => s.replace(/\s+/g, ' ').toUpperCase()),
    regimenFiscal: z.enum(REGIMEN_CODES, { error: MSG.regimenInvalid }),
    usoCfdi: z.enum(USO_CODES, { error: MSG.usoInvalid }),
    codigoPostal: z
      .string({ error: MSG.cpFiscalInvalid })
      .trim()
      .regex(CP_PATTERN, { error: MSG.cpFiscalInvalid }),
  })
  .superRefine((v, ctx) => {
    if (!checkRfc(v.rfc).ok) return;
    const problem = checkRegimenUso(v.rfc, v.regimenFiscal, v.usoCfdi);
    if (problem) {
      ctx.addIssue({
        code: 'custom',
        message: PAIR_MESSAGES[problem],
        path: [problem === 'regimenKind' ? 'regimenFiscal' : 'usoCfdi'],
      });
    }
  });
export type FiscalData = z.output<typeof fiscalData>;
export type FiscalDataInput = z.input<typeof fiscalData>;

/** Fiscal data as the API answers it (already validated and normalised). */
export const fiscalDataView = z.object({
  rfc: z.string(),
  razonSocial: z.string(),
  regimenFiscal: z.string(),
  usoCfdi: z.string(),
  codigoPostal: z.string(),
});

export const fiscalDataResponse = z.object({
  success: z.literal(true),
  fiscalData: fiscalDataView.nullable(),
});
export type FiscalDataResponse = z.infer<typeof fiscalDataResponse>;

export const saveFiscalDataResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  fiscalData: fiscalDataView,
});

/** A CFDI de egreso (nota de crédito) for a partial refund of the invoiced order. */
export const creditNoteSummary = z.object({
  _id: z.string(),
  status: z.enum(INVOICE_STATUSES),
  /** What was refunded, pesos. */
  amount: z.number(),
  folioFiscal: z.string().nullable(),
  hasXml: z.boolean(),
  hasPdf: z.boolean(),
  createdAt: z.number(),
});
export type CreditNoteSummary = z.infer<typeof creditNoteSummary>;

/**
 * Where the cancellation asked of the SAT stands: `pendiente` while the receiver must accept
 * it, `aceptada` (cancelled), `rechazada` or `vencida` (the CFDI stays valid); null before.
 */
export const CFDI_CANCELLATION_STATUSES = ['pendiente', 'aceptada', 'rechazada', 'vencida'] as const;
export const cfdiCancellationStatus = z.enum(CFDI_CANCELLATION_STATUSES).nullable();

/**
 * The payment complement (CFDI de pago, type P) of an invoice issued before payment (PPD),
 * stamped when the money arrived: what was paid, its status, folio and files.
 */
export const paymentComplementSummary = z.object({
  _id: z.string(),
  status: z.enum(INVOICE_STATUSES),
  /** What was paid, pesos. */
  amount: z.number(),
  folioFiscal: z.string().nullable(),
  hasXml: z.boolean(),
  hasPdf: z.boolean(),
  createdAt: z.number(),
});
export type PaymentComplementSummary = z.infer<typeof paymentComplementSummary>;

/** An order's invoice as its buyer sees it, with the documents related to it. */
export const orderInvoice = z.object({
  _id: z.string(),
  orderId: z.string(),
  status: z.enum(INVOICE_STATUSES),
  cancellationStatus: cfdiCancellationStatus,
  rfc: z.string(),
  razonSocial: z.string(),
  /** Folio fiscal (UUID of the SAT stamp), once stamped. */
  folioFiscal: z.string().nullable(),
  hasXml: z.boolean(),
  hasPdf: z.boolean(),
  requestedAt: z.number(),
  creditNotes: z.array(creditNoteSummary),
  /**
   * c_MetodoPago: 'PUE' (stamped once paid) or 'PPD' (stamped before the payment, forma 99;
   * its payment complement follows when the money arrives). The API always sends it.
   */
  paymentPlan: z.enum(['PUE', 'PPD']).optional(),
  /** A PPD invoice's payment complement once the order is paid; null before (and for PUE). */
  paymentComplement: paymentComplementSummary.nullable().optional(),
});
export type OrderInvoice = z.infer<typeof orderInvoice>;

export const myInvoicesResponse = z.object({ success: z.literal(true), invoices: z.array(orderInvoice) });
export type MyInvoicesResponse = z.infer<typeof myInvoicesResponse>;

export const requestInvoiceBody = z.object({
  orderId: z.string({ error: MSG.orderNotFound }).min(1).max(64),
  fiscalData,
});
export type RequestInvoiceBody = z.input<typeof requestInvoiceBody>;

export const requestInvoiceResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  invoice: orderInvoice,
});

export const invoiceFileParams = z.object({
  id: z.string().min(1).max(64),
  format: z.enum(['xml', 'pdf']),
});
