// Evaluation arithmetic (docs/attendance.md → Evaluation): the score of an attempt and whether
// it passes. Survey questions have no right answer and do not count toward the score.

export interface ScorableQuestion {
  kind: 'encuesta' | 'examen';
  options: readonly string[];
  correct: number | null;
}

/** Whether `answers` picks one existing option for every question, in order. */
export function answersFit(questions: readonly ScorableQuestion[], answers: readonly number[]): boolean {
  return (
    answers.length === questions.length &&
    answers.every((a, i) => Number.isInteger(a) && a >= 0 && a < questions[i]!.options.length)
  );
}

/**
 * The attempt's outcome: the percentage of exam questions answered right (rounded down, so
 * 79.9 % does not reach 80 %) and whether it reaches the pass mark; a survey-only evaluation
 * has no score and passes once answered.
 */
export function scoreAttempt(
  questions: readonly ScorableQuestion[],
  answers: readonly number[],
  passPercent: number,
): { scorePercent: number | null; passed: boolean } {
  const exam = questions.map((q, i) => ({ q, a: answers[i] })).filter((x) => x.q.kind === 'examen');
  if (exam.length === 0) return { scorePercent: null, passed: true };
  const right = exam.filter((x) => x.a === x.q.correct).length;
  const scorePercent = Math.floor((right * 100) / exam.length);
  return { scorePercent, passed: scorePercent >= passPercent };
}
