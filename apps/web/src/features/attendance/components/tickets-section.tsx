// "Boletos" on Mis Productos: one QR ticket per paid day of an in-person event, to show at the
// door, with the venue when the event names one. Hidden when there are none.
import { CheckCircle2, MapPin, Ticket as TicketIcon } from 'lucide-react';
import { formatDateTime } from '@store/shared/domain/time';
import { Badge } from '../../../components/ui/badge';
import { useTickets } from '../api/tickets';

export function TicketsSection() {
  const tickets = useTickets();
  if (!tickets.data || tickets.data.length === 0) return null;
  return (
    <section aria-labelledby="tickets-title" className="mt-10">
      <h2 id="tickets-title" className="flex items-center gap-2 text-xl font-bold tracking-tight">
        <TicketIcon aria-hidden="true" className="h-5 w-5 text-brand-700" /> Boletos de acceso
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Muestra el código de cada día en la entrada de la sede. Es personal: no lo compartas.
      </p>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {tickets.data.map((t) => (
          <li
            key={t.code}
            className="flex flex-col items-center rounded-xl border border-slate-200 bg-white p-4 text-center shadow-sm"
          >
            <img
              src={t.qr}
              alt={`Código QR del boleto: ${t.productName}, ${t.day}`}
              width={192}
              height={192}
              className="h-48 w-48"
            />
            <p className="mt-2 font-semibold">{t.productName}</p>
            <p className="text-sm text-slate-600">
              {t.day} · {formatDateTime(t.dayStartsAt)}
            </p>
            {t.venue && (
              <p className="mt-1 text-sm text-pretty text-slate-700">
                <MapPin aria-hidden="true" className="mr-1 inline h-4 w-4 align-text-bottom text-brand-700" />
                <span className="font-medium">{t.venue.name}</span>
                {t.venue.address && <span className="block text-slate-600">{t.venue.address}</span>}
                {t.venue.mapUrl && (
                  <a
                    href={t.venue.mapUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="mt-1 inline-block font-semibold text-brand-700 underline underline-offset-2"
                  >
                    Abrir en mapa<span className="sr-only"> (se abre en otra pestaña)</span>
                  </a>
                )}
              </p>
            )}
            {t.checkedInAt !== null && (
              <Badge tone="success" className="mt-2">
                <CheckCircle2 aria-hidden="true" className="h-3.5 w-3.5" /> Asistencia registrada el{' '}
                {formatDateTime(t.checkedInAt)}
              </Badge>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
