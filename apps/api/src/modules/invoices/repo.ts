// Every query of the invoices module: the account's fiscal data (the person's own and the
// institution of its last team purchase), the CFDI documents (invoices, type I, the credit
// notes that correct them, type E, and the payment complement of an invoice issued before
// payment, kind 'pago'), their stamping queue, and the reads of orders and of their payment
// row it needs (docs/cfdi.md).

import type { FiscalProfileKind, OrderKind, PaymentMethod } from '@store/shared/constants';
import { and, asc, desc, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { CfdiDocumentKind, InvoiceStatus } from '@store/shared/constants';
import type { FiscalData } from '@store/shared/schemas/invoice';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client';
import { auditLog, cfdiDocuments, fiscalProfiles, orderPayments, orders, users } from '../../db/schema';

export type CfdiDocumentRow = typeof cfdiDocuments.$inferSelect;
/** c_MetodoPago of an invoice: PUE (paid when stamped) or PPD (stamped first, paid later). */
export type PaymentPlan = CfdiDocumentRow['paymentPlan'];

/** The one invoice (type I) an order may have: the partial unique index's predicate. */
const INVOICE_ONLY = sql.raw(`"kind" = 'I'`);

/** The account's fiscal profile of one kind: the person's own, or its last team purchase's institution. */
export async function findFiscalProfile(db: Queryable, userId: string, kind: FiscalProfileKind) {
  const [row] = await db
    .select()
    .from(fiscalProfiles)
    .where(and(eq(fiscalProfiles.userId, userId), eq(fiscalProfiles.kind, kind)))
    .limit(1);
  return row ?? null;
}

function fiscalColumns(data: FiscalData) {
  return {
    rfc: data.rfc,
    razonSocial: data.razonSocial,
    regimenFiscal: data.regimenFiscal,
    usoCfdi: data.usoCfdi,
    codigoPostal: data.codigoPostal,
  };
}

export async function upsertFiscalProfile(
  db: Queryable,
  userId: string,
  kind: FiscalProfileKind,
  data: FiscalData,
): Promise<void> {
  const values = { ...fiscalColumns(data), updatedAt: new Date() };
  await db
    .insert(fiscalProfiles)
    .values({ userId, kind, ...values })
    .onConflictDoUpdate({ target: [fiscalProfiles.userId, fiscalProfiles.kind], set: values });
}

/** The order's kind ('individual' or 'grupo'), null for an unknown order. */
export async function findOrderKind(db: Queryable, orderId: string): Promise<OrderKind | null> {
  const [row] = await db.select({ kind: orders.kind }).from(orders).where(eq(orders.id, orderId)).limit(1);
  return row?.kind ?? null;
}

/** The receiver of the order's invoice (type I) as it was asked for, whatever its status; null without one. */
export async function findInvoiceReceiver(
  db: Queryable,
  orderId: string,
): Promise<{ rfc: string; razonSocial: string } | null> {
  const [row] = await db
    .select({ rfc: cfdiDocuments.rfc, razonSocial: cfdiDocuments.razonSocial })
    .from(cfdiDocuments)
    .where(and(eq(cfdiDocuments.orderId, orderId), eq(cfdiDocuments.kind, 'I')))
    .limit(1);
  return row ?? null;
}

export async function findDocument(db: Queryable, id: string): Promise<CfdiDocumentRow | null> {
  const [row] = await db.select().from(cfdiDocuments).where(eq(cfdiDocuments.id, id)).limit(1);
  return row ?? null;
}

export async function lockInvoiceOfOrder(db: Queryable, orderId: string): Promise<CfdiDocumentRow | null> {
  const [row] = await db
    .select()
    .from(cfdiDocuments)
    .where(and(eq(cfdiDocuments.orderId, orderId), eq(cfdiDocuments.kind, 'I')))
    .for('update')
    .limit(1);
  return row ?? null;
}

/** The buyer's documents, newest first. */
export async function listUserDocuments(db: Queryable, userId: string): Promise<CfdiDocumentRow[]> {
  return db
    .select()
    .from(cfdiDocuments)
    .where(eq(cfdiDocuments.userId, userId))
    .orderBy(desc(cfdiDocuments.requestedAt), asc(cfdiDocuments.id));
}

/**
 * A PPD request never sent to the provider: the job has not claimed it yet (a claim counts an
 * attempt), so nothing was stamped and the request may still change or go.
 */
const PPD_UNSENT = and(
  eq(cfdiDocuments.paymentPlan, 'PPD'),
  eq(cfdiDocuments.pendingAction, 'stamp'),
  eq(cfdiDocuments.attempts, 0),
)!;

/**
 * The request made at checkout, kept (or updated) while its order is unpaid. A PUE request
 * waits for the payment; a PPD one is queued at once (stamped before the money arrives). It
 * changes only while nothing was sent for it.
 */
export async function upsertCheckoutRequest(
  db: Queryable,
  input: { orderId: string; userId: string; fiscal: FiscalData; plan: PaymentPlan; now: Date },
): Promise<void> {
  const cols = fiscalColumns(input.fiscal);
  const queue =
    input.plan === 'PPD'
      ? { paymentPlan: 'PPD' as const, pendingAction: 'stamp' as const, nextAttemptAt: input.now }
      : { paymentPlan: 'PUE' as const, pendingAction: null };
  await db
    .insert(cfdiDocuments)
    .values({ kind: 'I', orderId: input.orderId, userId: input.userId, ...cols, ...queue })
    .onConflictDoUpdate({
      target: cfdiDocuments.orderId,
      targetWhere: INVOICE_ONLY,
      set: { ...cols, ...queue, updatedAt: new Date() },
      setWhere: and(
        eq(cfdiDocuments.status, 'solicitada'),
        isNull(cfdiDocuments.providerId),
        or(isNull(cfdiDocuments.pendingAction), PPD_UNSENT),
      ),
    });
}

/**
 * Drops a checkout request of an order that never got paid and for which nothing was ever
 * sent to the provider: a PUE request (it waits for the payment) or a PPD one the job has not
 * claimed yet.
 */
export async function deleteUnpaidRequest(db: Queryable, orderId: string): Promise<boolean> {
  const unpaid = sql`exists (select 1 from ${orders} where ${orders.id} = ${cfdiDocuments.orderId} and ${orders.payment} = false)`;
  const rows = await db
    .delete(cfdiDocuments)
    .where(
      and(
        eq(cfdiDocuments.orderId, orderId),
        eq(cfdiDocuments.kind, 'I'),
        eq(cfdiDocuments.status, 'solicitada'),
        isNull(cfdiDocuments.providerId),
        isNull(cfdiDocuments.xmlKey),
        eq(cfdiDocuments.attempts, 0),
        or(isNull(cfdiDocuments.pendingAction), and(PPD_UNSENT, unpaid)),
      ),
    )
    .returning({ id: cfdiDocuments.id });
  return rows.length > 0;
}

/** A request for a paid order, queued for stamping; null when the order already has one. */
export async function insertPaidRequest(
  db: Queryable,
  input: { orderId: string; userId: string; fiscal: FiscalData },
): Promise<CfdiDocumentRow | null> {
  const [row] = await db
    .insert(cfdiDocuments)
    .values({
      kind: 'I',
      orderId: input.orderId,
      userId: input.userId,
      ...fiscalColumns(input.fiscal),
      pendingAction: 'stamp',
    })
    .onConflictDoNothing({ target: cfdiDocuments.orderId, where: INVOICE_ONLY })
    .returning();
  return row ?? null;
}

/**
 * A credit note (type E) for a completed refund, related to the invoice it corrects and
 * addressed to that invoice's receiver, queued for stamping; null when that refund has one.
 */
export async function insertCreditNote(
  db: Queryable,
  input: { invoice: CfdiDocumentRow; refundId: string | null; amountCentavos: number; now: Date },
): Promise<CfdiDocumentRow | null> {
  const { invoice } = input;
  const [row] = await db
    .insert(cfdiDocuments)
    .values({
      kind: 'E',
      relatedDocumentId: invoice.id,
      orderId: invoice.orderId,
      userId: invoice.userId,
      refundId: input.refundId,
      amountCentavos: input.amountCentavos,
      rfc: invoice.rfc,
      razonSocial: invoice.razonSocial,
      regimenFiscal: invoice.regimenFiscal,
      usoCfdi: invoice.usoCfdi,
      codigoPostal: invoice.codigoPostal,
      pendingAction: 'stamp',
      nextAttemptAt: input.now,
      requestedAt: input.now,
    })
    .onConflictDoNothing({ target: cfdiDocuments.refundId })
    .returning();
  return row ?? null;
}

/** c_UsoCFDI CP01 (Pagos): the only uso of a CFDI de pago. */
export const PAYMENT_COMPLEMENT_USE = 'CP01';

/**
 * The payment complement (kind 'pago') of a PPD invoice, related to it and addressed to its
 * receiver, for the order's total paid in one installment, queued for stamping (the job waits
 * for the invoice's folio). Null when the invoice already has one: one payment, one complement.
 * The caller holds the invoice's row lock.
 */
export async function insertPaymentComplement(
  db: Queryable,
  input: { invoice: CfdiDocumentRow; amountCentavos: number; now: Date },
): Promise<CfdiDocumentRow | null> {
  const { invoice } = input;
  const [existing] = await db
    .select({ id: cfdiDocuments.id })
    .from(cfdiDocuments)
    .where(and(eq(cfdiDocuments.relatedDocumentId, invoice.id), eq(cfdiDocuments.kind, 'pago')))
    .limit(1);
  if (existing) return null;
  const [row] = await db
    .insert(cfdiDocuments)
    .values({
      kind: 'pago',
      relatedDocumentId: invoice.id,
      orderId: invoice.orderId,
      userId: invoice.userId,
      amountCentavos: input.amountCentavos,
      rfc: invoice.rfc,
      razonSocial: invoice.razonSocial,
      regimenFiscal: invoice.regimenFiscal,
      // c_UsoCFDI of every comprobante de pago (the provider sets it on the CFDI).
      usoCfdi: PAYMENT_COMPLEMENT_USE,
      codigoPostal: invoice.codigoPostal,
      pendingAction: 'stamp',
      nextAttemptAt: input.now,
      requestedAt: input.now,
    })
    .returning();
  return row ?? null;
}

/**
 * Whether the invoice has a related document that stands, a credit note or a payment
 * complement (then it is not cancelled as a whole: the SAT cancels a CFDI only after the
 * documents related to it).
 */
export async function hasLiveRelatedDocument(db: Queryable, invoiceId: string): Promise<boolean> {
  const rows = await db
    .select({ id: cfdiDocuments.id })
    .from(cfdiDocuments)
    .where(and(eq(cfdiDocuments.relatedDocumentId, invoiceId), ne(cfdiDocuments.status, 'cancelada')))
    .limit(1);
  return rows.length > 0;
}

/** The order was paid: its checkout request (PUE; a PPD one is queued at once) joins the stamping queue. */
export async function queueStamp(db: Queryable, orderId: string): Promise<void> {
  await db
    .update(cfdiDocuments)
    .set({ pendingAction: 'stamp', nextAttemptAt: new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(cfdiDocuments.orderId, orderId),
        eq(cfdiDocuments.kind, 'I'),
        eq(cfdiDocuments.paymentPlan, 'PUE'),
        eq(cfdiDocuments.status, 'solicitada'),
        isNull(cfdiDocuments.pendingAction),
        isNull(cfdiDocuments.providerId),
      ),
    );
}

export async function updateDocument(
  db: Queryable,
  id: string,
  patch: Partial<typeof cfdiDocuments.$inferInsert>,
): Promise<CfdiDocumentRow | null> {
  const [row] = await db
    .update(cfdiDocuments)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(cfdiDocuments.id, id))
    .returning();
  return row ?? null;
}

