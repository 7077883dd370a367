// /admin/participant-types: members' requests for a verified participant type. Counts per
// status, a filter (open requests first), the proof's preview, approve (the member's type
// changes and so does their price) or reject with a reason; the member is e-mailed either way.
import { useState } from 'react';
import type { AdminParticipantRequest } from '@store/shared/schemas/admin/participant-types';
import {
  PARTICIPANT_REQUEST_STATUS_LABELS,
  PARTICIPANT_REQUEST_STATUSES,
  type ParticipantRequestStatus,
} from '@store/shared/schemas/participant-types';
import { cn } from '../../../components/ui/cn';
import {
  useDecideParticipantRequest,
  useParticipantRequests,
} from '../../../features/admin/participant-types/api/participant-types';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { Pagination } from '../../../components/admin/pagination';
import { ParticipantRequestList } from '../../../features/admin/participant-types/components/participant-request-list';
import { ProofPreviewDialog } from '../../../features/admin/participant-types/components/proof-preview-dialog';
import { QueryState } from '../../../components/admin/query-state';
import { RejectRequestDialog } from '../../../features/admin/participant-types/components/reject-request-dialog';
import { errorMessage, notify } from '../../../lib/notify';

const PAGE_SIZE = 25;
type Filter = ParticipantRequestStatus | 'todas';
const EMPTY: Record<Filter, string> = {
  solicitada: 'No hay solicitudes por revisar.',
  aprobada: 'Todavía no hay solicitudes aprobadas.',
  rechazada: 'No hay solicitudes rechazadas.',
  todas: 'Todavía no hay solicitudes.',
};

export function Component() {
  const [status, setStatus] = useState<Filter>('solicitada');
  const [page, setPage] = useState(1);
  const requests = useParticipantRequests({
    status: status === 'todas' ? undefined : status,
    page,
    pageSize: PAGE_SIZE,
  });
  const decide = useDecideParticipantRequest();
  const [preview, setPreview] = useState<AdminParticipantRequest | null>(null);
  const [rejecting, setRejecting] = useState<AdminParticipantRequest | null>(null);
  const counts = requests.data?.counts;

  const run = async (input: Parameters<typeof decide.mutateAsync>[0]) => {
    try {
      const res = await decide.mutateAsync(input);
      notify.success(res.message);
      setRejecting(null);
    } catch (err) {
      notify.error(errorMessage(err, 'No se pudo guardar la decisión'));
    }
  };

  const filters: { value: Filter; label: string; count?: number }[] = [
    ...PARTICIPANT_REQUEST_STATUSES.map((s) => ({
      value: s,
      label: s === 'solicitada' ? 'Por revisar' : `${PARTICIPANT_REQUEST_STATUS_LABELS[s]}s`,
      count: counts?.[s],
    })),
    { value: 'todas', label: 'Todas' },
  ];

  return (
    <>
      <AdminPageHeader
        title="Tipos de participante"
        description="Solicitudes de los miembros para pagar la cuota de su tipo (residente, especialista, enfermería, estudiante, personal del hospital sede). Revisa el comprobante y aprueba o rechaza con un motivo; el miembro recibe un correo."
      />
      <div role="group" aria-label="Filtrar por estado" className="mb-4 flex flex-wrap gap-2">
        {filters.map((f) => (
          <button
            key={f.value}
            type="button"
            aria-pressed={status === f.value}
            onClick={() => {
              setStatus(f.value);
              setPage(1);
            }}
            className={cn(
              'inline-flex min-h-10 items-center gap-2 rounded-full border px-4 text-sm font-medium transition-colors',
              status === f.value
                ? 'border-brand-700 bg-brand-700 text-white'
                : 'border-slate-300 bg-white text-ink hover:bg-slate-50',
            )}
          >
            {f.label}
            {f.count !== undefined && (
              <span
                className={cn(
                  'rounded-full px-2 text-xs tabular-nums',
                  status === f.value ? 'bg-white/20' : 'bg-slate-100',
                )}
              >
                {f.count}
              </span>
            )}
          </button>
        ))}
      </div>
      <QueryState
        query={requests}
        loadingLabel="Cargando solicitudes…"
        isEmpty={(d) => d.requests.length === 0}
        empty={EMPTY[status]}
      >
        {(data) => (
          <>
            <ParticipantRequestList
              requests={data.requests}
              busy={decide.isPending}
              onPreview={setPreview}
              onApprove={(r) => void run({ id: r._id, decision: 'approve' })}
              onReject={setRejecting}
            />
            <Pagination page={page} pageSize={PAGE_SIZE} total={data.total} onPage={setPage} />
          </>
        )}
      </QueryState>
      <ProofPreviewDialog request={preview} onClose={() => setPreview(null)} />
      <RejectRequestDialog
        request={rejecting}
        busy={decide.isPending}
        onConfirm={(r, reason) => void run({ id: r._id, decision: 'reject', reason })}
        onClose={() => setRejecting(null)}
      />
    </>
  );
}
