// /admin/events/new and /admin/events/:eventId: the event form, loaded and saved, then the event's
// registration questions (saved on their own, once the event exists: docs/questions.md). A new
// event is saved as a draft; «Publicar» saves, then publishes (docs/product.md → Drafts and
// publishing): when something is missing the edits stay in the draft and the notice names what
// to add.
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ArrowLeft, Eye, Undo2, Users } from 'lucide-react';
import type { AdminEvent, AdminEventInput } from '@store/shared/schemas/admin/events';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useAdminEvent } from '../../../features/admin/events/api/get-event';
import { useAdminEvents } from '../../../lib/admin/get-events';
import { useSaveEvent } from '../../../features/admin/events/api/save-event';
import { useEventAction } from '../../../features/admin/events/api/event-actions';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { EventForm, type EventFormIntent } from '../../../features/admin/events/components/event-form';
import { QuestionsEditor } from '../../../features/admin/questions/components/questions-editor';
import { ConstanciaSignatures } from '../../../features/admin/signatures/components/constancia-signatures';
import { EventStateBadge } from '../../../components/admin/status-badges';
import { errorMessage, notify } from '../../../lib/notify';

/** Carried to the edit page when «Publicar» on a new event saved it but could not publish it. */
interface LocationState {
  publishError?: string;
}

export function Component() {
  const { eventId } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const existing = useAdminEvent(eventId);
  // The events it may require: the form waits for them so the select shows the current one.
  const all = useAdminEvents();
  const save = useSaveEvent(eventId);
  const action = useEventAction();
  const [serverError, setServerError] = useState<string>();
  const carried = (location.state as LocationState | null)?.publishError;
  const [publishError, setPublishError] = useState<string | undefined>(carried);
  // Read once: a reload of the page must not show it again.
  useEffect(() => {
    if (carried) navigate(location.pathname, { replace: true, state: null });
  }, [carried, navigate, location.pathname]);

  const onSubmit = async (payload: AdminEventInput, intent: EventFormIntent): Promise<AdminEvent | null> => {
    setServerError(undefined);
    setPublishError(undefined);
    let saved: AdminEvent;
    let message: string | undefined;
    try {
      // The back office creates drafts; an edit leaves the state as it is.
      const res = await save.mutateAsync(eventId ? payload : { ...payload, draft: true });
      saved = res.event;
      message = res.message;
    } catch (err) {
      const text = errorMessage(err, 'No se pudo guardar el evento');
      setServerError(text);
      notify.error(text);
      return null;
    }
    let unpublished: string | undefined;
    if (intent === 'publish') {
      try {
        const res = await action.mutateAsync({ id: saved._id, action: 'publish' });
        saved = res.event;
        message = res.message;
      } catch (err) {
        unpublished = errorMessage(err, 'No se pudo publicar el evento');
      }
    }
    if (unpublished) {
      setPublishError(unpublished);
      notify.error(unpublished);
    } else {
      notify.success(message ?? 'Guardado');
    }
    if (!eventId) {
      navigate(`/admin/events/${saved._id}`, {
        replace: true,
        state: unpublished ? ({ publishError: unpublished } satisfies LocationState) : null,
      });
    }
    return saved;
  };

  const unpublish = async (event: AdminEvent) => {
    setPublishError(undefined);
    try {
      const res = await action.mutateAsync({ id: event._id, action: 'unpublish' });
      notify.success(res.message ?? 'Listo');
    } catch (err) {
      notify.error(errorMessage(err, 'No se pudo volver a borrador'));
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
  const sold = event?.days.some((d) => d.ordersCount > 0 || d.seatsTaken > 0) ?? false;
  return (
    <>
      <AdminPageHeader
        title={event ? event.name : 'Nuevo evento'}
        description={
          event ? (
            <span className="flex flex-wrap items-center gap-2">
              <EventStateBadge active={event.active} draft={event.draft} />
              {event.draft && <span>Solo el personal lo ve hasta que lo publiques.</span>}
            </span>
          ) : (
            'Se guarda como borrador: solo el personal lo ve hasta que lo publiques.'
          )
        }
        actions={
          <>
            {back}
            {event && (
              <ButtonLink to={`/product/${event._id}`} variant="secondary" size="sm">
                <Eye aria-hidden="true" className="h-4 w-4" />
                {event.draft ? 'Vista previa' : 'Ver en la tienda'}
              </ButtonLink>
            )}
            {event && !event.draft && (
              <ButtonLink to={`/admin/attendees?productId=${event._id}`} variant="secondary" size="sm">
                <Users aria-hidden="true" className="h-4 w-4" />
                Asistentes
              </ButtonLink>
            )}
            {/* Back to draft only while nothing is sold (the server refuses it after a sale). */}
            {event && !event.draft && !sold && (
              <Button
                variant="secondary"
                size="sm"
                loading={action.isPending}
                onClick={() => void unpublish(event)}
              >
                <Undo2 aria-hidden="true" className="h-4 w-4" />
                Volver a borrador
              </Button>
            )}
          </>
        }
      />
      {publishError && (
        <Alert
          tone="warning"
          title="Se guardó como borrador, pero aún no se puede publicar"
          live
          className="mb-6"
        >
          {publishError}
        </Alert>
      )}
      <EventForm event={event} events={all.data ?? []} onSubmit={onSubmit} serverError={serverError} />
      {/* Its own form and save: after the event's, never inside it. */}
      <div className="mt-6">
        <QuestionsEditor productId={event?._id} dayLabels={event?.days.map((d) => d.label) ?? []} />
      </div>
      {event ? (
        <div className="mt-6">
          <ConstanciaSignatures productId={event._id} />
        </div>
      ) : null}
    </>
  );
}
