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
import { MSG } from '@store/shared/messages';
import type { Address, OrderItem } from '@store/shared/schemas/order';
import { productFields } from '@store/shared/domain/product-fields';
import type { Queryable, Tx } from '../../db/client';
import { isCheckViolation, isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { quoteGroup, type GroupQuoteInput, type GroupQuoteResult } from '../cart/group-quote';
import { incrementCouponUse, insertRedemption } from '../coupons/repo';
import { takeSeat } from '../seats/repo';
import { findUserById, findUsersByEmails } from '../users/repo';
import { cancellationRefusal, type RefundsOnline } from './cancellation';
import { refusalOf } from './guard';
import { emit, type LifecycleEvents } from './events';
import { findHeldDaysOfUsers, findPlaceRows, type PlaceRow } from './group-repo';
import { countOpenTeamSeats, lockTeamHoldsOfNetwork } from './holds-repo';
import { checkNetworkHolds, renewalDeadline } from './open';
import { findOrder, type OrderRow } from './reads';
import { findPendingRefund, type RefundRow } from './refunds-repo';
import {
  auditMany,
  insertOrder,
  setFreePlaceHolders,
  insertOrderDays,
  lockOrder,
  lockProductsForSale,
  lockUser,
  setPlaceHolder,
} from './repo';
import { cancelPlacesWithoutRefund, refundable, requestRefund } from './service';
import { colleagueAccounts, TRANSFER_TOKEN_DAYS } from './transfer';
import {
  GROUP_MSG,
  groupSeatsNetworkLimit,
  groupSeatsShort,
  groupSeatsUnpaidLimit,
  placesCsvDuplicate,
  placesCsvLine,
} from '@store/shared/group-messages';

type PlacesAssigned = LifecycleEvents['places.assigned'];

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
  /** Unpaid team seats of limited days (places × days) per account and per network (absent: no cap). */
  maxTeamSeats?: { perAccount: number; perNetwork: number };
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
  // Unpaid places of limited days are what seat farming holds (docs/groups.md → Seats): a
  // team's hold obeys the renewal rule of any hold, the per-network cap of open holds, and
  // caps in seats (places × days) per account and per network.
  const limited = quote.days.filter((d) => d.seatCapacity !== null);
  let expiresAt = input.expiresAt;
  if (limited.length > 0) {
    expiresAt = await renewalDeadline(
      tx,
      input.userId,
      limited.map((d) => d.productDayId),
      input.expiresAt,
      input.now,
    );
    const seats = limited.length * quote.places;
    const caps = input.maxTeamSeats;
    // The account's row lock (lockUser above) makes its own holds wait for each other.
    if (caps && (await countOpenTeamSeats(tx, { userId: input.userId })) + seats > caps.perAccount) {
      throw new AppError('conflict', groupSeatsUnpaidLimit(caps.perAccount));
    }
    const network = input.clientNetwork;
    if (network && caps) {
      await lockTeamHoldsOfNetwork(tx, network);
      if ((await countOpenTeamSeats(tx, { network })) + seats > caps.perNetwork) {
        throw new AppError('conflict', groupSeatsNetworkLimit(caps.perNetwork));
      }
    }
    await checkNetworkHolds(tx, network, input.maxHoldsPerNetwork);
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
    expiresAt,
    clientNetwork: input.clientNetwork ?? null,
    // The instant its window is counted from (the renewal rule reads it back).
    createdAt: input.now,
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

/** One person of a change: the places they get and who the buyer saw holding them. */
export interface PersonRequest extends Assignment {
  placeIds: readonly string[];
  /** The holder's e-mail the buyer saw (a reassignment); null: the places were free. */
  current: string | null;
  /** The line of a pasted or uploaded list (1 = the header), named in a refusal. */
  line?: number;
}

function refusal(req: PersonRequest, message: string, code: 'conflict' | 'not_found' = 'conflict'): AppError {
  return new AppError(code, req.line === undefined ? message : placesCsvLine(req.line, message));
}

const holderEmail = (p: Place) => (p.rows[0]!.userId ? (p.rows[0]!.email?.toLowerCase() ?? null) : null);

/**
 * assignPlace / reassignPlace for one change of the buyer's group order (one person, or a whole
 * list), the order locked, all or nothing: every place and every person is checked before
 * anything is written. A place must be paid, not started, not used, and held by whom the
 * buyer saw (free for an assignment): a change saved meanwhile by someone else is refused,
 * never overwritten. A person must not be an administrator nor already hold one of the days
 * (here or in any other order); those refusals say the same neutral text, so the buyer learns
 * nothing about someone else's account. A new account carries no password (its owner chooses
 * one through the e-mailed link). Audited per person; one `places.assigned` event.
 */
async function applyChange(
  tx: Tx,
  ctx: { order: OrderRow; buyer: { id: string; name: string; email: string }; places: Place[] },
  requests: readonly PersonRequest[],
  now: Date,
): Promise<void> {
  const { order, buyer, places } = ctx;
  const byId = new Map(places.map((p) => [p.id, p]));
  const claimed = new Set<string>();
  const daysOfPerson = new Map<string, Set<string>>();
  // 1. The places, as the buyer saw them.
  const plans = requests.map((req) => {
    const chosen: Place[] = [];
    for (const id of new Set(req.placeIds)) {
      const place = byId.get(id);
      if (!place) throw refusal(req, GROUP_MSG.placeNotFound, 'not_found');
      const why = assignRefusal(place, now);
      if (why) throw refusal(req, why);
      if (claimed.has(id) || holderEmail(place) !== req.current)
        throw refusal(req, GROUP_MSG.placeInProgress);
      claimed.add(id);
      chosen.push(place);
    }
    const held = daysOfPerson.get(req.email) ?? new Set<string>();
    for (const r of chosen.flatMap((p) => p.rows)) {
      if (held.has(r.productDayId)) throw refusal(req, placesCsvDuplicate(req.email));
      held.add(r.productDayId);
    }
    daysOfPerson.set(req.email, held);
    return { req, places: chosen, dayIds: chosen.flatMap((p) => p.rows.map((r) => r.productDayId)) };
  });
  // 2. The people, before any write: their accounts and the days they hold, one query each
  // for the whole change.
  const accounts = await findUsersByEmails(
    tx,
    plans.map((p) => p.req.email),
  );
  const held = await findHeldDaysOfUsers(
    tx,
    [...accounts.values()].map((u) => u.id),
    [...new Set(plans.flatMap((p) => p.dayIds))],
  );
  for (const { req, places: chosen, dayIds } of plans) {
    const account = accounts.get(req.email);
    if (!account) continue;
    if (chosen.some((p) => p.rows[0]!.userId === account.id)) throw refusal(req, GROUP_MSG.placeSamePerson);
    if (account.role === 'admin' || dayIds.some((d) => held.has(`${account.id}:${d}`))) {
      throw refusal(req, GROUP_MSG.placePersonUnavailable);
    }
  }
  // 3. The writes: the new accounts (no password) and their links in two statements, then each
  // person's places, the audit in one statement.
  const persons = await colleagueAccounts(
    tx,
    plans.map((p) => ({ email: p.req.email, name: p.req.name })),
    now,
  );
  const people: PlacesAssigned['people'] = [];
  const audits: Parameters<typeof auditMany>[1][number][] = [];
  const rowsOf = (chosen: readonly Place[]) => chosen.flatMap((p) => p.rows.map((r) => r.id));
  // Free places (every list, every «Asignar»): one statement for everyone.
  const free = plans.filter((p) => p.req.current === null);
  if (free.length > 0) {
    let changed: number;
    try {
      changed = await setFreePlaceHolders(
        tx,
        order.id,
        free.map(({ req, places: chosen }) => ({
          rowIds: rowsOf(chosen),
          holder: persons.get(req.email)!.user.id,
          holderName: req.name,
        })),
        now,
      );
    } catch (err) {
      // Someone got one of the days meanwhile (their own purchase committed first); the
      // transaction rolls back.
      if (isUniqueViolation(err)) {
        throw free.length === 1
          ? refusal(free[0]!.req, GROUP_MSG.placePersonUnavailable)
          : new AppError('conflict', GROUP_MSG.placePersonUnavailable);
      }
      throw err;
    }
    if (changed !== free.reduce((n, p) => n + rowsOf(p.places).length, 0)) {
      throw new AppError('conflict', GROUP_MSG.placeInProgress);
    }
  }
  for (const { req, places: chosen } of plans) {
    const person = persons.get(req.email)!;
    const previousId = chosen[0]!.rows[0]!.userId;
    if (req.current !== null) {
      const rowIds = rowsOf(chosen);
      let changed: number;
      try {
        changed = await setPlaceHolder(tx, order.id, rowIds, previousId, person.user.id, req.name, now);
      } catch (err) {
        if (isUniqueViolation(err)) throw refusal(req, GROUP_MSG.placePersonUnavailable);
        throw err;
      }
      if (changed !== rowIds.length) throw refusal(req, GROUP_MSG.placeInProgress);
    }
    const before = previousId ? await findUserById(tx, previousId) : null;
    const days = chosen
      .flatMap((p) => p.rows)
      .sort((x, y) => x.position - y.position)
      .map((r) => ({ productDayId: r.productDayId, label: r.label, startsAt: r.startsAt }));
    audits.push({
      action: before ? 'order.place_reassigned' : 'order.place_assigned',
      orderId: order.id,
      actorId: buyer.id,
      details: {
        places: [...new Set(chosen.map((p) => p.place))],
        days: days.map((d) => d.label),
        toUserId: person.user.id,
        name: req.name,
        email: req.email,
        accountCreated: person.token !== null,
        ...(before ? { fromUserId: before.id, fromEmail: before.email } : {}),
      },
    });
    people.push({
      userId: person.user.id,
      name: req.name,
      accountName: person.user.name,
      email: person.user.email,
      previous: before ? { userId: before.id, name: before.name, email: before.email } : null,
      days,
      presential: chosen.some((p) => p.rows.some((r) => r.presential)),
      setPasswordToken: person.token,
    });
  }
  await auditMany(tx, audits);
  await emit(tx, 'places.assigned', {
    orderId: order.id,
    change: `${now.getTime()}:${[...claimed].sort()[0] ?? ''}`,
    productName: places[0]?.productName ?? '',
    buyer: { name: buyer.name, email: buyer.email },
    people,
    tokenDays: TRANSFER_TOKEN_DAYS,
    at: now,
  });
}

async function assignmentContext(
  tx: Tx,
  buyerId: string,
  orderId: string,
  action: 'assignPlace' | 'reassignPlace' = 'assignPlace',
) {
  const order = await lockGroupOrder(tx, orderId, buyerId);
  const refused = await refusalOf(tx, action, order);
  if (refused === 'state') {
    throw new AppError(
      'conflict',
      order.status === 'pendiente' ? GROUP_MSG.groupNotPaid : GROUP_MSG.placeNotActive,
    );
  }
  if (refused) throw new AppError('conflict', GROUP_MSG.placeRefundInProgress);
  const buyer = await findUserById(tx, buyerId);
  if (!buyer) throw new AppError('unauthorized', MSG.unauthorized);
  const places = placesOf(await findPlaceRows(tx, order.id));
  return { order, buyer, places };
}

/** assignPlace: one person for free places of the buyer's group order (a place per day, or the whole event's). */
export async function assignPlace(
  tx: Tx,
  buyerId: string,
  input: { orderId: string; placeIds: readonly string[] } & Assignment,
  now: Date,
): Promise<void> {
  const ctx = await assignmentContext(tx, buyerId, input.orderId);
  await applyChange(tx, ctx, [{ ...input, email: input.email.toLowerCase(), current: null }], now);
}

/** reassignPlace: another person for places held by `currentEmail` (as the buyer saw them). */
export async function reassignPlace(
  tx: Tx,
  buyerId: string,
  input: { orderId: string; placeIds: readonly string[]; currentEmail: string } & Assignment,
  now: Date,
): Promise<void> {
  const ctx = await assignmentContext(tx, buyerId, input.orderId, 'reassignPlace');
  await applyChange(
    tx,
    ctx,
    [{ ...input, email: input.email.toLowerCase(), current: input.currentEmail.trim().toLowerCase() }],
    now,
  );
}

export interface ListEntry extends Assignment {
  /** The line of the list (1 = the header). */
  line: number;
  /** The day labels this person takes; null: every day of the order. */
  days: readonly string[] | null;
}

/**
 * Assigns a list (pasted or uploaded), one person per line, to free places, all or nothing:
 * each person takes a free place of every day they ask for (by default every day of the
 * order), the same place number on each day when one is free on all of them. The whole list
 * is checked before anything is written; a refusal names its line.
 */
export async function assignList(
  tx: Tx,
  buyerId: string,
  orderId: string,
  entries: readonly ListEntry[],
  now: Date,
): Promise<number> {
  const ctx = await assignmentContext(tx, buyerId, orderId);
  const free = ctx.places.filter((p) => placeState(p) === 'sin_asignar' && assignRefusal(p, now) === null);
  const taken = new Set<string>();
  const labelsOf = (p: Place) => p.rows.map((r) => r.label);
  const requests: PersonRequest[] = entries.map((e) => {
    const days = e.days ?? [...new Set(ctx.places.flatMap(labelsOf))];
    const open = (label: string) => free.filter((p) => !taken.has(p.id) && labelsOf(p).includes(label));
    // The same place number on every day when one is free on all of them.
    const numbers = days.map((d) => new Set(open(d).map((p) => p.place)));
    const common = [...(numbers[0] ?? [])]
      .filter((n) => numbers.every((s) => s.has(n)))
      .sort((a, b) => a - b)[0];
    const chosen: Place[] = [];
    for (const d of days) {
      if (chosen.some((p) => labelsOf(p).includes(d))) continue;
      const candidates = open(d);
      const place = candidates.find((p) => p.place === common) ?? candidates[0];
      if (!place) throw new AppError('conflict', placesCsvLine(e.line, GROUP_MSG.placesNotEnough));
      taken.add(place.id);
      chosen.push(place);
    }
    return { name: e.name, email: e.email, line: e.line, current: null, placeIds: chosen.map((p) => p.id) };
  });
  await applyChange(tx, ctx, requests, now);
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
    throw new AppError('conflict', GROUP_MSG.placeCancelWindowClosed);
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
