// The staff's side of the registration questions (docs/questions.md): an event's list as the
// back office edits it (replaced whole, in order; removed ones kept for their answers), the
// answers of the current holders with filters and a summary, and the CSV's columns.

import { ADMIN_MSG } from '@store/shared/admin-messages';
import { questionProblem } from '@store/shared/domain/answers';
import { QUESTION_MSG } from '@store/shared/question-messages';
import { CHOICE_KINDS, QUESTIONS_PER_EVENT_MAX } from '@store/shared/questions';
import type {
  AdminAnswersQuery,
  AdminAnswersResponse,
  AdminQuestion,
  AnswerValue,
  QuestionInput,
} from '@store/shared/schemas/questions';
import type { Queryable, Tx } from '../../db/client';
import { AppError, type Problems } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { answerText } from '@store/shared/domain/answers';
import {
  countAnswers,
  findAnswers,
  findDays,
  findPaidHolders,
  findProduct,
  findQuestions,
  insertQuestions,
  lockProduct,
  markRemoved,
  updateQuestion,
  type NewQuestion,
  type QuestionRow,
} from './repo';
import { publicQuestionOf, registrationOf } from './service';

function adminQuestionOf(q: QuestionRow, answered: ReadonlyMap<string, number>): AdminQuestion {
  return {
    ...publicQuestionOf(q),
    preset: q.preset,
    answered: answered.get(q.id) ?? 0,
    removed: q.removedAt !== null,
  };
}

/** Active questions in order, then the removed ones (latest removed first). */
function inListOrder(questions: readonly QuestionRow[]): { active: QuestionRow[]; removed: QuestionRow[] } {
  return {
    active: questions.filter((q) => q.removedAt === null),
    removed: questions
      .filter((q) => q.removedAt !== null)
      .sort((a, b) => b.removedAt!.getTime() - a.removedAt!.getTime()),
  };
}

async function eventOrNotFound(db: Queryable, productId: string) {
  const product = isUuid(productId) ? await findProduct(db, productId) : null;
  if (!product) throw new AppError('not_found', ADMIN_MSG.eventNotFound);
  return product;
}

/** GET /api/admin/events/:productId/questions: the list and the removed ones, with how many answered each. */
export async function adminQuestionsOf(
  db: Queryable,
  productId: string,
): Promise<{ questions: AdminQuestion[]; removed: AdminQuestion[] }> {
  await eventOrNotFound(db, productId);
  const all = await findQuestions(db, [productId], { withRemoved: true });
  const answered = await countAnswers(
    db,
    all.map((q) => q.id),
  );
  const { active, removed } = inListOrder(all);
  return {
    questions: active.map((q) => adminQuestionOf(q, answered)),
    removed: removed.map((q) => adminQuestionOf(q, answered)),
  };
}

/** What a save of the list changed, for the audit log. */
export interface QuestionsChange {
  eventName: string;
  before: string[];
  after: string[];
  removed: string[];
}

/**
 * PUT /api/admin/events/:productId/questions, in the caller's transaction: the whole list in
 * order. Existing questions (by _id) are updated, new ones inserted, the missing ones marked
 * removed (kept for their answers). Each wrong question is named by its index and nothing is
 * saved; a question that has answers keeps its kind.
 */
export async function replaceQuestions(
  tx: Tx,
  productId: string,
  input: readonly QuestionInput[],
  now: Date,
): Promise<QuestionsChange> {
  const product = isUuid(productId) ? await lockProduct(tx, productId) : null;
  if (!product) throw new AppError('not_found', ADMIN_MSG.eventNotFound);
  if (input.length > QUESTIONS_PER_EVENT_MAX)
    throw new AppError('bad_request', QUESTION_MSG.questionsTooMany);
  const days = await findDays(tx, productId);
  const dayIdOf = new Map(days.map((d) => [d.label, d.id]));
  const current = await findQuestions(tx, [productId]);
  const byId = new Map(current.map((q) => [q.id, q]));
  const answered = await countAnswers(
    tx,
    current.map((q) => q.id),
  );

  const problems: Problems = {};
  const kept = new Set<string>();
  input.forEach((q, i) => {
    let problem: string | null = null;
    if (q._id !== undefined) {
      const existing = byId.get(q._id);
      if (!existing || kept.has(q._id)) problem = QUESTION_MSG.answerQuestionUnknown;
      else if (existing.kind !== q.kind && (answered.get(q._id) ?? 0) > 0)
        problem = QUESTION_MSG.questionKindLocked;
      kept.add(q._id);
    }
    problem ??= questionProblem(q, [...dayIdOf.keys()]);
    if (problem) problems[String(i)] = problem;
  });
  if (Object.keys(problems).length > 0) {
    throw new AppError('bad_request', QUESTION_MSG.questionsCheck, undefined, problems);
  }

  const inserts: NewQuestion[] = [];
  for (const [position, q] of input.entries()) {
    const choice = CHOICE_KINDS.includes(q.kind);
    const values = {
      productDayId: q.day === null ? null : dayIdOf.get(q.day)!,
      position,
      kind: q.kind,
      label: q.label.trim(),
      help: q.help?.trim() || null,
      required: q.required,
      options: choice ? q.options.map((o) => o.trim()).filter((o) => o !== '') : [],
      minValue: q.kind === 'numero' ? q.min : null,
      maxValue: q.kind === 'numero' ? q.max : null,
      preset: q.preset,
      updatedAt: now,
    };
    if (q._id !== undefined) await updateQuestion(tx, q._id, values);
    else inserts.push({ ...values, productId, createdAt: now });
  }
  await insertQuestions(tx, inserts);
  const gone = current.filter((q) => !kept.has(q.id));
  await markRemoved(
    tx,
    gone.map((q) => q.id),
    now,
  );
  return {
    eventName: product.name,
    before: current.map((q) => q.label),
    after: input.map((q) => q.label.trim()),
    removed: gone.map((q) => q.label),
  };
}

