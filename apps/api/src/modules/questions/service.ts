// The attendee's side of the registration questions (docs/questions.md): which questions apply
// to a person (the event's days they hold or have in the cart), their answers or proposed ones,
// whether their registration is complete and until when it can change; saving every answer of
// an event at once; the checkout's guard; a team place's registration state; who is due the
// reminder.

import { answerProblem, normalizeAnswer, type AnswerRules } from '@store/shared/domain/answers';
import { MSG } from '@store/shared/messages';
import { QUESTION_MSG } from '@store/shared/question-messages';
import type { QuestionPreset, RegistrationState } from '@store/shared/questions';
import type {
  AnswerValue,
  EventQuestions,
  PublicQuestion,
  PendingQuestions,
  SaveAnswersBody,
} from '@store/shared/schemas/questions';
import type { Db, Queryable } from '../../db/client';
import { AppError, type Problems } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { findCartLines } from '../cart/repo';
import {
  deleteAnswers,
  findAnswers,
  findHeldDays,
  findPresetAnswers,
  findProduct,
  findProductNames,
  findProductOfDay,
  findQuestions,
  findRegistrationsToRemind,
  lockAnswersOf,
  MEMBER_STATUSES,
  PAID,
  upsertAnswers,
  type QuestionRow,
} from './repo';

/** A day that makes questions apply to a person, and when it starts. */
export interface PersonDay {
  productDayId: string;
  startsAt: Date;
}

/** Where a person stands with an event's questions. */
export interface Registration {
  /** The questions still asked that apply to them, in order. */
  applicable: QuestionRow[];
  /** Every applicable required question has a saved answer. */
  complete: boolean;
  /** The start of the first day the answers apply to, while it is ahead; null = closed. */
  editableUntil: Date | null;
}

export function rulesOf(q: QuestionRow): AnswerRules {
  return { kind: q.kind, required: q.required, options: q.options, min: q.minValue, max: q.maxValue };
}

export function publicQuestionOf(q: QuestionRow): PublicQuestion {
  return {
    _id: q.id,
    kind: q.kind,
    label: q.label,
    help: q.help,
    required: q.required,
    options: q.options,
    min: q.minValue,
    max: q.maxValue,
    day: q.dayLabel,
  };
}

/**
 * The person's registration for an event: the questions not removed whose day is null or one of
 * their days; complete when each required one has a saved answer; open until the first day they
 * apply to starts (an every-day question: the person's first day of the event).
 */
export function registrationOf(
  questions: readonly QuestionRow[],
  days: readonly PersonDay[],
  saved: ReadonlySet<string>,
  now: Date,
): Registration {
  const starts = new Map(days.map((d) => [d.productDayId, d.startsAt.getTime()]));
  const applicable = questions.filter(
    (q) => q.removedAt === null && (q.productDayId === null || starts.has(q.productDayId)),
  );
  const firstDay = Math.min(...starts.values());
  const deadlines = applicable.map((q) => (q.productDayId === null ? firstDay : starts.get(q.productDayId)!));
  const until = deadlines.length > 0 ? Math.min(...deadlines) : firstDay;
  const complete = applicable.every((q) => !q.required || saved.has(q.id));
  return {
    applicable,
    complete,
    editableUntil: Number.isFinite(until) && until > now.getTime() ? new Date(until) : null,
  };
}

/** An incomplete registration that can still be completed: the store asks for it. */
export const asksForAnswers = (r: Registration) => !r.complete && r.editableUntil !== null;

/** Each day once (a day both held and in the cart counts once). */
function uniqueDays(days: readonly PersonDay[]): PersonDay[] {
  return [...new Map(days.map((d) => [d.productDayId, d])).values()];
}

/** The cart's days, by event. */
async function cartDaysOf(db: Queryable, userId: string): Promise<Map<string, PersonDay[]>> {
  const byEvent = new Map<string, PersonDay[]>();
  for (const line of await findCartLines(db, userId)) {
    const days = byEvent.get(line.productId) ?? [];
    days.push({ productDayId: line.productDay.id, startsAt: line.productDay.startsAt });
    byEvent.set(line.productId, days);
  }
  return byEvent;
}

/** What a member's view of some events needs: their questions, days (held or in the cart) and answers. */
async function memberEvents(
  db: Queryable,
  userId: string,
  productIds: readonly string[],
  cart: Map<string, PersonDay[]>,
) {
  const questions = await findQuestions(db, productIds);
  const held = await findHeldDays(db, [userId], productIds, MEMBER_STATUSES);
  const answers = await findAnswers(
    db,
    [userId],
    questions.map((q) => q.id),
  );
  return productIds.map((productId) => ({
    productId,
    questions: questions.filter((q) => q.productId === productId),
    days: uniqueDays([...held.filter((d) => d.productId === productId), ...(cart.get(productId) ?? [])]),
    saved: new Map(answers.map((a) => [a.questionId, a.value as AnswerValue])),
  }));
}

