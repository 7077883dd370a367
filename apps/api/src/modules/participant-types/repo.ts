// Every query of verified participant types: members' requests (with their proofs' keys)
// and the type set on approval.

import type { UserType } from '@store/shared/constants';
import type { ParticipantRequestStatus } from '@store/shared/schemas/participant-types';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { participantTypeRequests, users } from '../../db/schema';

export type ParticipantRequestRow = typeof participantTypeRequests.$inferSelect;

export async function insertRequest(
  db: Queryable,
  row: Pick<
    ParticipantRequestRow,
    'userId' | 'requestedType' | 'fileKey' | 'fileMime' | 'fileSize' | 'fileName'
  >,
): Promise<ParticipantRequestRow> {
  const [created] = await db.insert(participantTypeRequests).values(row).returning();
  return created!;
}

/** The member's open request, else their latest decided one. */
export async function findCurrentRequest(
  db: Queryable,
  userId: string,
): Promise<ParticipantRequestRow | null> {
  const [open] = await db
    .select()
    .from(participantTypeRequests)
    .where(and(eq(participantTypeRequests.userId, userId), eq(participantTypeRequests.status, 'solicitada')));
  if (open) return open;
  const [latest] = await db
    .select()
    .from(participantTypeRequests)
    .where(eq(participantTypeRequests.userId, userId))
    .orderBy(desc(participantTypeRequests.createdAt), desc(participantTypeRequests.id))
    .limit(1);
  return latest ?? null;
}

export async function findRequest(db: Queryable, id: string): Promise<ParticipantRequestRow | null> {
  const [row] = await db.select().from(participantTypeRequests).where(eq(participantTypeRequests.id, id));
  return row ?? null;
}

export async function lockRequest(db: Queryable, id: string): Promise<ParticipantRequestRow | null> {
  const [row] = await db
    .select()
    .from(participantTypeRequests)
    .where(eq(participantTypeRequests.id, id))
    .for('update');
  return row ?? null;
}

export async function deleteRequest(db: Queryable, id: string): Promise<void> {
  await db.delete(participantTypeRequests).where(eq(participantTypeRequests.id, id));
}

export async function decideRequest(
  db: Queryable,
  id: string,
  decision: {
    status: Exclude<ParticipantRequestStatus, 'solicitada'>;
    reason: string | null;
    decidedBy: string;
  },
): Promise<void> {
  await db
    .update(participantTypeRequests)
    .set({ ...decision, decidedAt: new Date() })
    .where(eq(participantTypeRequests.id, id));
}

export async function findUserBasics(db: Queryable, userId: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email, userType: users.userType })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

export async function setUserType(db: Queryable, userId: string, userType: UserType): Promise<void> {
  await db.update(users).set({ userType }).where(eq(users.id, userId));
}

const queueColumns = {
  request: participantTypeRequests,
  member: { _id: users.id, name: users.name, email: users.email, userType: users.userType },
};

/** The admin's queue: oldest open requests first, decided ones newest first. */
export async function listRequests(
  db: Queryable,
  filter: { status?: ParticipantRequestStatus; page: number; pageSize: number },
) {
  const where = filter.status ? eq(participantTypeRequests.status, filter.status) : undefined;
  const order =
    filter.status === 'solicitada'
      ? [participantTypeRequests.createdAt, participantTypeRequests.id]
      : [desc(participantTypeRequests.createdAt), desc(participantTypeRequests.id)];
  const rows = await db
    .select(queueColumns)
    .from(participantTypeRequests)
    .innerJoin(users, eq(users.id, participantTypeRequests.userId))
    .where(where)
    .orderBy(...order)
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  const [totalRow] = await db.select({ n: count() }).from(participantTypeRequests).where(where);
  return { rows, total: totalRow?.n ?? 0 };
}

export async function findQueueRow(db: Queryable, id: string) {
  const [row] = await db
    .select(queueColumns)
    .from(participantTypeRequests)
    .innerJoin(users, eq(users.id, participantTypeRequests.userId))
    .where(eq(participantTypeRequests.id, id));
  return row ?? null;
}

export async function countByStatus(db: Queryable): Promise<Record<ParticipantRequestStatus, number>> {
  const rows = await db
    .select({ status: participantTypeRequests.status, n: count() })
    .from(participantTypeRequests)
    .groupBy(participantTypeRequests.status);
  const counts = { solicitada: 0, aprobada: 0, rechazada: 0 };
  for (const r of rows) counts[r.status] = r.n;
  return counts;
}
