// What the answers form of one event holds (docs/questions.md), as plain functions: where each
// field starts (the saved or proposed answer; an optional Sí/No such as the sponsors' question on
// No), the message of each wrong field (the shared `answerProblem`, the same rules as the API),
// the body of the save call, and whether the answers can still be changed.
import { answerProblem, normalizeAnswer } from '@store/shared/domain/answers';
import type { AnswerValue, EventQuestions, SaveAnswersBody } from '@store/shared/schemas/questions';

/** By question id: what the field holds (null = nothing yet). */
export type AnswerValues = Record<string, AnswerValue | null>;
/** By question id: the Spanish message shown under the field. */
export type AnswerProblems = Record<string, string>;

/**
 * The form's start: each question's saved or proposed answer. An optional Sí/No left unanswered
 * starts on No, so nothing (the sponsors' contact above all) is agreed to without a click; a
 * required one starts empty, so the attendee chooses.
 */
export function initialValues(event: EventQuestions): AnswerValues {
  const values: AnswerValues = {};
  for (const q of event.questions) {
    const given = event.answers[q._id];
    values[q._id] = given ?? (q.kind === 'si_no' && !q.required ? false : null);
  }
  return values;
}

/** Every wrong field of the event (empty when all can be saved). */
export function problemsOf(event: EventQuestions, values: AnswerValues): AnswerProblems {
  const problems: AnswerProblems = {};
  for (const q of event.questions) {
    const problem = answerProblem(q, values[q._id]);
    if (problem) problems[q._id] = problem;
  }
  return problems;
}

/** POST /api/questions/answers: every question of the event, its answer as stored or null. */
export function answersBody(event: EventQuestions, values: AnswerValues): SaveAnswersBody {
  return {
    productId: event.productId,
    answers: event.questions.map((q) => ({ questionId: q._id, value: normalizeAnswer(q, values[q._id]) })),
  };
}

/** Answers can change until the first day they apply to has started (docs/questions.md → When). */
export function isEditable(event: Pick<EventQuestions, 'editableUntil'>, now: number): boolean {
  return event.editableUntil !== null && event.editableUntil > now;
}

/** The field still holds an answer proposed from another event (not saved for this one yet). */
export function isProposed(event: EventQuestions, questionId: string, value: AnswerValue | null): boolean {
  if (!event.proposed.includes(questionId)) return false;
  return JSON.stringify(event.answers[questionId]) === JSON.stringify(value);
}
