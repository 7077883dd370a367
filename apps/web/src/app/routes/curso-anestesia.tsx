// /curso-anestesia (docs/product.md → Routes): programme of the 2nd course, hybrid, with day
// tabs (jueves, viernes, sábado), modules, workshops and speakers. When the course and its
// workshops are in the catalogue, their real dates replace the text's (header, facts, meta
// description).
import { CalendarDays, MapPin, MonitorPlay } from 'lucide-react';
import { Seo } from '../../components/layout/seo';
import { ButtonLink } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Container } from '../../components/ui/container';
import { PageHeader } from '../../components/ui/page-header';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../../components/ui/table';
import { site } from '../../config/site';
import { useProducts } from '../../features/catalog/api/get-products';
import { CourseProgramme } from '../../features/content/components/course-programme';
import { SectionHeading } from '../../features/content/components/section-heading';
import { course } from '../../features/content/data/course';
import { workshops } from '../../features/content/data/workshops';
import {
  courseDaysFromCatalogue,
  courseFactsFromCatalogue,
  workshopFromCatalogue,
} from '../../features/content/catalogue-dates';
import { findProductByName } from '../../features/content/find-product';

const FACT_ICONS = [CalendarDays, MonitorPlay, MapPin];

export function Component() {
  const { data: products } = useProducts();
  const courseProduct = findProductByName(products, site.course.name, ['curso', 'anestesia']);
  const days = courseDaysFromCatalogue(course.days, courseProduct);
  const when = courseFactsFromCatalogue(courseProduct, { dates: site.course.dates, year: 2025 });
  const facts = course.facts.map((f) => (f.value === site.course.dates ? { ...f, value: when.dates } : f));
  const courseWorkshops = workshops.map((w) =>
    workshopFromCatalogue(w, findProductByName(products, w.productName, ['taller', w.keyword])),
  );
  const modules = days.flatMap((d) =>
    d.sessions.filter((s) => s.kind === 'modulo' || s.kind === 'taller').map((s) => ({ day: d.label, ...s })),
  );

  return (
    <main>
      <Seo title={course.title} description={course.description(when.dates)} />
      <PageHeader eyebrow={`Curso ${when.year}`} title={course.title} lead={course.lead}>
        <ul className="grid gap-3 sm:grid-cols-3">
          {facts.map((f, i) => {
            const Icon = FACT_ICONS[i] ?? CalendarDays;
            return (
              <li
                key={f.label}
                className="flex gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
              >
                <Icon aria-hidden="true" className="h-5 w-5 shrink-0 text-brand-700" />
                <div className="text-sm">
                  <p className="font-semibold text-ink">{f.label}</p>
                  <p className="text-slate-700">{f.value}</p>
                </div>
              </li>
            );
          })}
        </ul>
        <div className="mt-6 flex flex-wrap gap-3">
          <ButtonLink to={courseProduct ? `/product/${courseProduct._id}` : '/collection'} size="lg">
            Inscribirme al curso
          </ButtonLink>
          <ButtonLink to="/cuotas" size="lg" variant="secondary">
            Ver cuotas
          </ButtonLink>
        </div>
      </PageHeader>

      <Container className="py-12 sm:py-16">
        <section aria-labelledby="programa">
          <SectionHeading id="programa" eyebrow="Programa" lead={course.programmeNote}>
            Programa por día
          </SectionHeading>
          <p className="mt-3 max-w-3xl text-slate-700">{course.hybridNote}</p>
          <div className="mt-8">
            <CourseProgramme days={days} />
          </div>
        </section>

        <section aria-labelledby="talleres" className="mt-16">
          <SectionHeading
            id="talleres"
            eyebrow="Práctica"
            lead="Presenciales, con cupo limitado y con inscripción previa al curso."
          >
            Talleres del curso
          </SectionHeading>
          <ul className="mt-8 grid gap-4 md:grid-cols-2">
            {courseWorkshops.map((w) => (
              <li key={w.value}>
                <Card className="h-full">
                  <CardContent className="flex h-full flex-col">
                    <h3 className="text-lg font-semibold text-ink">{w.title}</h3>
                    <p className="mt-1 text-sm font-medium text-brand-700">
                      {w.date}, {w.time}
                    </p>
                    <p className="mt-3 flex-1 text-slate-700">{w.summary}</p>
                    <ButtonLink
                      to={`/talleres?taller=${w.value}`}
                      variant="secondary"
                      className="mt-5 self-start"
                    >
                      Objetivos e inscripción
                      <span className="sr-only"> del {w.title.toLowerCase()}</span>
                    </ButtonLink>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="ponentes" className="mt-16">
          <SectionHeading
            id="ponentes"
            eyebrow="Profesorado"
            lead="Los ponentes se publican aquí conforme la asociación los confirma."
          >
            Ponentes
          </SectionHeading>
          <div className="mt-8">
            <Table label="Ponentes por módulo y taller">
              <TableHead>
                <TableRow>
                  <TableHeaderCell className="hidden sm:table-cell">Día</TableHeaderCell>
                  <TableHeaderCell>Módulo o taller</TableHeaderCell>
                  <TableHeaderCell>Ponente</TableHeaderCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {modules.map((m) => (
                  <TableRow key={`${m.day}-${m.title}`}>
                    <TableCell className="hidden whitespace-nowrap sm:table-cell">{m.day}</TableCell>
                    <TableHeaderCell scope="row" className="border-b-0 font-medium">
                      <span className="block text-xs font-normal text-slate-600 sm:hidden">{m.day}</span>
                      {m.title}
                    </TableHeaderCell>
                    <TableCell>{m.speakers?.join(', ')}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          <p className="mt-6 max-w-3xl text-slate-700">{course.audience}</p>
        </section>
      </Container>
    </main>
  );
}
