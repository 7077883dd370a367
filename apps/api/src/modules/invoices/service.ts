// CFDI rules (docs/cfdi.md): the account's fiscal data (the person's own, and the institution
// of its last team purchase), invoice requests (at checkout, paid at once (PUE) or stamped
// before the payment (PPD); or from /orders within the month of payment), the lifecycle's
// hooks in its own transactions (an order became paid: queue the stamp, or a PPD invoice's
// payment complement; an order ended: cancel the invoice with SAT reason 03, or drop a
// request that was never sent; a refund while the sale stands: a credit note), who may read a
// document, and the buyer's e-mail of a stamped one.

import type { FiscalProfileKind, OrderKind } from '@store/shared/constants';
import { CANCEL_MOTIVES } from '@store/shared/domain/cfdi-catalogs';
import { withinInvoiceMonth } from '@store/shared/domain/cfdi-rules';
import { MSG } from '@store/shared/messages';
import { toPesos } from '@store/shared/domain/money';
import type {
  CreditNoteSummary,
  FiscalData,
  OrderInvoice,
  PaymentComplementSummary,
} from '@store/shared/schemas/invoice';
import type { Queryable, Tx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { enqueueEmail } from '../mail/outbox';
import type { MailSettings } from '../mail/settings';
import { cfdiDocumentEmail } from '../mail/catalogue/cfdi-document';
import { paymentComplementEmail } from './complement-email';
import {
  auditAdminDownload,
  deleteUnpaidRequest,
  findDocument,
  findFiscalProfile,
  findInvoiceReceiver,
  findOrderForInvoice,
  findOrderKind,
  hasLiveRelatedDocument,
  insertCreditNote,
  insertPaidRequest,
  insertPaymentComplement,
  listUserDocuments,
  lockInvoiceOfOrder,
  queueStamp,
  updateDocument,
  upsertCheckoutRequest,
  upsertFiscalProfile,
  type CfdiDocumentRow,
  type PaymentPlan,
} from './repo';

export type { CfdiDocumentRow, PaymentPlan } from './repo';

/** A credit note or a payment complement under its invoice: its amount, status and files. */
export function toCreditNoteSummary(row: CfdiDocumentRow): CreditNoteSummary & PaymentComplementSummary {
  return {
    _id: row.id,
    status: row.status,
    amount: toPesos(row.amountCentavos ?? 0),
    folioFiscal: row.folioFiscal,
    hasXml: row.xmlKey !== null,
    hasPdf: row.pdfKey !== null,
    createdAt: row.requestedAt.getTime(),
  };
}

/**
 * An invoice as its buyer sees it, with the documents (among `docs`) related to it: the
 * credit notes that correct it, oldest first, and a PPD invoice's payment complement.
 */
export function toOrderInvoice(row: CfdiDocumentRow, docs: readonly CfdiDocumentRow[] = []): OrderInvoice {
  const related = docs.filter((n) => n.relatedDocumentId === row.id);
  const notes = related
    .filter((n) => n.kind === 'E')
    .sort((a, b) => a.requestedAt.getTime() - b.requestedAt.getTime() || a.id.localeCompare(b.id));
  const complement = related.find((n) => n.kind === 'pago');
  return {
    _id: row.id,
    orderId: row.orderId,
    status: row.status,
    cancellationStatus: row.cancellationStatus ?? null,
    rfc: row.rfc,
    razonSocial: row.razonSocial,
    folioFiscal: row.folioFiscal,
    hasXml: row.xmlKey !== null,
    hasPdf: row.pdfKey !== null,
    requestedAt: row.requestedAt.getTime(),
    creditNotes: notes.map(toCreditNoteSummary),
    paymentPlan: row.paymentPlan,
    paymentComplement: complement ? toCreditNoteSummary(complement) : null,
  };
}

/**
 * Whose fiscal data an order's invoice request is remembered as: a team purchase's is an
 * institution's (the team checkout's next prefill), never the person's own profile; any
 * other order's is the person's («Mis datos fiscales», the individual checkout's prefill).
 */
export function fiscalProfileKindOf(orderKind: OrderKind): FiscalProfileKind {
  return orderKind === 'grupo' ? 'institucion' : 'persona';
}

/** The account's saved fiscal data of one kind (the person's by default), or null. */
export async function getFiscalData(
  db: Queryable,
  userId: string,
  kind: FiscalProfileKind = 'persona',
): Promise<FiscalData | null> {
  const row = await findFiscalProfile(db, userId, kind);
  if (!row) return null;
  return {
    rfc: row.rfc,
    razonSocial: row.razonSocial,
    regimenFiscal: row.regimenFiscal,
    usoCfdi: row.usoCfdi,
    codigoPostal: row.codigoPostal,
  };
}

/** «Mis datos fiscales»: the person's own fiscal data. */
export async function saveFiscalData(db: Queryable, userId: string, data: FiscalData): Promise<void> {
  await upsertFiscalProfile(db, userId, 'persona', data);
}

/**
 * Who the order's receipt names as the institution of a team purchase: its invoice's
 * receiver as asked for (razón social and RFC), or null when no invoice was requested.
 */
export function invoiceReceiverOf(db: Queryable, orderId: string) {
  return findInvoiceReceiver(db, orderId);
}

/** The buyer's invoices, newest first, each with its credit notes and payment complement. */
export async function myInvoices(db: Queryable, userId: string): Promise<OrderInvoice[]> {
  const docs = await listUserDocuments(db, userId);
  return docs.filter((d) => d.kind === 'I').map((d) => toOrderInvoice(d, docs));
}

/**
 * "¿Requieres factura?" at checkout, in the order's transaction: the data is saved on the
 * account for next time (a team purchase's as the institution's, the person's own profile
 * untouched: fiscalProfileKindOf) and kept with the (still unpaid) order; null withdraws an
 * earlier request of the same pending order (while nothing was sent for it). `plan`: 'PUE' (the
 * default) is stamped once the order is paid; 'PPD' is queued now and stamped while the order
 * is unpaid (MetodoPago PPD, FormaPago 99), and its payment complement follows the payment.
 * Which ways to pay may ask for PPD is the caller's rule (payments/checkout.ts).
 */
export async function attachCheckoutRequest(
  tx: Tx,
  input: { orderId: string; userId: string; fiscal: FiscalData | null | undefined; plan?: PaymentPlan },
  now = new Date(),
): Promise<void> {
  if (!input.fiscal) {
    await deleteUnpaidRequest(tx, input.orderId);
    return;
  }
  const kind = await findOrderKind(tx, input.orderId);
  await upsertFiscalProfile(tx, input.userId, fiscalProfileKindOf(kind ?? 'individual'), input.fiscal);
  await upsertCheckoutRequest(tx, {
    orderId: input.orderId,
    userId: input.userId,
    fiscal: input.fiscal,
    plan: input.plan ?? 'PUE',
    now,
  });
}

/** Refusal of invoices for free orders, at checkout too. */
export function assertInvoiceable(amountCentavos: number): void {
  if (amountCentavos <= 0) throw new AppError('bad_request', MSG.invoiceFreeOrder);
}

/**
 * A request from /orders: the buyer's paid order, within the calendar month of payment
 * (Mexico City). Saves the data on the account (a team purchase's as the institution's) and
 * queues the stamp.
 */
export async function requestInvoice(
  db: Queryable,
  userId: string,
  orderId: string,
  fiscal: FiscalData,
  now = new Date(),
): Promise<CfdiDocumentRow> {
  if (!isUuid(orderId)) throw new AppError('not_found', MSG.orderNotFound);
  const order = await findOrderForInvoice(db, orderId);
  if (!order) throw new AppError('not_found', MSG.orderNotFound);
  if (order.userId !== userId) throw new AppError('forbidden', MSG.forbidden);
  if (order.status !== 'pagado' || !order.paidAt) throw new AppError('bad_request', MSG.invoiceOrderNotPaid);
  assertInvoiceable(order.amountCentavos);
  if (!withinInvoiceMonth(order.paidAt, now)) throw new AppError('bad_request', MSG.invoiceMonthClosed);
  await upsertFiscalProfile(db, userId, fiscalProfileKindOf(order.kind), fiscal);
  const row = await insertPaidRequest(db, { orderId, userId, fiscal });
  if (!row) throw new AppError('conflict', MSG.invoiceAlreadyRequested);
  return row;
}

/**
 * The order became paid (the lifecycle's `order.paid`, same transaction): its PUE checkout
 * request is queued; a PPD invoice (already stamped, or still in the queue) gets its payment
 * complement for the order's total, queued to follow the invoice's folio. Nothing when the
 * PPD invoice was cancelled meanwhile (the order had ended unpaid and was paid late).
 */
export async function onOrderPaid(tx: Tx, orderId: string, now = new Date()): Promise<void> {
  await queueStamp(tx, orderId);
  const invoice = await lockInvoiceOfOrder(tx, orderId);
  if (!invoice || invoice.paymentPlan !== 'PPD') return;
  if (invoice.status === 'cancelada' || invoice.cancelMotive) return;
  const order = await findOrderForInvoice(tx, orderId);
  if (!order || order.amountCentavos <= 0) return;
  await insertPaymentComplement(tx, { invoice, amountCentavos: order.amountCentavos, now });
}

/**
 * The order was cancelled or refunded, or ended unpaid (the lifecycle's `order.ended`, same
 * transaction). A request of an order that was never paid and never sent to the provider
 * disappears (a PUE request, or a PPD one the job has not taken yet). A CFDI stamped through
 * the provider (a paid order's, or a PPD invoice of an order that ended unpaid) is queued for
 * cancellation with SAT reason 03 ("no se llevó a cabo la operación"); one attached by hand
 * keeps the reason for the accountant to cancel at the SAT. A stamp the provider has not
 * finished (answered `pending`, or a PPD sent without an answer) is finished with the same
 * idempotency key and then cancelled. A request not stamped yet is closed as cancelada (if a
 * stamp is in flight, the job cancels what it gets).
 */
export async function onOrderEnded(tx: Tx, orderId: string, now = new Date()): Promise<void> {
  if (await deleteUnpaidRequest(tx, orderId)) return;
  const row = await lockInvoiceOfOrder(tx, orderId);
  if (!row || row.status === 'cancelada' || row.cancelMotive) return;
  // Credit notes or a payment complement already relate to it: the SAT keeps it, and the
  // refund that ended the order gets its own credit note for the rest (onRefundCompleted).
  if (await hasLiveRelatedDocument(tx, row.id)) return;
  const motive = CANCEL_MOTIVES.operationNotCarriedOut;
  const stampUnfinished =
    row.status === 'solicitada' &&
    row.pendingAction === 'stamp' &&
    (row.providerId !== null || (row.paymentPlan === 'PPD' && row.attempts > 0));
  if (stampUnfinished) {
    // The provider may hold a CFDI for it: the job reads (or asks again with the same key)
    // what it made, stores it without e-mailing it, and then cancels it with the reason.
    await updateDocument(tx, row.id, { cancelMotive: motive });
  } else if (row.providerId) {
    await updateDocument(tx, row.id, {
      cancelMotive: motive,
      pendingAction: 'cancel',
      nextAttemptAt: now,
      attempts: 0,
    });
  } else if (row.status === 'timbrada') {
    await updateDocument(tx, row.id, { cancelMotive: motive });
  } else {
    await updateDocument(tx, row.id, {
      cancelMotive: motive,
      status: 'cancelada',
      pendingAction: null,
      cancelledAt: now,
    });
  }
}

/**
 * A refund went back to the buyer (payments, or the admin's recorded refund, in the
 * transaction that applies it, after the order's status followed). When part of the sale stands — the order is still paid, ended
 * as `reembolso_parcial`, or its invoice already has credit notes — the refunded amount gets
 * a credit note related to the invoice, queued for the job (or the accountant). An invoice
 * not stamped yet is stamped first for what was charged, then the credit note (the job waits
 * for its folio). Nothing happens without an invoice, or when the whole CFDI is being
 * cancelled (a full refund). One per refund: a PayPal refund's id is unique on the row; a
 * refund the admin records (cash) writes its credit note in the same transaction.
 */
export async function onRefundCompleted(
  tx: Tx,
  refund: { orderId: string; refundId: string | null; amountCentavos: number },
  now = new Date(),
): Promise<void> {
  if (refund.amountCentavos <= 0) return;
  const row = await lockInvoiceOfOrder(tx, refund.orderId);
  if (!row || row.status === 'cancelada' || row.cancelMotive) return;
  await insertCreditNote(tx, {
    invoice: row,
    refundId: refund.refundId,
    amountCentavos: refund.amountCentavos,
    now,
  });
}

/** A document (an invoice, a credit note or a payment complement) for its buyer or an admin (403 for anyone else). */
export async function documentForViewer(
  db: Queryable,
  id: string,
  viewer: { id: string; role: string },
): Promise<CfdiDocumentRow> {
  if (!isUuid(id)) throw new AppError('not_found', MSG.notFound);
  const row = await findDocument(db, id);
  if (!row) throw new AppError('not_found', MSG.notFound);
  if (row.userId !== viewer.id && viewer.role !== 'admin') throw new AppError('forbidden', MSG.forbidden);
  return row;
}

/**
 * Before a CFDI file reaches an administrator who is not its buyer: the download goes into
 * the order's audit history (the file is sent only once it is there). Nothing for the buyer.
 */
export async function auditDownloadBy(
  db: Queryable,
  viewer: { id: string; role: string },
  doc: CfdiDocumentRow,
  format: 'xml' | 'pdf',
): Promise<void> {
  if (viewer.role !== 'admin' || viewer.id === doc.userId) return;
  await auditAdminDownload(db, {
    actorId: viewer.id,
    // A payment complement is recorded as a download of the invoice's CFDI, naming both.
    action: doc.kind === 'E' ? 'invoice.credit_note_download' : 'invoice.download',
    orderId: doc.orderId,
    details:
      doc.kind === 'pago'
        ? { invoiceId: doc.relatedDocumentId, paymentComplementId: doc.id, format }
        : { [doc.kind === 'I' ? 'invoiceId' : 'creditNoteId']: doc.id, format },
  });
}

/** The e-mail's dedupe key of each kind of document (kept from before they shared a table). */
const MAIL_KEY = { I: 'cfdi-stamped', E: 'cfdi-credit-note', pago: 'cfdi-payment-complement' } as const;

/**
 * The buyer's e-mail with a stamped document's XML and PDF attached, in the caller's
 * transaction; sent once per document (its dedupe key). Nothing when the order is gone.
 */
export async function enqueueDocumentEmail(
  db: Queryable,
  mail: MailSettings,
  doc: Pick<CfdiDocumentRow, 'id' | 'kind' | 'orderId' | 'folioFiscal'>,
  files: { xml: Buffer; pdf: Buffer },
): Promise<void> {
  const order = await findOrderForInvoice(db, doc.orderId);
  if (!order) return;
  const data = { to: order.email, orderId: doc.orderId, folio: doc.folioFiscal, ...files };
  await enqueueEmail(db, {
    ...(doc.kind === 'pago'
      ? paymentComplementEmail(mail, data)
      : cfdiDocumentEmail(mail, { ...data, kind: doc.kind })),
    dedupeKey: `${MAIL_KEY[doc.kind]}:${doc.id}`,
  });
}
