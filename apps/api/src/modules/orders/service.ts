// The buyer's orders as the store shows them: the list of Mis Productos with each day's own
// state, transfers and refunds, an order for its owner only, and the receipt PDF. Every
// change of an order is the lifecycle module's (modules/lifecycle).

import { canCancelDay } from '@store/shared/domain/cancellation';
import { toPesos } from '@store/shared/domain/money';
import { formatDateLong } from '@store/shared/domain/time';
import { MSG } from '@store/shared/messages';
import type { Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import {
  findOrder,
  findOrderDayDetails,
  findOrderForConfirmation,
  findPaidDaySchedule,
  listUserOrdersWithDetails,
  type OrderDayDetail,
  type OrderRow,
  type UserOrderWithDetails,
} from './repo';
import { installmentsOf } from '@store/shared/domain/mx-payments';
import { paymentReference, toApiOrder } from './mappers';
import { findPayment } from '../lifecycle';
import { invoiceReceiverOf } from '../invoices/service';
import { receiptFileName, renderReceipt } from './receipt';
import { orderCalendar } from '../mail/calendar';
import { orderReference } from '@store/shared/domain/order-reference';

export { toApiOrder };
export type { OrderRow } from './repo';

/**
 * The user's orders as the API shows them, with each bought day's own status and the refunds,
 * read afresh (order/userorders answers from memory: user-views.ts).
 */
export async function listApiOrdersOf(db: Queryable, userId: string, now = new Date()) {
  return toApiOrders(await listUserOrdersWithDetails(db, userId), now);
}

/** Rows of listUserOrdersWithDetails → the API's orders at `now` ("cancellable" depends on it). */
export function toApiOrders(rows: readonly UserOrderWithDetails[], now: Date) {
  return rows.map(({ order: r, payment, days, refunds }) =>
    toApiOrder(
      r,
      payment,
      days.map(({ productId, day, status, toName, toEmail }) => ({
        productId,
        day,
        status,
        ...(status === 'transferido' && toName !== null && toEmail !== null
          ? { transferredTo: { name: toName, email: toEmail } }
          : {}),
      })),
      {
        refunds: refunds.map((f) => ({ amount: toPesos(f.amountCentavos), status: f.status, date: f.at })),
        // Something can be cancelled by the terms now (online, or through the association
        // for card and cash payments: the dialog says which).
        cancellable:
          r.kind !== 'grupo' &&
          r.status === 'pagado' &&
          !refunds.some((f) => f.status === 'pendiente') &&
          days.some((d) => d.status === 'pagado' && canCancelDay(now, d.startsAt)),
      },
    ),
  );
}

/** The order, only for its owner (403 for anyone else, 404 for an unknown id). */
export async function getOwnOrder(db: Queryable, userId: string, orderId: string): Promise<OrderRow> {
  if (!isUuid(orderId)) throw new AppError('not_found', MSG.orderNotFound);
  const order = await findOrder(db, orderId);
  if (!order) throw new AppError('not_found', MSG.orderNotFound);
  if (order.userId !== userId) throw new AppError('forbidden', MSG.forbidden);
  return order;
}

/** One of the user's orders as the API shows it (order/single). */
export async function ownApiOrder(db: Queryable, userId: string, orderId: string) {
  const order = await getOwnOrder(db, userId, orderId);
  return toApiOrder(order, await findPayment(db, order.id));
}

/** The receipt PDF of the user's own paid (or later refunded) order. */
export async function ownReceipt(
  db: Queryable,
  userId: string,
  orderId: string,
): Promise<{ fileName: string; pdf: Buffer }> {
  const order = await getOwnOrder(db, userId, orderId);
  if (!order.payment || order.status === 'pendiente') {
    throw new AppError('conflict', MSG.receiptNotAvailable);
  }
  return { fileName: receiptFileName(order.id), pdf: await receiptOf(db, order) };
}

/**
 * «Agregar a mi calendario»: the same .ics as the confirmation e-mail's (mail/calendar.ts),
 * for the days of the user's own order they still hold paid — never someone else's order.
 */
export async function ownCalendar(
  db: Queryable,
  userId: string,
  orderId: string,
  site: { publicUrl: string },
): Promise<{ fileName: string; ics: string }> {
  const order = await getOwnOrder(db, userId, orderId);
  const days = await findPaidDaySchedule(db, order.id, userId);
  if (days.length === 0) throw new AppError('conflict', MSG.calendarNotAvailable);
  const ordersUrl = `${site.publicUrl}/orders`;
  const ics = orderCalendar({
    orderId: order.id,
    ordersUrl,
    host: new URL(site.publicUrl).hostname,
    days: days.flatMap((d) => {
      const item = order.items.find((i) => i._id === d.productId);
      return item ? [{ ...d, productName: item.name, isPresential: item.isPresential }] : [];
    }),
  });
  return { fileName: `evento-${orderReference(order.id)}.ics`, ics };
}

/** Renders the order's receipt from the database. */
export async function receiptOf(db: Queryable, order: OrderRow): Promise<Buffer> {
  // One after the other: inside a transaction (the order.paid subscriber) both share one
  // connection, which runs one query at a time.
  const buyer = await findOrderForConfirmation(db, order.id);
  const days = await findOrderDayDetails(db, order.id);
  const payment = await findPayment(db, order.id);
  // A team purchase names its institution: the invoice's receiver, else the billing address.
  const team =
    order.kind === 'grupo'
      ? { institution: await invoiceReceiverOf(db, order.id), billing: order.address }
      : undefined;
  return renderReceipt({
    order,
    reference: paymentReference(payment),
    installments: installmentsOf(payment?.data),
    buyer: { name: buyer?.name ?? '', email: buyer?.email ?? '' },
    lines: order.kind === 'grupo' ? placeLines(days) : individualLines(days),
    team,
  });
}

/** «Evento · Día 1 (14 de enero de 2027)». */
const dayText = (d: Pick<OrderDayDetail, 'productName' | 'label' | 'startsAt'>) =>
  `${d.productName} · ${d.label} (${formatDateLong(d.startsAt)})`;

/** «a, b y c». */
const spanishList = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} y ${items.at(-1)}`;

/**
 * An individual order's receipt: one line per day of an event sold per day; one line for an
 * event sold as a whole (its price, its days named), as the cart and the checkout show it.
 */
function individualLines(days: readonly OrderDayDetail[]) {
  // In day order; an event sold whole stands where its first day is.
  const entries: OrderDayDetail[][] = [];
  const whole = new Map<string, OrderDayDetail[]>();
  for (const d of days) {
    if (d.saleMode !== 'completo') entries.push([d]);
    else if (whole.has(d.productId)) whole.get(d.productId)!.push(d);
    else {
      const group = [d];
      whole.set(d.productId, group);
      entries.push(group);
    }
  }
  return entries.map((group) => {
    const first = group[0]!;
    if (first.saleMode !== 'completo') return { text: dayText(first), priceCentavos: first.priceCentavos };
    const dates = spanishList(group.map((d) => `${d.label} (${formatDateLong(d.startsAt)})`));
    return {
      text: `${first.productName} · evento completo, ${group.length} ${group.length === 1 ? 'día' : 'días'}: ${dates}`,
      priceCentavos: group.reduce((sum, d) => sum + d.priceCentavos, 0),
    };
  });
}

/** A group order's receipt: one line per day with its number of places and their sum. */
function placeLines(days: readonly OrderDayDetail[]) {
  const byDay = new Map<string, { day: OrderDayDetail; places: number; priceCentavos: number }>();
  for (const d of days) {
    const found = byDay.get(d.productDayId);
    if (found) {
      found.places += 1;
      found.priceCentavos += d.priceCentavos;
    } else byDay.set(d.productDayId, { day: d, places: 1, priceCentavos: d.priceCentavos });
  }
  return [...byDay.values()].map(({ day, places, priceCentavos }) => ({
    text: `${places} ${places === 1 ? 'lugar' : 'lugares'} × ${dayText(day)}`,
    priceCentavos,
  }));
}
