// The CFDI back office (docs/cfdi.md → Admin): the queue of requests with their fiscal data,
// retry of an invoice in error, the accountant's CSV, and files attached by hand when the
// invoice was stamped outside the store (no provider configured, or a correction).

import { ADMIN_MSG } from '@store/shared/admin-messages';
import { toPesos } from '@store/shared/domain/money';
import type { AdminInvoice, AdminInvoicesFilter } from '@store/shared/schemas/admin/invoices';
import type { Queryable } from '../../../db/client';
import { AppError } from '../../../lib/errors';
import { MSG } from '@store/shared/messages';
import { isUuid } from '../../../lib/ids';
import {
  findCreditNote,
  findInvoice,
  findOrderForInvoice,
  listCreditNotes,
  searchInvoices,
  updateCreditNote,
  updateInvoice,
  type CreditNoteRow,
  type InvoiceRow,
} from '../../invoices/repo';
import { toCreditNoteSummary } from '../../invoices/service';
import { enqueueCreditNoteEmail, enqueueInvoiceEmail } from '../../invoices/worker';
import { writeAudit } from '../audit/repo';

const LIST_LIMIT = 500;

type Listed = Awaited<ReturnType<typeof searchInvoices>>[number];

export function toAdminInvoice(r: Listed, notes: readonly CreditNoteRow[] = []): AdminInvoice {
  const i = r.invoice;
  return {
    _id: i.id,
    orderId: i.orderId,
    status: i.status,
    rfc: i.rfc,
    razonSocial: i.razonSocial,
    regimenFiscal: i.regimenFiscal,
    usoCfdi: i.usoCfdi,
    codigoPostal: i.codigoPostal,
    name: r.name,
    email: r.email,
    amount: toPesos(r.amountCentavos),
    paidAt: r.paidAt?.getTime() ?? null,
    requestedAt: i.requestedAt.getTime(),
    stampedAt: i.stampedAt?.getTime() ?? null,
    cancelledAt: i.cancelledAt?.getTime() ?? null,
    folioFiscal: i.folioFiscal,
    hasXml: i.xmlKey !== null,
    hasPdf: i.pdfKey !== null,
    pendingAction: i.pendingAction === 'stamp' || i.pendingAction === 'cancel' ? i.pendingAction : null,
    cancelMotive: i.cancelMotive,
    cancellationStatus: i.cancellationStatus ?? null,
    cancellationRequestedAt: i.cancellationRequestedAt?.getTime() ?? null,
    viaProvider: i.providerId !== null,
    lastError: i.lastError,
    creditNotes: notes
      .filter((n) => n.invoiceId === i.id)
      .map((n) => ({
        ...toCreditNoteSummary(n),
        pending: n.pendingAction !== null,
        viaProvider: n.providerId !== null,
        lastError: n.lastError,
      })),
  };
}

export async function listInvoices(db: Queryable, query: AdminInvoicesFilter): Promise<AdminInvoice[]> {
  const rows = await searchInvoices(db, { status: query.status, q: query.search, limit: LIST_LIMIT });
  const notes = await listCreditNotes(
    db,
    rows.map((r) => r.invoice.id),
  );
  return rows.map((r) => toAdminInvoice(r, notes));
}

async function adminInvoice(db: Queryable, id: string): Promise<AdminInvoice> {
  const [listed] = await searchInvoices(db, { id, limit: 1 });
  if (!listed) throw new AppError('not_found', MSG.notFound);
  return toAdminInvoice(listed, await listCreditNotes(db, [id]));
}

async function lockedInvoice(db: Queryable, id: string): Promise<InvoiceRow> {
  if (!isUuid(id)) throw new AppError('not_found', MSG.notFound);
  const row = await findInvoice(db, id);
  if (!row) throw new AppError('not_found', MSG.notFound);
  return row;
}

