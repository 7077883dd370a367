// The stamping job (docs/cfdi.md → Stamping): every CFDI_INTERVAL_MS it claims due rows of
// the documents queue (invoices, type I, PUE or PPD; credit notes, type E; payment
// complements, type P) and talks to the PAC outside any transaction: `stamp` creates the CFDI
// (idempotency key = the document's id, so a retry never stamps twice; a credit note or a
// payment complement waits for its invoice's folio), stores its XML and PDF as private files
// and e-mails them to the buyer; `cancel` cancels an invoice with its SAT reason. The forma de
// pago is read from how the order was paid (its method and payment row).
// A stamp the provider answers `pending` (202) and a cancellation the receiver must accept
// are looked at again with GET until final, and recorded as they end (docs/providers.md).
// Network errors, timeouts and 5xx answers retry with backoff up to CFDI_MAX_ATTEMPTS; a
// refusal (4xx) or the last attempt leaves the row in `error` for the admin to retry.
// Runs only with CFDI_API_KEY set; without it the requests wait in the admin queue.

import type { PaymentMethod } from '@store/shared/constants';
import { centavosToDecimalString, toCentavos } from '@store/shared/domain/money';
import { invoiceLines } from '@store/shared/domain/cfdi-rules';
import { creditNoteUse, PUBLICO_GENERAL, RFC_PUBLICO_GENERAL } from '@store/shared/domain/cfdi-catalogs';
import { mexicoCityDate, mexicoCityOffsetMinutes, mexicoCityWallClock } from '@store/shared/domain/time';
import type { CancellationStatus } from '../../db/schema';
import { orderReference } from '@store/shared/domain/order-reference';
import type { Db } from '../../db/client';
import type { MailSettings } from '../mail/settings';
import type { FileStorage } from '../../lib/storage/storage';
import { newStorageKey } from '../../lib/storage/keys';
import {
  PacError,
  type PacClient,
  type PacIncomeInput,
  type PacInvoice,
  type PacInvoiceInput,
  type PacPaymentInput,
} from './pac-client';
import {
  claimDue,
  findDocument,
  findOrderForInvoice,
  findOrderPayment,
  markStamped,
  updateDocument,
  type CfdiDocumentRow,
  type OrderForInvoice,
} from './repo';
import { enqueueDocumentEmail } from './service';

export interface InvoiceJobLog {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
}

export interface InvoiceJobDeps {
  db: Db;
  /** What the buyer's e-mail with the stamped files says about the store (links, brand). */
  mail: MailSettings;
  storage: FileStorage;
  client: PacClient;
  maxAttempts: number;
  log: InvoiceJobLog;
  /**
   * The issuer's lugar de expedición (CFDI_ISSUER_ZIP): the receiver's zip of a CFDI to
   * público en general, as the SAT requires. Without it such a CFDI is left in error.
   */
  issuerZip?: string | null;
  /**
   * c_FormaPago of how an order was paid: each way to pay names its own from its payment row
   * (order_payments; null without one), e.g. a card's 04 credit or 28 debit from
   * `data.funding` (the payments module's providers; jobs.ts passes them in, as invoices come
   * before payments).
   */
  paymentForm: (method: PaymentMethod, payment: { data: Record<string, string> } | null) => string;
}

/** SAT product key of the sale: "servicios de capacitación" (courses, workshops, conferences). */
export const CFDI_PRODUCT_KEY = '86101700';
/** SAT unit key: "unidad de servicio". */
export const CFDI_UNIT_KEY = 'E48';
/** A credit note's one line: "servicios de facturación", unit "actividad" (SAT's guide). */
export const CREDIT_NOTE_PRODUCT_KEY = '84111506';
export const CREDIT_NOTE_UNIT_KEY = 'ACT';
/** c_TipoRelacion 01: nota de crédito de los documentos relacionados. */
export const CREDIT_NOTE_RELATIONSHIP = '01';
/** c_FormaPago 99 "Por definir": the forma of an invoice paid later (PPD), as the SAT requires. */
export const PPD_PAYMENT_FORM = '99';
/** IVA the prices include (tax_included): what a payment complement names of the invoice. */
export const IVA_RATE = 0.16;
/** How long a credit note waits for its invoice's folio before looking again. */
const WAIT_FOR_INVOICE_MS = 5 * 60_000;
/** How long a stamp the provider answered `pending` waits before it is read again. */
export const PENDING_STAMP_LOOK_MS = 5 * 60_000;
/** How long a cancellation waiting for the receiver waits before it is read again. */
export const PENDING_CANCEL_LOOK_MS = 3600_000;
const LEASE_MS = 2 * 60_000;

