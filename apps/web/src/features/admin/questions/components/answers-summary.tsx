// The summary of the answers page: per question, how many answered and, for choices and sí/no,
// how many chose each option (a bar drawn for the eye; the numbers are the text read aloud).
// It counts every attendee of the event, whatever the filters of the table.
import type { AdminAnswersResponse } from '@store/shared/schemas/questions';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { questionTitle } from './answers-table';

export function AnswersSummary({ questions, summary }: Pick<AdminAnswersResponse, 'questions' | 'summary'>) {
  const byId = new Map(summary.map((s) => [s.questionId, s]));
  return (
    <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Resumen por pregunta">
      {questions.map((q) => {
        const s = byId.get(q._id);
        const answered = s?.answered ?? 0;
        return (
          <li key={q._id}>
            <Card className="h-full">
              <CardHeader>
                <CardTitle as="h3" className="text-base">
                  {questionTitle(q)}
                </CardTitle>
                <p className="text-sm text-slate-600">
                  {answered === 1 ? '1 persona respondió' : `${answered} personas respondieron`}
                  {q.kind === 'opciones' && answered > 0 ? ' (cada una puede elegir varias)' : ''}
                </p>
              </CardHeader>
              <CardContent>
                {s?.counts ? (
                  <ul className="space-y-2 text-sm">
                    {s.counts.map((c) => {
                      const share = answered > 0 ? Math.round((c.count / answered) * 100) : 0;
                      return (
                        <li key={c.option}>
                          <div className="flex justify-between gap-3">
                            <span className="min-w-0 text-ink [overflow-wrap:anywhere]">{c.option}</span>
                            <span className="shrink-0 text-slate-700 tabular-nums">
                              {c.count} · {share} %
                            </span>
                          </div>
                          <div aria-hidden="true" className="mt-1 h-2 rounded-full bg-slate-100">
                            <div className="h-2 rounded-full bg-brand-600" style={{ width: `${share}%` }} />
                          </div>
                        </li>
                      );
                    })}
                  </ul>
                ) : (
                  <p className="text-sm text-slate-600">Respuestas abiertas: léelas en la tabla.</p>
                )}
              </CardContent>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
