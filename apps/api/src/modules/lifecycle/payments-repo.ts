// An order's attempt at its payment provider (order_payments; docs/providers.md): written
// only by the lifecycle (the provider's id when the attempt starts, the money taken when the
// order is paid, closed when the order ends unpaid), read by the providers' code.

import { and, eq, sql } from 'drizzle-orm';
import type { PaymentMethod } from '@store/shared/constants';
import type { Queryable } from '../../db/client';
import { orderPayments, orders } from '../../db/schema';
import { emit } from './events';
import type { OrderRow } from './reads';

export type PaymentRow = typeof orderPayments.$inferSelect;

/** What a provider tells when the money is taken (or comes for days already held). */
export interface PaidPatch {
  /** The provider's id of the money taken (a PayPal capture). */
  captureId?: string | null;
  /** Anything else worth keeping, as strings (PayPal's payer id). */
  data?: Record<string, string>;
}

export async function findPayment(db: Queryable, orderId: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId));
  return row ?? null;
}

/** Our order for a provider's attempt id (a PayPal order, a Stripe session). */
export async function findOrderByPayment(
  db: Queryable,
  provider: PaymentMethod,
  externalId: string,
): Promise<OrderRow | null> {
  const [row] = await db
    .select({ order: orders })
    .from(orderPayments)
    .innerJoin(orders, eq(orders.id, orderPayments.orderId))
    .where(and(eq(orderPayments.provider, provider), eq(orderPayments.externalId, externalId)));
  return row?.order ?? null;
}

/** Our order for the provider's id of the money taken (a PayPal capture). */
export async function findOrderByCapture(
  db: Queryable,
  provider: PaymentMethod,
  captureId: string,
): Promise<OrderRow | null> {
  const [row] = await db
    .select({ order: orders })
    .from(orderPayments)
    .innerJoin(orders, eq(orders.id, orderPayments.orderId))
    .where(and(eq(orderPayments.provider, provider), eq(orderPayments.captureId, captureId)));
  return row?.order ?? null;
}

/**
 * Records the provider's attempt on a still-pending order that has none yet, or already has
 * this one (two calls attaching the same idempotent provider order). Unique: one provider
 * attempt, one of ours. False when the order is no longer pending or has another attempt.
 */
export async function attachPayment(
  db: Queryable,
  orderId: string,
  attempt: { provider: PaymentMethod; externalId: string; data?: Record<string, string> },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    // The order's row lock, as any change of it: an expiry or a payment waits for this.
    const [order] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update');
    if (order?.status !== 'pendiente') return false;
    const inserted = await tx
      .insert(orderPayments)
      .values({
        orderId,
        provider: attempt.provider,
        externalId: attempt.externalId,
        ...(attempt.data ? { data: attempt.data } : {}),
      })
      .onConflictDoNothing({ target: orderPayments.orderId })
      .returning({ id: orderPayments.id });
    if (inserted.length === 1) {
      await tx.update(orders).set({ updatedAt: new Date() }).where(eq(orders.id, orderId));
      if (attempt.data && Object.keys(attempt.data).length > 0) {
        await emit(tx, 'payment.instructions', { orderId });
      }
      return true;
    }
    const existing = await findPayment(tx, orderId);
    return existing?.provider === attempt.provider && existing.externalId === attempt.externalId;
  });
}

/** The money was taken: the attempt is 'cobrado', with what the provider told. */
export async function recordPaid(db: Queryable, orderId: string, patch: PaidPatch): Promise<void> {
  await db
    .update(orderPayments)
    .set({
      status: 'cobrado',
      ...(patch.captureId ? { captureId: patch.captureId } : {}),
      ...(patch.data ? { data: sql`${orderPayments.data} || ${JSON.stringify(patch.data)}::jsonb` } : {}),
      updatedAt: new Date(),
    })
    .where(eq(orderPayments.orderId, orderId));
}

/** The order ended unpaid: its open attempt is closed. */
export async function closePayment(db: Queryable, orderId: string): Promise<void> {
  await db
    .update(orderPayments)
    .set({ status: 'cerrado', updatedAt: new Date() })
    .where(and(eq(orderPayments.orderId, orderId), eq(orderPayments.status, 'abierto')));
}

/**
 * What the provider said of an attempt still waiting for money (a partial transfer: what is
 * left to pay), merged into its data. Only while the order is pending; false otherwise.
 */
export async function notePaymentProgress(
  db: Queryable,
  orderId: string,
  externalId: string,
  data: Record<string, string>,
): Promise<boolean> {
  const rows = await db
    .update(orderPayments)
    .set({ data: sql`${orderPayments.data} || ${JSON.stringify(data)}::jsonb`, updatedAt: new Date() })
    .where(
      and(
        eq(orderPayments.orderId, orderId),
        eq(orderPayments.externalId, externalId),
        sql`exists (select 1 from ${orders} where ${orders.id} = ${orderId} and ${orders.status} = 'pendiente')`,
      ),
    )
    .returning({ id: orderPayments.id });
  return rows.length > 0;
}
