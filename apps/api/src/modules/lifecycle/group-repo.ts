// Reads of a group order's places (docs/groups.md): each order_days row with its holder and
// whether the holder used it (checked in, or watched the day's stream), and the places of
// other people's group orders assigned to a user. Writes are repo.ts's (setPlaceHolder).

import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { orderDays, orders, productDays, products, users } from '../../db/schema';

/** Every row of the order with its day, holder and use, in day then place order. */
export async function findPlaceRows(db: Queryable, orderId: string) {
  return db
    .select({
      id: orderDays.id,
      place: orderDays.place,
      productId: orderDays.productId,
      productName: products.name,
      saleMode: products.saleMode,
      productDayId: orderDays.productDayId,
      label: productDays.label,
      position: productDays.position,
      startsAt: productDays.startsAt,
      endsAt: productDays.endsAt,
      priceCentavos: orderDays.priceCentavos,
      status: orderDays.status,
      userId: orderDays.userId,
      /** The name the buyer typed for the holder (the account's own name for older places). */
      name: sql<string | null>`coalesce(${orderDays.holderName}, ${users.name})`,
      email: users.email,
      presential: products.isPresential,
      used: sql<boolean>`(${orderDays.userId} IS NOT NULL AND (
        EXISTS (SELECT 1 FROM checkins c WHERE c.user_id = ${orderDays.userId} AND c.product_day_id = ${orderDays.productDayId})
        OR EXISTS (SELECT 1 FROM stream_watch w WHERE w.user_id = ${orderDays.userId} AND w.product_day_id = ${orderDays.productDayId} AND w.seconds > 0)))`,
    })
    .from(orderDays)
    .innerJoin(productDays, eq(productDays.id, orderDays.productDayId))
    .innerJoin(products, eq(products.id, orderDays.productId))
    .leftJoin(users, eq(users.id, orderDays.userId))
    .where(eq(orderDays.orderId, orderId))
    .orderBy(asc(productDays.position), asc(orderDays.place));
}

export type PlaceRow = Awaited<ReturnType<typeof findPlaceRows>>[number];

/** Paid places of other buyers' group orders held by the user, with the buyer's name. */
export async function findPlacesAssignedTo(db: Queryable, userId: string) {
  return db
    .select({
      id: orderDays.id,
      orderId: orderDays.orderId,
      place: orderDays.place,
      productId: orderDays.productId,
      productName: products.name,
      productDayId: orderDays.productDayId,
      label: productDays.label,
      startsAt: productDays.startsAt,
      paidBy: users.name,
      items: orders.items,
    })
    .from(orderDays)
    .innerJoin(orders, eq(orders.id, orderDays.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(productDays, eq(productDays.id, orderDays.productDayId))
    .innerJoin(products, eq(products.id, orderDays.productId))
    .where(and(eq(orderDays.userId, userId), eq(orderDays.status, 'pagado'), eq(orders.kind, 'grupo')))
    .orderBy(asc(productDays.startsAt), asc(productDays.position));
}

/** Which of these people hold which of these days (pendiente or pagado), as `userId:productDayId`. */
export async function findHeldDaysOfUsers(
  db: Queryable,
  userIds: readonly string[],
  productDayIds: readonly string[],
): Promise<Set<string>> {
  if (userIds.length === 0 || productDayIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: orderDays.userId, productDayId: orderDays.productDayId })
    .from(orderDays)
    .where(
      and(
        inArray(orderDays.userId, [...userIds]),
        inArray(orderDays.productDayId, [...productDayIds]),
        inArray(orderDays.status, ['pendiente', 'pagado']),
      ),
    );
  return new Set(rows.map((r) => `${r.userId}:${r.productDayId}`));
}

/** Of these day options, the ones the user holds (pendiente or pagado) through a row other than `exceptRowIds`. */
export async function findHeldDaysOf(
  db: Queryable,
  userId: string,
  productDayIds: readonly string[],
  exceptRowIds: readonly string[],
): Promise<Set<string>> {
  if (productDayIds.length === 0) return new Set();
  const rows = await db
    .select({ id: orderDays.productDayId })
    .from(orderDays)
    .where(
      and(
        eq(orderDays.userId, userId),
        inArray(orderDays.productDayId, [...productDayIds]),
        inArray(orderDays.status, ['pendiente', 'pagado']),
        exceptRowIds.length > 0 ? notInArray(orderDays.id, [...exceptRowIds]) : undefined,
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/**
 * The day labels a list of people for the order may name, in day order: none for an event
 * sold whole (one place per person covers every day).
 */
export async function findOrderDayLabels(db: Queryable, orderId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ label: productDays.label, position: productDays.position, saleMode: products.saleMode })
    .from(orderDays)
    .innerJoin(productDays, eq(productDays.id, orderDays.productDayId))
    .innerJoin(products, eq(products.id, orderDays.productId))
    .where(eq(orderDays.orderId, orderId))
    .orderBy(asc(productDays.position));
  return rows.some((r) => r.saleMode === 'completo') ? [] : rows.map((r) => r.label);
}
