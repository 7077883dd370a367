// Event evaluations (docs/attendance.md → Evaluation): a member who attended enough answers the
// event's survey and/or exam on Mi cuenta once the event has ended; passing (or answering a
// survey) releases the constancia. The back office writes the questions and exports results.

import { answersFit, scoreAttempt } from '@store/shared/domain/evaluation';
import { MSG } from '@store/shared/messages';
import type {
  EvaluationQuestion,
  EvaluationResultResponse,
  EvaluationState,
  MyEvaluation,
} from '@store/shared/schemas/evaluation';
import type { Db, Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';
import {
  findAttempts,
  findEventEnd,
  findMemberEvaluationEvents,
  insertAttempt,
  lockEvaluation,
} from './evaluation-repo';
import { attendanceSummary } from './service';
import { evaluationFailed } from '@store/shared/attendance-messages';

const hasExam = (qs: readonly EvaluationQuestion[]) => qs.some((q) => q.kind === 'examen');

function stateOf(v: {
  now: Date;
  endsAt: Date;
  attended: boolean;
  attempts: { passed: boolean }[];
  maxAttempts: number;
}): { state: EvaluationState; attemptsLeft: number } {
  const attemptsLeft = Math.max(0, v.maxAttempts - v.attempts.length);
  if (v.attempts.some((a) => a.passed)) return { state: 'aprobada', attemptsLeft };
  if (v.attempts.length > 0)
    return { state: attemptsLeft > 0 ? 'no_aprobada' : 'sin_intentos', attemptsLeft };
  if (v.now < v.endsAt) return { state: 'pendiente_evento', attemptsLeft };
  if (!v.attended) return { state: 'sin_asistencia', attemptsLeft };
  return { state: 'por_responder', attemptsLeft };
}

async function attendedAny(db: Queryable, userId: string, productId: string) {
  return (await attendanceSummary(db, userId, productId)).days.some((d) => d.attended);
}

/** The evaluations of the events the member holds, with where the member stands in each. */
export async function myEvaluations(db: Queryable, userId: string, now: Date): Promise<MyEvaluation[]> {
  const events = await findMemberEvaluationEvents(db, userId);
  return Promise.all(
    events
      .filter((e) => e.questions.length > 0)
      .map(async (e) => {
        const attempts = await findAttempts(db, e.productId, userId);
        const attended = await attendedAny(db, userId, e.productId);
        const { state, attemptsLeft } = stateOf({
          now,
          endsAt: e.endsAt,
          attended,
          attempts,
          maxAttempts: e.maxAttempts,
        });
        const scores = attempts.map((a) => a.scorePercent).filter((s): s is number => s !== null);
        const answerable = state === 'por_responder' || state === 'no_aprobada';
        return {
          productId: e.productId,
          eventName: e.name,
          state,
          hasExam: hasExam(e.questions),
          passPercent: e.passPercent,
          attemptsLeft,
          bestScore: scores.length > 0 ? Math.max(...scores) : null,
          opensAt: e.endsAt.getTime(),
          questions: answerable
            ? e.questions.map((q) => ({ kind: q.kind, text: q.text, options: q.options }))
            : [],
        };
      }),
  );
}

/**
 * One attempt: refused (nothing recorded) when the event has no evaluation, has not ended,
 * the member did not attend enough, already passed or has no attempts left, or the answers do
 * not pick one option per question. Attempts are counted under a lock on the evaluation, so
 * two submissions at once cannot exceed the limit.
 */
export async function submitEvaluation(
  db: Db,
  userId: string,
  productId: string,
  answers: number[],
  now: Date,
): Promise<Omit<EvaluationResultResponse, 'success'>> {
  return db.transaction(async (tx) => {
    const evaluation = await lockEvaluation(tx, productId);
    const event = await findEventEnd(tx, productId);
    if (!evaluation || !event || evaluation.questions.length === 0) {
      throw new AppError('not_found', MSG.evaluationNotFound);
    }
    const attempts = await findAttempts(tx, productId, userId);
    if (attempts.some((a) => a.passed)) throw new AppError('conflict', MSG.evaluationAlreadyPassed);
    if (now < event.endsAt) throw new AppError('conflict', MSG.evaluationNotYet);
    if (!(await attendedAny(tx, userId, productId)))
      throw new AppError('forbidden', MSG.evaluationNotAttended);
    if (attempts.length >= evaluation.maxAttempts)
      throw new AppError('conflict', MSG.evaluationNoAttemptsLeft);
    if (!answersFit(evaluation.questions, answers))
      throw new AppError('bad_request', MSG.evaluationAnswersInvalid);
    const result = scoreAttempt(evaluation.questions, answers, evaluation.passPercent);
    await insertAttempt(tx, {
      productId,
      userId,
      answers,
      scorePercent: result.scorePercent,
      passed: result.passed,
      submittedAt: now,
    });
    const attemptsLeft = evaluation.maxAttempts - attempts.length - 1;
    const message = !result.passed
      ? evaluationFailed(result.scorePercent ?? 0, evaluation.passPercent, attemptsLeft)
      : result.scorePercent === null
        ? MSG.evaluationSurveyDone
        : MSG.evaluationPassed;
    return { passed: result.passed, scorePercent: result.scorePercent, attemptsLeft, message };
  });
}
