// The CFDI back office (docs/cfdi.md → Admin): one list of documents (invoices and the credit
// notes that correct them) with their fiscal data, retry of a document in error, the
// accountant's CSV, and files attached by hand when a document was stamped outside the store
// (no provider configured, or a correction).

import { ADMIN_MSG } from '@store/shared/admin-messages';
import type { CfdiDocumentKind } from '@store/shared/constants';
import { toPesos } from '@store/shared/domain/money';
import { MSG } from '@store/shared/messages';
import type { AdminCfdiDocument, AdminCfdiDocumentsFilter } from '@store/shared/schemas/admin/invoices';
import type { Db, Queryable } from '../../../db/client';
import { AppError } from '../../../lib/errors';
import { isUuid } from '../../../lib/ids';
import { findDocument, searchDocuments, updateDocument, type CfdiDocumentRow } from '../../invoices/repo';
import { enqueueDocumentEmail } from '../../invoices/service';
import type { MailSettings } from '../../mail/settings';
import { writeAudit } from '../audit/repo';
import { documentsCsv } from './csv';

const LIST_LIMIT = 500;

/** What the admin is told, and what the audit log records, for each kind of document. */
const BY_KIND = {
  I: {
    retryQueued: ADMIN_MSG.invoiceRetryQueued,
    retryNotAllowed: ADMIN_MSG.invoiceRetryNotAllowed,
    attached: ADMIN_MSG.invoiceAttached,
    attachCancelled: ADMIN_MSG.invoiceAttachCancelled,
    retryAction: 'invoice.retry',
    attachAction: 'invoice.attach',
  },
  E: {
    retryQueued: ADMIN_MSG.creditNoteRetryQueued,
    retryNotAllowed: ADMIN_MSG.creditNoteRetryNotAllowed,
    attached: ADMIN_MSG.creditNoteAttached,
    attachCancelled: ADMIN_MSG.creditNoteAttachCancelled,
    retryAction: 'invoice.credit_note_retry',
    attachAction: 'invoice.credit_note_attach',
  },
  pago: {
    retryQueued: ADMIN_MSG.complementRetryQueued,
    retryNotAllowed: ADMIN_MSG.complementRetryNotAllowed,
    attached: ADMIN_MSG.complementAttached,
    attachCancelled: ADMIN_MSG.complementAttachCancelled,
    retryAction: 'invoice.complement_retry',
    attachAction: 'invoice.complement_attach',
  },
} as const satisfies Record<CfdiDocumentKind, Record<string, string>>;

type Listed = Awaited<ReturnType<typeof searchDocuments>>[number];

export function toAdminDocument(r: Listed): AdminCfdiDocument {
  const d = r.document;
  return {
    _id: d.id,
    kind: d.kind,
    relatedDocumentId: d.relatedDocumentId,
    relatedFolio: r.relatedFolio,
    orderId: d.orderId,
    status: d.status,
    rfc: d.rfc,
    razonSocial: d.razonSocial,
    regimenFiscal: d.regimenFiscal,
    usoCfdi: d.usoCfdi,
    codigoPostal: d.codigoPostal,
    name: r.name,
    email: r.email,
    amount: toPesos(d.amountCentavos ?? r.orderAmountCentavos),
    paidAt: r.paidAt?.getTime() ?? null,
    requestedAt: d.requestedAt.getTime(),
    stampedAt: d.stampedAt?.getTime() ?? null,
    cancelledAt: d.cancelledAt?.getTime() ?? null,
    folioFiscal: d.folioFiscal,
    hasXml: d.xmlKey !== null,
    hasPdf: d.pdfKey !== null,
    pendingAction: d.pendingAction,
    cancelMotive: d.cancelMotive,
    cancellationStatus: d.cancellationStatus ?? null,
    cancellationRequestedAt: d.cancellationRequestedAt?.getTime() ?? null,
    viaProvider: d.providerId !== null,
    lastError: d.lastError,
  };
}

export async function listDocuments(
  db: Queryable,
  query: AdminCfdiDocumentsFilter,
): Promise<AdminCfdiDocument[]> {
  const rows = await searchDocuments(db, {
    status: query.status,
    kind: query.kind,
    q: query.search,
    limit: LIST_LIMIT,
  });
  return rows.map(toAdminDocument);
}

/**
 * The listed documents as the accountant's CSV (RFC, razón social, amounts), audited as a bulk
 * export of fiscal data (who, the filters, how many rows) in the same transaction.
 */
export async function exportDocuments(
  db: Db,
  actorId: string,
  query: AdminCfdiDocumentsFilter,
): Promise<{ csv: string; rows: number }> {
  return db.transaction(async (tx) => {
    const rows = await listDocuments(tx, query);
    await writeAudit(tx, {
      actorId,
      action: 'invoice.export',
      entity: 'order',
      entityId: null,
      details: {
        filters: Object.fromEntries(Object.entries(query).filter(([, v]) => v)),
        rows: rows.length,
      },
    });
    return { csv: documentsCsv(rows), rows: rows.length };
  });
}