/**
 * Takes up to `limit` due jobs for this process: moves their next attempt a lease ahead and
 * counts the attempt, skipping rows another instance holds, so two instances never work on
 * the same document at once.
 */
export async function claimDue(
  db: Queryable,
  now: Date,
  leaseMs: number,
  limit = 20,
): Promise<CfdiDocumentRow[]> {
  const d = cfdiDocuments;
  const due = sql`(SELECT ${d.id} FROM ${d} WHERE ${d.pendingAction} IS NOT NULL AND ${d.nextAttemptAt} <= ${now.toISOString()} ORDER BY ${d.nextAttemptAt} LIMIT ${limit} FOR UPDATE SKIP LOCKED)`;
  return db
    .update(d)
    .set({ nextAttemptAt: new Date(now.getTime() + leaseMs), attempts: sql`${d.attempts} + 1` })
    .where(sql`${d.id} IN ${due}`)
    .returning();
}

/** Stamped: files stored; a cancellation asked meanwhile (an invoice's) becomes the next job. */
export async function markStamped(
  db: Queryable,
  id: string,
  data: { providerId: string; folioFiscal: string | null; xmlKey: string; pdfKey: string },
  now: Date,
): Promise<CfdiDocumentRow | null> {
  const [row] = await db
    .update(cfdiDocuments)
    .set({
      ...data,
      status: 'timbrada',
      stampedAt: now,
      cancelledAt: null,
      pendingAction: sql`CASE WHEN ${cfdiDocuments.cancelMotive} IS NOT NULL THEN 'cancel' ELSE NULL END`,
      attempts: 0,
      nextAttemptAt: now,
      lastError: null,
      updatedAt: now,
    })
    .where(eq(cfdiDocuments.id, id))
    .returning();
  return row ?? null;
}

