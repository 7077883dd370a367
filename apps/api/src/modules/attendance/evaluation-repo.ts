// Every query of event evaluations (docs/attendance.md → Evaluation): the evaluation an event
// asks, and the attempts members submit.

import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import {
  evaluationAttempts,
  evaluations,
  orderDays,
  products,
  professionalProfiles,
  users,
} from '../../db/schema';
import type { EvaluationQuestion } from '@store/shared/schemas/evaluation';

export async function findEvaluation(db: Queryable, productId: string) {
  const [row] = await db.select().from(evaluations).where(eq(evaluations.productId, productId));
  return row ?? null;
}

/** The event's evaluation locked for the rest of the transaction (attempts are counted under it). */
export async function lockEvaluation(db: Queryable, productId: string) {
  const [row] = await db.select().from(evaluations).where(eq(evaluations.productId, productId)).for('update');
  return row ?? null;
}

export async function saveEvaluation(
  db: Queryable,
  v: {
    productId: string;
    questions: EvaluationQuestion[];
    passPercent: number;
    maxAttempts: number;
    now: Date;
  },
) {
  const values = {
    questions: v.questions,
    passPercent: v.passPercent,
    maxAttempts: v.maxAttempts,
    updatedAt: v.now,
  };
  await db
    .insert(evaluations)
    .values({ productId: v.productId, ...values })
    .onConflictDoUpdate({ target: evaluations.productId, set: values });
}

export async function deleteEvaluation(db: Queryable, productId: string) {
  await db.delete(evaluations).where(eq(evaluations.productId, productId));
}

/** The member's attempts at an event's evaluation, oldest first. */
export async function findAttempts(db: Queryable, productId: string, userId: string) {
  return db
    .select()
    .from(evaluationAttempts)
    .where(and(eq(evaluationAttempts.productId, productId), eq(evaluationAttempts.userId, userId)))
    .orderBy(asc(evaluationAttempts.submittedAt));
}

export async function insertAttempt(db: Queryable, v: typeof evaluationAttempts.$inferInsert) {
  await db.insert(evaluationAttempts).values(v);
}

/** Attempts so far and people who passed. */
export async function countAttempts(db: Queryable, productId: string) {
  const [row] = await db
    .select({
      attempts: count(),
      passed:
        sql<number>`count(distinct ${evaluationAttempts.userId}) filter (where ${evaluationAttempts.passed})`.mapWith(
          Number,
        ),
    })
    .from(evaluationAttempts)
    .where(eq(evaluationAttempts.productId, productId));
  return { attempts: row?.attempts ?? 0, passed: row?.passed ?? 0 };
}

/** Users who passed an event's evaluation (or answered its survey). */
export async function findPassedUserIds(db: Queryable, productId: string): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ userId: evaluationAttempts.userId })
    .from(evaluationAttempts)
    .where(and(eq(evaluationAttempts.productId, productId), eq(evaluationAttempts.passed, true)));
  return new Set(rows.map((r) => r.userId));
}

/** Every attempt of an event with who made it, for the results CSV. */
export async function findEventAttempts(db: Queryable, productId: string) {
  return db
    .select({
      userId: evaluationAttempts.userId,
      name: users.name,
      email: users.email,
      certificateName: professionalProfiles.certificateName,
      cedula: professionalProfiles.cedula,
      answers: evaluationAttempts.answers,
      scorePercent: evaluationAttempts.scorePercent,
      passed: evaluationAttempts.passed,
      submittedAt: evaluationAttempts.submittedAt,
    })
    .from(evaluationAttempts)
    .innerJoin(users, eq(users.id, evaluationAttempts.userId))
    .leftJoin(professionalProfiles, eq(professionalProfiles.userId, evaluationAttempts.userId))
    .where(eq(evaluationAttempts.productId, productId))
    .orderBy(asc(users.name), asc(evaluationAttempts.submittedAt));
}

/** Events with an evaluation of which the user holds a paid day, with the event's name and end. */
export async function findMemberEvaluationEvents(db: Queryable, userId: string) {
  return db
    .selectDistinct({
      productId: products.id,
      name: products.name,
      endsAt: products.endsAt,
      questions: evaluations.questions,
      passPercent: evaluations.passPercent,
      maxAttempts: evaluations.maxAttempts,
    })
    .from(orderDays)
    .innerJoin(products, eq(products.id, orderDays.productId))
    .innerJoin(evaluations, eq(evaluations.productId, orderDays.productId))
    .where(and(eq(orderDays.userId, userId), eq(orderDays.status, 'pagado')))
    .orderBy(asc(products.endsAt), asc(products.name));
}

export async function findEventEnd(db: Queryable, productId: string) {
  const [row] = await db
    .select({ name: products.name, endsAt: products.endsAt })
    .from(products)
    .where(eq(products.id, productId));
  return row ?? null;
}
