// /admin/attendees: who comes to an event (or one of its days): paid attendees only, with
// the CSV export (UTF-8 with BOM, so Excel shows accents).
import { useSearchParams } from 'react-router';
import { Download } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useDownloadAttendees } from '../../../features/admin/attendees/api/download-attendees';
import { useAttendees } from '../../../features/admin/attendees/api/get-attendees';
import { useAdminEvents } from '../../../lib/admin/get-events';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { AttendeesTable } from '../../../features/admin/attendees/components/attendees-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { EventDayPicker } from '../../../components/admin/event-day-picker';
import { QueryState } from '../../../components/admin/query-state';
import { SeatMeter } from '../../../components/admin/seat-meter';
import { errorMessage, notify } from '../../../lib/notify';

export function Component() {
  const [params, setParams] = useSearchParams();
  const productId = params.get('productId') ?? '';
  const productDayId = params.get('productDayId') ?? '';
  const events = useAdminEvents();
  const query = productId ? { productId, productDayId: productDayId || undefined } : null;
  const attendees = useAttendees(query);
  const download = useDownloadAttendees();
  const event = events.data?.find((e) => e._id === productId);

  const select = (nextProduct: string, nextDay: string) => {
    const next = new URLSearchParams();
    if (nextProduct) next.set('productId', nextProduct);
    if (nextDay) next.set('productDayId', nextDay);
    setParams(next, { replace: true });
  };
  const selectDay = (dayId: string) => select(productId, dayId);

  const onDownload = async () => {
    if (!query) return;
    try {
      const name = await download.mutateAsync(query);
      notify.success(`Descargado: ${name}`);
    } catch (err) {
      notify.error(errorMessage(err, 'No se pudo descargar la lista'));
    }
  };

  return (
    <>
      <AdminPageHeader
        title="Asistentes"
        description="Personas con pago confirmado por evento y día."
        actions={
          <Button
            variant="secondary"
            disabled={!query || !attendees.data || attendees.data.attendees.length === 0}
            loading={download.isPending}
            onClick={() => void onDownload()}
          >
            <Download aria-hidden="true" className="h-4 w-4" />
            Descargar CSV
          </Button>
        }
      />
      <div className="mb-4 grid grid-cols-1 gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2">
        <EventDayPicker
          events={events.data ?? []}
          productId={productId}
          productDayId={productDayId}
          eventPlaceholder="Elige un evento"
          onChange={(v) => select(v.productId, v.productDayId)}
        />
      </div>
      {event && (
        <ul className="mb-4 flex flex-wrap gap-3" aria-label="Lugares por día">
          {event.days.map((d) => {
            const selected = d._id === productDayId;
            return (
              <li key={d._id}>
                <button
                  type="button"
                  aria-pressed={selected}
                  onClick={() => selectDay(selected ? '' : d._id)}
                  className={
                    selected
                      ? 'rounded-lg border-2 border-brand-600 bg-white px-3 py-2 text-left text-sm'
                      : 'rounded-lg border-2 border-transparent bg-white px-3 py-2 text-left text-sm shadow-sm ring-1 ring-slate-200 hover:ring-slate-300'
                  }
                >
                  <span className="block font-medium text-ink">{d.label}</span>
                  <SeatMeter sold={d.seatsSold} capacity={d.seatCapacity} />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {!query ? (
        <EmptyState variant="panel">Elige un evento para ver quién asistirá.</EmptyState>
      ) : (
        <QueryState
          query={attendees}
          loadingLabel="Cargando asistentes…"
          isEmpty={(d) => d.attendees.length === 0}
          empty="Aún no hay asistentes con pago confirmado."
        >
          {(data) => (
            <>
              <p className="mb-2 text-sm text-slate-600" role="status">
                {data.attendees.length} {data.attendees.length === 1 ? 'asistente' : 'asistentes'}
                {data.day ? ` el ${data.day.label}` : ''}
              </p>
              <AttendeesTable attendees={data.attendees} />
            </>
          )}
        </QueryState>
      )}
    </>
  );
}
