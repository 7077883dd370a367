// The evaluation an event asks before its constancia, on /admin/attendance (docs/attendance.md
// → Evaluation): single-choice questions of the exam (with the right option marked) and of the
// survey (no right option), the exam's pass mark and the attempts; and the results as CSV.
// Once someone has answered, the questions stay as they are (the server refuses a change).
import { useState } from 'react';
import { Download, Plus, Trash2, X } from 'lucide-react';
import { ADMIN_MSG } from '@store/shared/admin-messages';
import {
  MAX_EVALUATION_OPTIONS,
  MAX_EVALUATION_QUESTIONS,
  type AdminEvaluation,
  type EvaluationQuestionKind,
} from '@store/shared/schemas/evaluation';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/card';
import { Input, Label, TextField } from '../../../../components/ui/input';
import { Skeleton } from '../../../../components/ui/skeleton';
import { errorMessage, notify } from '../../../../lib/notify';
import { downloadEvaluationResults, useAdminEvaluation, useSaveEvaluation } from '../api/admin-evaluation';

interface QuestionForm {
  kind: EvaluationQuestionKind;
  text: string;
  options: string[];
  correct: number | null;
}

const newQuestion = (kind: EvaluationQuestionKind): QuestionForm => ({
  kind,
  text: '',
  options: ['', ''],
  correct: null,
});

export function EvaluationEditor({ productId }: { productId: string }) {
  const evaluation = useAdminEvaluation(productId);
  return (
    <Card aria-labelledby="evaluation-title">
      <CardHeader>
        <CardTitle id="evaluation-title">Evaluación antes de la constancia</CardTitle>
        <CardDescription>
          Opcional. Al terminar el evento, quien alcanzó la asistencia la responde en Mi cuenta; la constancia
          se emite a quien aprueba el examen (o responde la encuesta).
        </CardDescription>
      </CardHeader>
      <CardContent>
        {evaluation.isPending ? (
          <Skeleton className="h-32 w-full rounded-lg" />
        ) : evaluation.isError ? (
          <Alert tone="error">{evaluation.error.message}</Alert>
        ) : (
          <EvaluationForm key={productId} productId={productId} current={evaluation.data} />
        )}
      </CardContent>
    </Card>
  );
}

