// Registration questions (docs/questions.md): the admin's questions of an event, the attendee's
// answers, and what staff read. Instants in epoch milliseconds; a date answer is 'YYYY-MM-DD'.
// The answer's own rules (required, options, range, length, no HTML, no formula) are checked by
// `answerProblem` (domain/answers.ts), the same function in the form and in the API.

import { z } from 'zod';
import { QUESTION_KINDS, QUESTION_PRESETS } from '../questions';

/** One answer: text (texto, texto_largo, fecha 'YYYY-MM-DD', opcion), options, yes/no or a number. */
export const answerValue = z.union([
  z.string().max(4000),
  z.array(z.string().max(200)).max(50),
  z.boolean(),
  z.number(),
]);
export type AnswerValue = z.infer<typeof answerValue>;

/** A question as the attendee sees it. */
export const publicQuestion = z.object({
  _id: z.string(),
  kind: z.enum(QUESTION_KINDS),
  label: z.string(),
  help: z.string().nullable(),
  required: z.boolean(),
  /** opcion / opciones: the options, in order; [] otherwise. */
  options: z.array(z.string()),
  /** numero: the allowed range (null = open). */
  min: z.number().nullable(),
  max: z.number().nullable(),
  /** Asked only of those attending this day (its label); null = the whole event. */
  day: z.string().nullable(),
});
export type PublicQuestion = z.infer<typeof publicQuestion>;

/** The questions of one event for one attendee, with their answers (or the proposed ones). */
export const eventQuestions = z.object({
  productId: z.string(),
  productName: z.string(),
  questions: z.array(publicQuestion),
  /** By question id: the attendee's answer; else one proposed from an earlier event (same preset). */
  answers: z.record(z.string(), answerValue),
  /** Which of `answers` are only proposed (not saved for this event yet). */
  proposed: z.array(z.string()),
  /** Every required question that applies has a saved answer. */
  complete: z.boolean(),
  /** Until when answers can be changed (the start of the first day they apply to); null = closed. */
  editableUntil: z.number().nullable(),
});
export type EventQuestions = z.infer<typeof eventQuestions>;

/** GET /api/questions/event/:productId (the attendee's own), GET /api/questions/checkout (the cart's events). */
export const eventQuestionsResponse = z.object({ success: z.literal(true), event: eventQuestions });
export const checkoutQuestionsResponse = z.object({
  success: z.literal(true),
  events: z.array(eventQuestions),
});
/** GET /api/questions/pending: the events the member holds whose registration is not complete. */
export const pendingQuestionsResponse = z.object({
  success: z.literal(true),
  events: z.array(z.object({ productId: z.string(), productName: z.string() })),
  /**
   * The events I hold whose registration is complete and can still change, with until when
   * (Mis Productos offers «Editar mis respuestas» on them without asking per event).
   */
  editable: z.array(z.object({ productId: z.string(), editableUntil: z.number() })),
});
export type PendingQuestions = Omit<z.infer<typeof pendingQuestionsResponse>, 'success'>;

/** POST /api/questions/answers: every answer of one event at once (all saved or none). */
export const saveAnswersBody = z.object({
  productId: z.string().min(1).max(64),
  answers: z
    .array(z.object({ questionId: z.string().min(1).max(64), value: answerValue.nullable() }))
    .max(50),
});
export type SaveAnswersBody = z.infer<typeof saveAnswersBody>;
/** The answer of a save: the event's questions as they stand now. */
export const saveAnswersResponse = eventQuestionsResponse.extend({ message: z.string() });
/** A refusal names each field: `problems[questionId]` is the Spanish message to show next to it. */
export const saveAnswersProblems = z.object({
  success: z.literal(false),
  message: z.string(),
  problems: z.record(z.string(), z.string()),
});

/** One question as the admin writes it (PUT replaces the event's whole list, in order). */
export const questionInput = z.object({
  /** An existing question's id; absent = a new one. */
  _id: z.string().max(64).optional(),
  kind: z.enum(QUESTION_KINDS),
  label: z.string().max(1000),
  help: z.string().max(1000).nullable(),
  required: z.boolean(),
  options: z.array(z.string().max(1000)).max(100),
  min: z.number().nullable(),
  max: z.number().nullable(),
  /** A day of the event (its label) or null for every day. */
  day: z.string().max(200).nullable(),
  preset: z.enum(QUESTION_PRESETS).nullable(),
});
export type QuestionInput = z.infer<typeof questionInput>;
export const saveQuestionsBody = z.object({ questions: z.array(questionInput).max(100) });
export type SaveQuestionsBody = z.infer<typeof saveQuestionsBody>;

export const adminQuestion = publicQuestion.extend({
  preset: z.enum(QUESTION_PRESETS).nullable(),
  /** How many attendees answered it. */
  answered: z.number().int(),
  /** Removed by the admin: no longer asked; its past answers stay in the export. */
  removed: z.boolean(),
});
export type AdminQuestion = z.infer<typeof adminQuestion>;
/** GET/PUT /api/admin/events/:productId/questions. `problems[index]` names a refused question. */
export const adminQuestionsResponse = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  questions: z.array(adminQuestion),
  removed: z.array(adminQuestion),
});

/** The filters of the answers page: who answered `value` to `questionId`, and a name or e-mail. */
export const adminAnswersQuery = z.object({
  questionId: z.string().max(64).optional(),
  /** Choices: the option; sí/no: «Sí» or «No»; other kinds: a part of the answer. */
  value: z.string().trim().max(200).optional(),
  q: z.string().trim().max(200).optional(),
});
export type AdminAnswersQuery = z.infer<typeof adminAnswersQuery>;

/** GET /api/admin/events/:productId/answers: one row per attendee, and a summary per question. */
export const adminAnswersResponse = z.object({
  success: z.literal(true),
  questions: z.array(adminQuestion),
  rows: z.array(
    z.object({
      userId: z.string(),
      name: z.string(),
      email: z.string(),
      days: z.array(z.string()),
      complete: z.boolean(),
      answers: z.record(z.string(), answerValue),
    }),
  ),
  summary: z.array(
    z.object({
      questionId: z.string(),
      answered: z.number().int(),
      /** For choices and yes/no: how many chose each option (yes/no: «Sí», «No»); null otherwise. */
      counts: z.array(z.object({ option: z.string(), count: z.number().int() })).nullable(),
    }),
  ),
});
export type AdminAnswersResponse = z.infer<typeof adminAnswersResponse>;
