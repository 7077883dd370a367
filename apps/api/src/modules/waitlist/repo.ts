// Every query of the waiting list (waitlist_entries): joining and leaving, the member's place
// in line, offering freed seats under the day's row lock, and the sweep that closes claimed
// and expired offers.

import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { WaitlistStatus } from '@store/shared/constants';
import type { Queryable } from '../../db/client';
import { greetingName } from '../mail/greeting';
import { auditLog, orderDays, productDays, products, users, waitlistEntries } from '../../db/schema';

export type WaitlistEntryRow = typeof waitlistEntries.$inferSelect;

const ACTIVE: WaitlistStatus[] = ['esperando', 'ofrecido'];

/** A day option of a product, by label, with its product's state. */
export async function findDay(db: Queryable, productId: string, label: string) {
  const [row] = await db
    .select({
      day: productDays,
      product: { id: products.id, name: products.name, active: products.active, draft: products.draft },
    })
    .from(productDays)
    .innerJoin(products, eq(products.id, productDays.productId))
    .where(and(eq(productDays.productId, productId), eq(productDays.label, label)));
  return row ?? null;
}

export async function findDayLabel(db: Queryable, productDayId: string): Promise<string | null> {
  const [row] = await db
    .select({ label: productDays.label })
    .from(productDays)
    .where(eq(productDays.id, productDayId));
  return row?.label ?? null;
}

export async function insertEntry(
  db: Queryable,
  row: { userId: string; productId: string; productDayId: string; now: Date },
): Promise<WaitlistEntryRow> {
  const [created] = await db
    .insert(waitlistEntries)
    .values({
      userId: row.userId,
      productId: row.productId,
      productDayId: row.productDayId,
      createdAt: row.now,
      updatedAt: row.now,
    })
    .returning();
  return created!;
}

/** The user's live entry (esperando or ofrecido) on the day, locked for the transaction. */
export async function lockActiveEntry(db: Queryable, userId: string, productDayId: string) {
  const [row] = await db
    .select()
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.userId, userId),
        eq(waitlistEntries.productDayId, productDayId),
        inArray(waitlistEntries.status, ACTIVE),
      ),
    )
    .for('update');
  return row ?? null;
}

export async function lockEntryByToken(db: Queryable, tokenHash: string) {
  const [row] = await db
    .select()
    .from(waitlistEntries)
    .where(eq(waitlistEntries.claimTokenHash, tokenHash))
    .for('update');
  return row ?? null;
}

export async function setEntryStatus(db: Queryable, id: string, status: WaitlistStatus, now: Date) {
  await db.update(waitlistEntries).set({ status, updatedAt: now }).where(eq(waitlistEntries.id, id));
}

/** Place in line: 1 + the entries still waiting on the same day that joined before it. */
// The outer row is named in full: drizzle may write its columns unqualified, which inside
// the subquery would mean e2's.
const positionSql = sql<number>`(SELECT count(*)::int + 1 FROM waitlist_entries e2
  WHERE e2.product_day_id = waitlist_entries.product_day_id AND e2.status = 'esperando'
    AND (e2.created_at, e2.id) < (waitlist_entries.created_at, waitlist_entries.id))`;

/** The user's live entries on the product's days, each with its place in line. */
export async function findUserEntries(db: Queryable, userId: string, productId: string) {
  return db
    .select({
      productDayId: waitlistEntries.productDayId,
      status: waitlistEntries.status,
      offerExpiresAt: waitlistEntries.offerExpiresAt,
      position: positionSql,
    })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.userId, userId),
        eq(waitlistEntries.productId, productId),
        inArray(waitlistEntries.status, ACTIVE),
      ),
    );
}

/**
 * The next `limit` entries waiting on the day, first come first served, skipping anyone
 * whose order already holds the day (paying for it right now, or bought it meanwhile).
 */
