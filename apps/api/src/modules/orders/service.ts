// Order rules, and the functions other modules build on (payments: PayPal/Stripe; admin):
//
//   quoteCart(db, userId, couponCode?)        server totals (centavos) of the user's cart
//   createOrderFromCart(tx, input)            order + order_days + coupon use + seats, clears cart
//   markOrderPaid(tx, orderId, patch?)        pendiente → pagado exactly once; confirmation e-mail
//   cancelOrder(tx, orderId, { status })      → cancelado | reembolsado; releases seats (and coupon)
//   toApiOrder(row)                           (re-exported from ./mappers) row → shared `order`
//
// Every amount is recomputed here from database prices, the coupon and the service fee with
// the shared domain functions (docs/product.md → Totals); what the client sends is only compared, never used.
// Run the mutating functions inside one transaction (db.transaction(tx => …)): an AppError
// thrown midway rolls everything back.

import type { OrderStatus, PaymentMethod } from '@store/shared/constants';
import { computeTotals, type Totals } from '@store/shared/domain/totals';
import { toCentavos, toPesos } from '@store/shared/domain/money';
import { MSG } from '@store/shared/messages';
import type { Address, OrderItem, OrderLineInput } from '@store/shared/schemas/order';
import type { Db, Queryable, Tx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { isCheckViolation } from '../../lib/db-errors';
import { isUuid } from '../../lib/ids';
import { deleteCartLines, findCartLines, type ProductRow } from '../cart/repo';
import { applyCoupon, type AppliedCoupon } from '../coupons/service';
import { incrementCouponUse, insertRedemption, releaseCouponUse } from '../coupons/repo';
import { enqueueOrderConfirmation } from '../mail/order-confirmation';
import {
  findOrder,
  findOrderDays,
  findPaidProductDayIds,
  findUserType,
  insertOrder,
  insertOrderDays,
  listUserOrders,
  lockUser,
  releaseSeats,
  reserveSeat,
  setOrderDaysStatus,
  transitionOrder,
  type NewOrderRow,
  type OrderRow,
} from './repo';

export { toApiOrder } from './mappers';
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
 * for an empty cart or a coupon that does not apply.
 */
export async function quoteCart(
  db: Queryable,
  userId: string,
  couponCode?: string | null,
): Promise<CartQuote> {
  const cart = await findCartLines(db, userId);
  if (cart.length === 0) throw new AppError('bad_request', MSG.emptyCart);
  const lines: QuoteLine[] = cart.map((l) => ({
    productId: l.productId,
    productDayId: l.productDay.id,
    day: l.day,
    position: l.productDay.position,
    priceCentavos: l.product.priceCentavos,
    quantity: 1,
    product: l.product,
    seatCapacity: l.productDay.seatCapacity,
    seatsTaken: l.productDay.seatsTaken,
  }));
  const subtotal = lines.reduce((sum, l) => sum + l.priceCentavos * l.quantity, 0);
  let coupon: AppliedCoupon | null = null;
  const code = couponCode?.trim();
  if (code) {
    const userType = await findUserType(db, userId);
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
  /** Provider ids known at creation. */
  paypalOrderId?: string | null;
  stripeSessionId?: string | null;
}

/**
 * Creates an order from the user's server cart, in the caller's transaction: the order row
 * (item snapshot and server amounts), one order_days row per (product, day), the coupon use
 * (never beyond its limits), one seat per day option (never oversold), and clears the
 * bought cart lines. A `pagado` order also enqueues its confirmation e-mail.
 */
export async function createOrderFromCart(tx: Tx, input: CreateOrderInput): Promise<OrderRow> {
  const user = await lockUser(tx, input.userId);
  if (!user) throw new AppError('unauthorized', MSG.unauthorized);
  const quote = await quoteCart(tx, input.userId, input.couponCode);

  if (input.clientItems && !sameLines(input.clientItems, quote.lines)) {
    throw new AppError('conflict', MSG.cartChanged);
  }
  if (input.clientAmount !== undefined && toCentavos(input.clientAmount) !== quote.total) {
    throw new AppError('conflict', MSG.cartChanged);
  }
  input.check?.(quote);

  const owned = await findPaidProductDayIds(
    tx,
    input.userId,
    quote.lines.map((l) => l.productDayId),
  );
  if (owned.size > 0) throw new AppError('conflict', MSG.alreadyOwned);

  const paid = input.status === 'pagado';
  const now = new Date();
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
    paypalOrderId: input.paypalOrderId ?? null,
    stripeSessionId: input.stripeSessionId ?? null,
  };
  const order = await insertOrder(tx, row);

  // Same order for every transaction (by id), so concurrent orders cannot deadlock.
  const byDay = [...quote.lines].sort((a, b) => a.productDayId.localeCompare(b.productDayId));
  for (const line of byDay) {
    let ok: boolean;
    try {
      ok = await reserveSeat(tx, line.productDayId);
    } catch (err) {
      if (isCheckViolation(err)) ok = false;
      else throw err;
    }
    if (!ok) throw new AppError('conflict', MSG.seatsSoldOut);
  }
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

  if (input.clearCart !== false) await deleteCartLines(tx, input.userId, quote.lines);
  if (paid) await enqueueOrderConfirmation(tx, order.id);
  return order;
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
}

/**
 * pendiente → pagado, exactly once: the conditional update lets only one caller (browser
 * capture, webhook, retry) win. The winner grants access (order_days), removes the bought
 * lines from the cart and enqueues the confirmation e-mail.
 */
export async function markOrderPaid(
  tx: Tx,
  orderId: string,
  patch: PaidPatch = {},
): Promise<TransitionResult> {
  const updated = await transitionOrder(tx, orderId, ['pendiente'], {
    ...patch,
    status: 'pagado',
    payment: true,
    paidAt: new Date(),
    expiresAt: null,
  });
  if (!updated) return { changed: false, order: await findOrder(tx, orderId) };
  await setOrderDaysStatus(tx, orderId, 'pagado');
  const days = await findOrderDays(tx, orderId);
  await deleteCartLines(tx, updated.userId, days);
  await enqueueOrderConfirmation(tx, orderId);
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
  return { changed: true, order: updated };
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
    return {
      _id: product.id,
      name: product.name,
      price: toPesos(product.priceCentavos),
      image: product.images,
      category: product.category,
      subCategory: product.subCategory,
      isPresential: product.isPresential,
      days,
      quantity: days.length,
    };
  });
}

