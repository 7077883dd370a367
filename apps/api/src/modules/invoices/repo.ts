// Every query of the invoices module: the account's fiscal data, invoice requests, the
// stamping queue, and the reads of orders it needs (docs/cfdi.md).

import { and, asc, desc, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { InvoiceStatus } from '@store/shared/constants';
import type { FiscalData } from '@store/shared/schemas/invoice';
import type { Queryable } from '../../db/client';
import { auditLog, creditNotes, fiscalProfiles, invoices, orders, users } from '../../db/schema';

export type InvoiceRow = typeof invoices.$inferSelect;
export type CreditNoteRow = typeof creditNotes.$inferSelect;

export async function findFiscalProfile(db: Queryable, userId: string) {
  const [row] = await db.select().from(fiscalProfiles).where(eq(fiscalProfiles.userId, userId)).limit(1);
  return row ?? null;
}

export async function upsertFiscalProfile(db: Queryable, userId: string, data: FiscalData): Promise<void> {
  const values = {
    rfc: data.rfc,
    razonSocial: data.razonSocial,
    regimenFiscal: data.regimenFiscal,
    usoCfdi: data.usoCfdi,
    codigoPostal: data.codigoPostal,
    updatedAt: new Date(),
  };
  await db
    .insert(fiscalProfiles)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: fiscalProfiles.userId, set: values });
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

export async function findInvoice(db: Queryable, id: string): Promise<InvoiceRow | null> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id)).limit(1);
  return row ?? null;
}

export async function lockInvoiceOfOrder(db: Queryable, orderId: string): Promise<InvoiceRow | null> {
  const [row] = await db.select().from(invoices).where(eq(invoices.orderId, orderId)).for('update').limit(1);
  return row ?? null;
}

export async function listUserInvoices(db: Queryable, userId: string): Promise<InvoiceRow[]> {
  return db.select().from(invoices).where(eq(invoices.userId, userId)).orderBy(desc(invoices.requestedAt));
}

/** The request made at checkout, kept (or updated) while its order is unpaid. */
export async function upsertCheckoutRequest(
  db: Queryable,
  input: { orderId: string; userId: string; fiscal: FiscalData },
): Promise<void> {
  const cols = fiscalColumns(input.fiscal);
  await db
    .insert(invoices)
    .values({ orderId: input.orderId, userId: input.userId, ...cols })
    .onConflictDoUpdate({
      target: invoices.orderId,
      set: { ...cols, updatedAt: new Date() },
      setWhere: and(
        eq(invoices.status, 'solicitada'),
        isNull(invoices.pendingAction),
        isNull(invoices.providerId),
      ),
    });
}

/** Drops a checkout request of an order that never got paid (nothing was ever stamped). */
export async function deleteUnpaidRequest(db: Queryable, orderId: string): Promise<boolean> {
  const rows = await db
    .delete(invoices)
    .where(
      and(
        eq(invoices.orderId, orderId),
        eq(invoices.status, 'solicitada'),
        isNull(invoices.pendingAction),
        isNull(invoices.providerId),
        isNull(invoices.xmlKey),
        eq(invoices.attempts, 0),
      ),
    )
    .returning({ id: invoices.id });
  return rows.length > 0;
}

/** A request for a paid order, queued for stamping; null when the order already has one. */
export async function insertPaidRequest(
  db: Queryable,
  input: { orderId: string; userId: string; fiscal: FiscalData },
): Promise<InvoiceRow | null> {
  const [row] = await db
    .insert(invoices)
    .values({
      orderId: input.orderId,
      userId: input.userId,
      ...fiscalColumns(input.fiscal),
      pendingAction: 'stamp',
    })
    .onConflictDoNothing({ target: invoices.orderId })
    .returning();
  return row ?? null;
}

/** The order was paid: its checkout request joins the stamping queue. */
export async function queueStamp(db: Queryable, orderId: string): Promise<void> {
  await db
    .update(invoices)
    .set({ pendingAction: 'stamp', nextAttemptAt: new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(invoices.orderId, orderId),
        eq(invoices.status, 'solicitada'),
        isNull(invoices.pendingAction),
        isNull(invoices.providerId),
      ),
    );
}

export async function updateInvoice(
  db: Queryable,
  id: string,
  patch: Partial<typeof invoices.$inferInsert>,
): Promise<InvoiceRow | null> {
  const [row] = await db
    .update(invoices)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(invoices.id, id))
    .returning();
  return row ?? null;
}

/**
 * Takes up to `limit` due jobs for this process: moves their next attempt a lease ahead and
 * counts the attempt, skipping rows another instance holds, so two instances never work on
 * the same invoice at once.
 */
export async function claimDue(db: Queryable, now: Date, leaseMs: number, limit = 10): Promise<InvoiceRow[]> {
  const due = sql`(SELECT ${invoices.id} FROM ${invoices} WHERE ${invoices.pendingAction} IS NOT NULL AND ${invoices.nextAttemptAt} <= ${now.toISOString()} ORDER BY ${invoices.nextAttemptAt} LIMIT ${limit} FOR UPDATE SKIP LOCKED)`;
  return db
    .update(invoices)
    .set({ nextAttemptAt: new Date(now.getTime() + leaseMs), attempts: sql`${invoices.attempts} + 1` })
    .where(sql`${invoices.id} IN ${due}`)
    .returning();
}

