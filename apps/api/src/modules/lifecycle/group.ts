// Places for a team (docs/groups.md): the `holdPlaces`, `assignPlace`, `reassignPlace` and
// `cancelPlaces` actions of the transition table, each in the caller's transaction under the
// order's row lock.
//
// A group order has one order_days row per place and day; `order_days.user_id` is the person
// who holds the place (null while the buyer has not named anyone), so access, the ticket,
// attendance and the constancia keep reading "paid order_days of a user", and the one-paid
// unique index (user_id, product_day_id) keeps a person from holding a day twice, in this
// order or any other. The buyer (orders.user_id) holds none of the places by buying them.
// An event sold whole is one place per person: its days move together (same place number).

import type { PaymentMethod } from '@store/shared/constants';
import { cancellationFigures, canCancelDay } from '@store/shared/domain/cancellation';
import { toCentavos, toPesos } from '@store/shared/domain/money';
import { MSG, holdNetworkLimit } from '@store/shared/messages';
import type { Address, OrderItem } from '@store/shared/schemas/order';
import { productFields } from '@store/shared/domain/product-fields';
import type { Queryable, Tx } from '../../db/client';
import { isCheckViolation, isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { quoteGroup, type GroupQuoteInput, type GroupQuoteResult } from '../cart/group-quote';
import { incrementCouponUse, insertRedemption } from '../coupons/repo';
import { takeSeat } from '../seats/repo';
import { findUserByEmail, findUserById } from '../users/repo';
import { cancellationRefusal, type RefundsOnline } from './cancellation';
import { refusalOf } from './guard';
import { emit } from './events';
import { findHeldDaysOf, findPlaceRows, type PlaceRow } from './group-repo';
import { countOpenHoldsOfNetwork, takeNetworkSlot } from './holds-repo';
import { findOrder, type OrderRow } from './reads';
import { findPendingRefund, type RefundRow } from './refunds-repo';
import {
  audit,
  insertOrder,
  insertOrderDays,
  lockOrder,
  lockProductsForSale,
  lockUser,
  setPlaceHolder,
} from './repo';
import { cancelPlacesWithoutRefund, refundable, requestRefund } from './service';
import { colleagueAccount, TRANSFER_TOKEN_DAYS } from './transfer';
import { GROUP_MSG, groupSeatsShort, placesCsvLine } from '@store/shared/group-messages';

export interface GroupHoldInput {
  userId: string;
  group: GroupQuoteInput;
  address: Address;
  paymentMethod: PaymentMethod;
  expiresAt: Date;
  /** The total (pesos) the buyer saw; it must equal the server's. */
  clientAmount: number;
  clientNetwork?: string | null;
  /** How many unpaid holds of limited days one network may have open (absent: no cap). */
  maxHoldsPerNetwork?: number;
  /** Hands the CFDI request to the invoices module in the order's transaction. */
  attachInvoice?: (tx: Tx, orderId: string) => Promise<void>;
  /** Extra rule on the server quote (throw to refuse). */
  check?: (quote: GroupQuoteResult) => void;
  now: Date;
}

/**
 * holdPlaces: a pending group order of `places` places of each chosen day, every place a
 * seat taken through the seats module in this one transaction (all or none), the coupon use
 * kept. The places are unassigned (user_id null) until the buyer names who uses each.
 */
export async function holdPlaces(tx: Tx, input: GroupHoldInput): Promise<OrderRow> {
  await refusalOf(tx, 'holdPlaces', null);
  const user = await lockUser(tx, input.userId);
  if (!user) throw new AppError('unauthorized', MSG.unauthorized);
  const quote = await quoteGroup(tx, input.userId, input.group, input.now);
  if (toCentavos(input.clientAmount) !== quote.total)
    throw new AppError('conflict', GROUP_MSG.groupTotalChanged);
  input.check?.(quote);
  // The per-network cap of unpaid holds of limited days applies to a team's purchase too
  // (docs/lifecycle.md → Holds): many places held unpaid are the farming it prevents.
  const network = input.clientNetwork;
  if (network && input.maxHoldsPerNetwork !== undefined && quote.days.some((d) => d.seatCapacity !== null)) {
    const inFlight = await takeNetworkSlot(tx, network, input.maxHoldsPerNetwork);
    if ((await countOpenHoldsOfNetwork(tx, network, [])) + inFlight >= input.maxHoldsPerNetwork) {
      throw new AppError('conflict', holdNetworkLimit(input.maxHoldsPerNetwork));
    }
  }
  // As an individual order's item: `price` per day (one place), `quantity` the days; and
  // `places` per day, so the CFDI's line is days × places at that price (cfdi-rules.ts).
  const item: OrderItem = {
    ...productFields(quote.product),
    price: toPesos(Math.round(quote.pricePerPlace / quote.days.length)),
    total: toPesos(quote.subtotal),
    days: quote.days.map((d) => d.label),
    quantity: quote.days.length,
    places: quote.places,
  };
  const order = await insertOrder(tx, {
    userId: input.userId,
    kind: 'grupo',
    items: [item],
    address: input.address,
    subtotalCentavos: quote.subtotal,
    discountCentavos: quote.discount,
    feeCentavos: quote.fee,
    amountCentavos: quote.total,
    couponId: quote.coupon?.id ?? null,
    couponCode: quote.coupon?.code ?? null,
    status: 'pendiente',
    payment: false,
    paymentMethod: input.paymentMethod,
    expiresAt: input.expiresAt,
    clientNetwork: input.clientNetwork ?? null,
  });
  // Same order for every transaction: the event, then its days by id (open.ts says why).
  await lockProductsForSale(tx, [quote.product.id]);
  for (const day of [...quote.days].sort((a, b) => a.productDayId.localeCompare(b.productDayId))) {
    for (let i = 0; i < quote.places; i += 1) {
      let ok: boolean;
      try {
        ok = await takeSeat(tx, day.productDayId, input.userId, input.now);
      } catch (err) {
        if (isCheckViolation(err)) ok = false;
        else throw err;
      }
      if (!ok) throw new AppError('conflict', groupSeatsShort(day.label, i));
    }
  }
  await insertOrderDays(
    tx,
    quote.days.flatMap((d) =>
      Array.from({ length: quote.places }, (_, i) => ({
        orderId: order.id,
        userId: null,
        productId: quote.product.id,
        productDayId: d.productDayId,
        place: i + 1,
        day: d.label,
        priceCentavos: d.priceCentavos,
        status: 'pendiente' as const,
      })),
    ),
  );
  if (quote.coupon) {
    let counted: boolean;
    try {
      counted = await incrementCouponUse(tx, quote.coupon.id);
    } catch (err) {
      if (isCheckViolation(err)) counted = false;
      else throw err;
    }
    if (!counted) throw new AppError('conflict', MSG.couponExhausted);
    await insertRedemption(tx, { couponId: quote.coupon.id, userId: input.userId, orderId: order.id });
  }
  await input.attachInvoice?.(tx, order.id);
  return order;
}

/** A place: one row (an event per day) or every day's row with its number (an event sold whole). */
export interface Place {
  id: string;
  place: number;
  productId: string;
  productName: string;
  rows: PlaceRow[];
  /** The first day's start. */
  startsAt: Date;
}

/** The order's rows grouped into places, in day then place order. */
export function placesOf(rows: readonly PlaceRow[]): Place[] {
  const out = new Map<string, Place>();
  for (const r of rows) {
    const key = r.saleMode === 'completo' ? `${r.productId}:${r.place}` : r.id;
    const found = out.get(key);
    if (found) {
      found.rows.push(r);
      if (r.startsAt < found.startsAt) found.startsAt = r.startsAt;
    } else {
      out.set(key, {
        id: r.id,
        place: r.place,
        productId: r.productId,
        productName: r.productName,
        rows: [r],
        startsAt: r.startsAt,
      });
    }
  }
  return [...out.values()];
}

/** The place's state for the buyer: its holder, whether it was used. */
export function placeState(p: Place): 'sin_asignar' | 'asignado' | 'usado' | 'cancelado' {
  const first = p.rows[0]!;
  if (first.status !== 'pagado') return 'cancelado';
  if (!first.userId) return 'sin_asignar';
  return p.rows.some((r) => r.used) ? 'usado' : 'asignado';
}

/** Why the place cannot be (re)assigned at `now`; null when it can. */
export function assignRefusal(p: Place, now: Date): string | null {
  const state = placeState(p);
  if (state === 'cancelado') return GROUP_MSG.placeNotActive;
  if (state === 'usado') return GROUP_MSG.placeUsed;
  if (p.startsAt.getTime() <= now.getTime()) return GROUP_MSG.placeDayStarted;
  return null;
}

async function lockGroupOrder(tx: Tx, orderId: string, buyerId: string): Promise<OrderRow> {
  if (!isUuid(orderId)) throw new AppError('not_found', MSG.orderNotFound);
  const order = await lockOrder(tx, orderId);
  if (!order) throw new AppError('not_found', MSG.orderNotFound);
  if (order.userId !== buyerId) throw new AppError('forbidden', MSG.forbidden);
  if (order.kind !== 'grupo') throw new AppError('conflict', GROUP_MSG.groupNotGroup);
  return order;
}

export interface Assignment {
  name: string;
  /** Lower case, trimmed. */
  email: string;
}

/**
 * assignPlace / reassignPlace of one place, the order already locked: the place must be paid,
 * not started, not used; the person no admin and not already holding any of its days (here
 * or in any other order). A new account gets a set-password link. Audited and e-mailed.
 */
async function assignOne(
  tx: Tx,
  order: OrderRow,
  buyer: { id: string; name: string; email: string },
  place: Place,
  who: Assignment,
  now: Date,
): Promise<void> {
  const refusal = assignRefusal(place, now);
  if (refusal) throw new AppError('conflict', refusal);
  const previous = place.rows[0]!.userId;
  const action = previous ? 'reassignPlace' : 'assignPlace';
  const ruled = await refusalOf(tx, action, order);
  if (ruled === 'state') throw new AppError('conflict', GROUP_MSG.groupNotPaid);
  if (ruled) throw new AppError('conflict', GROUP_MSG.placeRefundInProgress);
  const found = await findUserByEmail(tx, who.email);
  if (found?.role === 'admin') throw new AppError('conflict', GROUP_MSG.placeToAdmin);
  if (found && found.id === previous) throw new AppError('conflict', GROUP_MSG.placeSamePerson);
  const dayIds = place.rows.map((r) => r.productDayId);
  if (found && (await findHeldDaysOf(tx, found.id, dayIds, [])).size > 0) {
    throw new AppError('conflict', GROUP_MSG.placeAlreadyHolds);
  }
  const person = await colleagueAccount(tx, { email: who.email, name: who.name }, now);
  let changed: number;
  try {
    changed = await tx.transaction((sp) =>
      setPlaceHolder(
        sp,
        order.id,
        place.rows.map((r) => r.id),
        previous,
        person.user.id,
        now,
      ),
    );
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('conflict', GROUP_MSG.placeAlreadyHolds);
    throw err;
  }
  if (changed !== place.rows.length) throw new AppError('conflict', GROUP_MSG.placeInProgress);
  const before = previous ? await findUserById(tx, previous) : null;
  await audit(tx, {
    action: previous ? 'order.place_reassigned' : 'order.place_assigned',
    orderId: order.id,
    actorId: buyer.id,
    details: {
      place: place.place,
      days: place.rows.map((r) => r.label),
      toUserId: person.user.id,
      name: who.name,
      email: who.email,
      accountCreated: person.token !== null,
      ...(before ? { fromUserId: before.id, fromEmail: before.email } : {}),
    },
  });
  await emit(tx, 'place.assigned', {
    orderId: order.id,
    rowId: place.id,
    productName: place.productName,
    days: place.rows.map((r) => ({ label: r.label, startsAt: r.startsAt })),
    buyer: { name: buyer.name, email: buyer.email },
    to: { name: person.user.name, email: person.user.email },
    previous: before ? { name: before.name, email: before.email } : null,
    setPasswordToken: person.token,
    tokenDays: TRANSFER_TOKEN_DAYS,
    at: now,
  });
  // Later places of this transaction see the new holder.
  for (const r of place.rows) {
    r.userId = person.user.id;
    r.email = person.user.email;
    r.name = person.user.name;
  }
}

async function assignmentContext(
  tx: Tx,
  buyerId: string,
  orderId: string,
  action: 'assignPlace' | 'reassignPlace' = 'assignPlace',
) {
  const order = await lockGroupOrder(tx, orderId, buyerId);
  const refusal = await refusalOf(tx, action, order);
  if (refusal === 'state') {
    throw new AppError(
      'conflict',
      order.status === 'pendiente' ? GROUP_MSG.groupNotPaid : GROUP_MSG.placeNotActive,
    );
  }
  if (refusal) throw new AppError('conflict', GROUP_MSG.placeRefundInProgress);
  const buyer = await findUserById(tx, buyerId);
  if (!buyer) throw new AppError('unauthorized', MSG.unauthorized);
  const places = placesOf(await findPlaceRows(tx, order.id));
  return { order, buyer, places };
}

/** Names (or renames) the holder of one place of the buyer's group order at `now`. */
export async function assignPlace(
  tx: Tx,
  buyerId: string,
  input: { orderId: string; placeId: string } & Assignment,
  now: Date,
): Promise<void> {
  const { order, buyer, places } = await assignmentContext(tx, buyerId, input.orderId);
  const place = places.find((p) => p.id === input.placeId);
  if (!place) throw new AppError('not_found', GROUP_MSG.placeNotFound);
  await assignOne(tx, order, buyer, place, input, now);
}

/**
 * reassignPlace: another person for a place someone already holds (assignPlace does either,
 * as the place is; this one is for a caller that means a reassignment).
 */
export async function reassignPlace(
  tx: Tx,
  buyerId: string,
  input: { orderId: string; placeId: string } & Assignment,
  now: Date,
): Promise<void> {
  const { order, buyer, places } = await assignmentContext(tx, buyerId, input.orderId, 'reassignPlace');
  const place = places.find((p) => p.id === input.placeId && p.rows[0]!.userId !== null);
  if (!place) throw new AppError('not_found', GROUP_MSG.placeNotFound);
  await assignOne(tx, order, buyer, place, input, now);
}

export interface ListEntry extends Assignment {
  /** The line of the list (1 = the header). */
  line: number;
  /** The day's label when the list names one; null: the order's only day (or whole event). */
  day: string | null;
}

/**
 * Assigns a list (pasted or uploaded) to unassigned places, in list order, all or nothing:
 * the first refusal throws naming its line, and the caller's transaction rolls back.
 */
export async function assignList(
  tx: Tx,
  buyerId: string,
  orderId: string,
  entries: readonly ListEntry[],
  now: Date,
): Promise<number> {
  const { order, buyer, places } = await assignmentContext(tx, buyerId, orderId);
  const taken = new Set<string>();
  for (const e of entries) {
    const candidates = places.filter(
      (p) =>
        !taken.has(p.id) &&
        placeState(p) === 'sin_asignar' &&
        (e.day === null || p.rows.some((r) => r.label.toLowerCase() === e.day!.toLowerCase())),
    );
    const place = candidates[0];
    if (!place) throw new AppError('conflict', placesCsvLine(e.line, GROUP_MSG.placesNotEnough));
    try {
      await assignOne(tx, order, buyer, place, e, now);
    } catch (err) {
      if (err instanceof AppError) throw new AppError(err.code, placesCsvLine(e.line, err.message));
      throw err;
    }
    taken.add(place.id);
  }
  return entries.length;
}

/** What cancelling these places gives back by the terms (the same rule as days: paid − 20 %). */
export function placeRefundFigures(order: OrderRow, rows: readonly PlaceRow[], wanted: readonly string[]) {
  const figures = cancellationFigures(
    {
      amountCentavos: order.amountCentavos,
      feeCentavos: order.feeCentavos,
      // Keyed by row: every place of every day is its own share of the order.
      days: rows.map((r) => ({
        productDayId: r.id,
        priceCentavos: r.priceCentavos,
        live: r.status === 'pagado',
      })),
    },
    wanted,
  );
  const left = refundable(order) - figures.chargeCentavos;
  return { ...figures, refundCentavos: Math.max(0, Math.min(figures.refundCentavos, left)) };
}

export type PlaceCancellationPlan =
  { kind: 'done' } | { kind: 'refund'; order: OrderRow; refund: RefundRow; repeated: boolean };

/**
 * cancelPlaces: the buyer cancels places (assigned or not) of a paid group order by the terms,
 * each until CANCELLATION_NOTICE_DAYS before its day. With nothing to give back they end now;
 * otherwise a refund naming those rows is asked (the caller asks the provider; the confirmed
 * refund ends the rows and gives back one seat each).
 */
export async function openPlaceCancellation(
  tx: Tx,
  buyerId: string,
  input: { orderId: string; placeIds: readonly string[]; refundsOnline: RefundsOnline },
  now: Date,
): Promise<PlaceCancellationPlan> {
  const order = await lockGroupOrder(tx, input.orderId, buyerId);
  // The table first; a refund in flight is answered by the action taken: requestRefund gives
  // the same request its waiting refund, anything else is refused (cancelPlacesWithoutRefund).
  if ((await refusalOf(tx, 'cancelPlaces', order)) === 'state') {
    throw new AppError('conflict', MSG.orderNotCancellable);
  }
  const refusal = cancellationRefusal(order, input.refundsOnline);
  if (refusal) throw new AppError('conflict', refusal);
  const rows = await findPlaceRows(tx, order.id);
  const places = placesOf(rows);
  const chosen = [...new Set(input.placeIds)].map((id) => places.find((p) => p.id === id));
  if (chosen.length === 0) throw new AppError('bad_request', GROUP_MSG.placesCancelNone);
  if (chosen.some((p) => !p)) throw new AppError('not_found', GROUP_MSG.placeNotFound);
  if (chosen.some((p) => placeState(p!) === 'cancelado'))
    throw new AppError('conflict', GROUP_MSG.placeNotActive);
  if (chosen.some((p) => p!.rows.some((r) => !canCancelDay(now, r.startsAt)))) {
    throw new AppError('conflict', MSG.cancelWindowClosed);
  }
  const rowIds = chosen.flatMap((p) => p!.rows.map((r) => r.id)).sort();
  const figures = placeRefundFigures(order, rows, rowIds);
  if (figures.refundCentavos === 0) {
    await cancelPlacesWithoutRefund(tx, order, rowIds, figures.paidCentavos, buyerId);
    return { kind: 'done' };
  }
  const asked = await requestRefund(tx, {
    orderId: order.id,
    kind: 'cancelacion',
    productDayIds: [...new Set(chosen.flatMap((p) => p!.rows.map((r) => r.productDayId)))],
    orderDayIds: rowIds,
    amountCentavos: figures.refundCentavos,
    actorId: buyerId,
    refusal: MSG.orderNotCancellable,
    inFlight: MSG.cancelInProgress,
  });
  return { kind: 'refund', ...asked };
}

/** The buyer's view of the order's places at `now` (states, what each cancellation gives back). */
export async function groupPlacesView(
  tx: Queryable,
  buyerId: string,
  orderId: string,
  now: Date,
  refundsOnline: RefundsOnline,
) {
  if (!isUuid(orderId)) throw new AppError('not_found', MSG.orderNotFound);
  const order = await findOrder(tx, orderId);
  if (!order) throw new AppError('not_found', MSG.orderNotFound);
  if (order.userId !== buyerId) throw new AppError('forbidden', MSG.forbidden);
  if (order.kind !== 'grupo') throw new AppError('conflict', GROUP_MSG.groupNotGroup);
  const rows = await findPlaceRows(tx, order.id);
  const inFlight = await findPendingRefund(tx, order.id);
  const cancelOnline = cancellationRefusal(order, refundsOnline) === null && !inFlight;
  return {
    order,
    places: placesOf(rows).map((p) => {
      const state = placeState(p);
      const first = p.rows[0]!;
      return {
        place: p,
        state,
        assignee: first.userId && first.name && first.email ? { name: first.name, email: first.email } : null,
        assignable: order.status === 'pagado' && !inFlight && assignRefusal(p, now) === null,
        cancellable:
          cancelOnline && state !== 'cancelado' && p.rows.every((r) => canCancelDay(now, r.startsAt)),
        refundCentavos:
          state === 'cancelado'
            ? 0
            : placeRefundFigures(
                order,
                rows,
                p.rows.map((r) => r.id),
              ).refundCentavos,
      };
    }),
  };
}
