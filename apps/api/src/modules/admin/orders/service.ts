// Order actions of the back office. The state changes themselves are the lifecycle's
// (pay, adminCancel, recordRefund, allowTransfer: seats, access,
// coupon use, events); this adds the admin rules around them and an audit entry for each, in
// the same transaction.

import type { OrderStatusFilter, PaymentMethod } from '@store/shared/constants';
import { toCentavos, toPesos } from '@store/shared/domain/money';
import { MSG } from '@store/shared/messages';
import { ADMIN_MSG } from '@store/shared/admin-messages';
import type { AdminOrderDetail, AdminOrdersResponse } from '@store/shared/schemas/admin/orders';
import type { Db, Tx } from '../../../db/client';
import { AppError } from '../../../lib/errors';
import {
  adminCancel,
  allowTransfer,
  findOrderTransfers,
  findPayment,
  pay,
  recordRefund,
} from '../../lifecycle';
import { listAudit, writeAudit } from '../audit/repo';
import { toAdminOrderSummary } from './mappers';
import {
  findOrder,
  findInvoiceReceiver,
  findOrderLines,
  findOrderWithCustomer,
  findInvoicedOrderIds,
  searchOrders,
  type OrderRow,
} from '../../orders/repo';
import { ordersCsv } from './csv';
import { addCalendarDays, startOfMexicoCityDay } from '@store/shared/domain/time';
import { containsPattern } from '../sql';
import { refundOnline, refundsOnline } from '../../payments/refunds';
import { PAYMENT_PROVIDERS } from '../../payments/registry';
import type { PaymentDeps } from '../../payments/settle';

export interface OrderFilter {
  productId?: string;
  productDayId?: string;
  status?: OrderStatusFilter;
  method?: PaymentMethod;
  /** YYYY-MM-DD, Mexico City calendar. */
  from?: string;
  to?: string;
  search?: string;
  page: number;
  pageSize: number;
}

/** The filter as the order search takes it: Mexico City calendar days, the search resolved. */
function orderSearch(filter: OrderFilter) {
  const { from, to, search, ...rest } = filter;
  return {
    ...rest,
    // Whole Mexico City calendar days, `to` included.
    ...(from ? { createdFrom: startOfMexicoCityDay(from) } : {}),
    ...(to ? { createdBefore: startOfMexicoCityDay(addCalendarDays(to, 1)) } : {}),
    ...(search
      ? {
          customerPattern: containsPattern(search),
          // The e-mails show the first 8 characters of the id as the order reference.
          ...(/^[0-9a-f-]{4,36}$/i.test(search) ? { idPrefix: search.toLowerCase() } : {}),
        }
      : {}),
  };
}

export async function listAdminOrders(
  db: Db,
  filter: OrderFilter,
): Promise<Omit<AdminOrdersResponse, 'success'>> {
  const { rows, total } = await searchOrders(db, orderSearch(filter));
  return { orders: rows.map(toAdminOrderSummary), total, page: filter.page, pageSize: filter.pageSize };
}

/** The most rows one export carries (a filter narrows a larger list). */
export const ORDERS_EXPORT_MAX = 20_000;

/**
 * Every order matching the filter (newest first, up to ORDERS_EXPORT_MAX) as CSV, audited as a
 * bulk export of personal data (who, the filters, how many rows) in the same transaction.
 */
export async function exportAdminOrders(
  db: Db,
  actorId: string,
  filter: Omit<OrderFilter, 'page' | 'pageSize'>,
): Promise<{ csv: string; rows: number }> {
  return db.transaction(async (tx) => {
    const { rows } = await searchOrders(tx, orderSearch({ ...filter, page: 1, pageSize: ORDERS_EXPORT_MAX }));
    const invoiced = await findInvoicedOrderIds(
      tx,
      rows.map((r) => r.order.id),
    );
    const csv = ordersCsv(
      rows.map((r) => ({ ...toAdminOrderSummary(r), invoiced: invoiced.has(r.order.id) })),
    );
    await writeAudit(tx, {
      actorId,
      action: 'order.export',
      entity: 'order',
      entityId: null,
      details: {
        filters: Object.fromEntries(Object.entries(filter).filter(([, v]) => v)),
        rows: rows.length,
      },
    });
    return { csv, rows: rows.length };
  });
}

export async function getAdminOrder(db: Db, id: string): Promise<AdminOrderDetail> {
  const row = await findOrderWithCustomer(db, id);
  if (!row) throw new AppError('not_found', MSG.orderNotFound);
  const lines = await findOrderLines(db, id);
  const { entries } = await listAudit(db, { entity: 'order', entityId: id, page: 1, pageSize: 100 });
  const transfers = await findOrderTransfers(db, id);
  const { order } = row;
  const payment = await findPayment(db, id);
  return {
    ...toAdminOrderSummary(row),
    address: order.address,
    providerPayment: payment
      ? { externalId: payment.externalId, captureId: payment.captureId, status: payment.status }
      : null,
    confirmedByStaff: PAYMENT_PROVIDERS[order.paymentMethod].confirmedByStaff,
    refundsOnline: refundsOnline({ providers: PAYMENT_PROVIDERS }, order, payment),
    expiresAt: order.expiresAt?.getTime() ?? null,
    lines: lines.map((l) => ({
      productDayId: l.productDayId,
      productId: l.productId,
      productName: l.productName,
      day: l.day,
      price: toPesos(l.priceCentavos),
      status: l.status,
      ...(order.kind === 'grupo'
        ? {
            place: l.place,
            assignee: l.holderName && l.holderEmail ? { name: l.holderName, email: l.holderEmail } : null,
          }
        : {}),
    })),
    institution: await findInvoiceReceiver(db, id),
    history: entries,
    transfers: transfers.map((t) => ({
      day: t.day,
      name: t.name,
      email: t.email,
      fromOrderId: t.fromOrderId,
      toOrderId: t.toOrderId,
      seq: t.seq,
      at: t.createdAt.getTime(),
    })),
    extraTransfers: order.extraTransfers,
  };
}

