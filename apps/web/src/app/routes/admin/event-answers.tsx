// /admin/events/:eventId/respuestas: the registration answers of an event (docs/questions.md):
// the summary per question, then one row per attendee with their answers, filtered by a name or
// e-mail and by a question's answer (the filters live in the address); the attendee CSV carries
// the same answers, one column per question.
import { useParams, useSearchParams } from 'react-router';
import { ArrowLeft, Download, Pencil } from 'lucide-react';
import { CHOICE_KINDS } from '@store/shared/questions';
import type { AdminQuestion } from '@store/shared/schemas/questions';
import { Button, ButtonLink } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { SelectField, TextField } from '../../../components/ui/input';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { QueryState } from '../../../components/admin/query-state';
import { useDownloadAttendees } from '../../../features/admin/attendees/api/download-attendees';
import { useAdminEvent } from '../../../features/admin/events/api/get-event';
import { useAnswers } from '../../../features/admin/questions/api/get-answers';
import { AnswersSummary } from '../../../features/admin/questions/components/answers-summary';
import { AnswersTable, questionTitle } from '../../../features/admin/questions/components/answers-table';
import { QUESTIONS_ANCHOR } from '../../../features/admin/questions/components/questions-anchor';
import { errorMessage, notify } from '../../../lib/notify';
import { useDebounced } from '../../../lib/use-debounced';

/** The answers a question can be filtered by from a list; null = typed (part of the answer). */
function choicesOf(q: AdminQuestion | undefined): readonly string[] | null {
  if (!q) return null;
  if (q.kind === 'si_no') return ['Sí', 'No'];
  return CHOICE_KINDS.includes(q.kind) ? q.options : null;
}

export function Component() {
  const { eventId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const get = (k: string) => params.get(k) ?? '';
  const set = (patch: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next, { replace: true });
  };
  const q = useDebounced(get('q').trim());
  const value = useDebounced(get('value').trim());
  const questionId = get('questionId');
  const event = useAdminEvent(eventId);
  const answers = useAnswers(eventId, {
    q: q || undefined,
    questionId: questionId || undefined,
    value: (questionId && value) || undefined,
  });
  const download = useDownloadAttendees();
  const filtered = ['q', 'questionId'].some((k) => get(k));
  const questions = answers.data?.questions ?? [];
  const chosen = questions.find((x) => x._id === questionId);
  const choices = choicesOf(chosen);

  const onDownload = async () => {
    try {
      const name = await download.mutateAsync({ productId: eventId });
      notify.success(`Descargado: ${name}`);
    } catch (err) {
      notify.error(errorMessage(err, 'No se pudo descargar la lista'));
    }
  };

  return (
    <>
      <AdminPageHeader
        title="Respuestas de registro"
        description={event.data?.name}
        actions={
          <>
            <ButtonLink to={`/admin/events/${eventId}`} variant="ghost" size="sm">
              <ArrowLeft aria-hidden="true" className="h-4 w-4" />
              Evento
            </ButtonLink>
            <ButtonLink to={`/admin/events/${eventId}#${QUESTIONS_ANCHOR}`} variant="secondary" size="sm">
              <Pencil aria-hidden="true" className="h-4 w-4" />
              Editar preguntas
            </ButtonLink>
            <Button
              variant="secondary"
              size="sm"
              disabled={!answers.data || answers.data.rows.length === 0}
              loading={download.isPending}
              onClick={() => void onDownload()}
            >
              <Download aria-hidden="true" className="h-4 w-4" />
              Descargar CSV
            </Button>
          </>
        }
      />
      <QueryState query={answers} loadingLabel="Cargando respuestas…">
        {(data) =>
          data.questions.length === 0 ? (
            <EmptyState variant="panel">
              Este evento no tiene preguntas de registro. Agrégalas en «Editar preguntas».
            </EmptyState>
          ) : (
            <div className="space-y-8">
              <section aria-labelledby="resumen">
                <h2 id="resumen" className="mb-3 text-lg font-semibold text-ink">
                  Resumen
                </h2>
                <AnswersSummary questions={data.questions} summary={data.summary} />
              </section>
              <section aria-labelledby="asistentes">
                <h2 id="asistentes" className="mb-3 text-lg font-semibold text-ink">
                  Asistentes
                </h2>
                {!filtered && data.rows.length === 0 ? (
                  <EmptyState variant="panel">
                    Aún no hay asistentes con pago confirmado: sus respuestas aparecerán aquí.
                  </EmptyState>
                ) : (
                  <>
                    <form
                      role="search"
                      aria-label="Filtrar respuestas"
                      onSubmit={(e) => e.preventDefault()}
                      className="mb-4 grid grid-cols-1 gap-3 rounded-xl border border-slate-200 bg-white p-4 md:grid-cols-3"
                    >
                      <TextField
                        label="Nombre o correo"
                        type="search"
                        placeholder="Buscar…"
                        value={get('q')}
                        onChange={(e) => set({ q: e.target.value })}
                      />
                      <SelectField
                        label="Pregunta"
                        value={questionId}
                        onChange={(e) => set({ questionId: e.target.value, value: '' })}
                      >
                        <option value="">Todas</option>
                        {questions.map((x) => (
                          <option key={x._id} value={x._id}>
                            {questionTitle(x)}
                          </option>
                        ))}
                      </SelectField>
                      {choices ? (
                        <SelectField
                          label="Respuesta"
                          value={get('value')}
                          onChange={(e) => set({ value: e.target.value })}
                        >
                          <option value="">Cualquier respuesta</option>
                          {choices.map((c) => (
                            <option key={c} value={c}>
                              {c}
                            </option>
                          ))}
                        </SelectField>
                      ) : (
                        <TextField
                          label="La respuesta contiene"
                          type="search"
                          disabled={!chosen}
                          placeholder={
                            !chosen
                              ? 'Elige primero una pregunta'
                              : chosen.kind === 'fecha'
                                ? 'dd/mm/aaaa'
                                : 'Cualquier respuesta'
                          }
                          value={get('value')}
                          onChange={(e) => set({ value: e.target.value })}
                        />
                      )}
                      {filtered && (
                        <div className="md:col-span-3">
                          <Button
                            variant="ghost"
                            size="sm"
                            onClick={() => setParams(new URLSearchParams(), { replace: true })}
                          >
                            Quitar filtros
                          </Button>
                        </div>
                      )}
                    </form>
                    <p className="mb-2 text-sm text-slate-600" role="status">
                      {data.rows.length} {data.rows.length === 1 ? 'asistente' : 'asistentes'}
                      {filtered ? ' con estos filtros' : ''}
                    </p>
                    {data.rows.length === 0 ? (
                      <EmptyState variant="panel">Nadie coincide con los filtros.</EmptyState>
                    ) : (
                      <AnswersTable questions={data.questions} rows={data.rows} />
                    )}
                  </>
                )}
              </section>
            </div>
          )
        }
      </QueryState>
    </>
  );
}
