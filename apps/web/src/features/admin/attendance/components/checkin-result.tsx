// The answer of the last check-in, large enough to read at arm's length at the door:
// registered (green), already registered with the time (amber), or refused (red).
import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import { formatTime } from '@store/shared/domain/time';
import type { AdminCheckinResponse } from '@store/shared/schemas/admin/attendance';
import { cn } from '../../../../components/ui/cn';

export type CheckinOutcome = { ok: true; result: AdminCheckinResponse } | { ok: false; message: string };

export function CheckinResult({ outcome }: { outcome: CheckinOutcome }) {
  const tone = !outcome.ok ? 'refused' : outcome.result.created ? 'done' : 'again';
  const Icon = tone === 'done' ? CheckCircle2 : tone === 'again' ? Clock : XCircle;
  return (
    <div
      role="status"
      aria-live="assertive"
      data-testid="checkin-result"
      className={cn(
        'flex items-start gap-3 rounded-xl border p-4',
        tone === 'done' && 'border-emerald-300 bg-emerald-50 text-emerald-950',
        tone === 'again' && 'border-amber-300 bg-amber-50 text-amber-950',
        tone === 'refused' && 'border-red-300 bg-red-50 text-red-950',
      )}
    >
      <Icon aria-hidden="true" className="mt-0.5 h-8 w-8 shrink-0" />
      {outcome.ok ? (
        <div className="min-w-0">
          <p className="text-lg font-bold">
            {outcome.result.created
              ? 'Asistencia registrada'
              : `Ya registrado a las ${formatTime(outcome.result.checkedInAt)}`}
          </p>
          <p className="font-semibold break-words">{outcome.result.name}</p>
          <p className="text-sm">
            {outcome.result.eventName} · {outcome.result.day}
          </p>
        </div>
      ) : (
        <p className="text-lg font-bold">{outcome.message}</p>
      )}
    </div>
  );
}
