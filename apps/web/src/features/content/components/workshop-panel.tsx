// One workshop of /talleres: summary, date and time, objectives, agenda, requirements and the
// enrol button that leads to the workshop's event page.
import {
  CalendarDays,
  CircleCheck,
  ClipboardCheck,
  Clock,
  MapPin,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { ButtonLink } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { site } from '../../../config/site';
import type { Workshop } from '../data/workshops';

export interface WorkshopPanelProps {
  workshop: Workshop;
  /** The workshop's event page, or null when the catalogue has no such event (yet). */
  productHref: string | null;
  loadingProduct: boolean;
}

/** The facts beside the workshop, in the order people look for them. */
function facts(workshop: Workshop): { icon: LucideIcon; term: string; detail: string }[] {
  return [
    { icon: CalendarDays, term: 'Fecha', detail: workshop.date },
    { icon: Clock, term: 'Horario', detail: workshop.time },
    { icon: MapPin, term: 'Sede', detail: site.course.venue },
    { icon: Users, term: 'Cupo', detail: 'Limitado, por orden de pago' },
    { icon: ClipboardCheck, term: 'Requisito', detail: `Inscripción previa al ${site.course.name}` },
  ];
}

export function WorkshopPanel({ workshop, productHref, loadingProduct }: WorkshopPanelProps) {
  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
      {/* First in the DOM so phones see the date and the enrol button before the details. */}
      <Card className="self-start lg:sticky lg:top-24 lg:col-start-2 lg:row-start-1">
        <CardContent>
          <dl className="space-y-4 text-sm">
            {facts(workshop).map(({ icon: Icon, term, detail }) => (
              <div key={term}>
                <dt className="flex items-center gap-3 font-semibold text-ink">
                  <Icon aria-hidden="true" className="h-5 w-5 shrink-0 text-brand-700" />
                  {term}
                </dt>
                <dd className="ml-8 text-slate-700">{detail}</dd>
              </div>
            ))}
          </dl>
          <div className="mt-6 border-t border-slate-200 pt-6">
            {productHref ? (
              <ButtonLink to={productHref} fullWidth size="lg">
                Inscribirme al taller
              </ButtonLink>
            ) : loadingProduct ? (
              <p role="status" className="text-center text-sm text-slate-600">
                Cargando la inscripción…
              </p>
            ) : (
              <Alert tone="info">
                La inscripción a este taller no está abierta en este momento.{' '}
                <a href={`mailto:${site.email}`} className="font-semibold underline">
                  Escríbenos
                </a>{' '}
                para apartar tu lugar.
              </Alert>
            )}
          </div>
        </CardContent>
      </Card>
      <div className="lg:col-start-1 lg:row-start-1">
        <h2 className="text-2xl font-bold tracking-tight text-ink">{workshop.title}</h2>
        <p className="mt-3 text-lg text-slate-700">{workshop.summary}</p>

        <h3 className="mt-8 text-lg font-semibold text-ink">Objetivos</h3>
        <ul className="mt-3 space-y-2.5">
          {workshop.objectives.map((o) => (
            <li key={o} className="flex gap-3 text-slate-700">
              <CircleCheck aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
              <span>{o}</span>
            </li>
          ))}
        </ul>

        <h3 className="mt-8 text-lg font-semibold text-ink">Programa del taller</h3>
        <ol className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {workshop.agenda.map((a) => (
            <li key={a.time} className="flex gap-4 px-4 py-3 text-sm">
              <span className="w-14 shrink-0 font-semibold text-ink">{a.time}</span>
              <span className="text-slate-700">{a.activity}</span>
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}
