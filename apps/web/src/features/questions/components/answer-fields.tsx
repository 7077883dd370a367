// The answers form of one event (docs/questions.md), without its <form> (the checkout's own form
// holds it; the /registro page wraps it in one): each question drawn by its kind, its label with
// «*» when required, its help, the day it is asked for, the note of an answer proposed from an
// earlier event, and the message of a wrong answer under it, tied to the control
// (aria-invalid, aria-describedby) so that the first marked field can be focused. Read-only
// once the answers can no longer change.
import { useId, useState, type ReactNode } from 'react';
import { History } from 'lucide-react';
import { ANSWER_LONG_TEXT_MAX, ANSWER_TEXT_MAX } from '@store/shared/questions';
import { QUESTION_MSG } from '@store/shared/question-messages';
import type { AnswerValue, PublicQuestion } from '@store/shared/schemas/questions';
import { Alert } from '../../../components/ui/alert';
import { cn } from '../../../components/ui/cn';
import { Field, FieldError, Input, Select, Textarea } from '../../../components/ui/input';
import type { AnswerDraft } from '../hooks/use-answer-drafts';
import { isProposed } from '../utils/answer-values';

/** Beyond this many options, «una opción» is a list to open rather than radio buttons. */
const MAX_RADIOS = 6;

export const PROPOSED_NOTE = 'Usamos tu respuesta de un evento anterior';

export function AnswerFields({ draft }: { draft: AnswerDraft }) {
  const base = useId();
  const { event } = draft;
  return (
    <div className="space-y-6">
      {!draft.editable && <Alert tone="info">{QUESTION_MSG.answersClosed}</Alert>}
      {draft.failure && (
        <Alert tone="error" live>
          {draft.failure}
        </Alert>
      )}
      {event.questions.map((q, i) => {
        const value = draft.values[q._id] ?? null;
        return (
          <QuestionField
            key={q._id}
            id={`${base}-${i}`}
            question={q}
            value={value}
            error={draft.problems[q._id]}
            proposed={isProposed(event, q._id, value)}
            disabled={!draft.editable}
            onChange={(v) => draft.onChange(q._id, v)}
          />
        );
      })}
    </div>
  );
}

interface QuestionFieldProps {
  id: string;
  question: PublicQuestion;
  value: AnswerValue | null;
  error: string | undefined;
  proposed: boolean;
  disabled: boolean;
  onChange: (value: AnswerValue | null) => void;
}

/** What goes under a question besides its error: its help, its day, a proposed answer's note. */
function hintOf(question: PublicQuestion, proposed: boolean, extra?: ReactNode): ReactNode {
  const parts = [
    question.help && <span key="help">{question.help}</span>,
    question.day && <span key="day">Para quienes asisten el día «{question.day}».</span>,
    proposed && (
      <span key="proposed" className="inline-flex items-center gap-1 text-sky-900">
        <History aria-hidden="true" className="h-3.5 w-3.5 shrink-0" /> {PROPOSED_NOTE}.
      </span>
    ),
    extra,
  ].filter(Boolean);
  if (parts.length === 0) return undefined;
  return parts.map((p, i) => (
    <span key={i} className="block">
      {p}
    </span>
  ));
}

function QuestionField(props: QuestionFieldProps) {
  const { question } = props;
  switch (question.kind) {
    case 'opcion':
      return question.options.length > MAX_RADIOS ? (
        <SelectQuestion {...props} />
      ) : (
        <ChoiceGroup {...props} />
      );
    case 'opciones':
    case 'si_no':
      return <ChoiceGroup {...props} />;
    default:
      return <TextQuestion {...props} />;
  }
}

/** texto, texto_largo (with a count of its characters), numero and fecha. */
function TextQuestion({ id, question, value, error, proposed, disabled, onChange }: QuestionFieldProps) {
  const long = question.kind === 'texto_largo';
  const text = typeof value === 'string' ? value : '';
  const max = long ? ANSWER_LONG_TEXT_MAX : ANSWER_TEXT_MAX;
  const counter = long && (
    <span className={text.length > max ? 'font-medium text-red-700' : undefined}>
      {text.length} de {max} caracteres
    </span>
  );
  return (
    <Field
      id={id}
      label={question.label}
      required={question.required}
      error={error}
      hint={hintOf(question, proposed, counter)}
    >
      {(control) => {
        if (long)
          return (
            <Textarea
              {...control}
              rows={4}
              value={text}
              disabled={disabled}
              onChange={(e) => onChange(e.target.value)}
            />
          );
        if (question.kind === 'numero' || question.kind === 'fecha')
          return (
            <NumberOrDateInput
              {...control}
              question={question}
              value={value}
              disabled={disabled}
              onChange={onChange}
            />
          );
        return (
          <Input
            {...control}
            value={text}
            disabled={disabled}
            autoComplete="off"
            onChange={(e) => onChange(e.target.value)}
          />
        );
      }}
    </Field>
  );
}