export async function findNextWaiting(db: Queryable, productDayId: string, limit: number) {
  if (limit <= 0) return [];
  return db
    .select({
      id: waitlistEntries.id,
      userId: waitlistEntries.userId,
      email: users.email,
      // Greeted in the offer e-mail by the accented name of their constancias, when set.
      name: greetingName,
      productName: products.name,
      label: productDays.label,
      startsAt: productDays.startsAt,
    })
    .from(waitlistEntries)
    .innerJoin(users, eq(users.id, waitlistEntries.userId))
    .innerJoin(productDays, eq(productDays.id, waitlistEntries.productDayId))
    .innerJoin(products, eq(products.id, waitlistEntries.productId))
    .where(
      and(
        eq(waitlistEntries.productDayId, productDayId),
        eq(waitlistEntries.status, 'esperando'),
        sql`NOT EXISTS (SELECT 1 FROM ${orderDays} od WHERE od.user_id = waitlist_entries.user_id
          AND od.product_day_id = waitlist_entries.product_day_id AND od.status IN ('pendiente', 'pagado'))`,
      ),
    )
    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id))
    .limit(limit);
}

/** esperando → ofrecido with the offer's window and claim token; false when it moved meanwhile. */
export async function markOffered(
  db: Queryable,
  id: string,
  offer: { now: Date; expiresAt: Date; tokenHash: string },
): Promise<boolean> {
  const rows = await db
    .update(waitlistEntries)
    .set({
      status: 'ofrecido',
      offeredAt: offer.now,
      offerExpiresAt: offer.expiresAt,
      claimTokenHash: offer.tokenHash,
      updatedAt: offer.now,
    })
    .where(and(eq(waitlistEntries.id, id), eq(waitlistEntries.status, 'esperando')))
    .returning({ id: waitlistEntries.id });
  return rows.length === 1;
}

/** Which open offers `markClaimed` looks at (all of them when empty). */
export interface ClaimScope {
  productId?: string;
  /** Only this member's offers. */
  userId?: string;
  /** Only offers whose day the member holds through this order. */
  orderId?: string;
}

/**
 * Open offers whose user now holds the day through a paid order (bought, received by a
 * transfer, or given a place of a team's order) become `reclamado`, with that order: the
 * seat is counted once, as taken, and stays so wherever the day goes next. Answers the
 * entries settled with their day.
 */
export async function markClaimed(
  db: Queryable,
  now: Date,
  scope: ClaimScope = {},
): Promise<{ id: string; productDayId: string }[]> {
  const byOrder = scope.orderId ? sql`AND od.order_id = ${scope.orderId}::uuid` : sql``;
  return db
    .update(waitlistEntries)
    .set({
      status: 'reclamado',
      updatedAt: now,
      orderId: sql`(SELECT od.order_id FROM order_days od WHERE od.user_id = waitlist_entries.user_id
        AND od.product_day_id = waitlist_entries.product_day_id AND od.status = 'pagado' ${byOrder} LIMIT 1)`,
    })
    .where(
      and(
        eq(waitlistEntries.status, 'ofrecido'),
        scope.productId ? eq(waitlistEntries.productId, scope.productId) : undefined,
        scope.userId ? eq(waitlistEntries.userId, scope.userId) : undefined,
        sql`EXISTS (SELECT 1 FROM order_days od WHERE od.user_id = waitlist_entries.user_id
          AND od.product_day_id = waitlist_entries.product_day_id AND od.status = 'pagado' ${byOrder})`,
      ),
    )
    .returning({ id: waitlistEntries.id, productDayId: waitlistEntries.productDayId });
}

/**
 * Open offers whose 24 h passed become `expirado` — unless the user's order for the day is
 * being paid right now (pending): that order holds the seat itself and decides.
 */
export async function expireOffers(db: Queryable, now: Date) {
  return db
    .update(waitlistEntries)
    .set({ status: 'expirado', updatedAt: now })
    .where(
      and(
        eq(waitlistEntries.status, 'ofrecido'),
        sql`${waitlistEntries.offerExpiresAt} <= ${now.toISOString()}::timestamptz`,
        sql`NOT EXISTS (SELECT 1 FROM order_days od WHERE od.user_id = waitlist_entries.user_id
          AND od.product_day_id = waitlist_entries.product_day_id AND od.status IN ('pendiente', 'pagado'))`,
      ),
    )
    .returning({
      id: waitlistEntries.id,
      productDayId: waitlistEntries.productDayId,
      userId: waitlistEntries.userId,
    });
}

/** Day options with someone waiting (the sweep offers their free seats). */
export async function findDaysWithWaiting(db: Queryable): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: waitlistEntries.productDayId })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.status, 'esperando'));
  return rows.map((r) => r.id).sort();
}

