// Queries of the back office's attendance page: the event, its days, who watched or came,
// the door search and the event's constancias.

import { and, asc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client';
import {
  attendanceCorrections,
  checkins,
  constancias,
  orderDays,
  productDays,
  products,
  professionalProfiles,
  streamWatch,
  users,
} from '../../../db/schema';
import { containsPattern } from '../sql';

/** The event a day belongs to. */
export async function findDayProductId(db: Queryable, productDayId: string): Promise<string | null> {
  const [row] = await db
    .select({ productId: productDays.productId })
    .from(productDays)
    .where(eq(productDays.id, productDayId));
  return row?.productId ?? null;
}

export async function findEvent(db: Queryable, productId: string) {
  const [row] = await db
    .select({
      id: products.id,
      name: products.name,
      attendancePercent: products.attendancePercent,
      isPresential: products.isPresential,
      autoConstancias: products.autoConstancias,
      endsAt: products.endsAt,
    })
    .from(products)
    .where(eq(products.id, productId));
  return row ?? null;
}

export async function findEventDays(db: Queryable, productId: string) {
  return db
    .select({
      id: productDays.id,
      label: productDays.label,
      startsAt: productDays.startsAt,
      endsAt: productDays.endsAt,
    })
    .from(productDays)
    .where(eq(productDays.productId, productId))
    .orderBy(asc(productDays.position));
}

/**
 * Sets one of the event's attendance settings under a row lock; answers its value before, or
 * null when there is no such event.
 */
export async function setEventSetting<K extends 'attendancePercent' | 'autoConstancias'>(
  db: Queryable,
  productId: string,
  key: K,
  value: (typeof products.$inferSelect)[K],
) {
  const [before] = await db
    .select({ value: products[key] })
    .from(products)
    .where(eq(products.id, productId))
    .for('update');
  if (!before) return null;
  await db
    .update(products)
    .set({ [key]: value })
    .where(eq(products.id, productId));
  return before.value as (typeof products.$inferSelect)[K];
}

/** Everyone with a paid day of the event, with their professional profile. */
export async function findEventPeople(db: Queryable, productId: string) {
  return db
    .selectDistinct({
      userId: users.id,
      name: users.name,
      email: users.email,
      certificateName: professionalProfiles.certificateName,
      cedula: professionalProfiles.cedula,
      specialty: professionalProfiles.specialty,
      institution: professionalProfiles.institution,
    })
    .from(orderDays)
    .innerJoin(users, eq(users.id, orderDays.userId))
    .leftJoin(professionalProfiles, eq(professionalProfiles.userId, users.id))
    .where(and(eq(orderDays.productId, productId), eq(orderDays.status, 'pagado')))
    .orderBy(asc(users.name), asc(users.email));
}

/** Paid (user, day) pairs of the event with watched seconds and check-in time. */
export async function findEventAttendance(db: Queryable, productId: string) {
  return db
    .selectDistinct({
      userId: orderDays.userId,
      productDayId: orderDays.productDayId,
      seconds: sql<number>`coalesce(${streamWatch.seconds}, 0)`.mapWith(Number),
      checkedInAt: checkins.checkedInAt,
      correctionCounts: attendanceCorrections.counts,
      correctionReason: attendanceCorrections.reason,
      correctedAt: attendanceCorrections.correctedAt,
    })
    .from(orderDays)
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
    .where(and(eq(orderDays.productId, productId), eq(orderDays.status, 'pagado')));
}

/** The latest constancia of each person for the event (a valid one before revoked ones). */
export async function findEventConstancias(db: Queryable, productId: string) {
  return db
    .select({
      userId: constancias.userId,
      folio: constancias.folio,
      issuedAt: constancias.issuedAt,
      revokedAt: constancias.revokedAt,
    })
    .from(constancias)
    .where(eq(constancias.productId, productId))
    .orderBy(asc(constancias.issuedAt));
}

export async function findConstanciaRow(db: Queryable, folio: string) {
  const [row] = await db.select().from(constancias).where(eq(constancias.folio, folio));
  return row ?? null;
}

export async function isValidConstancia(db: Queryable, userId: string, productId: string) {
  const [row] = await db
    .select({ id: constancias.id })
    .from(constancias)
    .where(
      and(
        eq(constancias.userId, userId),
        eq(constancias.productId, productId),
        isNull(constancias.revokedAt),
      ),
    );
  return Boolean(row);
}

/** The door search: paid holders of the day whose name, e-mail, constancia name or cédula contains `q`. */
export async function searchDayHolders(db: Queryable, productDayId: string, q: string | undefined) {
  const pattern = q ? containsPattern(q) : null;
  return db
    .selectDistinct({
      userId: users.id,
      name: users.name,
      email: users.email,
      certificateName: professionalProfiles.certificateName,
      cedula: professionalProfiles.cedula,
      checkedInAt: checkins.checkedInAt,
    })
    .from(orderDays)
    .innerJoin(users, eq(users.id, orderDays.userId))
    .leftJoin(professionalProfiles, eq(professionalProfiles.userId, users.id))
    .leftJoin(
      checkins,
      and(eq(checkins.userId, orderDays.userId), eq(checkins.productDayId, orderDays.productDayId)),
    )
    .where(
      and(
        eq(orderDays.productDayId, productDayId),
        eq(orderDays.status, 'pagado'),
        pattern
          ? or(
              ilike(users.name, pattern),
              ilike(users.email, pattern),
              ilike(professionalProfiles.certificateName, pattern),
              ilike(professionalProfiles.cedula, pattern),
            )
          : undefined,
      ),
    )
    .orderBy(asc(users.name))
    .limit(30);
}

export async function findCorrection(db: Queryable, userId: string, productDayId: string) {
  const [row] = await db
    .select()
    .from(attendanceCorrections)
    .where(
      and(eq(attendanceCorrections.userId, userId), eq(attendanceCorrections.productDayId, productDayId)),
    );
  return row ?? null;
}

export async function saveCorrection(
  db: Queryable,
  v: { userId: string; productDayId: string; counts: boolean; reason: string; by: string; at: Date },
) {
  const set = { counts: v.counts, reason: v.reason, correctedBy: v.by, correctedAt: v.at };
  await db
    .insert(attendanceCorrections)
    .values({ userId: v.userId, productDayId: v.productDayId, ...set })
    .onConflictDoUpdate({ target: [attendanceCorrections.userId, attendanceCorrections.productDayId], set });
}

export async function deleteCorrection(db: Queryable, userId: string, productDayId: string) {
  const rows = await db
    .delete(attendanceCorrections)
    .where(
      and(eq(attendanceCorrections.userId, userId), eq(attendanceCorrections.productDayId, productDayId)),
    )
    .returning({ userId: attendanceCorrections.userId });
  return rows.length > 0;
}

/** The event's valid constancias, as issued (the council's report). */
export async function findValidEventConstancias(db: Queryable, productId: string) {
  return db
    .select()
    .from(constancias)
    .where(and(eq(constancias.productId, productId), isNull(constancias.revokedAt)));
}
