// «Preguntas de registro» of the event page (docs/questions.md → For the association): the
// event's questions in the order attendees see them, each editable; «Agregar pregunta» and one
// button per ready-made question not in the list yet; «Guardar preguntas» sends the whole list
// (its own save, apart from the event's). Each wrong question is named next to its field, first
// here (the shared questionProblem) and, when the API refuses, by the index it answers. Removing
// a question with answers is confirmed: they stay in the answers page and the CSV. The removed
// questions are listed below, folded.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { ClipboardList, Plus, Save } from 'lucide-react';
import { QUESTION_MSG } from '@store/shared/question-messages';
import {
  QUESTION_KIND_LABELS,
  QUESTION_PRESETS,
  QUESTIONS_PER_EVENT_MAX,
  type QuestionPreset,
} from '@store/shared/questions';
import type { AdminQuestion } from '@store/shared/schemas/questions';
import { ConfirmDialog } from '../../../../components/admin/confirm-dialog';
import { Alert } from '../../../../components/ui/alert';
import { Button, ButtonLink } from '../../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { Spinner } from '../../../../components/ui/spinner';
import { ApiError } from '../../../../lib/api-client';
import { showFirstMarked } from '../../../../lib/first-marked';
import { errorMessage, notify } from '../../../../lib/notify';
import { useQuestions } from '../api/get-questions';
import { useSaveQuestions } from '../api/save-questions';
import { answersCount, QuestionFields } from './question-fields';
import { QUESTIONS_ANCHOR } from './questions-anchor';
import {
  emptyQuestion,
  fieldOf,
  presetQuestion,
  questionErrors,
  toQuestionForm,
  toQuestionInput,
  type QuestionErrors,
  type QuestionForm,
} from './question-form';

/** The ready-made questions' buttons: «+ Institución», … */
const PRESET_BUTTONS: Record<QuestionPreset, string> = {
  institucion: 'Institución',
  especialidad: 'Especialidad',
  restricciones: 'Restricciones alimentarias',
  patrocinadores: 'Contacto de patrocinadores',
};

const TITLE_ID = 'preguntas-titulo';

/** The section, or what to do first when the event is not saved yet. */
export function QuestionsEditor({
  productId,
  dayLabels,
}: {
  /** The saved event's id; undefined while it is new. */
  productId: string | undefined;
  /** The saved event's days (a question may be asked only of one day's attendees). */
  dayLabels: readonly string[];
}) {
  return (
    <Card>
      <section id={QUESTIONS_ANCHOR} aria-labelledby={TITLE_ID} className="scroll-mt-4">
        <CardHeader>
          <div className="flex flex-wrap items-start justify-between gap-3">
            <CardTitle id={TITLE_ID}>Preguntas de registro</CardTitle>
            {productId && (
              <ButtonLink to={`/admin/events/${productId}/respuestas`} variant="secondary" size="sm">
                <ClipboardList aria-hidden="true" className="h-4 w-4" />
                Ver respuestas
              </ButtonLink>
            )}
          </div>
          <p className="text-sm text-slate-600">
            Lo que cada asistente responde al inscribirse (su institución, su especialidad…), en este orden.
            Se guardan aparte del evento, con «Guardar preguntas».
          </p>
        </CardHeader>
        <CardContent>
          {productId ? (
            <QuestionsList productId={productId} dayLabels={dayLabels} />
          ) : (
            <p className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-700">
              Guarda el evento para agregar preguntas.
            </p>
          )}
        </CardContent>
      </section>
    </Card>
  );
}

