// The entries of /admin/waitlist: person, day, state (with the place in line or the offer's
// deadline), when they joined and the order that took an offered seat.
import { WAITLIST_STATUS_LABELS, type WaitlistStatus } from '@store/shared/constants';
import { formatDateTime } from '@store/shared/domain/time';
import type { AdminWaitlistEntry } from '@store/shared/schemas/admin/waitlist';
import { Badge, type BadgeTone } from '../../../../components/ui/badge';
import { DataTable, type Column } from '../../../../components/admin/data-table';
import { OrderRef } from '../../../../components/admin/order-ref';

const TONES: Record<WaitlistStatus, BadgeTone> = {
  esperando: 'info',
  ofrecido: 'warning',
  reclamado: 'success',
  expirado: 'neutral',
  retirado: 'neutral',
};

function stateDetail(e: AdminWaitlistEntry): string | null {
  if (e.status === 'esperando' && e.position !== null) return `Posición ${e.position}`;
  if (e.status === 'ofrecido' && e.offerExpiresAt !== null)
    return `Hasta ${formatDateTime(e.offerExpiresAt)}`;
  if (e.offeredAt !== null) return `Ofrecido ${formatDateTime(e.offeredAt)}`;
  return null;
}

const COLUMNS: Column<AdminWaitlistEntry>[] = [
  {
    header: 'Nombre',
    className: 'max-w-64',
    cell: (e) => (
      <>
        <span className="block font-medium text-ink">{e.name}</span>
        <span className="block truncate text-xs text-slate-500">{e.email}</span>
      </>
    ),
  },
  { header: 'Día', className: 'min-w-32', cell: (e) => e.day },
  {
    header: 'Estado',
    className: 'whitespace-nowrap',
    cell: (e) => {
      const detail = stateDetail(e);
      return (
        <>
          <Badge tone={TONES[e.status]}>{WAITLIST_STATUS_LABELS[e.status]}</Badge>
          {detail && <span className="mt-1 block text-xs text-slate-500">{detail}</span>}
        </>
      );
    },
  },
  { header: 'Se anotó', className: 'whitespace-nowrap', cell: (e) => formatDateTime(e.joinedAt) },
  {
    header: 'Orden',
    className: 'whitespace-nowrap',
    cell: (e) => (e.orderId ? <OrderRef id={e.orderId} /> : '—'),
  },
];

export function WaitlistTable({ entries }: { entries: AdminWaitlistEntry[] }) {
  return <DataTable label="Lista de espera" rows={entries} rowKey={(e) => e._id} columns={COLUMNS} />;
}
