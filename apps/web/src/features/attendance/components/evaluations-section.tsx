// "Evaluaciones" card of Mi cuenta (docs/attendance.md → Evaluation): for each event the member
// holds that asks an evaluation, where the member stands ("Asistencia suficiente — responde la
// evaluación", "Aprobada", "No aprobada (te quedan N intentos)") and, when it may be answered,
// its single-choice questions. Passing (or answering a survey) releases the constancia.
import { useState } from 'react';
import { ClipboardCheck } from 'lucide-react';
import { MX_TIME_ZONE_LABEL, formatDateTime } from '@store/shared/domain/time';
import { MSG } from '@store/shared/messages';
import type { MyEvaluation } from '@store/shared/schemas/evaluation';
import { Alert } from '../../../components/ui/alert';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { errorMessage, notify } from '../../../lib/notify';
import { useMyEvaluations, useSubmitEvaluation } from '../api/my-evaluations';
import { evaluationStateText } from '@store/shared/attendance-messages';

const TONES: Record<MyEvaluation['state'], BadgeTone> = {
  pendiente_evento: 'neutral',
  sin_asistencia: 'neutral',
  por_responder: 'info',
  aprobada: 'success',
  no_aprobada: 'warning',
  sin_intentos: 'danger',
};

export function EvaluationsSection() {
  const evaluations = useMyEvaluations();
  if (!evaluations.data || evaluations.data.length === 0) return null;
  return (
    <Card aria-labelledby="account-evaluations-title">
      <CardHeader>
        <CardTitle id="account-evaluations-title">Evaluaciones</CardTitle>
        <CardDescription>
          Estos eventos piden una evaluación antes de emitir tu constancia. Se abre al terminar el evento para
          quien alcanzó la asistencia mínima.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {evaluations.data.map((e) => (
          <EvaluationItem key={e.productId} evaluation={e} />
        ))}
      </CardContent>
    </Card>
  );
}

function EvaluationItem({ evaluation: e }: { evaluation: MyEvaluation }) {
  const [answers, setAnswers] = useState<(number | null)[]>(() => e.questions.map(() => null));
  const [missing, setMissing] = useState(false);
  const [result, setResult] = useState<{ passed: boolean; message: string } | null>(null);
  const submit = useSubmitEvaluation();
  const headingId = `evaluation-${e.productId}`;
  const state = evaluationStateText(
    e.state,
    e.attemptsLeft,
    `${formatDateTime(e.opensAt)}, ${MX_TIME_ZONE_LABEL}`,
  );

  const send = (ev: React.FormEvent) => {
    ev.preventDefault();
    if (answers.some((a) => a === null)) {
      setMissing(true);
      return;
    }
    setMissing(false);
    submit.mutate(
      { productId: e.productId, answers: answers as number[] },
      {
        onSuccess: (res) => {
          setResult({ passed: res.passed, message: res.message });
          setAnswers(e.questions.map(() => null));
          if (res.passed) notify.success(res.message);
        },
        onError: (err) => notify.error(errorMessage(err, 'No se pudieron enviar tus respuestas')),
      },
    );
  };

  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="flex items-center gap-2 font-semibold text-ink">
          <ClipboardCheck aria-hidden="true" className="h-4 w-4 shrink-0 text-brand-700" />
          {e.eventName}
        </h3>
        <Badge tone={TONES[e.state]} data-testid="evaluation-state">
          {state}
        </Badge>
      </div>
      {e.hasExam && e.state !== 'sin_asistencia' ? (
        <p className="mt-2 text-sm text-slate-600">
          Examen de opción múltiple: se aprueba con {e.passPercent}&nbsp;% o más.
          {e.bestScore !== null ? ` Tu mejor calificación: ${e.bestScore}\u00a0%.` : ''}
        </p>
      ) : null}
      {result && !result.passed ? (
        <Alert tone="error" className="mt-3" live>
          {result.message}
        </Alert>
      ) : null}
      {e.questions.length > 0 ? (
        <form onSubmit={send} className="mt-4 space-y-5" noValidate>
          {e.questions.map((q, qi) => (
            <fieldset key={qi} className="space-y-2">
              <legend className="text-sm font-medium text-ink">
                {qi + 1}. {q.text}
                {q.kind === 'encuesta' ? (
                  <span className="font-normal text-slate-600"> (encuesta)</span>
                ) : null}
              </legend>
              <div className="space-y-1">
                {q.options.map((option, oi) => (
                  <label
                    key={oi}
                    className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 text-sm hover:bg-slate-50"
                  >
                    <input
                      type="radio"
                      name={`${headingId}-q${qi}`}
                      className="h-4 w-4 accent-brand-700"
                      checked={answers[qi] === oi}
                      onChange={() => setAnswers((prev) => prev.map((a, i) => (i === qi ? oi : a)))}
                    />
                    {option}
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
          {missing ? (
            <Alert tone="error" live>
              {MSG.evaluationAnswersInvalid}
            </Alert>
          ) : null}
          <Button type="submit" loading={submit.isPending}>
            Enviar respuestas
          </Button>
        </form>
      ) : null}
    </section>
  );
}
