// One question of «Preguntas de registro»: its type, text, help, whether it is required and for
// which day; options one per line for a choice, a range for a number; the arrows that move it
// and the button that removes it. Each message is shown next to the field it is about.
import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import {
  CHOICE_KINDS,
  QUESTION_KIND_LABELS,
  QUESTION_KINDS,
  type QuestionKind,
} from '@store/shared/questions';
import { Alert } from '../../../../components/ui/alert';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { Checkbox, SelectField, TextareaField, TextField } from '../../../../components/ui/input';
import type { QuestionErrors, QuestionForm } from './question-form';

export function answersCount(n: number): string {
  return n === 1 ? '1 respuesta' : `${n} respuestas`;
}

export function QuestionFields({
  question: q,
  index: i,
  count,
  dayLabels,
  errors,
  onChange,
  onMove,
  onRemove,
}: {
  question: QuestionForm;
  index: number;
  count: number;
  dayLabels: readonly string[];
  errors: QuestionErrors;
  onChange: (patch: Partial<QuestionForm>) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const n = i + 1;
  const choice = CHOICE_KINDS.includes(q.kind);
  // The API refuses another type once someone answered (remove it and add another).
  const kindLocked = q._id !== undefined && q.answered > 0;
  const headingId = `pregunta-${q.key}`;
  return (
    <li aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-slate-50 p-4">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h3 className="flex flex-wrap items-center gap-2 font-semibold text-ink">
          <span id={headingId}>Pregunta {n}</span>
          {q.required && <Badge tone="brand">Obligatoria</Badge>}
          {q._id !== undefined && (
            <span className="text-sm font-normal text-slate-600">{answersCount(q.answered)}</span>
          )}
        </h3>
        <div className="flex">
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Subir pregunta ${n}`}
            title="Subir"
            disabled={i === 0}
            onClick={() => onMove(i - 1)}
          >
            <ArrowUp aria-hidden="true" className="h-4 w-4" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Bajar pregunta ${n}`}
            title="Bajar"
            disabled={i === count - 1}
            onClick={() => onMove(i + 1)}
          >
            <ArrowDown aria-hidden="true" className="h-4 w-4" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Eliminar pregunta ${n}`}
            title="Eliminar"
            onClick={onRemove}
          >
            <Trash2 aria-hidden="true" className="h-4 w-4 text-red-700" />
          </Button>
        </div>
      </div>
      {errors.question && (
        <Alert tone="error" className="mb-3">
          {errors.question}
        </Alert>
      )}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          label="Pregunta"
          required
          containerClassName="sm:col-span-2"
          error={errors.label}
          value={q.label}
          onChange={(e) => onChange({ label: e.target.value })}
        />
        <SelectField
          label="Tipo de respuesta"
          disabled={kindLocked}
          hint={kindLocked ? 'Ya tiene respuestas: su tipo no puede cambiar.' : undefined}
          error={errors.kind}
          value={q.kind}
          onChange={(e) => onChange({ kind: e.target.value as QuestionKind })}
        >
          {QUESTION_KINDS.map((k) => (
            <option key={k} value={k}>
              {QUESTION_KIND_LABELS[k]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Día"
          hint="Con un día, solo se pregunta a quienes asisten ese día."
          error={errors.day}
          value={q.day}
          onChange={(e) => onChange({ day: e.target.value })}
        >
          <option value="">Todos los días</option>
          {dayLabels.map((d) => (
            <option key={d} value={d}>
              {d}
            </option>
          ))}
          {/* A day renamed since: still shown, so the select tells the truth (the save names it). */}
          {q.day !== '' && !dayLabels.includes(q.day) && <option value={q.day}>{q.day}</option>}
        </SelectField>
        <TextField
          label="Ayuda"
          hint="Opcional: una aclaración bajo la pregunta."
          containerClassName="sm:col-span-2"
          error={errors.help}
          value={q.help}
          onChange={(e) => onChange({ help: e.target.value })}
        />
        {choice && (
          <TextareaField
            label="Opciones"
            required
            rows={5}
            hint="Una por línea, en el orden en que se muestran."
            containerClassName="sm:col-span-2"
            error={errors.options}
            value={q.options}
            onChange={(e) => onChange({ options: e.target.value })}
          />
        )}
        {q.kind === 'numero' && (
          <>
            <TextField
              label="Mínimo"
              inputMode="decimal"
              placeholder="Sin mínimo"
              error={errors.min}
              value={q.min}
              onChange={(e) => onChange({ min: e.target.value })}
            />
            <TextField
              label="Máximo"
              inputMode="decimal"
              placeholder="Sin máximo"
              error={errors.max}
              value={q.max}
              onChange={(e) => onChange({ max: e.target.value })}
            />
          </>
        )}
        <Checkbox
          label="Obligatoria"
          containerClassName="sm:col-span-2"
          checked={q.required}
          onChange={(e) => onChange({ required: e.target.checked })}
        />
      </div>
    </li>
  );
}
