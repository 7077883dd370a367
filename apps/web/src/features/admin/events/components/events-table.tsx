// The events list of /admin/events: picture, name, dates, category and state («Borrador» until
// published, "Finalizado" once the last day ended at `now`); price; each day's date, hours and
// seats; and the actions (edit, preview, publish a draft, attendees, registration answers,
// duplicate, archive or publish again).
import { Link } from 'react-router';
import { Archive, ArchiveRestore, ClipboardList, Copy, Eye, Pencil, Send, Users } from 'lucide-react';
import { ENDED_LABEL, hasEnded } from '@store/shared/domain/event-days';
import { formatDate, formatDateRange, formatTimeRange } from '@store/shared/domain/time';
import type { AdminEvent } from '@store/shared/schemas/admin/events';
import { Badge } from '../../../../components/ui/badge';
import { Button, ButtonLink } from '../../../../components/ui/button';
import type { EventAction } from '../api/event-actions';
import { money } from '../../../../lib/admin/format';
import { DataTable, type Column } from '../../../../components/admin/data-table';
import { SeatMeter } from '../../../../components/admin/seat-meter';
import { EventStateBadge } from '../../../../components/admin/status-badges';
import { EventCover } from '../../../../components/ui/event-cover';

export interface EventsTableProps {
  events: AdminEvent[];
  /** The clock "Finalizado" is judged by (epoch ms). */
  now: number;
  /** While an action runs. */
  busy: boolean;
  /** Duplicate or publish again, at once. */
  onAction: (event: AdminEvent, action: Exclude<EventAction, 'archive'>) => void;
  /** Archive, to be confirmed. */
  onArchive: (event: AdminEvent) => void;
}

export function EventsTable({ events, now, busy, onAction, onArchive }: EventsTableProps) {
  const columns: Column<AdminEvent>[] = [
    {
      header: 'Evento',
      className: 'min-w-60',
      cell: (e) => (
        <div className="flex items-start gap-3">
          <EventCover
            src={e.image[0]}
            alt=""
            className="h-12 w-16 shrink-0 rounded-md bg-slate-100 object-cover"
          />
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
              <EventStateBadge active={e.active} draft={e.draft} />
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
            to={`/product/${e._id}`}
            variant="ghost"
            size="icon"
            aria-label={`${e.draft ? 'Vista previa de' : 'Ver en la tienda'} ${e.name}`}
            title={e.draft ? 'Vista previa' : 'Ver en la tienda'}
          >
            <Eye aria-hidden="true" className="h-5 w-5" />
          </ButtonLink>
          {e.draft ? (
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Publicar el borrador ${e.name}`}
              title="Publicar"
              disabled={busy}
              onClick={() => onAction(e, 'publish')}
            >
              <Send aria-hidden="true" className="h-5 w-5 text-brand-700" />
            </Button>
          ) : (
            <ButtonLink
              to={`/admin/attendees?productId=${e._id}`}
              variant="ghost"
              size="icon"
              aria-label={`Asistentes de ${e.name}`}
              title="Asistentes"
            >
              <Users aria-hidden="true" className="h-5 w-5" />
            </ButtonLink>
          )}
          <ButtonLink
            to={`/admin/events/${e._id}/respuestas`}
            variant="ghost"
            size="icon"
            aria-label={`Respuestas de registro de ${e.name}`}
            title="Respuestas de registro"
          >
            <ClipboardList aria-hidden="true" className="h-5 w-5" />
          </ButtonLink>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Duplicar ${e.name}`}
            title="Duplicar"
            disabled={busy}
            onClick={() => onAction(e, 'duplicate')}
          >
            <Copy aria-hidden="true" className="h-5 w-5" />
          </Button>
          {e.active ? (
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Archivar ${e.name}`}
              title="Archivar"
              onClick={() => onArchive(e)}
            >
              <Archive aria-hidden="true" className="h-5 w-5" />
            </Button>
          ) : (
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Publicar ${e.name}`}
              title="Publicar de nuevo"
              disabled={busy}
              onClick={() => onAction(e, 'unarchive')}
            >
              <ArchiveRestore aria-hidden="true" className="h-5 w-5" />
            </Button>
          )}
        </div>
      ),
    },
  ];

  return <DataTable label="Eventos" rows={events} rowKey={(e) => e._id} columns={columns} />;
}
