// The evaluation an event may ask before its constancia (docs/attendance.md → Evaluation):
// single-choice questions, each of the survey (no correct answer) or of the exam (one correct
// option), the exam's pass mark and the attempts a member has. Member and back-office shapes.

import { z } from 'zod';
import { ADMIN_MSG } from '../admin-messages';
import { MSG } from '../messages';

export const EVALUATION_QUESTION_KINDS = ['encuesta', 'examen'] as const;
export type EvaluationQuestionKind = (typeof EVALUATION_QUESTION_KINDS)[number];
export const MAX_EVALUATION_QUESTIONS = 30;
export const MAX_EVALUATION_OPTIONS = 6;
export const MAX_EVALUATION_ATTEMPTS = 10;

/** A question as stored and as the back office edits it. */
export const evaluationQuestion = z
  .object({
    kind: z.enum(EVALUATION_QUESTION_KINDS, { error: ADMIN_MSG.evaluationQuestionInvalid }),
    text: z
      .string({ error: ADMIN_MSG.evaluationQuestionInvalid })
      .trim()
      .min(3, { error: ADMIN_MSG.evaluationQuestionInvalid })
      .max(300, { error: ADMIN_MSG.evaluationQuestionInvalid }),
    options: z
      .array(
        z
          .string({ error: ADMIN_MSG.evaluationOptionsInvalid })
          .trim()
          .min(1, { error: ADMIN_MSG.evaluationOptionsInvalid })
          .max(200, { error: ADMIN_MSG.evaluationOptionsInvalid }),
        { error: ADMIN_MSG.evaluationOptionsInvalid },
      )
      .min(2, { error: ADMIN_MSG.evaluationOptionsInvalid })
      .max(MAX_EVALUATION_OPTIONS, { error: ADMIN_MSG.evaluationOptionsInvalid }),
    /** The right option's index; exam questions only (null for the survey). */
    correct: z.number().int().min(0).nullable().default(null),
  })
  .superRefine((q, ctx) => {
    if (q.kind === 'examen' && (q.correct === null || q.correct >= q.options.length)) {
      ctx.addIssue({ code: 'custom', message: ADMIN_MSG.evaluationCorrectMissing, path: ['correct'] });
    }
  })
  .transform((q) => ({ ...q, correct: q.kind === 'examen' ? q.correct : null }));
export type EvaluationQuestion = z.output<typeof evaluationQuestion>;
export type EvaluationQuestionInput = z.input<typeof evaluationQuestion>;

// ---- Back office ----

export const adminEvaluationBody = z.object({
  productId: z.uuid({ error: ADMIN_MSG.attendeesNeedEvent }),
  /** Empty: the event asks no evaluation (removes it). */
  questions: z
    .array(evaluationQuestion)
    .max(MAX_EVALUATION_QUESTIONS, { error: ADMIN_MSG.evaluationTooManyQuestions }),
  passPercent: z
    .number({ error: ADMIN_MSG.evaluationPassPercentInvalid })
    .int({ error: ADMIN_MSG.evaluationPassPercentInvalid })
    .min(1, { error: ADMIN_MSG.evaluationPassPercentInvalid })
    .max(100, { error: ADMIN_MSG.evaluationPassPercentInvalid }),
  maxAttempts: z
    .number({ error: ADMIN_MSG.evaluationAttemptsInvalid })
    .int({ error: ADMIN_MSG.evaluationAttemptsInvalid })
    .min(1, { error: ADMIN_MSG.evaluationAttemptsInvalid })
    .max(MAX_EVALUATION_ATTEMPTS, { error: ADMIN_MSG.evaluationAttemptsInvalid }),
});
export type AdminEvaluationBody = z.input<typeof adminEvaluationBody>;

export const adminEvaluationQuery = z.object({ productId: z.uuid({ error: ADMIN_MSG.attendeesNeedEvent }) });
export const ADMIN_EVALUATION_CSV_VIEWS = ['personas', 'preguntas'] as const;
export const adminEvaluationCsvQuery = adminEvaluationQuery.extend({
  view: z.enum(ADMIN_EVALUATION_CSV_VIEWS, { error: MSG.invalidInput }),
});

export const adminEvaluation = z.object({
  questions: z.array(
    z.object({
      kind: z.enum(EVALUATION_QUESTION_KINDS),
      text: z.string(),
      options: z.array(z.string()),
      correct: z.number().int().nullable(),
    }),
  ),
  passPercent: z.number().int(),
  maxAttempts: z.number().int(),
  /** Attempts submitted so far (> 0: the questions can no longer change). */
  attempts: z.number().int(),
  /** People who passed (or answered the survey). */
  passed: z.number().int(),
});
export type AdminEvaluation = z.infer<typeof adminEvaluation>;
export const adminEvaluationResponse = z.object({
  success: z.literal(true),
  evaluation: adminEvaluation.nullable(),
  message: z.string().optional(),
});
export type AdminEvaluationResponse = z.infer<typeof adminEvaluationResponse>;

// ---- Members ----

/**
 * Where a member stands: the event has not ended (`pendiente_evento`), not enough attendance
 * (`sin_asistencia`), may answer (`por_responder`), answered and passed (`aprobada`), failed
 * with attempts left (`no_aprobada`) or without (`sin_intentos`).
 */
export const EVALUATION_STATES = [
  'pendiente_evento',
  'sin_asistencia',
  'por_responder',
  'aprobada',
  'no_aprobada',
  'sin_intentos',
] as const;
export type EvaluationState = (typeof EVALUATION_STATES)[number];

export const myEvaluation = z.object({
  productId: z.string(),
  eventName: z.string(),
  state: z.enum(EVALUATION_STATES),
  /** true: the evaluation has exam questions (a pass mark applies); false: a survey only. */
  hasExam: z.boolean(),
  passPercent: z.number().int(),
  attemptsLeft: z.number().int(),
  /** The best exam score so far (null before any attempt or for a survey). */
  bestScore: z.number().int().nullable(),
  /** When the evaluation opens (the event's end). */
  opensAt: z.number(),
  /** The questions without their answers; empty unless the member may answer now. */
  questions: z.array(
    z.object({ kind: z.enum(EVALUATION_QUESTION_KINDS), text: z.string(), options: z.array(z.string()) }),
  ),
});
export type MyEvaluation = z.infer<typeof myEvaluation>;
export const myEvaluationsResponse = z.object({
  success: z.literal(true),
  evaluations: z.array(myEvaluation),
});
export type MyEvaluationsResponse = z.infer<typeof myEvaluationsResponse>;

export const evaluationParams = z.object({ productId: z.uuid({ error: MSG.evaluationNotFound }) });
export const evaluationAnswersBody = z.object({
  answers: z
    .array(z.number({ error: MSG.evaluationAnswersInvalid }).int({ error: MSG.evaluationAnswersInvalid }), {
      error: MSG.evaluationAnswersInvalid,
    })
    .max(MAX_EVALUATION_QUESTIONS, { error: MSG.evaluationAnswersInvalid }),
});
export type EvaluationAnswersBody = z.infer<typeof evaluationAnswersBody>;
export const evaluationResultResponse = z.object({
  success: z.literal(true),
  passed: z.boolean(),
  /** The exam's score of this attempt (null for a survey). */
  scorePercent: z.number().int().nullable(),
  attemptsLeft: z.number().int(),
  message: z.string(),
});
export type EvaluationResultResponse = z.infer<typeof evaluationResultResponse>;
