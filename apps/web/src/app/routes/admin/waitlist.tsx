// /admin/waitlist: an event's waiting lists (docs/after-sale.md → Waiting list): who waits
// for which sold-out day and in which order, open offers and until when, claimed, expired
// and withdrawn entries. Offers are also in the audit log.
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { useAdminEvents } from '../../../lib/admin/get-events';
import { useWaitlist } from '../../../features/admin/waitlist/api/get-waitlist';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { EventDayPicker } from '../../../components/admin/event-day-picker';
import { QueryState } from '../../../components/admin/query-state';
import { SeatMeter } from '../../../components/admin/seat-meter';
import { WaitlistTable } from '../../../features/admin/waitlist/components/waitlist-table';

export function Component() {
  const [params, setParams] = useSearchParams();
  const productId = params.get('productId') ?? '';
  const productDayId = params.get('productDayId') ?? '';
  const events = useAdminEvents();
  const waitlist = useWaitlist(productId);
  const event = events.data?.find((e) => e._id === productId);

  const select = (next: { productId: string; productDayId: string }) => {
    const sp = new URLSearchParams();
    if (next.productId) sp.set('productId', next.productId);
    if (next.productDayId) sp.set('productDayId', next.productDayId);
    setParams(sp, { replace: true });
  };

  return (
    <>
      <AdminPageHeader
        title="Lista de espera"
        description="Personas que esperan un lugar en días agotados. Un lugar liberado se ofrece por correo al siguiente en la lista durante 24 horas."
      />
      <div className="mb-4 grid grid-cols-1 gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2">
        <EventDayPicker
          events={events.data ?? []}
          productId={productId}
          productDayId={productDayId}
          eventPlaceholder="Elige un evento"
          onChange={select}
        />
      </div>
      {event && (
        <ul className="mb-4 flex flex-wrap gap-3" aria-label="Lugares por día">
          {event.days
            .filter((d) => !productDayId || d._id === productDayId)
            .map((d) => (
              <li
                key={d._id}
                className="rounded-lg bg-white px-3 py-2 text-sm shadow-sm ring-1 ring-slate-200"
              >
                <span className="block font-medium text-ink">{d.label}</span>
                <SeatMeter sold={d.seatsTaken} capacity={d.seatCapacity} />
              </li>
            ))}
        </ul>
      )}
      {!productId ? (
        <EmptyState variant="panel">Elige un evento para ver su lista de espera.</EmptyState>
      ) : (
        <QueryState
          query={waitlist}
          loadingLabel="Cargando la lista de espera…"
          isEmpty={(d) =>
            d.entries.filter((e) => !productDayId || e.productDayId === productDayId).length === 0
          }
          empty="Nadie está en la lista de espera de este evento."
        >
          {(data) => {
            const entries = data.entries.filter((e) => !productDayId || e.productDayId === productDayId);
            const waiting = entries.filter((e) => e.status === 'esperando').length;
            return (
              <>
                <p className="mb-2 text-sm text-slate-600" role="status">
                  {waiting} {waiting === 1 ? 'persona espera' : 'personas esperan'} · {entries.length}{' '}
                  {entries.length === 1 ? 'registro' : 'registros'}
                </p>
                <WaitlistTable entries={entries} />
              </>
            );
          }}
        </QueryState>
      )}
    </>
  );
}