async function adminDocument(db: Queryable, id: string): Promise<AdminCfdiDocument> {
  const [listed] = await searchDocuments(db, { id, limit: 1 });
  if (!listed) throw new AppError('not_found', MSG.notFound);
  return toAdminDocument(listed);
}

async function documentRow(db: Queryable, id: string): Promise<CfdiDocumentRow> {
  if (!isUuid(id)) throw new AppError('not_found', MSG.notFound);
  const row = await findDocument(db, id);
  if (!row) throw new AppError('not_found', MSG.notFound);
  return row;
}

function auditDetails(row: CfdiDocumentRow): Record<string, string> {
  return row.kind === 'I'
    ? { invoiceId: row.id }
    : { invoiceId: row.relatedDocumentId ?? '', creditNoteId: row.id };
}

/**
 * A document in error goes back to the queue: to be stamped (same idempotency key, so a CFDI
 * the provider made before the error is returned, not stamped again; one the provider took
 * as pending is read again) or, for an invoice stamped and then refunded, to be cancelled. A
 * cancellation the receiver rejected or let expire is asked again (a new DELETE).
 */
export async function retryDocument(
  db: Queryable,
  actorId: string,
  id: string,
  providerConfigured: boolean,
  now = new Date(),
): Promise<{ document: AdminCfdiDocument; message: string }> {
  const row = await documentRow(db, id);
  const says = BY_KIND[row.kind];
  const refusedCancel =
    row.status === 'timbrada' &&
    row.cancelMotive !== null &&
    (row.cancellationStatus === 'rechazada' || row.cancellationStatus === 'vencida');
  if (row.status !== 'error' && !refusedCancel) throw new AppError('conflict', says.retryNotAllowed);
  if (!providerConfigured) throw new AppError('bad_request', ADMIN_MSG.invoiceRetryNoProvider);
  const stamped = row.providerId !== null && row.folioFiscal !== null;
  const cancelling = stamped && row.cancelMotive !== null;
  await updateDocument(db, row.id, {
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
    action: says.retryAction,
    entity: 'order',
    entityId: row.orderId,
    details: auditDetails(row),
  });
  return { document: await adminDocument(db, row.id), message: says.retryQueued };
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

/** A stamped CFDI's TipoDeComprobante (I, E, P…), null when the XML does not say. */
export function comprobanteType(xml: Buffer): string | null {
  return (
    /<(?:\w+:)?Comprobante\b[^>]*\bTipoDeComprobante\s*=\s*"([A-Z])"/.exec(xml.toString('utf8'))?.[1] ?? null
  );
}

/**
 * Files stamped outside the store (a credit note's XML must be an egreso). The XML makes the
 * document `timbrada` (its folio read from the stamp) and takes its stamp off the queue; once
 * both files are there the buyer gets them by e-mail (once; not for an invoice being
 * cancelled). Returns the key the file replaced, to delete after commit.
 */
export async function attachDocumentFile(
  db: Queryable,
  mail: MailSettings,
  actorId: string,
  id: string,
  file: { format: 'xml' | 'pdf'; key: string; folio: string | null; type: string | null },
  readFile: (key: string) => Promise<Buffer | null>,
  now = new Date(),
): Promise<{ document: AdminCfdiDocument; message: string; replaced: string | null }> {
  const row = await documentRow(db, id);
  const says = BY_KIND[row.kind];
  if (row.status === 'cancelada') throw new AppError('conflict', says.attachCancelled);
  if (file.format === 'xml' && row.kind === 'E' && file.type !== 'E') {
    throw new AppError('bad_request', ADMIN_MSG.creditNoteXmlNotEgreso);
  }
  if (file.format === 'xml' && row.kind === 'pago' && file.type !== 'P') {
    throw new AppError('bad_request', ADMIN_MSG.complementXmlNotPago);
  }
  const updated =
    file.format === 'xml'
      ? await updateDocument(db, row.id, {
          xmlKey: file.key,
          folioFiscal: file.folio,
          status: 'timbrada',
          stampedAt: now,
          pendingAction: row.pendingAction === 'stamp' ? null : row.pendingAction,
          lastError: null,
        })
      : await updateDocument(db, row.id, { pdfKey: file.key });
  await writeAudit(db, {
    actorId,
    action: says.attachAction,
    entity: 'order',
    entityId: row.orderId,
    details: { ...auditDetails(row), format: file.format },
  });
  if (updated && updated.status === 'timbrada' && updated.xmlKey && updated.pdfKey && !updated.cancelMotive) {
    const [xml, pdf] = await Promise.all([readFile(updated.xmlKey), readFile(updated.pdfKey)]);
    if (xml && pdf) await enqueueDocumentEmail(db, mail, updated, { xml, pdf });
  }
  return {
    document: await adminDocument(db, row.id),
    message: says.attached,
    replaced: file.format === 'xml' ? row.xmlKey : row.pdfKey,
  };
}