export interface OrderForInvoice {
  id: string;
  userId: string;
  status: string;
  paidAt: Date | null;
  amountCentavos: number;
  subtotalCentavos: number;
  discountCentavos: number;
  feeCentavos: number;
  paymentMethod: PaymentMethod;
  items: (typeof orders.$inferSelect)['items'];
  kind: OrderKind;
  email: string;
}

export async function findOrderForInvoice(db: Queryable, orderId: string): Promise<OrderForInvoice | null> {
  const [row] = await db
    .select({
      id: orders.id,
      userId: orders.userId,
      status: orders.status,
      paidAt: orders.paidAt,
      amountCentavos: orders.amountCentavos,
      subtotalCentavos: orders.subtotalCentavos,
      discountCentavos: orders.discountCentavos,
      feeCentavos: orders.feeCentavos,
      paymentMethod: orders.paymentMethod,
      items: orders.items,
      kind: orders.kind,
      email: users.email,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId))
    .limit(1);
  return row ?? null;
}

/**
 * The order's payment row (order_payments: one per order), whose `data` tells how the money
 * came (a card's `funding`): what the forma de pago is read from. Null without one (cash
 * marked paid, a free claim).
 */
export async function findOrderPayment(
  db: Queryable,
  orderId: string,
): Promise<{ data: Record<string, string> } | null> {
  const [row] = await db
    .select({ data: orderPayments.data })
    .from(orderPayments)
    .where(eq(orderPayments.orderId, orderId))
    .limit(1);
  return row ?? null;
}