/**
 * An invoice in error goes back to the queue: to be stamped (same idempotency key, so a CFDI
 * the provider made before the error is returned, not stamped again; one the provider took
 * as pending is read again) or, for one stamped and then refunded, to be cancelled. A
 * cancellation the receiver rejected or let expire is asked again (a new DELETE).
 */
export async function retryInvoice(
  db: Queryable,
  actorId: string,
  id: string,
  providerConfigured: boolean,
  now = new Date(),
): Promise<AdminInvoice> {
  const row = await lockedInvoice(db, id);
  const refusedCancel =
    row.status === 'timbrada' &&
    row.cancelMotive !== null &&
    (row.cancellationStatus === 'rechazada' || row.cancellationStatus === 'vencida');
  if (row.status !== 'error' && !refusedCancel) {
    throw new AppError('conflict', ADMIN_MSG.invoiceRetryNotAllowed);
  }
  if (!providerConfigured) throw new AppError('bad_request', ADMIN_MSG.invoiceRetryNoProvider);
  const stamped = row.providerId !== null && row.folioFiscal !== null;
  const cancelling = stamped && row.cancelMotive !== null;
  await updateInvoice(db, row.id, {
    status: stamped ? 'timbrada' : 'solicitada',
    pendingAction: cancelling ? 'cancel' : stamped ? null : 'stamp',
    cancellationStatus: null,
    cancellationRequestedAt: null,
    attempts: 0,
    nextAttemptAt: now,
    lastError: null,
  });
  await writeAudit(db, {
    actorId,
    action: 'invoice.retry',
    entity: 'order',
    entityId: row.orderId,
    details: { invoiceId: row.id },
  });
  return adminInvoice(db, row.id);
}

/** The folio fiscal of a stamped CFDI's XML (TimbreFiscalDigital's UUID), or null if it is none. */
export function folioFromXml(xml: Buffer): string | null {
  const text = xml.toString('utf8');
  if (!/<(?:\w+:)?Comprobante[\s>]/.test(text) || !/TimbreFiscalDigital/.test(text)) return null;
  // The stamp's own UUID (a credit note also names its related CFDI's UUID, earlier in the file).
  const m =
    /<(?:\w+:)?TimbreFiscalDigital\b[^>]*?\bUUID\s*=\s*"([0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12})"/.exec(
      text,
    );
  return m ? m[1]!.toUpperCase() : null;
}

/**
 * Files stamped outside the store. The XML makes the invoice `timbrada` (its folio read
 * from the stamp) and takes it off the stamping queue; once both files are there the buyer
 * gets them by e-mail (once). Returns the keys the files replaced, to delete after commit.
 */
export async function attachInvoiceFile(
  db: Queryable,
  actorId: string,
  id: string,
  file: { format: 'xml' | 'pdf'; key: string; folio: string | null },
  readFile: (key: string) => Promise<Buffer | null>,
  now = new Date(),
): Promise<{ invoice: AdminInvoice; replaced: string | null }> {
  const row = await lockedInvoice(db, id);
  if (row.status === 'cancelada') throw new AppError('conflict', ADMIN_MSG.invoiceAttachCancelled);
  const updated =
    file.format === 'xml'
      ? await updateInvoice(db, row.id, {
          xmlKey: file.key,
          folioFiscal: file.folio,
          status: 'timbrada',
          stampedAt: now,
          pendingAction: row.pendingAction === 'stamp' ? null : row.pendingAction,
          lastError: null,
        })
      : await updateInvoice(db, row.id, { pdfKey: file.key });
  await writeAudit(db, {
    actorId,
    action: 'invoice.attach',
    entity: 'order',
    entityId: row.orderId,
    details: { invoiceId: row.id, format: file.format },
  });
  if (updated && updated.status === 'timbrada' && updated.xmlKey && updated.pdfKey && !updated.cancelMotive) {
    const order = await findOrderForInvoice(db, row.orderId);
    const [xml, pdf] = await Promise.all([readFile(updated.xmlKey), readFile(updated.pdfKey)]);
    if (order && xml && pdf) {
      await enqueueInvoiceEmail(db, {
        invoiceId: row.id,
        to: order.email,
        orderId: order.id,
        folio: updated.folioFiscal,
        xml,
        pdf,
      });
    }
  }
  return {
    invoice: await adminInvoice(db, row.id),
    replaced: file.format === 'xml' ? row.xmlKey : row.pdfKey,
  };
}

