// /admin/events/new and /admin/events/:eventId: the event form, loaded and saved.
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ArrowLeft, Users } from 'lucide-react';
import type { AdminEvent, AdminEventInput } from '@store/shared/schemas/admin/events';
import { Alert } from '../../../components/ui/alert';
import { ButtonLink } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useAdminEvent } from '../../../features/admin/events/api/get-event';
import { useAdminEvents } from '../../../lib/admin/get-events';
import { useSaveEvent } from '../../../features/admin/events/api/save-event';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { EventForm } from '../../../features/admin/events/components/event-form';
import { EventStateBadge } from '../../../components/admin/status-badges';
import { errorMessage, notify } from '../../../lib/notify';

export function Component() {
  const { eventId } = useParams();
  const navigate = useNavigate();
  const existing = useAdminEvent(eventId);
  // The events it may require: the form waits for them so the select shows the current one.
  const all = useAdminEvents();
  const save = useSaveEvent(eventId);
  const [serverError, setServerError] = useState<string>();

  const onSubmit = async (payload: AdminEventInput): Promise<AdminEvent | null> => {
    setServerError(undefined);
    try {
      const res = await save.mutateAsync(payload);
      notify.success(res.message ?? 'Guardado');
      if (!eventId) navigate(`/admin/events/${res.event._id}`, { replace: true });
      return res.event;
    } catch (err) {
      const message = errorMessage(err, 'No se pudo guardar el evento');
      setServerError(message);
      notify.error(message);
      return null;
    }
  };

  const back = (
    <ButtonLink to="/admin/events" variant="ghost" size="sm">
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      Eventos
    </ButtonLink>
  );

  if ((eventId && existing.isPending) || all.isPending) return <Spinner label="Cargando el evento…" />;
  if (eventId && existing.isError) {
    return (
      <>
        <AdminPageHeader title="Evento" actions={back} />
        <Alert tone="error" live>
          {existing.error.message}
        </Alert>
      </>
    );
  }
  const event = existing.data;
  return (
    <>
      <AdminPageHeader
        title={event ? event.name : 'Nuevo evento'}
        description={
          event ? <EventStateBadge active={event.active} /> : 'Se publica en la tienda al crearlo.'
        }
        actions={
          <>
            {back}
            {event && (
              <ButtonLink to={`/admin/attendees?productId=${event._id}`} variant="secondary" size="sm">
                <Users aria-hidden="true" className="h-4 w-4" />
                Asistentes
              </ButtonLink>
            )}
          </>
        }
      />
      <EventForm event={event} events={all.data ?? []} onSubmit={onSubmit} serverError={serverError} />
    </>
  );
}
