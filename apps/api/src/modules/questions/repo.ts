// Every query of the registration questions (docs/questions.md): an event's questions, the days
// a person holds, their answers (and those of the same preset elsewhere, to propose), the
// admin's writes of the list, the holders staff read, and who is due the registration reminder.

import { and, asc, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { OrderStatus } from '@store/shared/constants';
import type { QuestionPreset } from '@store/shared/questions';
import type { AnswerValue } from '@store/shared/schemas/questions';
import type { Queryable, Tx } from '../../db/client';
import {
  attendeeAnswers,
  emailOutbox,
  eventQuestions,
  orderDays,
  productDays,
  products,
  users,
} from '../../db/schema';
import { greetingName } from '../mail/greeting';

export type QuestionRow = typeof eventQuestions.$inferSelect & { dayLabel: string | null };
export type NewQuestion = typeof eventQuestions.$inferInsert;

/** A day a person holds (or has in the cart) and when it starts. */
export interface HeldDay {
  userId: string;
  productId: string;
  productDayId: string;
  startsAt: Date;
}

/** Order-day statuses that make a member the holder of a day: paid, or being paid. */
export const MEMBER_STATUSES: OrderStatus[] = ['pagado', 'pendiente'];
/** Only paid days count for what staff read, the team's buyer sees and the reminder. */
export const PAID: OrderStatus[] = ['pagado'];

export async function findProduct(db: Queryable, productId: string) {
  const [row] = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(eq(products.id, productId));
  return row ?? null;
}

/** The event's row, locked: two saves of its list run one after the other. */
export async function lockProduct(tx: Tx, productId: string) {
  const [row] = await tx
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(eq(products.id, productId))
    .for('update');
  return row ?? null;
}

export async function findProductNames(db: Queryable, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(inArray(products.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The event's day options in order. */
export async function findDays(db: Queryable, productId: string) {
  return db
    .select({ id: productDays.id, label: productDays.label, startsAt: productDays.startsAt })
    .from(productDays)
    .where(eq(productDays.productId, productId))
    .orderBy(asc(productDays.position));
}

/** The questions of these events in order (each with its day's label); removed ones only when asked. */
export async function findQuestions(
  db: Queryable,
  productIds: readonly string[],
  opts: { withRemoved?: boolean } = {},
): Promise<QuestionRow[]> {
  if (productIds.length === 0) return [];
  const rows = await db
    .select({ question: eventQuestions, dayLabel: productDays.label })
    .from(eventQuestions)
    .leftJoin(productDays, eq(productDays.id, eventQuestions.productDayId))
    .where(
      and(
        inArray(eventQuestions.productId, [...productIds]),
        opts.withRemoved ? undefined : isNull(eventQuestions.removedAt),
      ),
    )
    .orderBy(asc(eventQuestions.position), asc(eventQuestions.createdAt));
  return rows.map((r) => ({ ...r.question, dayLabel: r.dayLabel }));
}

/** The days these people hold of these events (null: of every event) through order rows in these statuses. */
export async function findHeldDays(
  db: Queryable,
  userIds: readonly string[],
  productIds: readonly string[] | null,
  statuses: readonly OrderStatus[],
): Promise<HeldDay[]> {
  if (userIds.length === 0 || productIds?.length === 0) return [];
  const rows = await db
    .selectDistinct({
      userId: orderDays.userId,
      productId: orderDays.productId,
      productDayId: orderDays.productDayId,
      startsAt: productDays.startsAt,
    })
    .from(orderDays)
    .innerJoin(productDays, eq(productDays.id, orderDays.productDayId))
    .where(
      and(
        inArray(orderDays.userId, [...userIds]),
        productIds ? inArray(orderDays.productId, [...productIds]) : undefined,
        inArray(orderDays.status, [...statuses]),
      ),
    );
  return rows.map((r) => ({ ...r, userId: r.userId! }));
}

/** The saved answers of these people to these questions. */
export async function findAnswers(db: Queryable, userIds: readonly string[], questionIds: readonly string[]) {
  if (userIds.length === 0 || questionIds.length === 0) return [];
  return db
    .select({
      userId: attendeeAnswers.userId,
      questionId: attendeeAnswers.questionId,
      value: attendeeAnswers.value,
    })
    .from(attendeeAnswers)
    .where(
      and(
        inArray(attendeeAnswers.userId, [...userIds]),
        inArray(attendeeAnswers.questionId, [...questionIds]),
      ),
    );
}

/** The person's answers to questions of these presets outside `exceptQuestionIds`, newest first. */
export async function findPresetAnswers(
  db: Queryable,
  userId: string,
  presets: readonly QuestionPreset[],
  exceptQuestionIds: readonly string[],
) {
  if (presets.length === 0) return [];
  return db
    .select({ preset: eventQuestions.preset, value: attendeeAnswers.value })
    .from(attendeeAnswers)
    .innerJoin(eventQuestions, eq(eventQuestions.id, attendeeAnswers.questionId))
    .where(
      and(
        eq(attendeeAnswers.userId, userId),
        inArray(eventQuestions.preset, [...presets]),
        exceptQuestionIds.length > 0
          ? notInArray(attendeeAnswers.questionId, [...exceptQuestionIds])
          : undefined,
      ),
    )
    .orderBy(desc(attendeeAnswers.updatedAt));
}

/**
 * One save of a person's answers to an event at a time (transaction-scoped advisory lock): two
 * saves at once end with one of them whole, never a mix, and never a deadlock between rows.
 */
export async function lockAnswersOf(tx: Tx, userId: string, productId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`respuestas:${userId}:${productId}`}))`);
}

export async function upsertAnswers(
  tx: Tx,
  userId: string,
  answers: readonly { questionId: string; value: AnswerValue }[],
  now: Date,
): Promise<void> {
  if (answers.length === 0) return;
  await tx
    .insert(attendeeAnswers)
    .values(
      answers.map((a) => ({
        userId,
        questionId: a.questionId,
        value: a.value,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [attendeeAnswers.userId, attendeeAnswers.questionId],
      set: { value: sql`excluded.value`, updatedAt: now },
    });
}

export async function deleteAnswers(tx: Tx, userId: string, questionIds: readonly string[]): Promise<void> {
  if (questionIds.length === 0) return;
  await tx
    .delete(attendeeAnswers)
    .where(and(eq(attendeeAnswers.userId, userId), inArray(attendeeAnswers.questionId, [...questionIds])));
}

/** How many people answered each question (every saved answer, whoever holds the event now). */
export async function countAnswers(
  db: Queryable,
  questionIds: readonly string[],
): Promise<Map<string, number>> {
  if (questionIds.length === 0) return new Map();
  const rows = await db
    .select({ questionId: attendeeAnswers.questionId, count: sql<number>`count(*)::int` })
    .from(attendeeAnswers)
    .where(inArray(attendeeAnswers.questionId, [...questionIds]))
    .groupBy(attendeeAnswers.questionId);
  return new Map(rows.map((r) => [r.questionId, r.count]));
}

export async function insertQuestions(tx: Tx, rows: readonly NewQuestion[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(eventQuestions).values([...rows]);
}

export async function updateQuestion(tx: Tx, id: string, values: Partial<NewQuestion>): Promise<void> {
  await tx.update(eventQuestions).set(values).where(eq(eventQuestions.id, id));
}

/** No longer asked; the rows (and their answers) stay for the export. */
export async function markRemoved(tx: Tx, ids: readonly string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(eventQuestions)
    .set({ removedAt: now, updatedAt: now })
    .where(and(inArray(eventQuestions.id, [...ids]), isNull(eventQuestions.removedAt)));
}

/** Who holds paid days of the event now, each day once, with the person's name and e-mail. */
export async function findPaidHolders(db: Queryable, productId: string) {
  return db
    .selectDistinct({
      userId: users.id,
      name: users.name,
      email: users.email,
      productDayId: productDays.id,
      label: productDays.label,
      position: productDays.position,
      startsAt: productDays.startsAt,
    })
    .from(orderDays)
    .innerJoin(users, eq(users.id, orderDays.userId))
    .innerJoin(productDays, eq(productDays.id, orderDays.productDayId))
    .where(and(eq(orderDays.productId, productId), eq(orderDays.status, 'pagado')))
    .orderBy(asc(users.name), asc(users.email), asc(productDays.position));
}

/** The reminder's dedupe key: one per person and event, ever. */
export const registrationReminderKey = (userId: string, productId: string) =>
  `registro:${userId}:${productId}`;

/**
 * People whose first paid day of an event with a required question starts in (from, to] and
 * who were not reminded yet (the outbox's dedupe key), with their greeting and the event's name.
 */
export async function findRegistrationsToRemind(db: Queryable, from: Date, to: Date, limit = 500) {
  const firstStart = sql<Date>`min(${productDays.startsAt})`;
  const key = sql`${'registro:'} || ${orderDays.userId}::text || ':' || ${orderDays.productId}::text`;
  const rows = await db
    .select({
      userId: orderDays.userId,
      productId: orderDays.productId,
      email: users.email,
      name: greetingName,
      productName: products.name,
      firstStart,
    })
    .from(orderDays)
    .innerJoin(productDays, eq(productDays.id, orderDays.productDayId))
    .innerJoin(users, eq(users.id, orderDays.userId))
    .innerJoin(products, eq(products.id, orderDays.productId))
    .where(
      and(
        eq(orderDays.status, 'pagado'),
        sql`EXISTS (SELECT 1 FROM ${eventQuestions} WHERE ${eventQuestions.productId} = ${orderDays.productId}
          AND ${eventQuestions.removedAt} IS NULL AND ${eventQuestions.required})`,
        sql`NOT EXISTS (SELECT 1 FROM ${emailOutbox} WHERE ${emailOutbox.dedupeKey} = ${key})`,
      ),
    )
    .groupBy(orderDays.userId, orderDays.productId, users.id, products.id)
    .having(and(sql`${firstStart} > ${from}`, sql`${firstStart} <= ${to}`))
    .orderBy(asc(firstStart))
    .limit(limit);
  return rows.map((r) => ({ ...r, userId: r.userId!, firstStart: new Date(r.firstStart) }));
}

/** The event a day belongs to. */
export async function findProductOfDay(db: Queryable, productDayId: string): Promise<string | null> {
  const [row] = await db
    .select({ productId: productDays.productId })
    .from(productDays)
    .where(eq(productDays.id, productDayId));
  return row?.productId ?? null;
}
