// "Tu asistencia" on Mis Productos: for each event already started, every paid day with what
// counted and why («250 de 360 min; se necesitan 288», the door check-in, a staff correction),
// and where the constancia stands (issued, about to be issued, or what is missing).
import { CheckCircle2, CircleDashed, XCircle } from 'lucide-react';
import { constanciaStatusText, dayVerdictText } from '@store/shared/attendance-messages';
import { formatDateFull, formatTime } from '@store/shared/domain/time';
import type { MyAttendanceDay, MyAttendanceEvent } from '@store/shared/schemas/attendance';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { useAttendanceSummary } from '../api/attendance-summary';

const STATUS_TONE: Record<MyAttendanceEvent['status'], BadgeTone> = {
  emitida: 'success',
  en_curso: 'info',
  sin_datos: 'warning',
  sin_asistencia: 'neutral',
  sin_evaluacion: 'warning',
  por_emitir: 'info',
  a_mano: 'info',
};

const STATUS_LABEL: Record<MyAttendanceEvent['status'], string> = {
  emitida: 'Constancia emitida',
  en_curso: 'En curso',
  sin_datos: 'Faltan tus datos',
  sin_asistencia: 'Sin constancia',
  sin_evaluacion: 'Falta la evaluación',
  por_emitir: 'Constancia en camino',
  a_mano: 'Constancia pendiente',
};

function DayLine({ day }: { day: MyAttendanceDay }) {
  const v = day.verdict;
  const Icon = v.counts ? CheckCircle2 : v.reason === 'en_curso' ? CircleDashed : XCircle;
  const tone = v.counts ? 'text-emerald-700' : v.reason === 'en_curso' ? 'text-sky-700' : 'text-slate-500';
  return (
    <li className="flex items-start gap-2 py-1.5">
      <Icon aria-hidden="true" className={`mt-0.5 h-4 w-4 shrink-0 ${tone}`} />
      <span className="min-w-0">
        <span className="font-medium">{day.label}</span>
        <span className="text-slate-500"> · {formatDateFull(day.startsAt)}</span>
        <span className="block text-sm text-slate-700">
          {dayVerdictText(v, {
            checkedInTime: day.checkedInAt === null ? null : formatTime(day.checkedInAt),
            note: day.correctionReason,
          })}
        </span>
      </span>
    </li>
  );
}

export function AttendanceSummarySection() {
  const summary = useAttendanceSummary();
  if (!summary.data || summary.data.length === 0) return null;
  return (
    <section aria-labelledby="attendance-title" className="mt-10">
      <h2 id="attendance-title" className="text-xl font-bold tracking-tight">
        Tu asistencia
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Cada día cuenta con tu registro en puerta o con el tiempo que viste la transmisión mientras ocurría.
      </p>
      <ul className="mt-4 grid gap-4">
        {summary.data.map((e) => (
          <li key={e.productId} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-semibold">{e.eventName}</h3>
              <Badge tone={STATUS_TONE[e.status]}>{STATUS_LABEL[e.status]}</Badge>
            </div>
            <ul className="mt-2 divide-y divide-slate-100" aria-label={`Días de ${e.eventName}`}>
              {e.days.map((d) => (
                <DayLine key={d.label} day={d} />
              ))}
            </ul>
            <p className="mt-2 text-sm text-slate-700">{constanciaStatusText(e.status, e.folio)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
