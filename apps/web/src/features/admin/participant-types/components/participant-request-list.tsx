// The queue of /admin/participant-types: one card per request (member, current and requested
// type, date, proof), with the proof's preview and the decision buttons on open requests.
import { Check, Eye, X } from 'lucide-react';
import { USER_TYPE_LABELS } from '@store/shared/constants';
import { formatDateTime } from '@store/shared/domain/time';
import type { AdminParticipantRequest } from '@store/shared/schemas/admin/participant-types';
import { PARTICIPANT_REQUEST_STATUS_LABELS } from '@store/shared/schemas/participant-types';
import { Badge, type BadgeTone } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';

const STATUS_TONE: Record<AdminParticipantRequest['status'], BadgeTone> = {
  solicitada: 'warning',
  aprobada: 'success',
  rechazada: 'danger',
};

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${Math.round(n / 1024)} KB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}

export function ParticipantRequestList({
  requests,
  busy,
  onPreview,
  onApprove,
  onReject,
}: {
  requests: AdminParticipantRequest[];
  busy: boolean;
  onPreview: (r: AdminParticipantRequest) => void;
  onApprove: (r: AdminParticipantRequest) => void;
  onReject: (r: AdminParticipantRequest) => void;
}) {
  return (
    <ul className="space-y-3" aria-label="Solicitudes">
      {requests.map((r) => (
        <li key={r._id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <div className="flex flex-col gap-3 lg:flex-row lg:items-start lg:justify-between">
            <div className="min-w-0 space-y-1">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-semibold text-ink">{r.member.name}</span>
                <Badge tone={STATUS_TONE[r.status]}>{PARTICIPANT_REQUEST_STATUS_LABELS[r.status]}</Badge>
              </p>
              <p className="truncate text-sm text-slate-600">{r.member.email}</p>
              <p className="text-sm text-slate-700">
                Solicita <strong>{USER_TYPE_LABELS[r.requestedType]}</strong> · hoy:{' '}
                {USER_TYPE_LABELS[r.member.userType]}
              </p>
              <p className="text-xs text-slate-500">
                Enviada el {formatDateTime(r.createdAt)}
                {r.decidedAt !== null && ` · resuelta el ${formatDateTime(r.decidedAt)}`}
              </p>
              <p className="text-xs break-all text-slate-500">
                {r.fileName} (
                {r.fileMime === 'application/pdf' ? 'PDF' : r.fileMime.replace('image/', '').toUpperCase()},{' '}
                {formatBytes(r.fileSize)})
              </p>
              {r.reason && <p className="text-sm text-red-800">Motivo del rechazo: {r.reason}</p>}
            </div>
            <div className="flex flex-wrap gap-2 lg:justify-end">
              <Button variant="secondary" size="sm" onClick={() => onPreview(r)}>
                <Eye aria-hidden="true" className="h-4 w-4" />
                Ver comprobante
                <span className="sr-only"> de {r.member.email}</span>
              </Button>
              {r.status === 'solicitada' && (
                <>
                  <Button size="sm" disabled={busy} onClick={() => onApprove(r)}>
                    <Check aria-hidden="true" className="h-4 w-4" />
                    Aprobar
                    <span className="sr-only"> a {r.member.email}</span>
                  </Button>
                  <Button variant="danger" size="sm" disabled={busy} onClick={() => onReject(r)}>
                    <X aria-hidden="true" className="h-4 w-4" />
                    Rechazar
                    <span className="sr-only"> a {r.member.email}</span>
                  </Button>
                </>
              )}
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
