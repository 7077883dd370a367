// Issues the constancias of an event in one go: everyone who qualifies and has no valid one,
// one call per person (so the page shows progress and one failure does not stop the rest),
// then a summary of what was issued and what failed and why.
import { useState } from 'react';
import { Award } from 'lucide-react';
import type { AdminAttendancePerson } from '@store/shared/schemas/admin/attendance';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { errorMessage } from '../../../../lib/notify';
import { issueConstancia } from '../api/admin-attendance';

interface Outcome {
  issued: number;
  failed: { name: string; message: string }[];
}

export function ConstanciaBatch({
  productId,
  people,
  onDone,
}: {
  productId: string;
  people: AdminAttendancePerson[];
  onDone: () => void;
}) {
  const pending = people.filter((p) => p.qualifies && (!p.constancia || p.constancia.revoked));
  const notQualified = people.filter((p) => !p.qualifies).length;
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const run = async () => {
    const queue = [...pending];
    const result: Outcome = { issued: 0, failed: [] };
    setOutcome(null);
    setProgress({ done: 0, total: queue.length });
    for (const [i, person] of queue.entries()) {
      try {
        await issueConstancia({ productId, userId: person.userId });
        result.issued += 1;
      } catch (err) {
        result.failed.push({ name: person.certificateName ?? person.name, message: errorMessage(err, '') });
      }
      setProgress({ done: i + 1, total: queue.length });
    }
    setProgress(null);
    setOutcome(result);
    onDone();
  };

  const running = progress !== null;
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-700">
          <strong>{pending.length}</strong> {pending.length === 1 ? 'persona cumple' : 'personas cumplen'} y
          aún no {pending.length === 1 ? 'tiene' : 'tienen'} constancia; <strong>{notQualified}</strong> no{' '}
          {notQualified === 1 ? 'cumple' : 'cumplen'} (el motivo está en la tabla).
        </p>
        <Button disabled={pending.length === 0 || running} loading={running} onClick={() => void run()}>
          <Award aria-hidden="true" className="h-4 w-4" />
          Emitir constancias
        </Button>
      </div>
      {running && (
        <div className="mt-4" role="status" aria-live="polite">
          <p className="text-sm font-medium">
            Emitiendo {Math.min(progress.done + 1, progress.total)} de {progress.total}…
          </p>
          <progress
            className="mt-2 h-2 w-full overflow-hidden rounded-full accent-brand-700"
            max={progress.total}
            value={progress.done}
            aria-label="Progreso de la emisión"
          />
        </div>
      )}
      {outcome && (
        <Alert tone={outcome.failed.length ? 'info' : 'success'} className="mt-4" live>
          {outcome.issued === 1 ? 'Se emitió 1 constancia' : `Se emitieron ${outcome.issued} constancias`} y
          se
          {outcome.issued === 1 ? ' envió' : ' enviaron'} por correo.
          {outcome.failed.length > 0 && (
            <ul className="mt-2 list-disc pl-5">
              {outcome.failed.map((f) => (
                <li key={f.name}>
                  {f.name}: {f.message}
                </li>
              ))}
            </ul>
          )}
        </Alert>
      )}
    </div>
  );
}