export function retryDelayMs(attempts: number): number {
  return Math.min(3600_000, 30_000 * 2 ** Math.max(0, attempts - 1));
}

/**
 * The receiver as the SAT wants it. Público en general (`XAXX010101000`): name "PUBLICO EN
 * GENERAL", régimen 616, the issuer's zip (lugar de expedición), and InformacionGlobal for the
 * day of the operation (`at`, Mexico City); whatever the buyer typed is not sent.
 */
function receiver(
  data: Pick<CfdiDocumentRow, 'rfc' | 'razonSocial' | 'regimenFiscal' | 'codigoPostal'>,
  email: string,
  issuerZip: string | null | undefined,
  at: Date,
): Pick<PacIncomeInput, 'customer' | 'global'> {
  if (data.rfc !== RFC_PUBLICO_GENERAL) {
    return {
      customer: {
        legal_name: data.razonSocial,
        tax_id: data.rfc,
        tax_system: data.regimenFiscal,
        email,
        address: { zip: data.codigoPostal },
      },
    };
  }
  if (!issuerZip) {
    throw new PacError(
      'Falta el código postal del lugar de expedición (CFDI_ISSUER_ZIP) para facturar a público en general',
      false,
    );
  }
  const [year, month] = mexicoCityDate(at).split('-');
  return {
    customer: {
      legal_name: PUBLICO_GENERAL.razonSocial,
      tax_id: RFC_PUBLICO_GENERAL,
      tax_system: PUBLICO_GENERAL.regimen,
      email,
      address: { zip: issuerZip },
    },
    global: { periodicity: 'day', months: month!, year: Number(year) },
  };
}

/**
 * The CFDI de ingreso of an order. PUE (paid): the forma de pago of how it was paid, and
 * InformacionGlobal (público en general) for the day of payment. PPD (stamped before the
 * payment): MetodoPago PPD with FormaPago 99, and the day it was asked for; nothing in it
 * depends on the payment, so a retry after the order is paid sends the same body.
 */
export function invoiceInput(
  row: CfdiDocumentRow,
  order: OrderForInvoice,
  paymentForm: string,
  issuerZip?: string | null,
): PacIncomeInput {
  const ppd = row.paymentPlan === 'PPD';
  const lines = invoiceLines(
    order.items.map((i) => ({
      name: i.name,
      priceCentavos: toCentavos(i.price),
      days: i.days,
      places: i.places,
    })),
    order.discountCentavos,
    order.feeCentavos,
  );
  return {
    ...receiver(row, order.email, issuerZip, ppd ? row.requestedAt : (order.paidAt ?? row.requestedAt)),
    items: lines.map((l) => ({
      quantity: l.quantity,
      discount: Number(centavosToDecimalString(l.discountCentavos)),
      product: {
        description: l.description,
        product_key: CFDI_PRODUCT_KEY,
        unit_key: CFDI_UNIT_KEY,
        price: Number(centavosToDecimalString(l.unitCentavos)),
        tax_included: true,
      },
    })),
    ...(ppd
      ? { payment_form: PPD_PAYMENT_FORM, payment_method: 'PPD' as const }
      : { payment_form: paymentForm }),
    use: row.rfc === RFC_PUBLICO_GENERAL ? PUBLICO_GENERAL.uso : row.usoCfdi,
    external_id: order.id,
  };
}

/**
 * The CFDI de egreso of a partial refund: the invoice's receiver (copied onto the credit
 * note), one line for the refunded amount (taxes included), the invoice's forma de pago, PUE,
 * related to the invoice's folio with relationship 01. Uso G02 (devoluciones, descuentos o
 * bonificaciones) when the receiver's régimen takes it, otherwise S01 (`creditNoteUse`:
 * SAT's c_UsoCFDI).
 */
