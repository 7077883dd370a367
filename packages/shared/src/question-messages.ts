// Texts of the registration questions (docs/questions.md), apart from MSG so that the pages every
// visitor loads first do not carry them.

import { ANSWER_LONG_TEXT_MAX, ANSWER_TEXT_MAX, QUESTIONS_PER_EVENT_MAX } from './questions';

export const QUESTION_MSG = {
  // The attendee's answers.
  answerRequired: 'Esta pregunta es obligatoria.',
  answerChoiceUnknown: 'Elige una de las opciones que se muestran.',
  answerChoicesUnknown: 'Elige solo entre las opciones que se muestran.',
  answerNumber: 'Escribe un número.',
  answerNumberMin: (min: number) => `Escribe un número igual o mayor que ${min}.`,
  answerNumberMax: (max: number) => `Escribe un número igual o menor que ${max}.`,
  answerDate: 'Escribe una fecha válida (día, mes y año).',
  answerYesNo: 'Elige Sí o No.',
  answerTextTooLong: `Escribe como máximo ${ANSWER_TEXT_MAX} caracteres.`,
  answerLongTextTooLong: `Escribe como máximo ${ANSWER_LONG_TEXT_MAX} caracteres.`,
  answerNoHtml: 'Escribe solo texto, sin etiquetas como <b> o <script>.',
  answerNoFormula: 'La respuesta no puede empezar con =, +, - o @.',
  answerQuestionUnknown: 'Una de las preguntas ya no existe: recarga la página.',
  /** A refused form: each wrong answer is named next to its field. */
  answersCheck: 'Revisa las respuestas marcadas: no se guardó ninguna.',
  answersSaved: 'Respuestas guardadas',
  answersClosed: 'Las respuestas de este evento ya no se pueden cambiar: el día ya empezó.',
  answersNotAttendee: 'Responde las preguntas de un evento cuando tengas un lugar en él.',
  /** At checkout, when an event of the cart still has required questions unanswered. */
  answersMissingAtCheckout: (event: string) =>
    `Responde las preguntas de registro de «${event}» para continuar.`,
  completeRegistration: 'Completa tu registro',
  // The admin's questions.
  questionLabelRequired: 'Escribe la pregunta.',
  questionLabelTooLong: 'La pregunta puede tener hasta 200 caracteres.',
  questionHelpTooLong: 'La ayuda puede tener hasta 300 caracteres.',
  questionOptionsRequired: 'Escribe al menos dos opciones distintas.',
  questionOptionsTooMany: 'Una pregunta puede tener hasta 20 opciones.',
  questionOptionTooLong: 'Cada opción puede tener hasta 100 caracteres.',
  questionOptionsRepeated: 'Hay opciones repetidas.',
  questionRange: 'El mínimo debe ser menor o igual que el máximo.',
  questionDayUnknown: 'Ese día no pertenece a este evento.',
  questionsTooMany: `Un evento puede tener hasta ${QUESTIONS_PER_EVENT_MAX} preguntas.`,
  questionsSaved: 'Preguntas guardadas',
  /** A refused list: each wrong question is named next to its field. */
  questionsCheck: 'Revisa las preguntas marcadas: no se guardó ningún cambio.',
  questionKindLocked:
    'Esta pregunta ya tiene respuestas: su tipo no puede cambiar. Elimínala y crea otra si necesitas otro tipo.',
} as const;
