// /admin/events: the events (active and archived) with search, seats per day and actions.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Archive, ArchiveRestore, Copy, Pencil, Plus, Users } from 'lucide-react';
import { ENDED_LABEL, hasEnded } from '@store/shared/domain/event-days';
import { formatDate, formatDateRange, formatTimeRange } from '@store/shared/domain/time';
import { ADMIN_EVENT_STATUSES, type AdminEvent } from '@store/shared/schemas/admin/events';
import { Badge } from '../../../components/ui/badge';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Select } from '../../../components/ui/input';
import { useEventAction, type EventAction } from '../../../features/admin/api/event-actions';
import { useAdminEvents } from '../../../features/admin/api/get-events';
import { AdminPageHeader } from '../../../features/admin/components/admin-page-header';
import { ConfirmDialog } from '../../../features/admin/components/confirm-dialog';
import { DataTable, type Column } from '../../../features/admin/components/data-table';
import { QueryState } from '../../../features/admin/components/query-state';
import { SearchField } from '../../../features/admin/components/search-field';
import { SeatMeter } from '../../../features/admin/components/seat-meter';
import { EventStateBadge } from '../../../features/admin/components/status-badges';
import { money } from '../../../features/admin/utils/format';
import { useDebounced } from '../../../features/admin/utils/use-debounced';
import { errorMessage, notify } from '../../../lib/notify';
import { useNow } from '../../../lib/use-now';

const STATUS_LABELS: Record<(typeof ADMIN_EVENT_STATUSES)[number], string> = {
  all: 'Todos',
  active: 'En la tienda',
  archived: 'Archivados',
};

export function Component() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<(typeof ADMIN_EVENT_STATUSES)[number]>('all');
  const debounced = useDebounced(search.trim());
  const events = useAdminEvents({ search: debounced, status });
  const action = useEventAction();
  const navigate = useNavigate();
  const [archiving, setArchiving] = useState<AdminEvent | null>(null);
  const now = useNow();

  const run = async (event: AdminEvent, kind: EventAction) => {
    try {
      const res = await action.mutateAsync({ id: event._id, action: kind });
      notify.success(res.message ?? 'Listo');
      if (kind === 'duplicate') navigate(`/admin/events/${res.event._id}`);
    } catch (err) {
      notify.error(errorMessage(err, 'No se pudo completar la acción'));
    } finally {
      setArchiving(null);
    }
  };

  const columns: Column<AdminEvent>[] = [
    {
      header: 'Evento',
      className: 'min-w-60',
      cell: (e) => (
        <div className="flex items-start gap-3">
          {e.image[0] ? (
            <img
              src={e.image[0]}
              alt=""
              className="h-12 w-16 shrink-0 rounded-md bg-slate-100 object-cover"
            />
          ) : (
            <span aria-hidden="true" className="h-12 w-16 shrink-0 rounded-md bg-slate-100" />
          )}
          <div>
            <Link
              to={`/admin/events/${e._id}`}
              className="font-semibold text-ink hover:text-brand-700 hover:underline"
            >
              {e.name}
            </Link>
            <span className="block text-sm text-slate-700">{formatDateRange(e.startsAt, e.endsAt)}</span>
            <span className="block text-xs text-slate-600">
              {e.category} · {e.subCategory}
              {e.isPresential ? ' · Presencial' : ''}
            </span>
            <span className="mt-1 flex flex-wrap gap-1">
              <EventStateBadge active={e.active} />
              {hasEnded(e, now) && <Badge>{ENDED_LABEL}</Badge>}
            </span>
          </div>
        </div>
      ),
    },
    {
      header: 'Precio',
      align: 'right',
      className: 'whitespace-nowrap tabular-nums',
      cell: (e) => (e.price === 0 ? 'Gratis' : money(e.price)),
    },
    {
      header: 'Días y lugares',
      className: 'min-w-72',
      cell: (e) => (
        <ul className="space-y-2">
          {e.days.map((d) => (
            <li key={d._id} className="flex items-start justify-between gap-3">
              <span>
                <span className="block text-ink">{d.label}</span>
                <span className="block text-xs text-slate-600">
                  {formatDate(d.startsAt)} · {formatTimeRange(d.startsAt, d.endsAt)}
                </span>
                {hasEnded(d, now) && (
                  <span className="block text-xs font-semibold text-slate-700">{ENDED_LABEL}</span>
                )}
              </span>
              <SeatMeter sold={d.seatsSold} capacity={d.seatCapacity} />
            </li>
          ))}
        </ul>
      ),
    },
    {
      header: 'Acciones',
      hiddenHeader: true,
      cell: (e) => (
        <div className="flex justify-end">
          <ButtonLink
            to={`/admin/events/${e._id}`}
            variant="ghost"
            size="icon"
            aria-label={`Editar ${e.name}`}
            title="Editar"
          >
            <Pencil aria-hidden="true" className="h-5 w-5" />
          </ButtonLink>
          <ButtonLink
            to={`/admin/attendees?productId=${e._id}`}
            variant="ghost"
            size="icon"
            aria-label={`Asistentes de ${e.name}`}
            title="Asistentes"
          >
            <Users aria-hidden="true" className="h-5 w-5" />
          </ButtonLink>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Duplicar ${e.name}`}
            title="Duplicar"
            disabled={action.isPending}
            onClick={() => run(e, 'duplicate')}
          >
            <Copy aria-hidden="true" className="h-5 w-5" />
          </Button>
          {e.active ? (
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Archivar ${e.name}`}
              title="Archivar"
              onClick={() => setArchiving(e)}
            >
              <Archive aria-hidden="true" className="h-5 w-5" />
            </Button>
          ) : (
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Publicar ${e.name}`}
              title="Publicar de nuevo"
              disabled={action.isPending}
              onClick={() => run(e, 'unarchive')}
            >
              <ArchiveRestore aria-hidden="true" className="h-5 w-5" />
            </Button>
          )}
        </div>
      ),
    },
  ];

  return (
    <>
      <AdminPageHeader
        title="Eventos"
        description="Lo que se vende en la tienda: días, enlaces de transmisión y cupos."
        actions={
          <ButtonLink to="/admin/events/new">
            <Plus aria-hidden="true" className="h-4 w-4" />
            Nuevo evento
          </ButtonLink>
        }
      />
      <div className="mb-4 flex flex-col gap-3 sm:flex-row">
        <SearchField
          label="Buscar eventos por nombre"
          placeholder="Buscar por nombre"
          value={search}
          onChange={setSearch}
          className="flex-1"
        />
        <Select
          aria-label="Estado"
          value={status}
          onChange={(e) => setStatus(e.target.value as typeof status)}
          className="sm:w-48"
        >
          {ADMIN_EVENT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </Select>
      </div>

      <QueryState
        query={events}
        loadingLabel="Cargando eventos…"
        isEmpty={(d) => d.length === 0}
        empty={debounced ? 'Ningún evento coincide con la búsqueda.' : 'Aún no hay eventos. Crea el primero.'}
      >
        {(data) => <DataTable label="Eventos" rows={data} rowKey={(e) => e._id} columns={columns} />}
      </QueryState>
      <ConfirmDialog
        open={archiving !== null}
        title="¿Archivar el evento?"
        description={
          archiving
            ? `«${archiving.name}» dejará de aparecer en la tienda. Quien ya lo compró conserva su orden y su acceso a las transmisiones. Puedes publicarlo de nuevo cuando quieras.`
            : undefined
        }
        confirmLabel="Archivar"
        busy={action.isPending}
        onConfirm={() => archiving && run(archiving, 'archive')}
        onClose={() => setArchiving(null)}
      />
    </>
  );
}
