// Places for a team (docs/groups.md): the quote, the purchase (PayPal, or cash when enabled)
// as one group order, the buyer's view of its places, their assignment (one, or a list),
// their cancellation by the terms through the same refund path as any order, and the places
// others bought for me. The rules and writes are the lifecycle's (lifecycle/group.ts).

import { toPesos } from '@store/shared/domain/money';
import { parsePlacesCsv } from '@store/shared/domain/places-csv';
import { MSG } from '@store/shared/messages';
import type { AssignedPlace, GroupPlaces, GroupQuote } from '@store/shared/schemas/group';
import type { z } from 'zod';
import type { groupCheckoutBody, groupQuoteBody } from '@store/shared/schemas/group';
import type { Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';
import { quoteGroup } from '../cart/group-quote';
import { assertInvoiceable, attachCheckoutRequest } from '../invoices/service';
import {
  assignList,
  assignPlace,
  groupPlacesView,
  openGroupOrder,
  openPlaceCancellation,
} from '../lifecycle/group';
import { findPlacesAssignedTo } from '../lifecycle/group-repo';
import type { OrderRow } from '../lifecycle/reads';
import { attachPaypalOrder } from './paypal-service';
import { paypalOf } from './paypal-capture';
import { BUYER_REFUND_TEXTS, executeRefund, refundAnswer } from './refunds';
import type { PaymentDeps } from './settle';
import { GROUP_MSG } from '@store/shared/group-messages';

/** The group purchase as checkout would charge it (pesos). */
export async function groupQuote(
  db: Queryable,
  userId: string,
  body: z.output<typeof groupQuoteBody>,
  now = new Date(),
): Promise<GroupQuote> {
  const q = await quoteGroup(
    db,
    userId,
    {
      productId: body.productId,
      days: body.days,
      places: body.places,
      couponCode: body.couponCode,
    },
    now,
  );
  return {
    productId: q.product.id,
    productName: q.product.name,
    places: q.places,
    days: q.days.map((d) => ({
      productDayId: d.productDayId,
      label: d.label,
      pricePerPlace: toPesos(d.priceCentavos),
    })),
    pricePerPlace: toPesos(q.pricePerPlace),
    subtotal: toPesos(q.subtotal),
    discount: toPesos(q.discount),
    fee: toPesos(q.fee),
    total: toPesos(q.total),
    couponCode: q.coupon?.code ?? null,
  };
}

/** Opens the pending group order (every seat taken in one transaction) for a way of paying. */
async function holdGroup(
  deps: PaymentDeps,
  userId: string,
  body: z.output<typeof groupCheckoutBody>,
  method: 'paypal' | 'cod',
  clientNetwork: string | null,
  now: Date,
): Promise<OrderRow> {
  const ttlMs =
    method === 'cod'
      ? deps.config.CASH_ORDER_TTL_HOURS * 3600_000
      : deps.config.PENDING_ORDER_TTL_MINUTES * 60_000;
  const fiscal = body.invoice ?? null;
  return deps.db.transaction((tx) =>
    openGroupOrder(tx, {
      userId,
      group: {
        productId: body.productId,
        days: body.days,
        places: body.places,
        couponCode: body.couponCode,
      },
      address: body.address,
      paymentMethod: method,
      expiresAt: new Date(now.getTime() + ttlMs),
      clientAmount: body.amount,
      clientNetwork,
      maxHoldsPerNetwork: deps.config.MAX_OPEN_HOLDS_PER_NETWORK,
      check: (quote) => {
        if (quote.isFree) throw new AppError('conflict', GROUP_MSG.groupFree);
        if (fiscal) assertInvoiceable(quote.total);
      },
      attachInvoice: (t, orderId) => attachCheckoutRequest(t, { orderId, userId, fiscal }),
      now,
    }),
  );
}

/** POST /api/group/paypal/create-order: the pending group order and its PayPal order. */
export async function createGroupPaypalOrder(
  deps: PaymentDeps,
  userId: string,
  body: z.output<typeof groupCheckoutBody>,
  clientNetwork: string | null,
  now = new Date(),
): Promise<{ paypalOrderId: string; orderId: string }> {
  const paypal = paypalOf(deps);
  const order = await holdGroup(deps, userId, body, 'paypal', clientNetwork, now);
  const paypalOrderId = await attachPaypalOrder(deps, paypal, order);
  return { paypalOrderId, orderId: order.id };
}

/** POST /api/group/place: a cash group order (only when cash orders are enabled). */
export async function placeGroupCashOrder(
  deps: PaymentDeps,
  userId: string,
  body: z.output<typeof groupCheckoutBody>,
  clientNetwork: string | null,
  now = new Date(),
): Promise<{ orderId: string; message: string }> {
  if (!deps.config.CASH_ORDERS_ENABLED) throw new AppError('bad_request', MSG.notFreeOrder);
  const order = await holdGroup(deps, userId, body, 'cod', clientNetwork, now);
  return { orderId: order.id, message: MSG.cashOrderPlaced };
}

/** The buyer's places of a group order at `now`. */
export async function groupPlaces(
  db: Queryable,
  userId: string,
  orderId: string,
  now: Date,
): Promise<GroupPlaces> {
  const view = await groupPlacesView(db, userId, orderId, now);
  return {
    orderId: view.order.id,
    productName: view.order.items[0]?.name ?? '',
    status: view.order.status,
    amount: toPesos(view.order.amountCentavos),
    places: view.places.map((p) => ({
      placeId: p.place.id,
      place: p.place.place,
      productId: p.place.productId,
      days: p.place.rows.map((r) => r.label),
      startsAt: p.place.startsAt.getTime(),
      status: p.place.rows[0]!.status,
      state: p.state,
      assignee: p.assignee,
      assignable: p.assignable,
      cancellable: p.cancellable,
      refund: toPesos(p.refundCentavos),
    })),
  };
}

export async function assignOnePlace(
  deps: PaymentDeps,
  userId: string,
  body: { orderId: string; placeId: string; name: string; email: string },
  now = new Date(),
): Promise<string> {
  await deps.db.transaction((tx) => assignPlace(tx, userId, body, now));
  return GROUP_MSG.placeAssigned;
}

/** A pasted or uploaded list: parsed, then assigned in one transaction (all or nothing). */
export async function assignPlacesFromCsv(
  deps: PaymentDeps,
  userId: string,
  body: { orderId: string; csv: string },
  now = new Date(),
): Promise<string> {
  const parsed = parsePlacesCsv(body.csv);
  if (!parsed.ok) throw new AppError('bad_request', parsed.message);
  await deps.db.transaction((tx) => assignList(tx, userId, body.orderId, parsed.entries, now));
  return GROUP_MSG.placesAssignedMany;
}

/** Cancels places by the terms; a refund goes through the provider like any cancellation. */
export async function cancelGroupPlaces(
  deps: PaymentDeps,
  userId: string,
  body: { orderId: string; placeIds: string[] },
  now = new Date(),
): Promise<{ message: string; refunded: number }> {
  const plan = await deps.db.transaction((tx) => openPlaceCancellation(tx, userId, body, now));
  if (plan.kind === 'done') return { message: MSG.orderCancelled, refunded: 0 };
  const outcome = await executeRefund(deps, plan.order, plan.refund);
  return refundAnswer(outcome, plan.refund, BUYER_REFUND_TEXTS);
}

/** Places of other buyers' group orders assigned to me (Mis Productos). */
export async function placesAssignedToMe(db: Queryable, userId: string): Promise<AssignedPlace[]> {
  const rows = await findPlacesAssignedTo(db, userId);
  const byPlace = new Map<string, AssignedPlace>();
  for (const r of rows) {
    const key = `${r.orderId}:${r.productId}:${r.place}`;
    const found = byPlace.get(key);
    const day = { productDayId: r.productDayId, label: r.label, startsAt: r.startsAt.getTime() };
    if (found) {
      found.days.push(day);
      found.item.days.push(r.label);
    } else {
      const bought = r.items.find((i) => i._id === r.productId) ?? r.items[0]!;
      byPlace.set(key, {
        placeId: r.id,
        productId: r.productId,
        productName: r.productName,
        days: [day],
        paidBy: r.paidBy,
        item: { ...bought, name: r.productName, days: [r.label], quantity: 1, places: 1, price: 0, total: 0 },
      });
    }
  }
  return [...byPlace.values()];
}
