// Every query of attendance and constancias (docs/attendance.md): professional profiles,
// stream heartbeats, tickets and check-ins, constancias.

import { and, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import {
  attendanceCorrections,
  auditLog,
  checkins,
  constancias,
  orderDays,
  productDays,
  products,
  professionalProfiles,
  streamSessions,
  streamWatch,
  users,
} from '../../db/schema';
import type { ProfessionalProfile } from '@store/shared/schemas/attendance';

// ---- Professional profile ----

export async function findProfile(db: Queryable, userId: string) {
  const [row] = await db.select().from(professionalProfiles).where(eq(professionalProfiles.userId, userId));
  return row ?? null;
}

export async function upsertProfile(db: Queryable, userId: string, p: ProfessionalProfile, now: Date) {
  await db
    .insert(professionalProfiles)
    .values({ userId, ...p, updatedAt: now })
    .onConflictDoUpdate({ target: professionalProfiles.userId, set: { ...p, updatedAt: now } });
}

// ---- Days ----

/** A paid day of a product for a user, found by its label, with the event's attendance percentage. */
export async function findPaidDayByLabel(db: Queryable, userId: string, productId: string, label: string) {
  const [row] = await db
    .select({
      id: productDays.id,
      label: productDays.label,
      startsAt: productDays.startsAt,
      endsAt: productDays.endsAt,
      percent: products.attendancePercent,
    })
    .from(orderDays)
    .innerJoin(productDays, eq(productDays.id, orderDays.productDayId))
    .innerJoin(products, eq(products.id, orderDays.productId))
    .where(
      and(
        eq(orderDays.userId, userId),
        eq(orderDays.productId, productId),
        eq(orderDays.status, 'pagado'),
        eq(productDays.label, label),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The user's paid days of a product, in order, with watched seconds and the check-in time. */
export async function findPaidDaysWithAttendance(db: Queryable, userId: string, productId: string) {
  return db
    .selectDistinct({
      id: productDays.id,
      label: productDays.label,
      position: productDays.position,
      startsAt: productDays.startsAt,
      endsAt: productDays.endsAt,
      percent: products.attendancePercent,
      seconds: sql<number>`coalesce(${streamWatch.seconds}, 0)`.mapWith(Number),
      checkedInAt: checkins.checkedInAt,
      correctionCounts: attendanceCorrections.counts,
      correctionReason: attendanceCorrections.reason,
    })
    .from(orderDays)
    .innerJoin(productDays, eq(productDays.id, orderDays.productDayId))
    .innerJoin(products, eq(products.id, orderDays.productId))
    .leftJoin(
      streamWatch,
      and(eq(streamWatch.userId, orderDays.userId), eq(streamWatch.productDayId, orderDays.productDayId)),
    )
    .leftJoin(
      checkins,
      and(eq(checkins.userId, orderDays.userId), eq(checkins.productDayId, orderDays.productDayId)),
    )
    .leftJoin(
      attendanceCorrections,
      and(
        eq(attendanceCorrections.userId, orderDays.userId),
        eq(attendanceCorrections.productDayId, orderDays.productDayId),
      ),
    )
    .where(
      and(eq(orderDays.userId, userId), eq(orderDays.productId, productId), eq(orderDays.status, 'pagado')),
    )
    .orderBy(asc(productDays.position));
}

// ---- Heartbeats ----

/** The account's current player, locked for the rest of the transaction. */
export async function lockStreamSession(db: Queryable, userId: string) {
  // Make sure a row exists to lock, so two first heartbeats cannot both think they are alone.
  const [row] = await db.select().from(streamSessions).where(eq(streamSessions.userId, userId)).for('update');
  return row ?? null;
}

export async function saveStreamSession(
  db: Queryable,
  v: { userId: string; sessionId: string; productDayId: string; lastBeatAt: Date },
) {
  await db
    .insert(streamSessions)
    .values(v)
    .onConflictDoUpdate({
      target: streamSessions.userId,
      set: { sessionId: v.sessionId, productDayId: v.productDayId, lastBeatAt: v.lastBeatAt },
    });
}

export async function findWatchedSeconds(db: Queryable, userId: string, productDayId: string) {
  const [row] = await db
    .select({ seconds: streamWatch.seconds })
    .from(streamWatch)
    .where(and(eq(streamWatch.userId, userId), eq(streamWatch.productDayId, productDayId)));
  return row?.seconds ?? 0;
}

/** Adds seconds to a day, never past `capSeconds`; answers the new total. */
export async function addWatchedSeconds(
  db: Queryable,
  v: { userId: string; productDayId: string; seconds: number; capSeconds: number; now: Date },
): Promise<number> {
  const [row] = await db
    .insert(streamWatch)
    .values({
      userId: v.userId,
      productDayId: v.productDayId,
      seconds: Math.min(v.seconds, v.capSeconds),
      updatedAt: v.now,
    })
    .onConflictDoUpdate({
      target: [streamWatch.userId, streamWatch.productDayId],
      set: {
        seconds: sql`least(${streamWatch.seconds} + ${v.seconds}, ${v.capSeconds})`,
        updatedAt: v.now,
      },
    })
    .returning({ seconds: streamWatch.seconds });
  return row!.seconds;
}

// ---- Tickets and check-ins ----

/** The user's paid days of in-person events, for tickets. */
export async function findTicketDays(db: Queryable, userId: string) {
  return db
    .selectDistinct({
      productId: products.id,
      productName: products.name,
      productDayId: productDays.id,
      day: productDays.label,
      startsAt: productDays.startsAt,
      venueName: products.venueName,
      venueAddress: products.venueAddress,
      venueMapUrl: products.venueMapUrl,
      position: productDays.position,
      checkedInAt: checkins.checkedInAt,
    })
    .from(orderDays)
    .innerJoin(productDays, eq(productDays.id, orderDays.productDayId))
    .innerJoin(products, eq(products.id, orderDays.productId))
    .leftJoin(
      checkins,
      and(eq(checkins.userId, orderDays.userId), eq(checkins.productDayId, orderDays.productDayId)),
    )
    .where(and(eq(orderDays.userId, userId), eq(orderDays.status, 'pagado'), eq(products.isPresential, true)))
    .orderBy(asc(productDays.startsAt), asc(products.name), asc(productDays.position));
}

/** Whether the user holds a paid order for the day, with the names a check-in answer shows. */
export async function findPaidHolder(db: Queryable, userId: string, productDayId: string) {
  const [row] = await db
    .select({
      name: users.name,
      eventName: products.name,
      day: productDays.label,
      startsAt: productDays.startsAt,
      endsAt: productDays.endsAt,
    })
    .from(orderDays)
    .innerJoin(users, eq(users.id, orderDays.userId))
    .innerJoin(productDays, eq(productDays.id, orderDays.productDayId))
    .innerJoin(products, eq(products.id, orderDays.productId))
    .where(
      and(
        eq(orderDays.userId, userId),
        eq(orderDays.productDayId, productDayId),
        eq(orderDays.status, 'pagado'),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Records the check-in once; answers the row that stands (the new one, or the earlier one). */
export async function insertCheckin(
  db: Queryable,
  v: { userId: string; productDayId: string; checkedInBy: string; method: 'qr' | 'busqueda'; at: Date },
) {
  const inserted = await db
    .insert(checkins)
    .values({
      userId: v.userId,
      productDayId: v.productDayId,
      checkedInBy: v.checkedInBy,
      method: v.method,
      checkedInAt: v.at,
    })
    .onConflictDoNothing({ target: [checkins.userId, checkins.productDayId] })
    .returning({ checkedInAt: checkins.checkedInAt });
  if (inserted[0]) return { created: true, checkedInAt: inserted[0].checkedInAt };
  const [existing] = await db
    .select({ checkedInAt: checkins.checkedInAt })
    .from(checkins)
    .where(and(eq(checkins.userId, v.userId), eq(checkins.productDayId, v.productDayId)));
  return { created: false, checkedInAt: existing!.checkedInAt };
}

// ---- Constancias ----

/** The event's endorsement as the constancia prints it, or null (the four columns go together). */
export async function findEndorsement(db: Queryable, productId: string) {
  const [row] = await db
    .select({
      body: products.endorsementBody,
      number: products.endorsementNumber,
      hours: products.endorsementHours,
      points: products.endorsementPoints,
    })
    .from(products)
    .where(eq(products.id, productId));
  if (!row || row.body === null || row.number === null) return null;
  return { body: row.body, number: row.number, hours: Number(row.hours), points: Number(row.points) };
}

export async function findConstanciaByFolio(db: Queryable, folio: string) {
  const [row] = await db.select().from(constancias).where(eq(constancias.folio, folio));
  return row ?? null;
}

export async function findValidConstancia(db: Queryable, userId: string, productId: string) {
  const [row] = await db
    .select()
    .from(constancias)
    .where(
      and(
        eq(constancias.userId, userId),
        eq(constancias.productId, productId),
        isNull(constancias.revokedAt),
      ),
    );
  return row ?? null;
}

export async function listUserConstancias(db: Queryable, userId: string) {
  return db
    .select()
    .from(constancias)
    .where(eq(constancias.userId, userId))
    .orderBy(asc(constancias.issuedAt));
}

export type NewConstancia = typeof constancias.$inferInsert;

export async function insertConstancia(db: Queryable, v: NewConstancia) {
  const [row] = await db.insert(constancias).values(v).returning();
  return row!;
}

export type RevokeReason = 'reembolso' | 'cancelacion' | 'asistencia' | 'reemision' | 'manual';

/** Revokes a valid constancia with its reason; false when it was already revoked. */
export async function revokeConstancia(
  db: Queryable,
  folio: string,
  at: Date,
  reason: RevokeReason,
  note: string | null = null,
): Promise<boolean> {
  const rows = await db
    .update(constancias)
    .set({ revokedAt: at, revokeReason: reason, revokeNote: note })
    .where(and(eq(constancias.folio, folio), isNull(constancias.revokedAt)))
    .returning({ id: constancias.id });
  return rows.length === 1;
}

/**
 * Serialises everything that issues or revokes one person's constancia of one event (the
 * issuing job on several replicas, a refund, a correction, staff by hand) until the
 * transaction ends: whoever comes second sees what the first one committed.
 */
export async function lockConstanciaPair(db: Queryable, userId: string, productId: string) {
  await db.execute(
    sql`SELECT pg_advisory_xact_lock(hashtextextended(${`constancia:${userId}:${productId}`}, 0))`,
  );
}

/** The newest constancia that replaced `folio` (its folio history), if any. */
export async function findReplacement(db: Queryable, folio: string) {
  const [row] = await db
    .select({ folio: constancias.folio })
    .from(constancias)
    .where(eq(constancias.replacesFolio, folio))
    .orderBy(sql`${constancias.issuedAt} DESC`)
    .limit(1);
  return row?.folio ?? null;
}

/** The user's order days of these event days (any status), to tell why a day went away. */
export async function findDayStatuses(db: Queryable, userId: string, productDayIds: readonly string[]) {
  if (productDayIds.length === 0) return [];
  return db
    .select({ productDayId: orderDays.productDayId, status: orderDays.status })
    .from(orderDays)
    .where(and(eq(orderDays.userId, userId), inArray(orderDays.productDayId, [...productDayIds])));
}

/** The user's events with a paid day already started (the attendance summary), newest first. */
export async function findStartedEvents(db: Queryable, userId: string, now: Date) {
  return db
    .selectDistinct({
      productId: products.id,
      eventName: products.name,
      startsAt: products.startsAt,
      endsAt: products.endsAt,
      attendancePercent: products.attendancePercent,
      autoConstancias: products.autoConstancias,
    })
    .from(orderDays)
    .innerJoin(products, eq(products.id, orderDays.productId))
    .innerJoin(productDays, eq(productDays.id, orderDays.productDayId))
    .where(and(eq(orderDays.userId, userId), eq(orderDays.status, 'pagado'), lte(productDays.startsAt, now)))
    .orderBy(desc(products.startsAt));
}

/**
 * The pair's latest constancia (valid or revoked): its folio is the one a new constancia
 * replaces, and one revoked by hand (`manual`) is left to staff by the job.
 */
export async function findLatestConstancia(db: Queryable, userId: string, productId: string) {
  const [row] = await db
    .select({ folio: constancias.folio, revokeReason: constancias.revokeReason })
    .from(constancias)
    .where(and(eq(constancias.userId, userId), eq(constancias.productId, productId)))
    .orderBy(desc(constancias.issuedAt))
    .limit(1);
  return row ?? null;
}

export async function findUserContact(db: Queryable, userId: string) {
  const [row] = await db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

// ---- Demo data (demo.ts) ----

/** A demo event (is_demo) by name, with its days in order; null when absent (removed, or a store without demo data). */
export async function findDemoEvent(db: Queryable, name: string) {
  const [product] = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(and(eq(products.isDemo, true), eq(products.name, name)));
  if (!product) return null;
  const days = await db
    .select({
      id: productDays.id,
      label: productDays.label,
      startsAt: productDays.startsAt,
      endsAt: productDays.endsAt,
    })
    .from(productDays)
    .where(eq(productDays.productId, product.id))
    .orderBy(asc(productDays.position));
  return { ...product, days };
}

/** A demo account (is_demo) by e-mail: never a real customer who registered the same address. */
export async function findDemoUser(db: Queryable, email: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.isDemo, true), sql`lower(${users.email}) = ${email.toLowerCase()}`));
  return row ?? null;
}

/** Whether the user holds any day of the product (any order status): the demo's purchase is made once. */
export async function holdsAnyDay(db: Queryable, userId: string, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orderDays.id })
    .from(orderDays)
    .where(and(eq(orderDays.userId, userId), eq(orderDays.productId, productId)))
    .limit(1);
  return row !== undefined;
}

/**
 * An audit entry of the constancias job or of a revocation that follows the lifecycle
 * (`actorId` null: the system, «Sistema»), or of the staff member whose correction caused it.
 */
export async function writeConstanciaAudit(
  db: Queryable,
  entry: {
    actorId: string | null;
    action: 'event.constancia_issue' | 'event.constancia_revoke';
    entity: 'event';
    entityId: string;
    details: Record<string, unknown>;
  },
) {
  await db.insert(auditLog).values(entry);
}