/** The day ids of a product (an admin change of capacity may free seats on any of them). */
export async function findProductDayIds(db: Queryable, productId: string): Promise<string[]> {
  const rows = await db
    .select({ id: productDays.id })
    .from(productDays)
    .where(eq(productDays.productId, productId));
  return rows.map((r) => r.id).sort();
}

/** Every entry of the event, for the back office: day order, then line order. */
export async function listEventEntries(db: Queryable, productId: string) {
  return db
    .select({
      id: waitlistEntries.id,
      productDayId: waitlistEntries.productDayId,
      day: productDays.label,
      userId: waitlistEntries.userId,
      name: users.name,
      email: users.email,
      status: waitlistEntries.status,
      createdAt: waitlistEntries.createdAt,
      offeredAt: waitlistEntries.offeredAt,
      offerExpiresAt: waitlistEntries.offerExpiresAt,
      orderId: waitlistEntries.orderId,
      position: sql<number | null>`CASE WHEN ${waitlistEntries.status} = 'esperando' THEN ${positionSql} END`,
    })
    .from(waitlistEntries)
    .innerJoin(users, eq(users.id, waitlistEntries.userId))
    .innerJoin(productDays, eq(productDays.id, waitlistEntries.productDayId))
    .where(eq(waitlistEntries.productId, productId))
    .orderBy(asc(productDays.position), asc(waitlistEntries.createdAt), asc(waitlistEntries.id));
}

/** An audit entry of the waiting list (offers made, expired, claimed), written by the system. */
export async function auditWaitlist(
  db: Queryable,
  entry: { action: string; entityId: string; details: Record<string, unknown> },
): Promise<void> {
  await db.insert(auditLog).values({
    actorId: null,
    action: entry.action,
    entity: 'waitlist',
    entityId: entry.entityId,
    details: entry.details,
  });
}

/**
 * The entries of a member settled because they were given places of this team's order, back in
 * line (`esperando`, their first place kept) on these days: the places went to someone else,
 * and the member had lost their offer for them. Not when they are in line again already.
 */
export async function restoreSettledByOrder(
  db: Queryable,
  orderId: string,
  userId: string,
  productDayIds: readonly string[],
  now: Date,
): Promise<{ id: string; productDayId: string }[]> {
  if (productDayIds.length === 0) return [];
  return db
    .update(waitlistEntries)
    .set({
      status: 'esperando',
      offeredAt: null,
      offerExpiresAt: null,
      claimTokenHash: null,
      orderId: null,
      updatedAt: now,
    })
    .where(
      and(
        eq(waitlistEntries.orderId, orderId),
        eq(waitlistEntries.userId, userId),
        eq(waitlistEntries.status, 'reclamado'),
        inArray(waitlistEntries.productDayId, [...productDayIds]),
        sql`NOT EXISTS (SELECT 1 FROM waitlist_entries w WHERE w.user_id = ${userId}::uuid
          AND w.product_day_id = waitlist_entries.product_day_id AND w.status IN ('esperando', 'ofrecido'))`,
        // Not a day they hold again meanwhile (another place, their own purchase).
        sql`NOT EXISTS (SELECT 1 FROM order_days od WHERE od.user_id = ${userId}::uuid
          AND od.product_day_id = waitlist_entries.product_day_id AND od.status IN ('pendiente', 'pagado'))`,
      ),
    )
    .returning({ id: waitlistEntries.id, productDayId: waitlistEntries.productDayId });
}

/** Every live entry of the user on an upcoming day, soonest day first (Mis Productos). */
export async function findMyEntries(db: Queryable, userId: string, now: Date) {
  return db
    .select({
      productId: waitlistEntries.productId,
      productName: products.name,
      day: productDays.label,
      startsAt: productDays.startsAt,
      status: waitlistEntries.status,
      offerExpiresAt: waitlistEntries.offerExpiresAt,
      position: positionSql,
    })
    .from(waitlistEntries)
    .innerJoin(productDays, eq(productDays.id, waitlistEntries.productDayId))
    .innerJoin(products, eq(products.id, waitlistEntries.productId))
    .where(
      and(
        eq(waitlistEntries.userId, userId),
        inArray(waitlistEntries.status, ACTIVE),
        eq(products.active, true),
        sql`${productDays.endsAt} > ${now}`,
      ),
    )
    .orderBy(asc(productDays.startsAt), asc(productDays.label));
}
