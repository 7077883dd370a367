// /about (docs/product.md → Routes): description, history, mission, vision, values, strategic objectives.
import {
  Accessibility,
  Award,
  BookOpen,
  Eye,
  GraduationCap,
  Handshake,
  MonitorPlay,
  RefreshCw,
  Scale,
  ShieldCheck,
  Stethoscope,
  Target,
} from 'lucide-react';
import { Seo } from '../../components/layout/seo';
import { ButtonLink } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Container } from '../../components/ui/container';
import { PageHeader } from '../../components/ui/page-header';
import { site } from '../../config/site';
import { SectionHeading } from '../../features/content/components/section-heading';
import { about } from '../../features/content/data/about';

const ACTIVITIES = [
  { icon: GraduationCap, text: 'Cursos y congresos' },
  { icon: Stethoscope, text: 'Talleres prácticos y simulación' },
  { icon: MonitorPlay, text: 'Transmisiones en vivo' },
  { icon: BookOpen, text: 'Paneles y casos clínicos' },
];

// One icon per value of data/about.ts, in order.
const VALUE_ICONS = [Award, ShieldCheck, Scale, Handshake, Accessibility, RefreshCw];

export function Component() {
  return (
    <main>
      <Seo title={about.title} description={about.description} />
      <PageHeader eyebrow="La asociación" title={about.title} lead={about.lead} />

      <Container className="py-12 sm:py-16">
        <section aria-labelledby="quienes-somos" className="grid gap-10 lg:grid-cols-[1fr_22rem]">
          <div>
            <SectionHeading id="quienes-somos">Quiénes somos</SectionHeading>
            <div className="prose-content mt-6">
              {about.description_paragraphs.map((p) => (
                <p key={p}>{p}</p>
              ))}
            </div>
          </div>
          <Card className="self-start bg-surface">
            <CardContent>
              <h3 className="font-semibold text-ink">Lo que hacemos</h3>
              <ul className="mt-4 space-y-3">
                {ACTIVITIES.map(({ icon: Icon, text }) => (
                  <li key={text} className="flex items-center gap-3 text-slate-700">
                    <span className="flex h-9 w-9 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                      <Icon aria-hidden="true" className="h-5 w-5" />
                    </span>
                    {text}
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        </section>

        <section aria-labelledby="historia" className="mt-16">
          <SectionHeading id="historia">Nuestra historia</SectionHeading>
          <div className="prose-content mt-6">
            {about.history.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
        </section>

        <div className="mt-16 grid gap-6 md:grid-cols-2">
          {[
            { id: 'mision', icon: Target, title: 'Misión', text: about.mission },
            { id: 'vision', icon: Eye, title: 'Visión', text: about.vision },
          ].map(({ id, icon: Icon, title, text }) => (
            <section key={id} aria-labelledby={id}>
              <Card className="h-full border-t-4 border-t-brand-700">
                <CardContent>
                  <Icon aria-hidden="true" className="h-8 w-8 text-brand-700" />
                  <h2 id={id} className="mt-3 text-2xl font-bold text-ink">
                    {title}
                  </h2>
                  <p className="mt-3 text-slate-700">{text}</p>
                </CardContent>
              </Card>
            </section>
          ))}
        </div>

        <section aria-labelledby="valores" className="mt-16">
          <SectionHeading id="valores">Valores</SectionHeading>
          <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {about.values.map((v, i) => {
              const Icon = VALUE_ICONS[i] ?? Award;
              return (
                <li key={v.name} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
                  <Icon aria-hidden="true" className="h-6 w-6 text-brand-700" />
                  <h3 className="mt-3 font-semibold text-ink">{v.name}</h3>
                  <p className="mt-1 text-sm text-slate-700">{v.text}</p>
                </li>
              );
            })}
          </ul>
        </section>

        <section aria-labelledby="objetivos" className="mt-16">
          <SectionHeading id="objetivos">Objetivos estratégicos</SectionHeading>
          <ol className="mt-8 grid gap-4 md:grid-cols-2">
            {about.objectives.map((o, i) => (
              <li key={o} className="flex gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
                <span
                  aria-hidden="true"
                  className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
                >
                  {i + 1}
                </span>
                <p className="text-slate-700">{o}</p>
              </li>
            ))}
          </ol>
        </section>
      </Container>

      <section aria-labelledby="participa" className="border-y border-brand-100 bg-brand-50">
        <Container className="flex flex-col items-start gap-6 py-12 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 id="participa" className="text-2xl font-bold text-ink">
              Forma parte de nuestras actividades
            </h2>
            <p className="mt-2 max-w-2xl text-slate-700">{site.tagline}.</p>
          </div>
          <div className="flex flex-wrap gap-3">
            <ButtonLink to="/collection" size="lg">
              Ver eventos
            </ButtonLink>
            <ButtonLink to="/contact" size="lg" variant="secondary">
              Contáctanos
            </ButtonLink>
          </div>
        </Container>
      </section>
    </main>
  );
}
