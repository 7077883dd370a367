// Queries of the hold rules (docs/lifecycle.md → Holds): the account's recent unpaid holds of
// a day that ended, and the open holds of limited days per network.

import { and, eq, gt, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { orderDays, orders, productDays, type HoldClosedReason } from '../../db/schema';

/**
 * The user's unpaid holds of any of these days that expired, were abandoned or were replaced
 * by a new attempt after `since`,
 * with when each was opened and ended.
 */
export async function findRecentEndedHolds(
  db: Queryable,
  userId: string,
  productDayIds: readonly string[],
  since: Date,
): Promise<{ createdAt: Date; endedAt: Date; reason: HoldClosedReason }[]> {
  if (productDayIds.length === 0) return [];
  const rows = await db
    .selectDistinct({
      id: orders.id,
      createdAt: orders.createdAt,
      endedAt: orders.updatedAt,
      reason: orders.closedReason,
    })
    .from(orders)
    .innerJoin(orderDays, eq(orderDays.orderId, orders.id))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.payment, false),
        inArray(orders.closedReason, ['expirado', 'abandonado', 'reemplazado']),
        gt(orders.updatedAt, since),
        inArray(orderDays.productDayId, [...productDayIds]),
      ),
    );
  return rows.map((r) => ({ createdAt: r.createdAt, endedAt: r.endedAt, reason: r.reason! }));
}

/** Serialises the hold checks of one network for the rest of the transaction. */
export async function lockNetwork(db: Queryable, network: string): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`holds:${network}`}))`);
}

/** Open (pending) holds of limited days made from the network, but these orders. */
export async function countOpenHoldsOfNetwork(
  db: Queryable,
  network: string,
  except: readonly string[],
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${orders.id})`.mapWith(Number) })
    .from(orders)
    .innerJoin(orderDays, eq(orderDays.orderId, orders.id))
    .innerJoin(productDays, eq(productDays.id, orderDays.productDayId))
    .where(
      and(
        eq(orders.clientNetwork, network),
        eq(orders.status, 'pendiente'),
        isNotNull(productDays.seatCapacity),
        except.length > 0 ? notInArray(orders.id, [...except]) : undefined,
      ),
    );
  return row?.n ?? 0;
}