export interface PlaceOrderInput {
  userId: string;
  address: Address;
  items: readonly OrderLineInput[];
  amount?: number;
  couponCode?: string | null;
}

/**
 * order/place (docs/product.md → API): the free claim when the server total is 0 (paid at once), or a
 * cash order when CASH_ORDERS_ENABLED (pending, grants nothing until marked paid).
 * Anything else must go through a payment provider.
 */
export async function placeOrder(
  db: Db,
  opts: { cashOrdersEnabled: boolean },
  input: PlaceOrderInput,
): Promise<{ order: OrderRow; message: string }> {
  return db.transaction(async (tx) => {
    const preview = await quoteCart(tx, input.userId, input.couponCode);
    if (!preview.isFree && !opts.cashOrdersEnabled) throw new AppError('bad_request', MSG.notFreeOrder);
    const free = preview.isFree;
    const order = await createOrderFromCart(tx, {
      userId: input.userId,
      address: input.address,
      couponCode: input.couponCode,
      paymentMethod: free ? 'free' : 'cod',
      status: free ? 'pagado' : 'pendiente',
      clientItems: input.items,
      clientAmount: input.amount,
      // The cart may have changed between the preview and the locked quote.
      check: (quote) => {
        if (quote.isFree !== free) throw new AppError('conflict', MSG.cartChanged);
      },
    });
    return { order, message: free ? MSG.freeClaimDone : MSG.cashOrderPlaced };
  });
}

export async function listOrdersOf(db: Queryable, userId: string): Promise<OrderRow[]> {
  return listUserOrders(db, userId);
}

/** The order, only for its owner (403 for anyone else, 404 for an unknown id). */
export async function getOwnOrder(db: Queryable, userId: string, orderId: string): Promise<OrderRow> {
  if (!isUuid(orderId)) throw new AppError('not_found', MSG.orderNotFound);
  const order = await findOrder(db, orderId);
  if (!order) throw new AppError('not_found', MSG.orderNotFound);
  if (order.userId !== userId) throw new AppError('forbidden', MSG.forbidden);
  return order;
}
