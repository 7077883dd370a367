// The back office's attendance table: per person, each day's minutes online and door check-in,
// whether it counts and why (the same words the member reads), «Corregir» for a staff
// correction, the hours a constancia would certify, whether the person qualifies (or why not),
// and the constancia with its actions.
import { CheckCircle2, MapPin, PencilLine, XCircle } from 'lucide-react';
import { dayVerdictText } from '@store/shared/attendance-messages';
import { formatDuration } from '@store/shared/domain/attendance';
import { formatTime } from '@store/shared/domain/time';
import {
  NOT_QUALIFIED_LABELS,
  type AdminAttendancePerson,
  type AdminAttendanceResponse,
} from '@store/shared/schemas/admin/attendance';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '../../../../components/ui/table';

export interface AdminAttendanceTableProps {
  report: Omit<AdminAttendanceResponse, 'success'>;
  busyFolio: string | null;
  onRevoke: (person: AdminAttendancePerson, folio: string) => void;
  onReissue: (person: AdminAttendancePerson, folio: string) => void;
  /** Opens the correction of one person's day. */
  onCorrect: (person: AdminAttendancePerson, productDayId: string) => void;
}

export function AdminAttendanceTable({
  report,
  busyFolio,
  onRevoke,
  onReissue,
  onCorrect,
}: AdminAttendanceTableProps) {
  return (
    <Table label={`Asistencia de ${report.event.name}`}>
      <TableHead>
        <TableRow>
          <TableHeaderCell>Persona</TableHeaderCell>
          {report.days.map((d) => (
            <TableHeaderCell key={d._id}>
              {d.label}
              <span className="block text-xs font-normal text-slate-600">
                mín. {formatDuration(Math.ceil(d.requiredSeconds / 60))}
              </span>
            </TableHeaderCell>
          ))}
          <TableHeaderCell>Horas</TableHeaderCell>
          <TableHeaderCell>Constancia</TableHeaderCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {report.people.map((p) => (
          <TableRow key={p.userId}>
            <TableCell>
              <p className="font-medium">{p.certificateName ?? p.name}</p>
              <p className="text-xs text-slate-600">{p.email}</p>
              {p.cedula && <p className="text-xs text-slate-600">Cédula {p.cedula}</p>}
            </TableCell>
            {report.days.map((d) => {
              const day = p.days.find((x) => x.productDayId === d._id);
              if (!day) {
                return (
                  <TableCell key={d._id} className="text-slate-500">
                    —
                  </TableCell>
                );
              }
              const v = day.verdict;
              return (
                <TableCell key={d._id}>
                  <span className="inline-flex items-center gap-1">
                    {v.counts ? (
                      <CheckCircle2 aria-label="Cuenta" className="h-4 w-4 shrink-0 text-emerald-700" />
                    ) : (
                      <XCircle aria-label="No cuenta" className="h-4 w-4 shrink-0 text-slate-500" />
                    )}
                    {day.checkedInAt !== null && day.watchedSeconds === 0
                      ? 'En la sede'
                      : `${v.watchedMinutes} min`}
                  </span>
                  {day.checkedInAt !== null && v.reason !== 'puerta' && (
                    <span className="mt-0.5 flex items-center gap-1 text-xs text-slate-600">
                      <MapPin aria-hidden="true" className="h-3 w-3" /> Presente {formatTime(day.checkedInAt)}
                    </span>
                  )}
                  <span className="mt-0.5 block max-w-56 text-xs text-slate-600">
                    {dayVerdictText(v, {
                      checkedInTime: day.checkedInAt === null ? null : formatTime(day.checkedInAt),
                      note: day.correction?.reason,
                    })}
                  </span>
                  <button
                    type="button"
                    className="mt-1 inline-flex min-h-8 items-center gap-1 text-xs font-semibold text-brand-700 underline-offset-4 hover:underline"
                    onClick={() => onCorrect(p, d._id)}
                    aria-label={`Corregir ${d.label} de ${p.certificateName ?? p.name}`}
                  >
                    <PencilLine aria-hidden="true" className="h-3 w-3" /> Corregir
                  </button>
                </TableCell>
              );
            })}
            <TableCell>{p.minutes > 0 ? formatDuration(p.minutes) : '—'}</TableCell>
            <TableCell>
              {p.constancia ? (
                <div className="space-y-1">
                  <p className="font-mono text-xs">{p.constancia.folio}</p>
                  {p.constancia.revoked ? (
                    <Badge tone="danger">Revocada</Badge>
                  ) : (
                    <Badge tone="success">Emitida</Badge>
                  )}
                  <div className="flex flex-wrap gap-2 pt-1">
                    {!p.constancia.revoked && (
                      <Button
                        size="sm"
                        variant="secondary"
                        loading={busyFolio === p.constancia.folio}
                        onClick={() => onRevoke(p, p.constancia!.folio)}
                      >
                        Revocar
                      </Button>
                    )}
                    {p.qualifies && (
                      <Button
                        size="sm"
                        variant="ghost"
                        loading={busyFolio === p.constancia.folio}
                        onClick={() => onReissue(p, p.constancia!.folio)}
                      >
                        Reemitir
                      </Button>
                    )}
                  </div>
                </div>
              ) : p.qualifies ? (
                <Badge tone="info">Cumple</Badge>
              ) : (
                <span className="text-xs text-slate-700">{NOT_QUALIFIED_LABELS[p.reason!]}</span>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