/**
 * A number or a date. Left to the browser while typed (a half-written «1.» or date is not a
 * value yet, and writing one back would wipe what is typed): what it cannot read is kept as NaN
 * or «?», which the shared rules name («Escribe un número.», «Escribe una fecha válida…»).
 */
function NumberOrDateInput({
  question,
  value,
  disabled,
  onChange,
  ...control
}: {
  id: string;
  'aria-describedby'?: string;
  invalid: boolean;
  required?: boolean;
  question: PublicQuestion;
  value: AnswerValue | null;
  disabled: boolean;
  onChange: (value: AnswerValue | null) => void;
}) {
  const [start] = useState(() =>
    typeof value === 'number' && Number.isFinite(value)
      ? String(value)
      : typeof value === 'string'
        ? value
        : '',
  );
  if (question.kind === 'fecha')
    return (
      <Input
        {...control}
        type="date"
        className="sm:max-w-56"
        defaultValue={start}
        disabled={disabled}
        onChange={(e) => onChange(e.target.validity.badInput ? '?' : e.target.value || null)}
      />
    );
  return (
    <Input
      {...control}
      type="number"
      inputMode="decimal"
      step="any"
      className="sm:max-w-56"
      min={question.min ?? undefined}
      max={question.max ?? undefined}
      defaultValue={start}
      disabled={disabled}
      onChange={(e) => {
        const el = e.target;
        if (el.validity.badInput) onChange(Number.NaN);
        else onChange(el.value.trim() === '' ? null : Number(el.value));
      }}
    />
  );
}

/** «Una opción» with more options than fit as radio buttons. */
function SelectQuestion({ id, question, value, error, proposed, disabled, onChange }: QuestionFieldProps) {
  return (
    <Field
      id={id}
      label={question.label}
      required={question.required}
      error={error}
      hint={hintOf(question, proposed)}
    >
      {(control) => (
        <Select
          {...control}
          value={typeof value === 'string' ? value : ''}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value || null)}
        >
          <option value="">Elige una opción</option>
          {question.options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}

/** «Una opción» as radio buttons, «varias opciones» as checkboxes, «sí/no» as two radio buttons. */
function ChoiceGroup({ id, question, value, error, proposed, disabled, onChange }: QuestionFieldProps) {
  const many = question.kind === 'opciones';
  const yesNo = question.kind === 'si_no';
  const hint = hintOf(question, proposed);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const chosen = Array.isArray(value) ? value : [];
  const choices: { label: string; value: AnswerValue; checked: boolean }[] = yesNo
    ? [
        { label: 'Sí', value: true, checked: value === true },
        { label: 'No', value: false, checked: value === false },
      ]
    : question.options.map((o) => ({
        label: o,
        value: o,
        checked: many ? chosen.includes(o) : value === o,
      }));
  return (
    <fieldset id={id}>
      <legend className="text-sm font-medium text-ink">
        {question.label}
        {question.required && (
          <>
            <span className="text-brand-700" aria-hidden="true">
              {' '}
              *
            </span>
            {/* A radio says it is required; a group of checkboxes cannot. */}
            {many && (
              <>
                {' '}
                <span className="sr-only">(obligatoria)</span>
              </>
            )}
          </>
        )}
      </legend>
      <div className={cn('mt-2 gap-2', yesNo ? 'flex flex-wrap' : 'grid sm:grid-cols-2')}>
        {choices.map((c) => (
          <label
            key={c.label}
            className={cn(
              'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border bg-white px-3 py-2 text-sm text-ink',
              yesNo && 'min-w-24',
              error ? 'border-red-700' : 'border-slate-300 hover:border-slate-400',
              c.checked && !error && 'border-brand-600 bg-brand-50',
              disabled && 'cursor-not-allowed bg-slate-100 text-slate-600',
            )}
          >
            <input
              type={many ? 'checkbox' : 'radio'}
              name={many ? undefined : id}
              className="h-5 w-5 shrink-0 accent-brand-700"
              checked={c.checked}
              disabled={disabled}
              required={!many && question.required}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
              onChange={(e) => {
                if (!many) return onChange(c.value);
                const option = c.value as string;
                const next = e.target.checked ? [...chosen, option] : chosen.filter((x) => x !== option);
                onChange(next.length > 0 ? next : null);
              }}
            />
            <span className="break-words">{c.label}</span>
          </label>
        ))}
      </div>
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      <FieldError id={errorId}>{error}</FieldError>
    </fieldset>
  );
}
