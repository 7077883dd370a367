// A team's places after the purchase (docs/groups.md): the buyer's view of its places, their
// assignment (one, or a pasted/uploaded list), their cancellation by the terms through the
// same refund path as any order, and the places others bought for me. The rules and writes
// are the lifecycle's (lifecycle/group.ts).

import { toPesos } from '@store/shared/domain/money';
import { parsePlacesCsv } from '@store/shared/domain/places-csv';
import { MSG } from '@store/shared/messages';
import type { AssignedPlace, GroupPlaces } from '@store/shared/schemas/group';
import { GROUP_MSG } from '@store/shared/group-messages';
import type { Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';
import {
  assignList,
  assignPlace,
  findOrderDayLabels,
  findPayment,
  findPlacesAssignedTo,
  groupPlacesView,
  openPlaceCancellation,
  reassignPlace,
  type OrderRow,
} from '../lifecycle';
import { isUuid } from '../../lib/ids';
import { registrationStates } from '../questions/service';
import { BUYER_REFUND_TEXTS, executeRefund, refundAnswer, refundsOnline } from '../payments/refunds';
import type { PaymentDeps } from '../payments/settle';

/** The buyer's places of a group order at `now`. */
export async function groupPlaces(
  deps: PaymentDeps,
  userId: string,
  orderId: string,
  now: Date,
): Promise<GroupPlaces> {
  const payment = isUuid(orderId) ? await findPayment(deps.db, orderId) : null;
  const view = await groupPlacesView(deps.db, userId, orderId, now, (o) => refundsOnline(deps, o, payment));
  // Whether each holder answered the event's required questions, never what (docs/questions.md).
  const holders = view.places.flatMap((p) => {
    const holder = p.place.rows[0]!.userId;
    return holder ? [{ userId: holder, productId: p.place.productId }] : [];
  });
  const registrations = await registrationStates(deps.db, holders, now);
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
      registration: p.assignee
        ? (registrations.get(`${p.place.rows[0]!.userId}:${p.place.productId}`) ?? null)
        : null,
    })),
  };
}

/** One person for free places of the order. */
export async function assignOnePlace(
  deps: PaymentDeps,
  userId: string,
  body: { orderId: string; placeIds: string[]; name: string; email: string },
  now = new Date(),
): Promise<string> {
  await deps.db.transaction((tx) => assignPlace(tx, userId, body, now));
  return GROUP_MSG.placeAssigned;
}

/** Another person for places someone holds (as the buyer saw them). */
export async function reassignOnePlace(
  deps: PaymentDeps,
  userId: string,
  body: { orderId: string; placeIds: string[]; currentEmail: string; name: string; email: string },
  now = new Date(),
): Promise<string> {
  await deps.db.transaction((tx) => reassignPlace(tx, userId, body, now));
  return GROUP_MSG.placeReassigned;
}

/** A pasted or uploaded list: parsed against the order's days, then assigned in one transaction (all or nothing). */
export async function assignPlacesFromCsv(
  deps: PaymentDeps,
  userId: string,
  body: { orderId: string; csv: string },
  now = new Date(),
): Promise<string> {
  if (!isUuid(body.orderId)) throw new AppError('not_found', MSG.orderNotFound);
  const parsed = parsePlacesCsv(body.csv, await findOrderDayLabels(deps.db, body.orderId));
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
  const payment = isUuid(body.orderId) ? await findPayment(deps.db, body.orderId) : null;
  const input = { ...body, refundsOnline: (o: OrderRow) => refundsOnline(deps, o, payment) };
  const plan = await deps.db.transaction((tx) => openPlaceCancellation(tx, userId, input, now));
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
