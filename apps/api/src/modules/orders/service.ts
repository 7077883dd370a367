// Order rules, and the functions other modules build on (payments: checkout with PayPal,
// Stripe, cash or a free claim; admin):
//
//   quoteCart(db, userId, couponCode?)        server totals (centavos) of the user's cart
//   openOrder(tx, input)                      one live order per user and day: creates it, or
//                                             finds the identical pending one, or names the
//                                             pending orders in the way (their provider decides)
//   createOrderFromCart(tx, input)            openOrder that must create (tests, seed)
//   markOrderPaid(tx, orderId, patch?)        pendiente → pagado exactly once; never a day twice
//   closeDuplicatePayment(tx, orderId, …)     money for days already owned: pendiente → reembolsado
//   cancelOrder(tx, orderId, { status })      → cancelado | reembolsado; releases seats (and coupon)
//   toApiOrder(row)                           (re-exported from ./mappers) row → shared `order`
//
// Every amount is recomputed here from database prices, the coupon and the service fee with
// the shared domain functions; what the client sends is only compared, never used.
// Run the mutating functions inside one transaction (db.transaction(tx => …)): an AppError
// thrown midway rolls everything back.

import type { OrderStatus, PaymentMethod } from '@store/shared/constants';
import { computeTotals, type Totals } from '@store/shared/domain/totals';
import { formatPrice, toCentavos, toPesos } from '@store/shared/domain/money';
import { productFields } from '@store/shared/domain/product-fields';
import { MSG, prerequisiteMissing, priceStepChanged } from '@store/shared/messages';
import type { Address, OrderItem, OrderLineInput } from '@store/shared/schemas/order';
import type { FiscalData } from '@store/shared/schemas/invoice';
import type { Queryable, Tx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { isCheckViolation, isUniqueViolation } from '../../lib/db-errors';
import { isUuid } from '../../lib/ids';
import { deleteCartLines, findCartLines, type ProductRow } from '../cart/repo';
import { assertNoEndedDays } from '../cart/service';
import { findBuyerType, findTiers } from '../pricing/repo';
import { priceLines } from '../pricing/service';
import { applyCoupon, type AppliedCoupon } from '../coupons/service';
import { incrementCouponUse, insertRedemption, releaseCouponUse } from '../coupons/repo';
import { enqueueOrderConfirmation } from '../mail/order-confirmation';
import { assertInvoiceable, attachCheckoutRequest, onOrderEnded, onOrderPaid } from '../invoices/service';
import {
  addRefunded,
  countLiveOrderDays,
  endOrderDays,
  findDayStatuses,
  findOrderDayDetails,
  findOrder,
  findOrderDays,
  findOrderForConfirmation,
  findPaidElsewhere,
  findPaidProductDayIds,
  findPaidProductIds,
  findProductNames,
  findPendingHolding,
  insertOrder,
  insertOrderDays,
  listUserOrders,
  lockUser,
  releaseSeats,
  reserveSeat,
  setOrderDaysStatus,
  transitionOrder,
  type HoldingOrder,
  type NewOrderRow,
  type OrderRow,
} from './repo';
import { findTransfersOut } from './transfer-repo';

import { toApiOrder } from './mappers';
import { receiptFileName, renderReceipt } from './receipt';

export { toApiOrder };
export type { OrderRow } from './repo';

/** One (product, day) of the cart, priced from the database. */
export interface QuoteLine {
  productId: string;
  productDayId: string;
  day: string;
  /** Position of the day among the product's options. */
  position: number;
  priceCentavos: number;
  quantity: number;
  product: ProductRow;
  seatCapacity: number | null;
  seatsTaken: number;
}

/** Server totals (centavos) of the user's cart; `total` is what must be paid. */
export interface CartQuote extends Totals {
  lines: QuoteLine[];
  coupon: AppliedCoupon | null;
}

/**
 * The user's current server cart priced from the database, with the coupon (if a code is
 * given) checked against the user's type read from the database. Throws AppError (Spanish)
 * for an empty cart, a day that has ended at `now` or a coupon that does not apply.
 */
export async function quoteCart(
  db: Queryable,
  userId: string,
  couponCode?: string | null,
  now = new Date(),
): Promise<CartQuote> {
  const cart = await findCartLines(db, userId);
  if (cart.length === 0) throw new AppError('bad_request', MSG.emptyCart);
  assertNoEndedDays(cart, now);
  const prices = await priceLines(db, userId, cart, now);
  await assertPrerequisites(db, userId, cart);
  const lines: QuoteLine[] = cart.map((l, i) => ({
    productId: l.productId,
    productDayId: l.productDay.id,
    day: l.day,
    position: l.productDay.position,
    priceCentavos: prices[i]!,
    quantity: 1,
    product: l.product,
    seatCapacity: l.productDay.seatCapacity,
    seatsTaken: l.productDay.seatsTaken,
  }));
  const subtotal = lines.reduce((sum, l) => sum + l.priceCentavos * l.quantity, 0);
  let coupon: AppliedCoupon | null = null;
  const code = couponCode?.trim();
  if (code) {
    const userType = await findBuyerType(db, userId);
    if (!userType) throw new AppError('unauthorized', MSG.unauthorized);
    coupon = await applyCoupon(db, {
      code,
      userId,
      userType: userType,
      lines: lines.map((l) => ({
        productId: l.productId,
        priceCentavos: l.priceCentavos,
        quantity: l.quantity,
      })),
    });
  }
  return { ...computeTotals(subtotal, coupon?.discount ?? 0), lines, coupon };
}

/**
 * Refuses (409, Spanish, naming both events) a line whose event requires another one the buyer
 * neither holds a paid day of nor has in this cart.
 */
async function assertPrerequisites(
  db: Queryable,
  userId: string,
  cart: readonly { productId: string; product: ProductRow }[],
): Promise<void> {
  const inCart = new Set(cart.map((l) => l.productId));
  const needed = [
    ...new Map(
      cart
        .filter((l) => l.product.requiresProductId && !inCart.has(l.product.requiresProductId))
        .map((l) => [l.productId, l.product]),
    ).values(),
  ];
  if (needed.length === 0) return;
  const required = needed.map((p) => p.requiresProductId as string);
  const held = await findPaidProductIds(db, userId, required);
  const missing = needed.find((p) => !held.has(p.requiresProductId as string));
  if (!missing) return;
  const names = await findProductNames(db, [missing.requiresProductId as string]);
  throw new AppError(
    'conflict',
    prerequisiteMissing(missing.name, names.get(missing.requiresProductId as string) ?? ''),
  );
}

/**
 * The cart as checkout would price it, for the cart and checkout pages (pesos): each line at
 * the buyer's tier, or the Spanish reason checkout would refuse it. An empty cart is no problem.
 */
export async function quoteForDisplay(
  db: Queryable,
  userId: string,
  now = new Date(),
): Promise<{
  lines: { _id: string; day: string; price: number }[];
  subtotal: number | null;
  problem: string | null;
}> {
  const empty = (await findCartLines(db, userId)).length === 0;
  if (empty) return { lines: [], subtotal: 0, problem: null };
  try {
    const quote = await quoteCart(db, userId, null, now);
    return {
      lines: quote.lines.map((l) => ({ _id: l.productId, day: l.day, price: toPesos(l.priceCentavos) })),
      subtotal: toPesos(quote.subtotal),
      problem: null,
    };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { lines: [], subtotal: null, problem: err.message };
  }
}

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

/**
 * Opens an order for the user's server cart, in the caller's transaction, keeping one live
 * order per user and day: the order row (item snapshot and server amounts), one order_days
 * row per (product, day), the coupon use (never beyond its limits), one seat per day option
 * (never oversold), and clears the bought cart lines. A `pagado` order also enqueues its
 * confirmation e-mail. The user's row is locked first, so one user's attempts run one at a
 * time; the partial unique indexes on order_days are the last line of defence.
 */
export async function openOrder(tx: Tx, input: CreateOrderInput): Promise<OpenOrderResult> {
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
  if (input.invoice) assertInvoiceable(quote.total);

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
      await attachCheckoutRequest(tx, { orderId: candidate.id, userId: input.userId, fiscal: input.invoice });
      return { kind: 'reusable', order: candidate };
    }
  }
  const withProvider = holding.filter((o) => o.paypalOrderId || o.stripeSessionId);
  if (withProvider.length > 0) return { kind: 'held', orders: withProvider };
  // Nothing outside can pay these (cash, or a provider order never made): replace them.
  for (const old of holding) await cancelOrder(tx, old.id, { status: 'cancelado' });

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
    expiresAt: paid ? null : (input.expiresAt ?? null),
  };
  const order = await insertOrder(tx, row);

  // Same order for every transaction (by id), so concurrent orders cannot deadlock.
  const byDay = [...quote.lines].sort((a, b) => a.productDayId.localeCompare(b.productDayId));
  for (const line of byDay) {
    let ok: boolean;
    try {
      ok = await reserveSeat(tx, line.productDayId, input.userId, now);
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

  if (input.invoice)
    await attachCheckoutRequest(tx, { orderId: order.id, userId: input.userId, fiscal: input.invoice });
  if (input.clearCart !== false) await deleteCartLines(tx, input.userId, quote.lines);
  if (paid) await confirm(tx, order.id);
  return { kind: 'created', order };
}

/** openOrder that must create: another live pending order on these days is a conflict. */
export async function createOrderFromCart(tx: Tx, input: CreateOrderInput): Promise<OrderRow> {
  const result = await openOrder(tx, input);
  if (result.kind !== 'created') throw new AppError('conflict', MSG.paymentInProgress);
  return result.order;
}

export interface PaidPatch {
  paymentMethod?: PaymentMethod;
  paypalOrderId?: string | null;
  paypalPayerId?: string | null;
  paypalCaptureId?: string | null;
  stripeSessionId?: string | null;
}

export interface TransitionResult {
  /** True only for the call that changed the order. */
  changed: boolean;
  /** The order after the call (null when the id is unknown). */
  order: OrderRow | null;
  /**
   * markOrderPaid only: the user already holds one of the order's days through another paid
   * order, so this one was left pending. Money received for it must go back.
   */
  duplicate?: boolean;
}

/**
 * pendiente → pagado, exactly once: the conditional update lets only one caller (browser
 * capture, webhook, retry) win. The winner grants access (order_days), removes the bought
 * lines from the cart and enqueues the confirmation e-mail. A day the user already holds
 * through another paid order is never granted twice: the order stays pending and the
 * result says `duplicate` (checked first, and enforced by the one-paid index for a
 * concurrent payment of the other order).
 */
export async function markOrderPaid(
  tx: Tx,
  orderId: string,
  patch: PaidPatch = {},
): Promise<TransitionResult> {
  const current = await findOrder(tx, orderId);
  if (!current || current.status !== 'pendiente') return { changed: false, order: current };
  const days = await findOrderDays(tx, orderId);
  const ownedElsewhere = await findPaidElsewhere(
    tx,
    current.userId,
    days.map((d) => d.productDayId),
    orderId,
  );
  if (ownedElsewhere.size > 0) return { changed: false, order: current, duplicate: true };
  let updated: OrderRow | null;
  try {
    // A savepoint: a unique violation undoes only this step, and the caller's transaction
    // can still record what happened.
    updated = await tx.transaction(async (sp) => {
      const row = await transitionOrder(sp, orderId, ['pendiente'], {
        ...patch,
        status: 'pagado',
        payment: true,
        paidAt: new Date(),
        expiresAt: null,
      });
      if (row) await setOrderDaysStatus(sp, orderId, 'pagado');
      return row;
    });
  } catch (err) {
    if (!isUniqueViolation(err, 'order_days_one_paid_idx')) throw err;
    return { changed: false, order: await findOrder(tx, orderId), duplicate: true };
  }
  if (!updated) return { changed: false, order: await findOrder(tx, orderId) };
  await deleteCartLines(tx, updated.userId, days);
  await confirm(tx, orderId);
  return { changed: true, order: updated };
}

/**
 * Money arrived for a pending order whose days the user already holds (two tabs, two
 * providers): the order never grants anything. With `refunded` (the provider gave the money
 * back) it becomes `reembolsado` with the whole amount refunded; otherwise `cancelado`, for
 * a person to refund. Seats and the coupon use are given back either way.
 */
export async function closeDuplicatePayment(
  tx: Tx,
  orderId: string,
  opts: { refunded: boolean; patch?: PaidPatch },
): Promise<TransitionResult> {
  const current = await findOrder(tx, orderId);
  if (!current) return { changed: false, order: null };
  const status = opts.refunded ? 'reembolsado' : 'cancelado';
  const updated = await transitionOrder(tx, orderId, ['pendiente'], {
    ...opts.patch,
    status,
    expiresAt: null,
    ...(opts.refunded ? { payment: true, paidAt: new Date(), refundedCentavos: current.amountCentavos } : {}),
  });
  if (!updated) return { changed: false, order: await findOrder(tx, orderId) };
  await setOrderDaysStatus(tx, orderId, status);
  await releaseSeats(tx, orderId);
  await releaseCouponUse(tx, orderId);
  await onOrderEnded(tx, orderId);
  return { changed: true, order: updated };
}

/**
 * Ends an order: `cancelado` (from pendiente or pagado) or `reembolsado` (from pagado).
 * Access ends (order_days follow), seats are released, and a cancelled order gives its
 * coupon use back; a refunded one keeps it (the coupon was spent on a completed purchase).
 */
export async function cancelOrder(
  tx: Tx,
  orderId: string,
  opts: { status: 'cancelado' | 'reembolsado' },
): Promise<TransitionResult> {
  const from: OrderStatus[] = opts.status === 'cancelado' ? ['pendiente', 'pagado'] : ['pagado'];
  const updated = await transitionOrder(tx, orderId, from, { status: opts.status, expiresAt: null });
  if (!updated) return { changed: false, order: await findOrder(tx, orderId) };
  await setOrderDaysStatus(tx, orderId, opts.status);
  await releaseSeats(tx, orderId);
  if (opts.status === 'cancelado') await releaseCouponUse(tx, orderId);
  // Its CFDI: cancelled with the SAT (reason 03), or the unpaid request dropped.
  await onOrderEnded(tx, orderId);
  return { changed: true, order: updated };
}

/**
 * Ends some live days of a paid order (a cancellation, an admin refund): those days lose
 * access and give their seat back, `refundCentavos` is added to what the order refunded,
 * and when no day is left the order ends too — `reembolsado` when everything went back,
 * `reembolso_parcial` when part did (the terms' 20 % charge), `cancelado` when nothing did
 * (a free claim; its coupon use is given back). Returns the days actually ended.
 */
export async function cancelOrderDays(
  tx: Tx,
  orderId: string,
  productDayIds: readonly string[],
  opts: { refundCentavos: number; dayStatus?: 'cancelado' | 'reembolsado' },
): Promise<string[]> {
  const ended = await endOrderDays(tx, orderId, productDayIds, opts.dayStatus ?? 'cancelado');
  if (opts.refundCentavos > 0) await addRefunded(tx, orderId, opts.refundCentavos);
  if ((await countLiveOrderDays(tx, orderId)) > 0) return ended;
  const current = await findOrder(tx, orderId);
  if (!current) return ended;
  const status: OrderStatus =
    current.refundedCentavos <= 0
      ? 'cancelado'
      : current.refundedCentavos >= current.amountCentavos
        ? 'reembolsado'
        : 'reembolso_parcial';
  const updated = await transitionOrder(tx, orderId, ['pagado'], { status, expiresAt: null });
  if (updated && status === 'cancelado') await releaseCouponUse(tx, orderId);
  // Its CFDI is cancelled when nothing of the sale stands; with the terms' 20 % kept the
  // operation did happen in part, and the accountant issues the credit note (docs/cfdi.md).
  if (updated && status !== 'reembolso_parcial') await onOrderEnded(tx, orderId);
  return ended;
}

/** Enqueues the order's confirmation e-mail (read with its buyer) in the caller's transaction. */
async function confirm(tx: Tx, orderId: string): Promise<void> {
  const found = await findOrderForConfirmation(tx, orderId);
  if (found) {
    // A paid amount comes with its receipt (a free claim has nothing to prove).
    const receipt =
      found.order.amountCentavos > 0
        ? [
            {
              filename: receiptFileName(orderId),
              contentType: 'application/pdf',
              content: await receiptOf(tx, found.order),
            },
          ]
        : [];
    await enqueueOrderConfirmation(tx, found, receipt);
  }
  // A CFDI asked for at checkout joins the stamping queue.
  await onOrderPaid(tx, orderId);
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

/** The user's orders as the API shows them, with each bought day's own status. */
export async function listApiOrdersOf(db: Queryable, userId: string) {
  const rows = await listUserOrders(db, userId);
  const days = await findDayStatuses(
    db,
    rows.map((r) => r.id),
  );
  const given = await findTransfersOut(
    db,
    rows.map((r) => r.id),
  );
  const transferredTo = (orderId: string, productId: string, day: string) => {
    const t = given.find((g) => g.orderId === orderId && g.productId === productId && g.day === day);
    return t ? { transferredTo: { name: t.name, email: t.email } } : {};
  };
  return rows.map((r) =>
    toApiOrder(
      r,
      days
        .filter((d) => d.orderId === r.id)
        .map(({ productId, day, status }) => ({
          productId,
          day,
          status,
          ...(status === 'transferido' ? transferredTo(r.id, productId, day) : {}),
        })),
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

/** Renders the order's receipt from the database. */
export async function receiptOf(db: Queryable, order: OrderRow): Promise<Buffer> {
  const [buyer, days] = await Promise.all([
    findOrderForConfirmation(db, order.id),
    findOrderDayDetails(db, order.id),
  ]);
  return renderReceipt({
    order,
    buyer: { name: buyer?.name ?? '', email: buyer?.email ?? '' },
    lines: days.map((d) => ({
      productName: d.productName,
      label: d.label,
      startsAt: d.startsAt,
      priceCentavos: d.priceCentavos,
    })),
  });
}