/** The member's questions of one event with their answers, or those proposed from another event. */
async function eventView(
  db: Queryable,
  userId: string,
  event: {
    productId: string;
    productName: string;
    questions: QuestionRow[];
    days: PersonDay[];
    saved: Map<string, AnswerValue>;
  },
  now: Date,
): Promise<EventQuestions> {
  const reg = registrationOf(event.questions, event.days, new Set(event.saved.keys()), now);
  const answers: Record<string, AnswerValue> = {};
  for (const q of reg.applicable) {
    const value = event.saved.get(q.id);
    if (value !== undefined) answers[q.id] = value;
  }
  const proposed = await proposals(
    db,
    userId,
    reg.applicable.filter((q) => answers[q.id] === undefined),
    event.questions.map((q) => q.id),
  );
  for (const [id, value] of proposed) answers[id] = value;
  return {
    productId: event.productId,
    productName: event.productName,
    questions: reg.applicable.map(publicQuestionOf),
    answers,
    proposed: [...proposed.keys()],
    complete: reg.complete,
    editableUntil: reg.editableUntil?.getTime() ?? null,
  };
}

/**
 * For unanswered questions with a preset: the person's newest answer to a question of the same
 * preset elsewhere, when it is a valid answer here too (an option this question still offers).
 */
async function proposals(
  db: Queryable,
  userId: string,
  unanswered: readonly QuestionRow[],
  eventQuestionIds: readonly string[],
): Promise<Map<string, AnswerValue>> {
  const withPreset = unanswered.filter(
    (q): q is QuestionRow & { preset: QuestionPreset } => q.preset !== null,
  );
  const rows = await findPresetAnswers(
    db,
    userId,
    [...new Set(withPreset.map((q) => q.preset))],
    eventQuestionIds,
  );
  const out = new Map<string, AnswerValue>();
  for (const q of withPreset) {
    const rules = { ...rulesOf(q), required: true };
    const found = rows.find((r) => r.preset === q.preset && answerProblem(rules, r.value) === null);
    if (found) out.set(q.id, normalizeAnswer(rules, found.value)!);
  }
  return out;
}

function refuseNotAttendee(): never {
  throw new AppError('forbidden', QUESTION_MSG.answersNotAttendee);
}

/** GET /api/questions/event/:productId: the member's questions of an event they hold or have in the cart. */
export async function memberEventQuestions(
  db: Queryable,
  userId: string,
  productId: string,
  now = new Date(),
): Promise<EventQuestions> {
  const product = isUuid(productId) ? await findProduct(db, productId) : null;
  if (!product) throw new AppError('not_found', MSG.productNotFound);
  const [event] = await memberEvents(db, userId, [productId], await cartDaysOf(db, userId));
  if (event!.days.length === 0) refuseNotAttendee();
  return eventView(db, userId, { ...event!, productName: product.name }, now);
}

/** GET /api/questions/checkout: the questions of each event of the cart that asks any of this member. */
export async function checkoutQuestions(
  db: Queryable,
  userId: string,
  now = new Date(),
): Promise<EventQuestions[]> {
  const cart = await cartDaysOf(db, userId);
  const names = await findProductNames(db, [...cart.keys()]);
  const out: EventQuestions[] = [];
  for (const event of await memberEvents(db, userId, [...cart.keys()], cart)) {
    const view = await eventView(
      db,
      userId,
      { ...event, productName: names.get(event.productId) ?? '' },
      now,
    );
    if (view.questions.length > 0) out.push(view);
  }
  return out;
}

/**
 * GET /api/questions/pending: the events the member holds whose registration the store still
 * asks for, and those complete that can still change (with until when).
 */
export async function pendingRegistrations(
  db: Queryable,
  userId: string,
  now = new Date(),
): Promise<PendingQuestions> {
  const held = await findHeldDays(db, [userId], null, MEMBER_STATUSES);
  const productIds = [...new Set(held.map((d) => d.productId))];
  const events = await memberEvents(db, userId, productIds, new Map());
  const pending: string[] = [];
  const editable: PendingQuestions['editable'] = [];
  for (const e of events) {
    const reg = registrationOf(e.questions, e.days, new Set(e.saved.keys()), now);
    if (asksForAnswers(reg)) pending.push(e.productId);
    else if (reg.applicable.length > 0 && reg.editableUntil !== null) {
      editable.push({ productId: e.productId, editableUntil: reg.editableUntil.getTime() });
    }
  }
  const names = await findProductNames(db, pending);
  return {
    events: pending
      .map((productId) => ({ productId, productName: names.get(productId) ?? '' }))
      .sort((a, b) => a.productName.localeCompare(b.productName, 'es')),
    editable,
  };
}

/**
 * POST /api/questions/answers: every answer of one event at once, checked by the shared rules;
 * one wrong answer (or a question that does not apply) refuses the whole call, naming each.
 * Saves of the same person and event run one at a time, so two at once end with one whole set.
 */
