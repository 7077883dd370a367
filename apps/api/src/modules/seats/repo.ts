// The one owner of seats (docs/lifecycle.md → Seats): the only code that changes a day's
// seats_taken or seat_capacity, and the one definition of what is free:
//
//   free = capacity − seats taken (paid days + unpaid holds) − open waiting-list offers
//
// A seat is taken by the order-day row that holds it (status pendiente or pagado) and given
// back only when that row leaves those states: the order lifecycle passes the rows it
// actually moved, so each seat is freed exactly once. Also here: the reads of who holds a
// day, which the cart, pricing, the waiting list and the lifecycle share.

import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { orderDays, productDays } from '../../db/schema';
import { heldByOffers } from './offers';
import { seatsMayBeFree } from './board';

export { heldByOffers };

/** Seats are held by order-day rows in these states. */
export const SEAT_HOLDING_STATUSES = ['pendiente', 'pagado'] as const;

/** SQL: the day (the `product_days` row of the query) has a seat for `userId` at `now`. */
export function seatFreeFor(userId: string | null, now: Date) {
  return sql<boolean>`(${productDays.seatCapacity} IS NULL OR ${productDays.seatsTaken} + ${heldByOffers(userId, now)} < ${productDays.seatCapacity})`;
}

/**
 * Takes one seat of a day option for `userId`, only while seats remain once the open
 * waiting-list offers of other users are counted. Check and increment are one statement (a
 * concurrent order waits for the row lock and re-checks), so a day is never oversold; the
 * table's check constraint is the last line of defence.
 */
export async function takeSeat(
  db: Queryable,
  productDayId: string,
  userId: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(productDays)
    .set({ seatsTaken: sql`${productDays.seatsTaken} + 1` })
    .where(and(eq(productDays.id, productDayId), seatFreeFor(userId, now)))
    .returning({ taken: productDays.seatsTaken });
  if (rows.length !== 1) return false;
  let taken = takenIn.get(db);
  if (!taken) takenIn.set(db, (taken = new Map()));
  taken.set(productDayId, rows[0]!.taken);
  return true;
}

/** Per transaction: the seats taken of each day it took one of, as its own update saw them. */
const takenIn = new WeakMap<object, Map<string, number>>();

/**
 * The days `tx` took seats of, with how many were taken once it had. Once `tx` has
 * committed those figures were true at that moment (seat updates of a day run one at a time),
 * so the seat board may publish them (seats/board.ts).
 */
export function seatsTakenBy(tx: Queryable): ReadonlyMap<string, number> {
  return takenIn.get(tx) ?? new Map();
}

/**
 * Gives back one seat per entry (a day appears once per row that left a holding state).
 * Ids sorted, so concurrent transactions cannot deadlock.
 */
export async function giveBackSeats(db: Queryable, productDayIds: readonly string[]): Promise<void> {
  for (const id of [...productDayIds].sort()) {
    await db
      .update(productDays)
      .set({ seatsTaken: sql`${productDays.seatsTaken} - 1` })
      .where(eq(productDays.id, id));
  }
  seatsMayBeFree(productDayIds);
}

/** Locks the day and answers its seat figures at `now` (null: unknown day). */
export async function lockDaySeats(db: Queryable, productDayId: string, now: Date) {
  const [locked] = await db
    .select({ id: productDays.id })
    .from(productDays)
    .where(eq(productDays.id, productDayId))
    .for('update');
  if (!locked) return null;
  // A statement of its own after the lock, so it sees what a concurrent writer committed.
  const [row] = await db
    .select({
      label: productDays.label,
      capacity: productDays.seatCapacity,
      taken: productDays.seatsTaken,
      offers: heldByOffers(null, now),
      ended: sql<boolean>`${productDays.endsAt} <= ${now.toISOString()}::timestamptz`,
    })
    .from(productDays)
    .where(eq(productDays.id, productDayId));
  return row ? { ...row, offers: Number(row.offers) } : null;
}

export async function writeCapacity(
  db: Queryable,
  productDayId: string,
  capacity: number | null,
): Promise<void> {
  await db.update(productDays).set({ seatCapacity: capacity }).where(eq(productDays.id, productDayId));
}