async function creditNoteRow(db: Queryable, id: string): Promise<CreditNoteRow> {
  if (!isUuid(id)) throw new AppError('not_found', MSG.notFound);
  const row = await findCreditNote(db, id);
  if (!row) throw new AppError('not_found', MSG.notFound);
  return row;
}

/** A credit note in error goes back to the queue (same idempotency key: never stamped twice). */
export async function retryCreditNote(
  db: Queryable,
  actorId: string,
  id: string,
  providerConfigured: boolean,
  now = new Date(),
): Promise<AdminInvoice> {
  const row = await creditNoteRow(db, id);
  if (row.status !== 'error') throw new AppError('conflict', ADMIN_MSG.creditNoteRetryNotAllowed);
  if (!providerConfigured) throw new AppError('bad_request', ADMIN_MSG.invoiceRetryNoProvider);
  await updateCreditNote(db, row.id, {
    status: 'solicitada',
    pendingAction: 'stamp',
    attempts: 0,
    nextAttemptAt: now,
    lastError: null,
  });
  await writeAudit(db, {
    actorId,
    action: 'invoice.credit_note_retry',
    entity: 'order',
    entityId: row.orderId,
    details: { invoiceId: row.invoiceId, creditNoteId: row.id },
  });
  return adminInvoice(db, row.invoiceId);
}

/** Whether a stamped CFDI's XML is an egreso (a credit note). */
export function isEgresoXml(xml: Buffer): boolean {
  return /<(?:\w+:)?Comprobante\b[^>]*\bTipoDeComprobante\s*=\s*"E"/.test(xml.toString('utf8'));
}

/**
 * A credit note stamped outside the store: the XML makes it `timbrada` (folio from its stamp)
 * and takes it off the queue; with both files the buyer gets them by e-mail (once).
 */
export async function attachCreditNoteFile(
  db: Queryable,
  actorId: string,
  id: string,
  file: { format: 'xml' | 'pdf'; key: string; folio: string | null },
  readFile: (key: string) => Promise<Buffer | null>,
  now = new Date(),
): Promise<{ invoice: AdminInvoice; replaced: string | null }> {
  const row = await creditNoteRow(db, id);
  if (row.status === 'cancelada') throw new AppError('conflict', ADMIN_MSG.creditNoteAttachCancelled);
  const updated =
    file.format === 'xml'
      ? await updateCreditNote(db, row.id, {
          xmlKey: file.key,
          folioFiscal: file.folio,
          status: 'timbrada',
          stampedAt: now,
          pendingAction: null,
          lastError: null,
        })
      : await updateCreditNote(db, row.id, { pdfKey: file.key });
  await writeAudit(db, {
    actorId,
    action: 'invoice.credit_note_attach',
    entity: 'order',
    entityId: row.orderId,
    details: { invoiceId: row.invoiceId, creditNoteId: row.id, format: file.format },
  });
  if (updated && updated.status === 'timbrada' && updated.xmlKey && updated.pdfKey) {
    const order = await findOrderForInvoice(db, row.orderId);
    const [xml, pdf] = await Promise.all([readFile(updated.xmlKey), readFile(updated.pdfKey)]);
    if (order && xml && pdf) {
      await enqueueCreditNoteEmail(db, {
        creditNoteId: row.id,
        to: order.email,
        orderId: order.id,
        folio: updated.folioFiscal,
        xml,
        pdf,
      });
    }
  }
  return {
    invoice: await adminInvoice(db, row.invoiceId),
    replaced: file.format === 'xml' ? row.xmlKey : row.pdfKey,
  };
}