/**
 * One admin change to an order: in one transaction, the order locked (404 when missing),
 * the change applied, and an audit entry with the details it returns; answers the order
 * as it is afterwards.
 */
async function changeOrder(
  db: Db,
  actorId: string,
  id: string,
  action: string,
  apply: (tx: Tx, order: OrderRow) => Promise<Record<string, unknown>>,
): Promise<AdminOrderDetail> {
  await db.transaction(async (tx) => {
    const order = await findOrder(tx, id);
    if (!order) throw new AppError('not_found', MSG.orderNotFound);
    // The lifecycle's action in `apply` takes the order's lock and checks its state again.
    const details = await apply(tx, order);
    await writeAudit(tx, { actorId, action, entity: 'order', entityId: id, details });
  });
  return getAdminOrder(db, id);
}

/** The admin's note, when there is one, goes into the audit details. */
function withNote(details: Record<string, unknown>, note: string): Record<string, unknown> {
  return note ? { ...details, note } : details;
}

/**
 * An order whose way to pay staff confirm by hand (cash at the association's office), marked
 * paid: pendiente → pagado (grants access, e-mails).
 */
export function markCashOrderPaid(
  db: Db,
  actorId: string,
  id: string,
  note: string,
): Promise<AdminOrderDetail> {
  return changeOrder(db, actorId, id, 'order.mark_paid', async (tx, order) => {
    if (order.status !== 'pendiente') throw new AppError('conflict', ADMIN_MSG.orderNotPending);
    if (!PAYMENT_PROVIDERS[order.paymentMethod].confirmedByStaff) {
      throw new AppError('conflict', ADMIN_MSG.orderNotCash);
    }
    const result = await pay(tx, id);
    if (result.duplicate) throw new AppError('conflict', ADMIN_MSG.orderDaysAlreadyOwned);
    if (!result.changed) throw new AppError('conflict', ADMIN_MSG.orderNotPending);
    return withNote({ amount: toPesos(order.amountCentavos) }, note);
  });
}

/** Cancels a pending or paid order: access ends, seats and the coupon use are given back. */
export function cancelAdminOrder(
  db: Db,
  actorId: string,
  id: string,
  note: string,
): Promise<AdminOrderDetail> {
  return changeOrder(db, actorId, id, 'order.cancel', async (tx, order) => {
    await adminCancel(tx, id);
    return withNote({ from: order.status }, note);
  });
}

/**
 * One more transfer per day for the paid order this order's days come from (itself, or the
 * order a colleague's transfer order was made from): its holder may pass each day on again.
 */
export function allowAnotherTransfer(
  db: Db,
  actorId: string,
  id: string,
  note: string,
): Promise<AdminOrderDetail> {
  return changeOrder(db, actorId, id, 'order.transfer_allowed', async (tx, order) => {
    const { rootOrderId, extraTransfers } = await allowTransfer(tx, order.id);
    return withNote({ rootOrderId, extraTransfers }, note);
  });
}

/**
 * An admin refund. A PayPal order is refunded through PayPal's refund API (refunds.ts of
 * the payments module: same idempotency, webhook and audit rules as a buyer's
 * cancellation). Any other order records a refund made outside the store (bank transfer,
 * Stripe dashboard, cash). By default the
 * order becomes `reembolsado`: access ends and the seats are freed (the terms' cancellation
 * with a 20% charge is a partial amount that still ends access). With revokeAccess=false only
 * the amount is recorded and the customer keeps access.
 */
export async function refundAdminOrder(
  deps: PaymentDeps,
  actorId: string,
  id: string,
  input: { amount: number; note: string; revokeAccess: boolean },
): Promise<{ order: AdminOrderDetail; message: string }> {
  const db = deps.db;
  const current = await findOrder(db, id);
  if (current && refundsOnline(deps, current, await findPayment(db, id))) {
    const message = await refundOnline(deps, {
      orderId: id,
      actorId,
      amountCentavos: toCentavos(input.amount),
      revokeAccess: input.revokeAccess,
      note: input.note,
    });
    return { order: await getAdminOrder(db, id), message };
  }
  const order = await changeOrder(db, actorId, id, 'order.refund', async (tx, order) => {
    await recordRefund(tx, {
      orderId: order.id,
      actorId,
      amountCentavos: toCentavos(input.amount),
      revokeAccess: input.revokeAccess,
    });
    return withNote({ amount: input.amount, revokeAccess: input.revokeAccess }, input.note);
  });
  return { order, message: ADMIN_MSG.orderRefunded };
}
