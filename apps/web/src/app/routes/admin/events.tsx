// /admin/events: the events (in the store, drafts and archived) with search, seats per day and actions.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Plus } from 'lucide-react';
import { ADMIN_EVENT_STATUSES, type AdminEvent } from '@store/shared/schemas/admin/events';
import { ButtonLink } from '../../../components/ui/button';
import { Select } from '../../../components/ui/input';
import { useEventAction, type EventAction } from '../../../features/admin/events/api/event-actions';
import { useAdminEvents } from '../../../lib/admin/get-events';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { ConfirmDialog } from '../../../components/admin/confirm-dialog';
import { EventsTable } from '../../../features/admin/events/components/events-table';
import { QueryState } from '../../../components/admin/query-state';
import { SearchField } from '../../../components/admin/search-field';
import { useDebounced } from '../../../lib/use-debounced';
import { errorMessage, notify } from '../../../lib/notify';
import { useNow } from '../../../lib/use-now';

const STATUS_LABELS: Record<(typeof ADMIN_EVENT_STATUSES)[number], string> = {
  all: 'Todos',
  active: 'En la tienda',
  draft: 'Borradores',
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

  return (
    <>
      <AdminPageHeader
        title="Eventos"
        description="Lo que se vende en la tienda: días, enlaces de transmisión y cupos. Los borradores solo los ve el personal."
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
        {(data) => (
          <EventsTable
            events={data}
            now={now}
            busy={action.isPending}
            onAction={(e, kind) => void run(e, kind)}
            onArchive={setArchiving}
          />
        )}
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