export function creditNoteInput(
  note: CfdiDocumentRow,
  relatedFolio: string,
  order: OrderForInvoice,
  paymentForm: string,
  issuerZip?: string | null,
): PacIncomeInput {
  return {
    type: 'E',
    ...receiver(note, order.email, issuerZip, note.requestedAt),
    items: [
      {
        quantity: 1,
        product: {
          description: `Devolución parcial de la orden ${orderReference(order.id)}`,
          product_key: CREDIT_NOTE_PRODUCT_KEY,
          unit_key: CREDIT_NOTE_UNIT_KEY,
          price: Number(centavosToDecimalString(note.amountCentavos ?? 0)),
          tax_included: true,
        },
      },
    ],
    payment_form: paymentForm,
    payment_method: 'PUE',
    use: note.rfc === RFC_PUBLICO_GENERAL ? PUBLICO_GENERAL.uso : creditNoteUse(note.regimenFiscal),
    related_documents: [{ relationship: CREDIT_NOTE_RELATIONSHIP, documents: [relatedFolio] }],
    external_id: order.id,
  };
}

/** An instant as ISO 8601 in Mexico City time with its offset ("2026-11-03T18:05:00-06:00"). */
export function mexicoCityIso(at: Date): string {
  const w = mexicoCityWallClock(at);
  const offset = mexicoCityOffsetMinutes(at);
  const pad = (n: number) => String(n).padStart(2, '0');
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** The IVA base of an amount that includes 16 % IVA, in centavos (Facturapi's tax_included). */
export function ivaBaseCentavos(totalCentavos: number): number {
  return Math.round((totalCentavos * 100) / 116);
}

/**
 * The CFDI de pago (type P) of a PPD invoice paid in full: the invoice's receiver (público en
 * general by the SAT's rules, without InformacionGlobal, which a comprobante de pago does not
 * carry), and one payment in the Pagos 2.0 complement: when the order was paid (Mexico City),
 * the forma de pago of how, the amount, related to the invoice's folio as installment 1 with
 * the whole total as previous balance (saldo insoluto 0), and the invoice's tax: IVA 16 %
 * transferred on the amount without IVA. The body depends only on the row and the paid
 * order, so a retry sends the same one.
 */
export function paymentComplementInput(
  row: CfdiDocumentRow,
  relatedFolio: string,
  order: OrderForInvoice,
  paymentForm: string,
  issuerZip?: string | null,
): PacPaymentInput {
  const paidCentavos = row.amountCentavos ?? order.amountCentavos;
  const paid = Number(centavosToDecimalString(paidCentavos));
  const { customer } = receiver(row, order.email, issuerZip, order.paidAt ?? row.requestedAt);
  return {
    type: 'P',
    customer,
    complements: [
      {
        type: 'pago',
        data: [
          {
            payment_form: paymentForm,
            date: mexicoCityIso(order.paidAt ?? row.requestedAt),
            related_documents: [
              {
                uuid: relatedFolio,
                amount: paid,
                installment: 1,
                last_balance: paid,
                taxes: [
                  {
                    base: Number(centavosToDecimalString(ivaBaseCentavos(paidCentavos))),
                    type: 'IVA',
                    rate: IVA_RATE,
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
    external_id: order.id,
  };
}

/** The order a batch is worked in: invoices, then payment complements, then credit notes. */
const KIND_ORDER = { I: 0, pago: 1, E: 2 } as const;

/** Runs the due jobs once; returns how many documents it worked on. */
export async function runInvoiceJobs(deps: InvoiceJobDeps, now = new Date()): Promise<number> {
  const rows = await claimDue(deps.db, now, LEASE_MS);
  // Invoices first: a credit note or a complement claimed with its invoice then finds its folio.
  rows.sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind]);
  for (const row of rows) {
    try {
      if (row.pendingAction === 'cancel') await cancel(deps, row, now);
      else await stamp(deps, row, now);
    } catch (err) {
      await failed(deps, row, err, now);
    }
  }
  return rows.length;
}

/**
 * What to send the provider for this document; null when it must not be stamped now: a
 * credit note or a payment complement whose invoice is not stamped yet waits for its folio
 * (no attempt spent), one whose invoice was cancelled meanwhile is closed (nothing left to
 * credit or to pay).
 */
async function stampInput(
  deps: InvoiceJobDeps,
  row: CfdiDocumentRow,
  order: OrderForInvoice,
  now: Date,
): Promise<PacInvoiceInput | null> {
  const form = deps.paymentForm(order.paymentMethod, await findOrderPayment(deps.db, order.id));
  if (row.kind === 'I') return invoiceInput(row, order, form, deps.issuerZip);
  const invoice = row.relatedDocumentId ? await findDocument(deps.db, row.relatedDocumentId) : null;
  if (!invoice || invoice.status === 'cancelada' || invoice.cancelMotive) {
    await updateDocument(deps.db, row.id, { status: 'cancelada', pendingAction: null });
    return null;
  }
  const folio = invoice.status === 'timbrada' ? invoice.folioFiscal : null;
  if (!folio) {
    // The invoice is stamped first (queue, error or the accountant).
    await updateDocument(deps.db, row.id, {
      attempts: Math.max(0, row.attempts - 1),
      nextAttemptAt: new Date(now.getTime() + WAIT_FOR_INVOICE_MS),
      lastError: 'En espera del timbrado de la factura',
    });
    return null;
  }
  return row.kind === 'pago'
    ? paymentComplementInput(row, folio, order, form, deps.issuerZip)
    : creditNoteInput(row, folio, order, form, deps.issuerZip);
}

async function stamp(deps: InvoiceJobDeps, row: CfdiDocumentRow, now: Date): Promise<void> {
  const order = await findOrderForInvoice(deps.db, row.orderId);
  if (!order) {
    await updateDocument(deps.db, row.id, { pendingAction: null });
    return;
  }
  // A stamp the provider answered `pending` is read, never asked again.
  let created: PacInvoice;
  if (row.providerId) {
    created = await deps.client.getInvoice(row.providerId);
  } else {
    const input = await stampInput(deps, row, order, now);
    if (!input) return;
    created = await deps.client.createInvoice(input, row.id);
  }
  if (stampPending(created)) {
    await updateDocument(deps.db, row.id, {
      providerId: created.id,
      attempts: Math.max(0, row.attempts - 1),
      nextAttemptAt: new Date(now.getTime() + PENDING_STAMP_LOOK_MS),
      lastError: null,
    });
    deps.log.info({ documentId: row.id, kind: row.kind }, 'CFDI en proceso de timbrado');
    return;
  }
  const [xml, pdf] = await Promise.all([
    deps.client.download(created.id, 'xml'),
    deps.client.download(created.id, 'pdf'),
  ]);
  const xmlKey = newStorageKey({ visibility: 'private', kind: 'cfdi', ext: 'xml' });
  const pdfKey = newStorageKey({ visibility: 'private', kind: 'cfdi', ext: 'pdf' });
  await deps.storage.put(xmlKey, xml, { contentType: 'application/xml', visibility: 'private' });
  await deps.storage.put(pdfKey, pdf, { contentType: 'application/pdf', visibility: 'private' });
  const stamped = await deps.db.transaction(async (tx) => {
    const updated = await markStamped(
      tx,
      row.id,
      { providerId: created.id, folioFiscal: created.uuid ?? null, xmlKey, pdfKey },
      now,
    );
    if (updated && !updated.cancelMotive) await enqueueDocumentEmail(tx, deps.mail, updated, { xml, pdf });
    return updated;
  });
  // Replaced files of an earlier stamp of the same row (a retry after "error") are removed.
  for (const old of [row.xmlKey, row.pdfKey]) if (old && stamped) await deps.storage.delete(old);
  deps.log.info({ documentId: row.id, kind: row.kind, orderId: row.orderId }, 'CFDI timbrado');
}

/**
 * A create or read the provider has not finished: `pending` (202), or no folio yet. A status
 * other than `valid` or `pending` on a stamp is refused (e.g. a CFDI canceled outside).
 */
function stampPending(answer: PacInvoice): boolean {
  if (answer.status === 'pending' || (answer.status === 'valid' && !answer.uuid)) return true;
  if (answer.status !== undefined && answer.status !== 'valid') {
    throw new PacError(`El proveedor devolvió el CFDI en estado «${answer.status}»`, false);
  }
  return !answer.uuid;
}

/** Facturapi's cancellation_status in our words (cfdi_documents.cancellation_status). */
const CANCELLATION: Record<string, CancellationStatus> = {
  pending: 'pendiente',
  // The SAT is still checking the cancellation: not an outcome yet, read again later.
  verifying: 'pendiente',
  accepted: 'aceptada',
  rejected: 'rechazada',
  expired: 'vencida',
};

async function cancel(deps: InvoiceJobDeps, row: CfdiDocumentRow, now: Date): Promise<void> {
  if (!row.providerId || !row.cancelMotive) {
    await updateDocument(deps.db, row.id, { pendingAction: null });
    return;
  }
  // One DELETE per cancellation: while the receiver decides, the outcome is read with GET
  // (a second DELETE is answered 409, which also sends us to GET).
  const answer =
    row.cancellationStatus === 'pendiente'
      ? await deps.client.getInvoice(row.providerId)
      : ((await deps.client.cancel(row.providerId, row.cancelMotive)) ??
        (await deps.client.getInvoice(row.providerId)));
  const said = answer.cancellation_status ? CANCELLATION[answer.cancellation_status] : undefined;
  if (answer.status === 'canceled') {
    await updateDocument(deps.db, row.id, {
      status: 'cancelada',
      cancellationStatus: said === 'vencida' ? 'vencida' : 'aceptada',
      cancellationRequestedAt: row.cancellationRequestedAt ?? now,
      pendingAction: null,
      cancelledAt: now,
      lastError: null,
      attempts: 0,
    });
    deps.log.info({ documentId: row.id, orderId: row.orderId }, 'CFDI cancelado');
    return;
  }
  if (said === 'pendiente') {
    // The receiver must accept (SAT rules): read again later, spending no attempt.
    await updateDocument(deps.db, row.id, {
      cancellationStatus: 'pendiente',
      cancellationRequestedAt: row.cancellationRequestedAt ?? now,
      nextAttemptAt: new Date(now.getTime() + PENDING_CANCEL_LOOK_MS),
      attempts: 0,
      // Waiting is not an error: the status says it (/orders, /admin).
      lastError: null,
    });
    return;
  }
  if (said === 'rechazada' || said === 'vencida') {
    // Final: the CFDI stays valid; the admin sees why and may ask again.
    await updateDocument(deps.db, row.id, {
      cancellationStatus: said,
      pendingAction: null,
      attempts: 0,
      lastError:
        said === 'rechazada'
          ? 'El receptor rechazó la cancelación: el CFDI sigue vigente'
          : 'La solicitud de cancelación venció sin respuesta del receptor: el CFDI sigue vigente',
    });
    deps.log.warn(
      { documentId: row.id, orderId: row.orderId, outcome: said },
      'cancelación de CFDI no aceptada',
    );
    return;
  }
  throw new PacError('El proveedor no confirmó la cancelación', true);
}

async function failed(deps: InvoiceJobDeps, row: CfdiDocumentRow, err: unknown, now: Date): Promise<void> {
  const pac = err instanceof PacError ? err : null;
  const message = pac ? pac.message : 'Error interno al procesar la factura';
  if (!pac) deps.log.error({ err, documentId: row.id }, 'error al procesar un CFDI');
  const attempts = row.attempts; // counted when the job was claimed
  if ((pac ? pac.retryable : true) && attempts < deps.maxAttempts) {
    await updateDocument(deps.db, row.id, {
      nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)),
      lastError: message,
    });
    deps.log.warn({ documentId: row.id, attempts, error: message }, 'CFDI: se reintentará');
    return;
  }
  await updateDocument(deps.db, row.id, { status: 'error', pendingAction: null, lastError: message });
  deps.log.warn({ documentId: row.id, error: message }, 'CFDI con error: requiere revisión');
}