export async function saveAnswers(
  db: Db,
  userId: string,
  body: SaveAnswersBody,
  now = new Date(),
): Promise<EventQuestions> {
  const { productId } = body;
  if (!isUuid(productId)) throw new AppError('not_found', MSG.productNotFound);
  return db.transaction(async (tx) => {
    await lockAnswersOf(tx, userId, productId);
    const product = await findProduct(tx, productId);
    if (!product) throw new AppError('not_found', MSG.productNotFound);
    const [event] = await memberEvents(tx, userId, [productId], await cartDaysOf(tx, userId));
    if (event!.days.length === 0) refuseNotAttendee();
    const reg = registrationOf(event!.questions, event!.days, new Set(event!.saved.keys()), now);
    if (reg.editableUntil === null) throw new AppError('bad_request', QUESTION_MSG.answersClosed);

    const given = new Map(body.answers.map((a) => [a.questionId, a.value]));
    const problems: Problems = {};
    const applicable = new Set(reg.applicable.map((q) => q.id));
    for (const id of given.keys()) if (!applicable.has(id)) problems[id] = QUESTION_MSG.answerQuestionUnknown;
    const save: { questionId: string; value: AnswerValue }[] = [];
    const clear: string[] = [];
    for (const q of reg.applicable) {
      const raw = given.get(q.id) ?? null;
      const problem = answerProblem(rulesOf(q), raw);
      if (problem) {
        problems[q.id] = problem;
        continue;
      }
      const value = normalizeAnswer(rulesOf(q), raw);
      if (value === null) clear.push(q.id);
      else save.push({ questionId: q.id, value });
    }
    if (Object.keys(problems).length > 0) {
      throw new AppError('bad_request', QUESTION_MSG.answersCheck, undefined, problems);
    }
    await upsertAnswers(tx, userId, save, now);
    await deleteAnswers(tx, userId, clear);
    const saved = new Map(event!.saved);
    for (const id of clear) saved.delete(id);
    for (const a of save) saved.set(a.questionId, a.value);
    return eventView(tx, userId, { ...event!, productName: product.name, saved }, now);
  });
}

/**
 * The checkout's guard (individual orders, every way to pay): refused while an event of the cart
 * has a required question that applies to the buyer, unanswered and still open.
 */
export async function assertCartRegistrations(
  db: Queryable,
  userId: string,
  now = new Date(),
): Promise<void> {
  const cart = await cartDaysOf(db, userId);
  // The usual case, an event without required questions, costs one query more than the cart.
  const questions = await findQuestions(db, [...cart.keys()]);
  const asking = [...new Set(questions.filter((q) => q.required).map((q) => q.productId))];
  for (const event of await memberEvents(db, userId, asking, cart)) {
    if (asksForAnswers(registrationOf(event.questions, event.days, new Set(event.saved.keys()), now))) {
      const name = (await findProduct(db, event.productId))?.name ?? '';
      throw new AppError('bad_request', QUESTION_MSG.answersMissingAtCheckout(name));
    }
  }
}

/**
 * The registration state of each (holder, event) from their paid days: 'completa' or 'pendiente';
 * null when they hold no paid day of it or no required question applies to them. Keyed
 * `${userId}:${productId}`.
 */
export async function registrationStates(
  db: Queryable,
  pairs: readonly { userId: string; productId: string }[],
  now = new Date(),
): Promise<Map<string, RegistrationState | null>> {
  const userIds = [...new Set(pairs.map((p) => p.userId))];
  const productIds = [...new Set(pairs.map((p) => p.productId))];
  const questions = (await findQuestions(db, productIds)).filter((q) => q.required);
  const held = await findHeldDays(db, userIds, productIds, PAID);
  const answers = await findAnswers(
    db,
    userIds,
    questions.map((q) => q.id),
  );
  const out = new Map<string, RegistrationState | null>();
  for (const { userId, productId } of pairs) {
    const days = held.filter((d) => d.userId === userId && d.productId === productId);
    const reg = registrationOf(
      questions.filter((q) => q.productId === productId),
      days,
      new Set(answers.filter((a) => a.userId === userId).map((a) => a.questionId)),
      now,
    );
    const state = reg.complete ? 'completa' : 'pendiente';
    out.set(`${userId}:${productId}`, days.length === 0 || reg.applicable.length === 0 ? null : state);
  }
  return out;
}

/**
 * Holders whose first paid day of an event starts within `withinMs` and whose registration is
 * still incomplete and open: the reminder goes to them (each person and event once).
 */
export async function registrationsToRemind(db: Queryable, now: Date, withinMs: number) {
  const candidates = await findRegistrationsToRemind(db, now, new Date(now.getTime() + withinMs));
  const states = await registrationStates(db, candidates, now);
  return candidates.filter((c) => states.get(`${c.userId}:${c.productId}`) === 'pendiente');
}

/**
 * For the e-mail of a team place: the event of the days just given when its holder still has to
 * complete their registration (null: nothing to ask).
 */
export async function pendingRegistrationOf(
  db: Queryable,
  userId: string,
  productDayIds: readonly string[],
  now = new Date(),
): Promise<string | null> {
  const productId = productDayIds[0] ? await findProductOfDay(db, productDayIds[0]) : null;
  if (!productId) return null;
  const state = (await registrationStates(db, [{ userId, productId }], now)).get(`${userId}:${productId}`);
  return state === 'pendiente' ? productId : null;
}
