// The rules of a registration answer and of an admin's question (docs/questions.md), one function
// each, used by the forms (a message next to the field) and by the API (which refuses what the
// form would). Texts are trimmed; an empty text, an empty list or null is "no answer".

import { QUESTION_MSG } from '../question-messages';
import {
  ANSWER_LONG_TEXT_MAX,
  ANSWER_TEXT_MAX,
  CHOICE_KINDS,
  QUESTION_HELP_MAX,
  QUESTION_LABEL_MAX,
  QUESTION_OPTION_MAX,
  QUESTION_OPTIONS_MAX,
  type QuestionKind,
} from '../questions';
import type { AnswerValue } from '../schemas/questions';

/** What an answer's rules need to know of its question. */
export interface AnswerRules {
  kind: QuestionKind;
  required: boolean;
  options: readonly string[];
  min: number | null;
  max: number | null;
}

/** As a browser reads a tag: «<» then a letter, «/» or «!» (so «a < b» is plain text). */
const HTML_TAG = /<\/?[a-z!]/i;
/** A spreadsheet reads a cell starting with one of these as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The answer as stored: texts trimmed, options de-duplicated in the question's order; null = none. */
export function normalizeAnswer(
  rules: AnswerRules,
  value: AnswerValue | null | undefined,
): AnswerValue | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') {
    const text = value.trim();
    return text === '' ? null : text;
  }
  if (Array.isArray(value)) {
    const chosen = new Set(value.map((v) => v.trim()));
    const inOrder = rules.options.filter((o) => chosen.has(o));
    const unknown = [...chosen].filter((v) => v !== '' && !rules.options.includes(v));
    const all = [...inOrder, ...unknown];
    return all.length === 0 ? null : all;
  }
  return value;
}

function isValidDate(text: string): boolean {
  const m = ISO_DATE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return (
    y >= 1900 &&
    y <= 2100 &&
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === mo - 1 &&
    date.getUTCDate() === d
  );
}

function textProblem(text: string, max: number, tooLong: string): string | null {
  if (text.length > max) return tooLong;
  if (HTML_TAG.test(text)) return QUESTION_MSG.answerNoHtml;
  if (FORMULA_START.test(text)) return QUESTION_MSG.answerNoFormula;
  return null;
}

/** The Spanish message for a wrong answer (to show next to its field), or null when it is fine. */
export function answerProblem(rules: AnswerRules, raw: AnswerValue | null | undefined): string | null {
  const value = normalizeAnswer(rules, raw);
  if (value === null) return rules.required ? QUESTION_MSG.answerRequired : null;
  switch (rules.kind) {
    case 'texto':
      return typeof value === 'string'
        ? textProblem(value, ANSWER_TEXT_MAX, QUESTION_MSG.answerTextTooLong)
        : QUESTION_MSG.answerRequired;
    case 'texto_largo':
      return typeof value === 'string'
        ? textProblem(value, ANSWER_LONG_TEXT_MAX, QUESTION_MSG.answerLongTextTooLong)
        : QUESTION_MSG.answerRequired;
    case 'opcion':
      return typeof value === 'string' && rules.options.includes(value)
        ? null
        : QUESTION_MSG.answerChoiceUnknown;
    case 'opciones':
      return Array.isArray(value) && value.every((v) => rules.options.includes(v))
        ? null
        : QUESTION_MSG.answerChoicesUnknown;
    case 'si_no':
      return typeof value === 'boolean' ? null : QUESTION_MSG.answerYesNo;
    case 'numero': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return QUESTION_MSG.answerNumber;
      if (rules.min !== null && value < rules.min) return QUESTION_MSG.answerNumberMin(rules.min);
      if (rules.max !== null && value > rules.max) return QUESTION_MSG.answerNumberMax(rules.max);
      return null;
    }
    case 'fecha':
      return typeof value === 'string' && isValidDate(value) ? null : QUESTION_MSG.answerDate;
  }
}

/** What an admin's question needs to be checked. */
export interface QuestionDraft extends AnswerRules {
  label: string;
  help: string | null;
  day: string | null;
}

/** The Spanish message for a wrong question (its label, options, range or day), or null. */
export function questionProblem(q: QuestionDraft, dayLabels: readonly string[]): string | null {
  const label = q.label.trim();
  if (label === '') return QUESTION_MSG.questionLabelRequired;
  if (label.length > QUESTION_LABEL_MAX) return QUESTION_MSG.questionLabelTooLong;
  if ((q.help ?? '').trim().length > QUESTION_HELP_MAX) return QUESTION_MSG.questionHelpTooLong;
  if (CHOICE_KINDS.includes(q.kind)) {
    const options = q.options.map((o) => o.trim()).filter((o) => o !== '');
    if (options.some((o) => o.length > QUESTION_OPTION_MAX)) return QUESTION_MSG.questionOptionTooLong;
    if (options.length > QUESTION_OPTIONS_MAX) return QUESTION_MSG.questionOptionsTooMany;
    if (new Set(options).size !== options.length) return QUESTION_MSG.questionOptionsRepeated;
    if (options.length < 2) return QUESTION_MSG.questionOptionsRequired;
  }
  if (q.kind === 'numero' && q.min !== null && q.max !== null && q.min > q.max)
    return QUESTION_MSG.questionRange;
  if (q.day !== null && !dayLabels.includes(q.day)) return QUESTION_MSG.questionDayUnknown;
  return null;
}

const ISO_DATE_PARTS = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * An answer as staff read it in Spanish (the attendee CSV, the answers page): Sí/No, options
 * joined with «; », dates as dd/mm/aaaa, texts and numbers as they are.
 */
export function answerText(kind: QuestionKind, value: AnswerValue | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (Array.isArray(value)) return value.join('; ');
  if (typeof value === 'number') return String(value);
  const date = kind === 'fecha' ? ISO_DATE_PARTS.exec(value) : null;
  return date ? `${date[3]}/${date[2]}/${date[1]}` : value;
}