/** How an answer matches the answers page's filter value. */
function matches(q: QuestionRow, value: AnswerValue | undefined, wanted: string | undefined): boolean {
  if (value === undefined) return false;
  if (!wanted) return true;
  if (q.kind === 'opcion') return value === wanted;
  if (q.kind === 'opciones') return Array.isArray(value) && value.includes(wanted);
  if (q.kind === 'si_no') return answerText(q.kind, value) === wanted;
  return answerText(q.kind, value).toLocaleLowerCase('es').includes(wanted.toLocaleLowerCase('es'));
}

/** For choices and yes/no: how many chose each option (options no longer offered at the end). */
function countsOf(
  q: QuestionRow,
  values: readonly AnswerValue[],
): { option: string; count: number }[] | null {
  if (q.kind === 'si_no') {
    return ['Sí', 'No'].map((option) => ({
      option,
      count: values.filter((v) => answerText(q.kind, v) === option).length,
    }));
  }
  if (!CHOICE_KINDS.includes(q.kind)) return null;
  const chosen = values.flatMap((v) => (Array.isArray(v) ? v : typeof v === 'string' ? [v] : []));
  const options = [...q.options, ...new Set(chosen.filter((c) => !q.options.includes(c)))];
  return options.map((option) => ({ option, count: chosen.filter((c) => c === option).length }));
}

/**
 * GET /api/admin/events/:productId/answers: one row per current holder of paid days, with their
 * answers (removed questions included), filtered by a question's answer and a name or e-mail;
 * the summary counts every holder, whatever the filters.
 */
export async function eventAnswers(
  db: Queryable,
  productId: string,
  query: AdminAnswersQuery,
  now = new Date(),
): Promise<Omit<AdminAnswersResponse, 'success'>> {
  await eventOrNotFound(db, productId);
  const all = await findQuestions(db, [productId], { withRemoved: true });
  const { active, removed } = inListOrder(all);
  const questions = [...active, ...removed];
  const answered = await countAnswers(
    db,
    questions.map((q) => q.id),
  );
  const people = new Map<
    string,
    {
      userId: string;
      name: string;
      email: string;
      days: { productDayId: string; label: string; startsAt: Date }[];
    }
  >();
  for (const h of await findPaidHolders(db, productId)) {
    const person = people.get(h.userId) ?? { userId: h.userId, name: h.name, email: h.email, days: [] };
    person.days.push({ productDayId: h.productDayId, label: h.label, startsAt: h.startsAt });
    people.set(h.userId, person);
  }
  const answers = await findAnswers(
    db,
    [...people.keys()],
    questions.map((q) => q.id),
  );
  const rows = [...people.values()].map((p) => {
    const mine = new Map(answers.filter((a) => a.userId === p.userId).map((a) => [a.questionId, a.value]));
    return {
      userId: p.userId,
      name: p.name,
      email: p.email,
      days: p.days.map((d) => d.label),
      complete: registrationOf(active, p.days, new Set(mine.keys()), now).complete,
      answers: Object.fromEntries(mine) as Record<string, AnswerValue>,
    };
  });

  const filterQuestion = query.questionId ? questions.find((q) => q.id === query.questionId) : undefined;
  const text = query.q?.toLocaleLowerCase('es');
  const shown = rows.filter(
    (r) =>
      (!query.questionId ||
        (filterQuestion !== undefined &&
          matches(filterQuestion, r.answers[filterQuestion.id], query.value))) &&
      (!text || r.name.toLocaleLowerCase('es').includes(text) || r.email.toLowerCase().includes(text)),
  );
  return {
    questions: questions.map((q) => adminQuestionOf(q, answered)),
    rows: shown,
    summary: questions.map((q) => {
      const values = rows.flatMap((r) => (r.answers[q.id] === undefined ? [] : [r.answers[q.id]!]));
      return { questionId: q.id, answered: values.length, counts: countsOf(q, values) };
    }),
  };
}

/**
 * The attendee CSV's extra columns: one per question of the event (removed ones titled
 * «… (eliminada)»), and each person's answers in Spanish.
 */
export async function answerColumns(
  db: Queryable,
  productId: string,
  userIds: readonly string[],
): Promise<{ titles: string[]; cells(userId: string): string[] }> {
  const all = await findQuestions(db, [productId], { withRemoved: true });
  const { active, removed } = inListOrder(all);
  const questions = [...active, ...removed];
  const answers = await findAnswers(
    db,
    [...new Set(userIds)],
    questions.map((q) => q.id),
  );
  const byPerson = new Map<string, Map<string, AnswerValue>>();
  for (const a of answers) {
    const mine = byPerson.get(a.userId) ?? new Map<string, AnswerValue>();
    mine.set(a.questionId, a.value);
    byPerson.set(a.userId, mine);
  }
  return {
    titles: questions.map((q) => (q.removedAt === null ? q.label : `${q.label} (eliminada)`)),
    cells: (userId) => questions.map((q) => answerText(q.kind, byPerson.get(userId)?.get(q.id))),
  };
}
