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

/**
 * Takes one of the network's `max` hold slots for the rest of the transaction and answers how
 * many other transactions hold one of its slots now (checkouts of the network in flight).
 * Slots are tried without waiting, so up to `max` checkouts from one address (a hospital
 * behind one NAT) run side by side; only one beyond them waits for a slot to come free.
 */
export async function takeNetworkSlot(db: Queryable, network: string, max: number): Promise<number> {
  const key = `holds:${network}`;
  const free = await db.execute<{ slot: number }>(
    sql`SELECT s AS slot FROM generate_series(0, ${max - 1}::int) AS s
        WHERE pg_try_advisory_xact_lock(hashtext(${key}), s) LIMIT 1`,
  );
  if (rowsOf(free).length === 0) {
    // Every slot is in use by a checkout of this network in flight: wait for one of them.
    await db.execute(
      sql`SELECT pg_advisory_xact_lock(hashtext(${key}), ${Math.floor(Math.random() * max)}::int)`,
    );
  }
  // Read before the committed holds are counted: a checkout that commits in between is then
  // counted twice (a refusal a retry clears), never not at all.
  const inFlight = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM pg_locks
        WHERE locktype = 'advisory' AND granted AND objsubid = 2 AND pid <> pg_backend_pid()
          AND classid = (hashtext(${key})::bigint & 4294967295)::oid AND objid < ${max}::int`,
  );
  return Number(rowsOf<{ n: number }>(inFlight)[0]?.n ?? 0);
}

/** drizzle's execute answers rows (PGlite) or a result with rows (node-postgres). */
function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
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

/**
 * Makes the team holds of one network wait for each other until the transaction ends, so that
 * counting the network's unpaid team seats and adding to them is one step.
 */
export async function lockTeamHoldsOfNetwork(db: Queryable, network: string): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`team-holds:${network}`}), 0)`);
}

/**
 * Unpaid seats of limited days held by teams' orders (one per place and day) of the account,
 * or made from the network.
 */
export async function countOpenTeamSeats(
  db: Queryable,
  by: { userId: string } | { network: string },
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(orders)
    .innerJoin(orderDays, eq(orderDays.orderId, orders.id))
    .innerJoin(productDays, eq(productDays.id, orderDays.productDayId))
    .where(
      and(
        'userId' in by ? eq(orders.userId, by.userId) : eq(orders.clientNetwork, by.network),
        eq(orders.kind, 'grupo'),
        eq(orders.status, 'pendiente'),
        eq(orderDays.status, 'pendiente'),
        isNotNull(productDays.seatCapacity),
      ),
    );
  return row?.n ?? 0;
}
