// One registration question as the admin edits it (docs/questions.md): texts as typed, options
// one per line, the range as text; and the way back to what PUT …/questions takes. The rules are
// the shared questionProblem, the same the API applies; its message is shown next to the field
// it is about.
import { QUESTION_MSG } from '@store/shared/question-messages';
import {
  CHOICE_KINDS,
  PRESET_QUESTIONS,
  type QuestionKind,
  type QuestionPreset,
} from '@store/shared/questions';
import { questionProblem } from '@store/shared/domain/answers';
import type { AdminQuestion, QuestionInput } from '@store/shared/schemas/questions';

export interface QuestionForm {
  /** React's key: the question's id, or one made up for a question not saved yet. */
  key: string;
  _id?: string;
  kind: QuestionKind;
  label: string;
  help: string;
  required: boolean;
  /** A day of the event (its label); '' = every day. */
  day: string;
  /** One option per line (opcion, opciones). */
  options: string;
  /** numero: the range as typed; '' = open. */
  min: string;
  max: string;
  preset: QuestionPreset | null;
  /** How many attendees answered it (0 for a new one). */
  answered: number;
}

/** The fields a message can be shown next to; `question` = the question as a whole. */
export type QuestionField = 'kind' | 'label' | 'help' | 'day' | 'options' | 'min' | 'max' | 'question';
export type QuestionErrors = Partial<Record<QuestionField, string>>;

let made = 0;
const newKey = () => `nueva-${++made}`;

export function toQuestionForm(q: AdminQuestion): QuestionForm {
  return {
    key: q._id,
    _id: q._id,
    kind: q.kind,
    label: q.label,
    help: q.help ?? '',
    required: q.required,
    day: q.day ?? '',
    options: q.options.join('\n'),
    min: q.min === null ? '' : String(q.min),
    max: q.max === null ? '' : String(q.max),
    preset: q.preset,
    answered: q.answered,
  };
}

export function emptyQuestion(): QuestionForm {
  return {
    key: newKey(),
    kind: 'texto',
    label: '',
    help: '',
    required: false,
    day: '',
    options: '',
    min: '',
    max: '',
    preset: null,
    answered: 0,
  };
}

/** A ready-made question, editable like any other; its preset links answers across events. */
export function presetQuestion(preset: QuestionPreset): QuestionForm {
  const p = PRESET_QUESTIONS[preset];
  return {
    ...emptyQuestion(),
    kind: p.kind,
    label: p.label,
    help: p.help ?? '',
    required: p.required,
    options: p.options.join('\n'),
    preset,
  };
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((o) => o.trim())
    .filter((o) => o !== '');

/** '' → null; a number (a decimal comma too) → it; anything else → NaN. */
function numberOf(text: string): number | null {
  const t = text.trim().replace(',', '.');
  if (t === '') return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : Number.NaN;
}

/** What PUT …/questions takes for one question: options only for choices, a range only for numbers. */
export function toQuestionInput(f: QuestionForm): QuestionInput {
  const numeric = f.kind === 'numero';
  return {
    ...(f._id ? { _id: f._id } : {}),
    kind: f.kind,
    label: f.label.trim(),
    help: f.help.trim() || null,
    required: f.required,
    options: CHOICE_KINDS.includes(f.kind) ? lines(f.options) : [],
    min: numeric ? numberOf(f.min) : null,
    max: numeric ? numberOf(f.max) : null,
    day: f.day || null,
    preset: f.preset,
  };
}

/** The field a message of questionProblem (or of the API's refusal) belongs next to. */
export function fieldOf(message: string): QuestionField {
  switch (message) {
    case QUESTION_MSG.questionLabelRequired:
    case QUESTION_MSG.questionLabelTooLong:
      return 'label';
    case QUESTION_MSG.questionHelpTooLong:
      return 'help';
    case QUESTION_MSG.questionOptionsRequired:
    case QUESTION_MSG.questionOptionsTooMany:
    case QUESTION_MSG.questionOptionTooLong:
    case QUESTION_MSG.questionOptionsRepeated:
      return 'options';
    case QUESTION_MSG.questionRange:
      return 'max';
    case QUESTION_MSG.questionDayUnknown:
      return 'day';
    case QUESTION_MSG.questionKindLocked:
      return 'kind';
    default:
      return 'question';
  }
}

/** The messages to show next to a question's fields; {} when it can be saved. */
export function questionErrors(f: QuestionForm, dayLabels: readonly string[]): QuestionErrors {
  const input = toQuestionInput(f);
  if (f.kind === 'numero') {
    const bad: QuestionErrors = {};
    if (Number.isNaN(input.min)) bad.min = QUESTION_MSG.answerNumber;
    if (Number.isNaN(input.max)) bad.max = QUESTION_MSG.answerNumber;
    if (bad.min || bad.max) {
      const rest = questionProblem({ ...input, min: null, max: null }, dayLabels);
      return rest ? { [fieldOf(rest)]: rest, ...bad } : bad;
    }
  }
  const problem = questionProblem(input, dayLabels);
  return problem ? { [fieldOf(problem)]: problem } : {};
}