function EvaluationForm({ productId, current }: { productId: string; current: AdminEvaluation | null }) {
  const [questions, setQuestions] = useState<QuestionForm[]>(() => current?.questions ?? []);
  const [passPercent, setPassPercent] = useState(String(current?.passPercent ?? 80));
  const [maxAttempts, setMaxAttempts] = useState(String(current?.maxAttempts ?? 2));
  const [serverError, setServerError] = useState<string | null>(null);
  const save = useSaveEvaluation();
  const locked = (current?.attempts ?? 0) > 0;

  const update = (qi: number, change: Partial<QuestionForm>) =>
    setQuestions((qs) => qs.map((q, i) => (i === qi ? { ...q, ...change } : q)));

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    save.mutate(
      { productId, questions, passPercent: Number(passPercent), maxAttempts: Number(maxAttempts) },
      {
        onSuccess: (res) => {
          setServerError(null);
          notify.success(res.message ?? ADMIN_MSG.evaluationSaved);
        },
        onError: (err) => setServerError(errorMessage(err, 'No se pudo guardar la evaluación')),
      },
    );
  };

  const download = (view: 'personas' | 'preguntas') =>
    downloadEvaluationResults(productId, view).then(
      (name) => notify.success(`Descargado: ${name}`),
      (err: unknown) => notify.error(errorMessage(err, 'No se pudo descargar')),
    );

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      {serverError ? (
        <Alert tone="error" title="No se guardó la evaluación" live>
          {serverError}
        </Alert>
      ) : null}
      {current && current.attempts > 0 ? (
        <Alert tone="info">
          {current.attempts} {current.attempts === 1 ? 'intento enviado' : 'intentos enviados'};{' '}
          {current.passed} {current.passed === 1 ? 'persona aprobó' : 'personas aprobaron'}. Las preguntas ya
          no se pueden cambiar; la calificación mínima y los intentos, sí.
        </Alert>
      ) : null}
      <ol className="space-y-4">
        {questions.map((q, qi) => (
          <li key={qi} className="rounded-lg border border-slate-200 p-3">
            <div className="flex items-start gap-2">
              <TextField
                label={`Pregunta ${qi + 1} (${q.kind === 'examen' ? 'examen' : 'encuesta'})`}
                containerClassName="min-w-0 flex-1"
                value={q.text}
                disabled={locked}
                onChange={(e) => update(qi, { text: e.target.value })}
              />
              <Button
                variant="ghost"
                size="sm"
                className="mt-6"
                disabled={locked}
                aria-label={`Quitar la pregunta ${qi + 1}`}
                onClick={() => setQuestions((qs) => qs.filter((_, i) => i !== qi))}
              >
                <Trash2 aria-hidden="true" className="h-4 w-4" />
              </Button>
            </div>
            <fieldset className="mt-3 space-y-2">
              <legend className="text-sm text-slate-700">
                Opciones{q.kind === 'examen' ? ' (marca la correcta)' : ''}
              </legend>
              {q.options.map((option, oi) => (
                <div key={oi} className="flex items-center gap-2">
                  {q.kind === 'examen' ? (
                    <input
                      type="radio"
                      name={`correct-${qi}`}
                      className="h-4 w-4 shrink-0 accent-brand-700"
                      aria-label={`Pregunta ${qi + 1}: la opción ${oi + 1} es la correcta`}
                      checked={q.correct === oi}
                      disabled={locked}
                      onChange={() => update(qi, { correct: oi })}
                    />
                  ) : null}
                  <Input
                    aria-label={`Pregunta ${qi + 1}, opción ${oi + 1}`}
                    value={option}
                    disabled={locked}
                    onChange={(e) =>
                      update(qi, { options: q.options.map((o, i) => (i === oi ? e.target.value : o)) })
                    }
                  />
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={locked || q.options.length <= 2}
                    aria-label={`Quitar la opción ${oi + 1} de la pregunta ${qi + 1}`}
                    onClick={() =>
                      update(qi, {
                        options: q.options.filter((_, i) => i !== oi),
                        correct:
                          q.correct === oi
                            ? null
                            : q.correct !== null && q.correct > oi
                              ? q.correct - 1
                              : q.correct,
                      })
                    }
                  >
                    <X aria-hidden="true" className="h-4 w-4" />
                  </Button>
                </div>
              ))}
              <Button
                variant="secondary"
                size="sm"
                disabled={locked || q.options.length >= MAX_EVALUATION_OPTIONS}
                onClick={() => update(qi, { options: [...q.options, ''] })}
              >
                <Plus aria-hidden="true" className="h-4 w-4" /> Agregar opción
              </Button>
            </fieldset>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        {(['examen', 'encuesta'] as const).map((kind) => (
          <Button
            key={kind}
            variant="secondary"
            disabled={locked || questions.length >= MAX_EVALUATION_QUESTIONS}
            onClick={() => setQuestions((qs) => [...qs, newQuestion(kind)])}
          >
            <Plus aria-hidden="true" className="h-4 w-4" />
            {kind === 'examen' ? 'Pregunta de examen' : 'Pregunta de encuesta'}
          </Button>
        ))}
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <div>
          <Label htmlFor="evaluation-pass">Calificación mínima del examen (%)</Label>
          <Input
            id="evaluation-pass"
            className="mt-1"
            type="number"
            inputMode="numeric"
            min={1}
            max={100}
            value={passPercent}
            onChange={(e) => setPassPercent(e.target.value)}
          />
        </div>
        <div>
          <Label htmlFor="evaluation-attempts">Intentos por persona</Label>
          <Input
            id="evaluation-attempts"
            className="mt-1"
            type="number"
            inputMode="numeric"
            min={1}
            max={10}
            value={maxAttempts}
            onChange={(e) => setMaxAttempts(e.target.value)}
          />
        </div>
      </div>
      <p className="text-sm text-slate-600">
        Sin preguntas, el evento no pide evaluación. Guardar sin preguntas quita la evaluación.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" loading={save.isPending}>
          Guardar evaluación
        </Button>
        {current ? (
          <>
            <Button variant="secondary" onClick={() => void download('personas')}>
              <Download aria-hidden="true" className="h-4 w-4" /> Resultados por persona (CSV)
            </Button>
            <Button variant="secondary" onClick={() => void download('preguntas')}>
              <Download aria-hidden="true" className="h-4 w-4" /> Resultados por pregunta (CSV)
            </Button>
          </>
        ) : null}
      </div>
    </form>
  );
}
