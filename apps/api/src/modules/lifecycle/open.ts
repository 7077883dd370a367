// Opening an order (docs/lifecycle.md → Holds): the `hold` and `claimFree` actions of the
// transition table. One live order per user and day; the seats are taken through the seats
// module; a hold of a limited day obeys the renewal and per-network rules that keep seats
// from being farmed by unpaid holds.

import type { PaymentMethod } from '@store/shared/constants';
import { formatPrice, toCentavos, toPesos } from '@store/shared/domain/money';
import { productFields } from '@store/shared/domain/product-fields';
import { MSG, holdNetworkLimit, holdRenewalWait, priceStepChanged } from '@store/shared/messages';
import type { Address, OrderItem, OrderLineInput } from '@store/shared/schemas/order';
import type { FiscalData } from '@store/shared/schemas/invoice';
import type { Tx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { isCheckViolation, isUniqueViolation } from '../../lib/db-errors';
import { deleteCartLines } from '../cart/repo';
import { quoteCart, type CartQuote, type QuoteLine } from '../cart/quote';
import { findTiers } from '../pricing/repo';
import { incrementCouponUse, insertRedemption } from '../coupons/repo';
import { findPaidProductDayIds, takeSeat } from '../seats/repo';
import { emit } from './events';
import { findPendingHolding, type HoldingOrder, type NewOrderRow, type OrderRow } from './reads';
import { insertOrder, insertOrderDays, lockProductsForSale, lockUser } from './repo';
import { countOpenHoldsOfNetwork, findRecentEndedHolds, takeNetworkSlot } from './holds-repo';
import { refusalOf } from './guard';
import { abandon } from './service';

/** A hold shorter than this is not worth opening: the renewal rule answers "wait" instead. */
const MIN_HOLD_MS = 60_000;

export interface CreateOrderInput {
  userId: string;
  address: Address;
  couponCode?: string | null;
  paymentMethod: PaymentMethod;
  status: 'pendiente' | 'pagado';
  /** Pending orders past this time are swept by payments/expiry.ts (seats released if unpaid). */
  expiresAt?: Date | null;
  /** What the client believes it is buying; when given it must match the server cart. */
  clientItems?: readonly OrderLineInput[];
  /** The total (pesos) the client showed; when given it must equal the server total. */
  clientAmount?: number;
  /** Extra rule on the server quote (e.g. "must be free", "must be payable"); throw to refuse. */
  check?: (quote: CartQuote) => void;
  /** Remove the bought lines from the cart now (default) or leave them until paid. */
  clearCart?: boolean;
  /**
   * A pending attempt may hand back the user's identical pending order (same days, amount,
   * coupon, method and address) instead of creating one, while at least this much of its
   * payment window is left. Absent: never reused.
   */
  reuseMinRemainingMs?: number;
  /** "¿Requieres factura?": the CFDI receiver's data, kept with the order (invoices module). */
  invoice?: FiscalData | null;
  /**
   * Hands the CFDI request to the invoices module in the order's transaction (the lifecycle
   * does not import it): called with the order that will be paid.
   */
  attachInvoice?: (tx: Tx, orderId: string) => Promise<void>;
  /** The buyer's network (an IPv4 address or an IPv6 /64): unpaid holds per network are capped. */
  clientNetwork?: string | null;
  /** How many unpaid holds of limited days one network may have open (absent: no cap). */
  maxHoldsPerNetwork?: number;
  now?: Date;
}

export type OpenOrderResult =
  /** A new order holds the cart's days (pending orders without a provider order were cancelled). */
  | { kind: 'created'; order: OrderRow }
  /** The user's identical pending order, still open: pay that one. */
  | { kind: 'reusable'; order: HoldingOrder }
  /**
   * Pending orders with a provider order hold some of these days: only their provider can
   * say whether money moved, so the caller asks it (pay, capture or cancel) and tries again.
   */
  | { kind: 'held'; orders: HoldingOrder[] };

/** hold: a pending order for the cart's days, keeping their seats while it is paid. */
export function hold(tx: Tx, input: Omit<CreateOrderInput, 'status'>): Promise<OpenOrderResult> {
  return openOrder(tx, { ...input, status: 'pendiente' });
}

/** claimFree: the cart's days for a total of 0, paid at once. */
export function claimFree(tx: Tx, input: Omit<CreateOrderInput, 'status'>): Promise<OpenOrderResult> {
  return openOrder(tx, { ...input, status: 'pagado' });
}

/**
 * Opens an order for the user's server cart, in the caller's transaction, keeping one live
 * order per user and day: the order row (item snapshot and server amounts), one order_days
 * row per (product, day), the coupon use (never beyond its limits), one seat per day option
 * (never oversold), and clears the bought cart lines. A `pagado` order also enqueues its
 * confirmation e-mail. The user's row is locked first, so one user's attempts run one at a
 * time; the partial unique indexes on order_days are the last line of defence.
 */
async function openOrder(tx: Tx, input: CreateOrderInput): Promise<OpenOrderResult> {
  await refusalOf(tx, input.status === 'pagado' ? 'claimFree' : 'hold', null);
  const user = await lockUser(tx, input.userId);
  if (!user) throw new AppError('unauthorized', MSG.unauthorized);
  const now = input.now ?? new Date();
  const quote = await quoteCart(tx, input.userId, input.couponCode, now);

  if (input.clientItems && !sameLines(input.clientItems, quote.lines)) {
    throw new AppError('conflict', MSG.cartChanged);
  }
  if (input.clientAmount !== undefined && toCentavos(input.clientAmount) !== quote.total) {
    throw new AppError(
      'conflict',
      await amountMismatchMessage(tx, input, toCentavos(input.clientAmount), quote, now),
    );
  }
  input.check?.(quote);

  const dayIds = quote.lines.map((l) => l.productDayId);
  const owned = await findPaidProductDayIds(tx, input.userId, dayIds);
  if (owned.size > 0) throw new AppError('conflict', MSG.alreadyOwned);

  const holding = await findPendingHolding(tx, input.userId, dayIds);
  if (input.status === 'pendiente' && input.reuseMinRemainingMs !== undefined && holding.length === 1) {
    const [candidate] = holding as [HoldingOrder];
    const open =
      candidate.expiresAt === null ||
      candidate.expiresAt.getTime() - now.getTime() >= input.reuseMinRemainingMs;
    if (open && sameAttempt(candidate, quote, input)) {
      await input.attachInvoice?.(tx, candidate.id);
      return { kind: 'reusable', order: candidate };
    }
  }
  const withProvider = holding.filter((o) => o.atProvider);
  if (withProvider.length > 0) {
    // The caller settles these with their provider and comes back: the hold rules refuse
    // first, counting them as replaced now, so a refusal leaves them (and everything) as is.
    if (input.status === 'pendiente') await holdWindow(tx, input, quote, holding, now, withProvider);
    return { kind: 'held', orders: withProvider };
  }
  // Nothing outside can pay these (cash, or a provider order never made): replace them.
  for (const old of holding) await abandon(tx, old.id, 'reemplazado', { now });
  const expiresAt = input.status === 'pendiente' ? await holdWindow(tx, input, quote, holding, now) : null;

  const paid = input.status === 'pagado';
  const row: NewOrderRow = {
    userId: input.userId,
    items: snapshotItems(quote.lines),
    address: input.address,
    subtotalCentavos: quote.subtotal,
    discountCentavos: quote.discount,
    feeCentavos: quote.fee,
    amountCentavos: quote.total,
    couponId: quote.coupon?.id ?? null,
    couponCode: quote.coupon?.code ?? null,
    status: input.status,
    payment: paid,
    paymentMethod: input.paymentMethod,
    paidAt: paid ? now : null,
    expiresAt,
    clientNetwork: paid ? null : (input.clientNetwork ?? null),
    // The instant its window is counted from (the renewal rule reads it back).
    createdAt: now,
  };
  const order = await insertOrder(tx, row);

  await input.attachInvoice?.(tx, order.id);
  if (input.clearCart !== false) await deleteCartLines(tx, input.userId, quote.lines);
  // The day's seat counter is the one row every buyer of the day waits for: it is taken as late
  // as it can be, so the row is held only for the order's days, the coupon's count and the
  // commit (docs/on-sale.md). Not later: inserting the order's days first would hold a key
  // lock on the day's row, and a cancellation giving a seat back and offering it to the waiting
  // list (which locks that row) would deadlock with this transaction.
  // Locks in one order for every transaction: the events, then their days by id (an admin's
  // edit does the same), so concurrent orders and edits cannot deadlock.
  await lockProductsForSale(
    tx,
    quote.lines.map((l) => l.productId),
  );
  const byDay = [...quote.lines].sort((a, b) => a.productDayId.localeCompare(b.productDayId));
  for (const line of byDay) {
    let ok: boolean;
    try {
      ok = await takeSeat(tx, line.productDayId, input.userId, now);
    } catch (err) {
      if (isCheckViolation(err)) ok = false;
      else throw err;
    }
    if (!ok) throw new AppError('conflict', MSG.seatsSoldOut);
  }
  try {
    await insertOrderDays(
      tx,
      quote.lines.map((l) => ({
        orderId: order.id,
        userId: input.userId,
        productId: l.productId,
        productDayId: l.productDayId,
        day: l.day,
        priceCentavos: l.priceCentavos,
        status: input.status,
      })),
    );
  } catch (err) {
    // Another transaction holds or owns one of these days (the one-hold / one-paid indexes).
    if (isUniqueViolation(err)) throw new AppError('conflict', MSG.paymentInProgress);
    throw err;
  }

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

  if (paid) await emit(tx, 'order.paid', { orderId: order.id, at: now });
  return { kind: 'created', order };
}

/** openOrder that must create: another live pending order on these days is a conflict. */
export async function createOrderFromCart(tx: Tx, input: CreateOrderInput): Promise<OrderRow> {
  const result = await openOrder(tx, input);
  if (result.kind !== 'created') throw new AppError('conflict', MSG.paymentInProgress);
  return result.order;
}

/**
 * When a new hold of limited days must close (docs/lifecycle.md → Holds), or the refusal:
 * - renewal: the account's hold of one of these days that expired unpaid within one hold
 *   period blocks a new one until that period has passed; one the buyer abandoned (closed
 *   the payment) or replaced by a new attempt (another cart) may be opened again, but only
 *   for what was left of the first one's window;
 * - per network: at most `maxHoldsPerNetwork` open holds of limited days per network.
 * Days without a seat limit, and a buyer who pays within the window, never meet either rule.
 */
async function holdWindow(
  tx: Tx,
  input: CreateOrderInput,
  quote: CartQuote,
  replaced: readonly HoldingOrder[],
  now: Date,
  /** Holds the caller will end before coming back (settled with their provider). */
  ending: readonly HoldingOrder[] = [],
): Promise<Date | null> {
  const asked = input.expiresAt ?? null;
  const limited = quote.lines.filter((l) => l.seatCapacity !== null).map((l) => l.productDayId);
  if (asked === null || limited.length === 0) return asked;
  const until = await renewalDeadline(
    tx,
    input.userId,
    limited,
    asked,
    now,
    ending.filter((o) => o.productDayIds.some((d) => limited.includes(d))),
  );
  await checkNetworkHolds(
    tx,
    input.clientNetwork,
    input.maxHoldsPerNetwork,
    replaced.map((o) => o.id),
  );
  return until;
}

/**
 * The per-network rule (docs/lifecycle.md → Holds): at most `max` open holds of limited days
 * from the network, counting the checkouts of it in flight, but the holds `replacing` ends.
 * No network or no `max`: no cap.
 */
export async function checkNetworkHolds(
  tx: Tx,
  network: string | null | undefined,
  max: number | undefined,
  replacing: readonly string[] = [],
): Promise<void> {
  if (!network || max === undefined) return;
  const inFlight = await takeNetworkSlot(tx, network, max);
  const open = await countOpenHoldsOfNetwork(tx, network, replacing);
  if (open + inFlight >= max) throw new AppError('conflict', holdNetworkLimit(max));
}

/**
 * The renewal rule (docs/lifecycle.md → Holds) for a new hold of these limited days asked to
 * last until `asked`, for an individual order or a team's places alike: the account's hold of
 * one of them that expired unpaid within one hold period blocks a new one until that period
 * has passed; one abandoned or replaced (or `ending`, about to be) leaves the new hold only
 * what was left of the first one's window. Answers when the new hold must close.
 */
export async function renewalDeadline(
  tx: Tx,
  userId: string,
  limitedDayIds: readonly string[],
  asked: Date,
  now: Date,
  ending: readonly { createdAt: Date }[] = [],
): Promise<Date> {
  const period = asked.getTime() - now.getTime();
  let until = asked.getTime();
  const ended = await findRecentEndedHolds(tx, userId, limitedDayIds, new Date(now.getTime() - period));
  for (const hold of ended) {
    const waitUntil = hold.endedAt.getTime() + period;
    if (hold.reason === 'expirado')
      throw new AppError('conflict', holdRenewalWait(minutesUntil(waitUntil, now)));
    until = Math.min(until, hold.createdAt.getTime() + period);
  }
  for (const hold of ending) until = Math.min(until, hold.createdAt.getTime() + period);
  if (until - now.getTime() < MIN_HOLD_MS) {
    const last = Math.max(...ended.map((h) => h.endedAt.getTime()), ...ending.map(() => now.getTime()));
    throw new AppError('conflict', holdRenewalWait(minutesUntil(last + period, now)));
  }
  return new Date(until);
}

function minutesUntil(at: number, now: Date): number {
  return Math.max(1, Math.ceil((at - now.getTime()) / 60_000));
}

/**
 * Why the client's total differs from the server's: when the cart priced just before the
 * latest price step that has ended gives the client's total, a step ended while the buyer was
 * paying, and the message says so with the new total; otherwise the cart changed.
 */
async function amountMismatchMessage(
  tx: Tx,
  input: CreateOrderInput,
  clientCentavos: number,
  quote: CartQuote,
  now: Date,
): Promise<string> {
  const tiers = await findTiers(tx, [...new Set(quote.lines.map((l) => l.productId))]);
  const ended = [...tiers.values()]
    .flat()
    .flatMap((t) => (t.untilAt !== null && t.untilAt <= now.getTime() ? [t.untilAt] : []));
  if (ended.length === 0) return MSG.cartChanged;
  try {
    const before = await quoteCart(tx, input.userId, input.couponCode, new Date(Math.max(...ended) - 1));
    if (before.total === clientCentavos) return priceStepChanged(formatPrice(toPesos(quote.total)));
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
  }
  return MSG.cartChanged;
}

/** The pending order is the attempt the user is making again: same days, money, coupon, method, address. */
function sameAttempt(order: HoldingOrder, quote: CartQuote, input: CreateOrderInput): boolean {
  const days = new Set(order.productDayIds);
  return (
    order.paymentMethod === input.paymentMethod &&
    order.amountCentavos === quote.total &&
    order.discountCentavos === quote.discount &&
    (order.couponId ?? null) === (quote.coupon?.id ?? null) &&
    days.size === quote.lines.length &&
    quote.lines.every((l) => days.has(l.productDayId)) &&
    canonical(order.address) === canonical(input.address)
  );
}

/** Key order and absent fields do not matter (jsonb reorders keys and drops undefined). */
function canonical(value: object): string {
  return JSON.stringify(
    Object.entries(value)
      .filter(([, v]) => v !== undefined && v !== null && v !== '')
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

/** The client's lines (quantity > 0) are exactly the server cart's (product, day) pairs. */
function sameLines(client: readonly OrderLineInput[], server: readonly QuoteLine[]): boolean {
  const key = (productId: string, day: string) => `${productId}\u0000${day}`;
  const wanted = new Set(
    client.filter((l) => l.quantity === undefined || l.quantity > 0).map((l) => key(l._id, l.days)),
  );
  const have = new Set(server.map((l) => key(l.productId, l.day)));
  return wanted.size === have.size && [...have].every((k) => wanted.has(k));
}

/** One item per product, with the bought days in the product's order. */
function snapshotItems(lines: readonly QuoteLine[]): OrderItem[] {
  const byProduct = new Map<string, QuoteLine[]>();
  for (const l of lines) byProduct.set(l.productId, [...(byProduct.get(l.productId) ?? []), l]);
  return [...byProduct.values()].map((group) => {
    const { product } = group[0]!;
    const days = [...group].sort((a, b) => a.position - b.position).map((l) => l.day);
    const total = group.reduce((sum, l) => sum + l.priceCentavos * l.quantity, 0);
    // What the buyer was charged for this event (tier price, whole or per day), not the base price.
    return {
      ...productFields(product),
      price: toPesos(Math.round(total / days.length)),
      total: toPesos(total),
      days,
      quantity: days.length,
    };
  });
}