function QuestionsList({ productId, dayLabels }: { productId: string; dayLabels: readonly string[] }) {
  const query = useQuestions(productId);
  const save = useSaveQuestions(productId);
  const root = useRef<HTMLFormElement>(null);
  // The list as edited; null = the server's, until the first change.
  const [edited, setEdited] = useState<QuestionForm[] | null>(null);
  const [errors, setErrors] = useState<Record<string, QuestionErrors>>({});
  const [refusal, setRefusal] = useState<string>();
  const [confirming, setConfirming] = useState<QuestionForm | null>(null);
  // Opened at #preguntas: the section is reached once it is drawn (the page loads first).
  const { hash } = useLocation();
  const loaded = query.isSuccess;
  useEffect(() => {
    if (loaded && hash === `#${QUESTIONS_ANCHOR}`)
      document.getElementById(QUESTIONS_ANCHOR)?.scrollIntoView();
  }, [loaded, hash]);

  if (query.isError) {
    return (
      <Alert tone="error" live>
        {query.error.message}
      </Alert>
    );
  }
  if (query.isPending) return <Spinner label="Cargando las preguntas…" />;

  const items = edited ?? query.data.questions.map(toQuestionForm);
  const removed = query.data.removed;
  const full = items.length >= QUESTIONS_PER_EVENT_MAX;
  const presentPresets = new Set(items.map((q) => q.preset));
  const missingPresets = QUESTION_PRESETS.filter((p) => !presentPresets.has(p));

  const change = (next: QuestionForm[]) => {
    setEdited(next);
    setRefusal(undefined);
  };
  const update = (key: string, patch: Partial<QuestionForm>) => {
    const next = items.map((q) => (q.key === key ? { ...q, ...patch } : q));
    change(next);
    // A question with messages is checked again as it is typed; others only on saving.
    if (errors[key]) {
      const fixed = next.find((q) => q.key === key)!;
      setErrors({ ...errors, [key]: questionErrors(fixed, dayLabels) });
    }
  };
  const focusLabelOf = (index: number) =>
    requestAnimationFrame(() => {
      const li = root.current?.querySelectorAll('ol > li')[index];
      li?.querySelector<HTMLInputElement>('input[type="text"], input:not([type])')?.focus();
    });
  const add = (q: QuestionForm) => {
    change([...items, q]);
    focusLabelOf(items.length);
  };
  const move = (from: number, to: number) => {
    const next = [...items];
    const [q] = next.splice(from, 1);
    next.splice(to, 0, q!);
    change(next);
    // The focus stays on the arrow pressed, or on the other one once at the top or the bottom.
    const down = to > from;
    const edge = down ? to === next.length - 1 : to === 0;
    const name = `${down === !edge ? 'Bajar' : 'Subir'} pregunta ${to + 1}`;
    requestAnimationFrame(() =>
      root.current?.querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`)?.focus(),
    );
  };
  const remove = (key: string) => {
    change(items.filter((q) => q.key !== key));
    setErrors(Object.fromEntries(Object.entries(errors).filter(([k]) => k !== key)));
    setConfirming(null);
    requestAnimationFrame(() =>
      root.current?.querySelector<HTMLButtonElement>('[data-add-question]')?.focus(),
    );
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setRefusal(undefined);
    const found: Record<string, QuestionErrors> = {};
    for (const q of items) {
      const bad = questionErrors(q, dayLabels);
      if (Object.keys(bad).length > 0) found[q.key] = bad;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) {
      showFirstMarked(root.current);
      return;
    }
    try {
      await save.mutateAsync({ questions: items.map(toQuestionInput) });
      // The server's list (with the new questions' ids) is the list again.
      setEdited(null);
      setErrors({});
      notify.success(QUESTION_MSG.questionsSaved);
    } catch (err) {
      const problems = err instanceof ApiError ? err.problems : undefined;
      const named: Record<string, QuestionErrors> = {};
      for (const [index, message] of Object.entries(problems ?? {})) {
        const q = items[Number(index)];
        if (q) named[q.key] = { ...named[q.key], [fieldOf(message)]: message };
      }
      setErrors(named);
      const text = errorMessage(err, 'No se pudieron guardar las preguntas');
      setRefusal(text);
      notify.error(text);
      showFirstMarked(root.current);
    }
  };

  return (
    <form ref={root} noValidate onSubmit={(e) => void submit(e)}>
      {refusal && (
        <Alert tone="error" title="No se guardaron las preguntas" live className="mb-4">
          {refusal}
        </Alert>
      )}
      {items.length === 0 ? (
        <p className="mb-4 text-sm text-slate-700">
          Este evento no pregunta nada al inscribirse. Agrega una pregunta o una de las ya preparadas.
        </p>
      ) : (
        <ol className="mb-4 space-y-4">
          {items.map((q, i) => (
            <QuestionFields
              key={q.key}
              question={q}
              index={i}
              count={items.length}
              dayLabels={dayLabels}
              errors={errors[q.key] ?? {}}
              onChange={(patch) => update(q.key, patch)}
              onMove={(to) => move(i, to)}
              onRemove={() => (q.answered > 0 ? setConfirming(q) : remove(q.key))}
            />
          ))}
        </ol>
      )}

      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" data-add-question disabled={full} onClick={() => add(emptyQuestion())}>
          <Plus aria-hidden="true" className="h-4 w-4" />
          Agregar pregunta
        </Button>
        {missingPresets.map((p) => (
          <Button
            key={p}
            variant="secondary"
            size="sm"
            disabled={full}
            onClick={() => add(presetQuestion(p))}
          >
            + {PRESET_BUTTONS[p]}
          </Button>
        ))}
      </div>
      {full && <p className="mt-2 text-sm text-slate-600">{QUESTION_MSG.questionsTooMany}</p>}

      <div className="mt-6 flex flex-wrap items-center justify-end gap-3 border-t border-slate-200 pt-4">
        {edited && <p className="text-sm text-slate-600">Hay cambios sin guardar en las preguntas.</p>}
        <Button type="submit" loading={save.isPending}>
          <Save aria-hidden="true" className="h-4 w-4" />
          Guardar preguntas
        </Button>
      </div>

      {removed.length > 0 && <RemovedQuestions questions={removed} />}

      <ConfirmDialog
        open={confirming !== null}
        title={`¿Eliminar la pregunta «${confirming?.label.trim() || 'sin texto'}»?`}
        description={
          confirming &&
          `Ya no se preguntará. ${
            confirming.answered === 1
              ? 'Su respuesta se conserva en la exportación.'
              : `Sus ${confirming.answered} respuestas se conservan en la exportación.`
          } Se elimina al guardar las preguntas.`
        }
        confirmLabel="Eliminar pregunta"
        danger
        onConfirm={() => confirming && remove(confirming.key)}
        onClose={() => setConfirming(null)}
      />
    </form>
  );
}

/** The removed questions, folded: no longer asked, their answers kept. */
function RemovedQuestions({ questions }: { questions: readonly AdminQuestion[] }) {
  return (
    <details className="mt-6 rounded-lg border border-slate-200 bg-white">
      <summary className="cursor-pointer px-4 py-3 text-sm font-medium text-ink">
        Preguntas eliminadas (sus respuestas se conservan)
      </summary>
      <ul className="divide-y divide-slate-200 border-t border-slate-200 text-sm">
        {questions.map((q) => (
          <li key={q._id} className="flex flex-wrap justify-between gap-x-4 gap-y-1 px-4 py-2">
            <span className="text-ink">{q.label}</span>
            <span className="text-slate-600">
              {QUESTION_KIND_LABELS[q.kind]} · {answersCount(q.answered)}
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}