/** Stamped: files stored; a cancellation asked meanwhile becomes the next job. */
export async function markStamped(
  db: Queryable,
  id: string,
  data: { providerId: string; folioFiscal: string | null; xmlKey: string; pdfKey: string },
  now: Date,
): Promise<InvoiceRow | null> {
  const [row] = await db
    .update(invoices)
    .set({
      ...data,
      status: 'timbrada',
      stampedAt: now,
      cancelledAt: null,
      pendingAction: sql`CASE WHEN ${invoices.cancelMotive} IS NOT NULL THEN 'cancel' ELSE NULL END`,
      attempts: 0,
      nextAttemptAt: now,
      lastError: null,
      updatedAt: now,
    })
    .where(eq(invoices.id, id))
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
  paymentMethod: string;
  items: (typeof orders.$inferSelect)['items'];
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
      email: users.email,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId))
    .limit(1);
  return row ?? null;
}

export interface InvoiceSearch {
  /** One invoice by id. */
  id?: string;
  status?: InvoiceStatus;
  q?: string;
  limit: number;
}

export async function searchInvoices(db: Queryable, search: InvoiceSearch) {
  const where: SQL[] = [];
  if (search.id) where.push(eq(invoices.id, search.id));
  if (search.status) {
    // An invoice also matches through its credit notes (a pending one is work for the accountant).
    where.push(
      or(
        eq(invoices.status, search.status),
        sql`EXISTS (SELECT 1 FROM ${creditNotes} WHERE ${creditNotes.invoiceId} = ${invoices.id} AND ${creditNotes.status} = ${search.status})`,
      )!,
    );
  }
  const q = search.q?.trim();
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      or(
        ilike(invoices.rfc, like),
        ilike(invoices.razonSocial, like),
        ilike(users.email, like),
        ilike(sql`${invoices.orderId}::text`, like),
      )!,
    );
  }
  return db
    .select({
      invoice: invoices,
      email: users.email,
      name: users.name,
      amountCentavos: orders.amountCentavos,
      paidAt: orders.paidAt,
      orderStatus: orders.status,
    })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .innerJoin(users, eq(users.id, invoices.userId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(invoices.requestedAt))
    .limit(search.limit);
}

// ---- Credit notes (CFDI de egreso) for partial refunds ----

/** A credit note for a completed refund, queued for stamping; null when that refund has one. */
export async function insertCreditNote(
  db: Queryable,
  input: { invoiceId: string; orderId: string; refundId: string | null; amountCentavos: number; now: Date },
): Promise<CreditNoteRow | null> {
  const [row] = await db
    .insert(creditNotes)
    .values({
      invoiceId: input.invoiceId,
      orderId: input.orderId,
      refundId: input.refundId,
      amountCentavos: input.amountCentavos,
      pendingAction: 'stamp',
      nextAttemptAt: input.now,
    })
    .onConflictDoNothing({ target: creditNotes.refundId })
    .returning();
  return row ?? null;
}

/** Whether the invoice has a credit note that stands (then it is not cancelled as a whole). */
export async function hasLiveCreditNote(db: Queryable, invoiceId: string): Promise<boolean> {
  const rows = await db
    .select({ id: creditNotes.id })
    .from(creditNotes)
    .where(and(eq(creditNotes.invoiceId, invoiceId), ne(creditNotes.status, 'cancelada')))
    .limit(1);
  return rows.length > 0;
}

export async function findCreditNote(db: Queryable, id: string): Promise<CreditNoteRow | null> {
  const [row] = await db.select().from(creditNotes).where(eq(creditNotes.id, id)).limit(1);
  return row ?? null;
}

/** The credit notes of these invoices, oldest first. */
export async function listCreditNotes(
  db: Queryable,
  invoiceIds: readonly string[],
): Promise<CreditNoteRow[]> {
  if (invoiceIds.length === 0) return [];
  return db
    .select()
    .from(creditNotes)
    .where(inArray(creditNotes.invoiceId, [...invoiceIds]))
    .orderBy(asc(creditNotes.createdAt), asc(creditNotes.id));
}

export async function updateCreditNote(
  db: Queryable,
  id: string,
  patch: Partial<typeof creditNotes.$inferInsert>,
): Promise<CreditNoteRow | null> {
  const [row] = await db
    .update(creditNotes)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(creditNotes.id, id))
    .returning();
  return row ?? null;
}

/** Same lease and attempt counting as `claimDue`, for the credit notes' queue. */
export async function claimDueCreditNotes(
  db: Queryable,
  now: Date,
  leaseMs: number,
  limit = 10,
): Promise<CreditNoteRow[]> {
  const due = sql`(SELECT ${creditNotes.id} FROM ${creditNotes} WHERE ${creditNotes.pendingAction} IS NOT NULL AND ${creditNotes.nextAttemptAt} <= ${now.toISOString()} ORDER BY ${creditNotes.nextAttemptAt} LIMIT ${limit} FOR UPDATE SKIP LOCKED)`;
  return db
    .update(creditNotes)
    .set({ nextAttemptAt: new Date(now.getTime() + leaseMs), attempts: sql`${creditNotes.attempts} + 1` })
    .where(sql`${creditNotes.id} IN ${due}`)
    .returning();
}

/** An administrator downloaded someone's CFDI or credit note: the order's audit history says so. */
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
