// CFDI rules (docs/cfdi.md): the account's fiscal data, invoice requests (at checkout or from
// /orders within the month of payment), the lifecycle's hooks in its own transactions (an
// order became paid: queue the stamp; an order ended: cancel the invoice with SAT reason 03,
// or drop a request that was never paid; a refund while the sale stands: a credit note), who
// may read a document, and the buyer's e-mail of a stamped one.

import { CANCEL_MOTIVES } from '@store/shared/domain/cfdi-catalogs';
import { withinInvoiceMonth } from '@store/shared/domain/cfdi-rules';
import { MSG } from '@store/shared/messages';
import { toPesos } from '@store/shared/domain/money';
import type { CreditNoteSummary, FiscalData, OrderInvoice } from '@store/shared/schemas/invoice';
import type { Queryable, Tx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { enqueueEmail } from '../mail/outbox';
import type { MailSettings } from '../mail/settings';
import { cfdiDocumentEmail } from '../mail/catalogue/cfdi-document';
import {
  auditAdminDownload,
  deleteUnpaidRequest,
  findDocument,
  findFiscalProfile,
  findOrderForInvoice,
  hasLiveCreditNote,
  insertCreditNote,
  insertPaidRequest,
  listUserDocuments,
  lockInvoiceOfOrder,
  queueStamp,
  updateDocument,
  upsertCheckoutRequest,
  upsertFiscalProfile,
  type CfdiDocumentRow,
} from './repo';

export type { CfdiDocumentRow } from './repo';

export function toCreditNoteSummary(row: CfdiDocumentRow): CreditNoteSummary {
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

/** An invoice as its buyer sees it, with the credit notes (among `docs`) that correct it, oldest first. */
export function toOrderInvoice(row: CfdiDocumentRow, docs: readonly CfdiDocumentRow[] = []): OrderInvoice {
  const notes = docs
    .filter((n) => n.relatedDocumentId === row.id)
    .sort((a, b) => a.requestedAt.getTime() - b.requestedAt.getTime() || a.id.localeCompare(b.id));
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
  };
}

export async function getFiscalData(db: Queryable, userId: string): Promise<FiscalData | null> {
  const row = await findFiscalProfile(db, userId);
  if (!row) return null;
  return {
    rfc: row.rfc,
    razonSocial: row.razonSocial,
    regimenFiscal: row.regimenFiscal,
    usoCfdi: row.usoCfdi,
    codigoPostal: row.codigoPostal,
  };
}

export async function saveFiscalData(db: Queryable, userId: string, data: FiscalData): Promise<void> {
  await upsertFiscalProfile(db, userId, data);
}

/** The buyer's invoices, newest first, each with its credit notes. */
export async function myInvoices(db: Queryable, userId: string): Promise<OrderInvoice[]> {
  const docs = await listUserDocuments(db, userId);
  return docs.filter((d) => d.kind === 'I').map((d) => toOrderInvoice(d, docs));
}

/**
 * "¿Requieres factura?" at checkout, in the order's transaction: the data is saved on the
 * account for next time and kept with the (still unpaid) order; null withdraws an earlier
 * request of the same pending order.
 */
export async function attachCheckoutRequest(
  tx: Tx,
  input: { orderId: string; userId: string; fiscal: FiscalData | null | undefined },
): Promise<void> {
  if (!input.fiscal) {
    await deleteUnpaidRequest(tx, input.orderId);
    return;
  }
  await upsertFiscalProfile(tx, input.userId, input.fiscal);
  await upsertCheckoutRequest(tx, { orderId: input.orderId, userId: input.userId, fiscal: input.fiscal });
}

/** Refusal of invoices for free orders, at checkout too. */
export function assertInvoiceable(amountCentavos: number): void {
  if (amountCentavos <= 0) throw new AppError('bad_request', MSG.invoiceFreeOrder);
}

/**
 * A request from /orders: the buyer's paid order, within the calendar month of payment
 * (Mexico City). Saves the data on the account and queues the stamp.
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
  await upsertFiscalProfile(db, userId, fiscal);
  const row = await insertPaidRequest(db, { orderId, userId, fiscal });
  if (!row) throw new AppError('conflict', MSG.invoiceAlreadyRequested);
  return row;
}

/** The order became paid (orders/service, same transaction): its checkout request is queued. */
export async function onOrderPaid(tx: Tx, orderId: string): Promise<void> {
  await queueStamp(tx, orderId);
}

/**
 * The order was cancelled or refunded (orders/service, same transaction). A request of an
 * order that was never paid disappears. A CFDI stamped through the provider is queued for
 * cancellation with SAT reason 03 ("no se llevó a cabo la operación"); one attached by hand
 * keeps the reason for the accountant to cancel at the SAT. A request not stamped yet is
 * closed as cancelada (if a stamp is in flight, the job cancels what it gets).
 */
export async function onOrderEnded(tx: Tx, orderId: string, now = new Date()): Promise<void> {
  if (await deleteUnpaidRequest(tx, orderId)) return;
  const row = await lockInvoiceOfOrder(tx, orderId);
  if (!row || row.status === 'cancelada' || row.cancelMotive) return;
  // Credit notes already relate to it: the SAT keeps it, and the refund that ended the
  // order gets its own credit note for the rest (onRefundCompleted).
  if (await hasLiveCreditNote(tx, row.id)) return;
  const motive = CANCEL_MOTIVES.operationNotCarriedOut;
  if (row.providerId) {
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

/** A document (an invoice or a credit note) for its buyer or an admin (403 for anyone else). */
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
    action: doc.kind === 'I' ? 'invoice.download' : 'invoice.credit_note_download',
    orderId: doc.orderId,
    details: { [doc.kind === 'I' ? 'invoiceId' : 'creditNoteId']: doc.id, format },
  });
}

/**
 * The buyer's e-mail with a stamped document's XML and PDF attached, in the caller's
 * transaction; sent once per document (its dedupe key, kept from before invoices and credit
 * notes shared a table). Nothing when the order is gone.
 */
export async function enqueueDocumentEmail(
  db: Queryable,
  mail: MailSettings,
  doc: Pick<CfdiDocumentRow, 'id' | 'kind' | 'orderId' | 'folioFiscal'>,
  files: { xml: Buffer; pdf: Buffer },
): Promise<void> {
  const order = await findOrderForInvoice(db, doc.orderId);
  if (!order) return;
  await enqueueEmail(db, {
    ...cfdiDocumentEmail(mail, {
      to: order.email,
      kind: doc.kind,
      orderId: doc.orderId,
      folio: doc.folioFiscal,
      ...files,
    }),
    dedupeKey: `${doc.kind === 'I' ? 'cfdi-stamped' : 'cfdi-credit-note'}:${doc.id}`,
  });
}