/** Whether the day still has a seat for `userId` (the rule takeSeat applies). */
export async function hasSeatFor(
  db: Queryable,
  productDayId: string,
  userId: string,
  now: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ free: seatFreeFor(userId, now) })
    .from(productDays)
    .where(eq(productDays.id, productDayId));
  return row?.free === true;
}

/** Each day of the product with whether it has a seat left for `userId` (offers counted). */
export async function findDaySeats(db: Queryable, productId: string, userId: string, now: Date) {
  return db
    .select({
      id: productDays.id,
      label: productDays.label,
      seatCapacity: productDays.seatCapacity,
      free: seatFreeFor(userId, now),
    })
    .from(productDays)
    .where(eq(productDays.productId, productId))
    .orderBy(asc(productDays.position));
}

// Who holds a day: reads of order_days rows (written only by the lifecycle).

/** Of these day options, the ones the user already has a paid order for. */
export async function findPaidProductDayIds(
  db: Queryable,
  userId: string,
  productDayIds: readonly string[],
): Promise<Set<string>> {
  if (productDayIds.length === 0) return new Set();
  const rows = await db
    .select({ id: orderDays.productDayId })
    .from(orderDays)
    .where(
      and(
        eq(orderDays.userId, userId),
        eq(orderDays.status, 'pagado'),
        inArray(orderDays.productDayId, [...productDayIds]),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** True when the user already has a paid order for this day option (cart: "ya tienes acceso"). */
export async function ownsProductDay(db: Queryable, userId: string, productDayId: string): Promise<boolean> {
  return (await findPaidProductDayIds(db, userId, [productDayId])).size > 0;
}

/** Of these products, the ones the user holds at least one paid day of. */
export async function findPaidProductIds(
  db: Queryable,
  userId: string,
  productIds: readonly string[],
): Promise<Set<string>> {
  if (productIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ productId: orderDays.productId })
    .from(orderDays)
    .where(
      and(
        eq(orderDays.userId, userId),
        inArray(orderDays.productId, [...productIds]),
        eq(orderDays.status, 'pagado'),
      ),
    );
  return new Set(rows.map((r) => r.productId));
}

/** Of these day options, the ones the user holds through a paid order other than `exceptOrderId`. */
export async function findPaidElsewhere(
  db: Queryable,
  userId: string,
  productDayIds: readonly string[],
  exceptOrderId: string,
): Promise<Set<string>> {
  if (productDayIds.length === 0) return new Set();
  const rows = await db
    .select({ id: orderDays.productDayId })
    .from(orderDays)
    .where(
      and(
        eq(orderDays.userId, userId),
        eq(orderDays.status, 'pagado'),
        inArray(orderDays.productDayId, [...productDayIds]),
        ne(orderDays.orderId, exceptOrderId),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** True when the user holds any of these days (paid, or a pending order keeping a seat). */
export async function holdsAnyDay(db: Queryable, userId: string, productDayIds: readonly string[]) {
  const [row] = await db
    .select({ id: orderDays.id })
    .from(orderDays)
    .where(
      and(
        eq(orderDays.userId, userId),
        inArray(orderDays.productDayId, [...productDayIds]),
        inArray(orderDays.status, [...SEAT_HOLDING_STATUSES]),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** The user's order row for the day that holds or grants it (pendiente or pagado), if any. */
export async function findHeldDay(db: Queryable, userId: string, productDayId: string) {
  const [row] = await db
    .select({ orderId: orderDays.orderId, status: orderDays.status })
    .from(orderDays)
    .where(
      and(
        eq(orderDays.userId, userId),
        eq(orderDays.productDayId, productDayId),
        inArray(orderDays.status, [...SEAT_HOLDING_STATUSES]),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** When each of these day options ends (a late payment is honoured only for days not ended). */
export async function dayEnds(db: Queryable, productDayIds: readonly string[]): Promise<Map<string, Date>> {
  if (productDayIds.length === 0) return new Map();
  const rows = await db
    .select({ id: productDays.id, endsAt: productDays.endsAt })
    .from(productDays)
    .where(inArray(productDays.id, [...productDayIds]));
  return new Map(rows.map((r) => [r.id, r.endsAt]));
}
