// The event's venue on its page (docs/product.md → Venue): name, address and a map link that
// opens in a new tab; a streamed event with a venue says it can be attended either way.
import { ExternalLink, MapPin } from 'lucide-react';
import type { Venue } from '@store/shared/schemas/product';

export function VenueBlock({ venue, isPresential }: { venue: Venue; isPresential: boolean }) {
  return (
    <section
      aria-labelledby="sede"
      className="mt-6 flex gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm"
    >
      <MapPin aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
      <div className="min-w-0">
        <h2 id="sede" className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
          Sede
        </h2>
        <p className="mt-1 font-semibold text-slate-900">{venue.name}</p>
        {venue.address && <p className="text-pretty text-slate-700">{venue.address}</p>}
        {!isPresential && (
          <p className="mt-1 text-slate-600">También se transmite en vivo desde «Mis Productos».</p>
        )}
        {venue.mapUrl && (
          <a
            href={venue.mapUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-2 inline-flex items-center gap-1 font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
          >
            Abrir en mapa
            <ExternalLink aria-hidden="true" className="h-4 w-4" />
            <span className="sr-only"> (se abre en otra pestaña)</span>
          </a>
        )}
      </div>
    </section>
  );
}