export interface DocumentSearch {
  /** One document by id. */
  id?: string;
  kind?: CfdiDocumentKind;
  status?: InvoiceStatus;
  q?: string;
  limit: number;
}

const related = alias(cfdiDocuments, 'related');

/**
 * The admin's list: documents with their order, buyer and the document they relate to, each
 * invoice followed by its payment complement and then its credit notes (newest invoice first).
 */
export async function searchDocuments(db: Queryable, search: DocumentSearch) {
  const d = cfdiDocuments;
  const where: SQL[] = [];
  if (search.id) where.push(eq(d.id, search.id));
  if (search.kind) where.push(eq(d.kind, search.kind));
  if (search.status) where.push(eq(d.status, search.status));
  const q = search.q?.trim();
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      or(
        ilike(d.rfc, like),
        ilike(d.razonSocial, like),
        ilike(users.email, like),
        ilike(sql`${d.orderId}::text`, like),
      )!,
    );
  }
  return db
    .select({
      document: d,
      relatedFolio: related.folioFiscal,
      email: users.email,
      name: users.name,
      orderAmountCentavos: orders.amountCentavos,
      paidAt: orders.paidAt,
    })
    .from(d)
    .innerJoin(orders, eq(orders.id, d.orderId))
    .innerJoin(users, eq(users.id, d.userId))
    .leftJoin(related, eq(related.id, d.relatedDocumentId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(
      desc(sql`coalesce(${related.requestedAt}, ${d.requestedAt})`),
      sql`coalesce(${d.relatedDocumentId}, ${d.id})`,
      sql`case ${d.kind} when 'I' then 0 when 'pago' then 1 else 2 end`,
      asc(d.requestedAt),
      asc(d.id),
    )
    .limit(search.limit);
}

/** An administrator downloaded someone's CFDI: the order's audit history says so. */
export async function auditAdminDownload(
  db: Queryable,
  entry: {
    actorId: string;
    action: 'invoice.download' | 'invoice.credit_note_download';
    orderId: string;
    details: Record<string, unknown>;
  },
): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    entity: 'order',
    entityId: entry.orderId,
    details: entry.details,
  });
}
