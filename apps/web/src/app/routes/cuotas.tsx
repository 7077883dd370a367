// /cuotas (docs/fees.md): the fee table of the association's events, read from the price
// tiers in the database (the same numbers the cart and checkout charge), with the notes. The
// course's dates in the lead are those of its event, never a text's.
import { formatPrice } from '@store/shared/domain/money';
import { formatDateRange } from '@store/shared/domain/time';
import { Seo } from '../../components/layout/seo';
import { Alert } from '../../components/ui/alert';
import { ButtonLink } from '../../components/ui/button';
import { Container } from '../../components/ui/container';
import { PageHeader } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../../components/ui/table';
import { useProducts } from '../../features/catalog/api/get-products';
import { feeRows, saleModeNote } from '../../features/catalog/utils/fee-rows';
import { InlineText } from '../../features/content/components/rich-text';
import { fees } from '../../features/content/data/fees';
import { findProductByName } from '../../features/content/find-product';
import { site } from '../../config/site';

export function Component() {
  const products = useProducts();
  const course = findProductByName(products.data, site.course.name, ['curso', 'anestesia']);
  // The events with a fee schedule or a prerequisite: the course and its workshops.
  const scheduled = (products.data ?? []).filter((p) => p.tiers.length > 0 || p.requires !== null);
  const rows = scheduled.flatMap((p) =>
    feeRows(p).map((r) => ({
      ...r,
      key: `${p._id}|${r.participant}|${r.condition}|${r.amount}`,
      concept: p.name,
      note: saleModeNote(p),
      condition: [r.condition, p.requires ? `Requiere inscripción a ${p.requires.name}` : '']
        .filter(Boolean)
        .join('. '),
      limited: p.dayOptions.some((o) => o.seatCapacity !== null),
    })),
  );

  return (
    <main>
      <Seo title={fees.title} description={fees.description} />
      <PageHeader
        eyebrow="Inscripciones"
        title={fees.title}
        lead={fees.lead(
          course ? { name: course.name, dates: formatDateRange(course.startsAt, course.endsAt) } : null,
        )}
      />
      <Container className="py-10 sm:py-14">
        {products.isPending ? (
          <Skeleton className="h-72 w-full rounded-xl" />
        ) : products.isError ? (
          <Alert tone="error" live>
            {fees.loadError}
          </Alert>
        ) : rows.length === 0 ? (
          <Alert tone="info">{fees.empty}</Alert>
        ) : (
          <Table label={fees.tableCaption}>
            <TableHead>
              <TableRow>
                <TableHeaderCell>Participante</TableHeaderCell>
                <TableHeaderCell className="hidden md:table-cell">Concepto</TableHeaderCell>
                <TableHeaderCell className="text-right">Cuota</TableHeaderCell>
                <TableHeaderCell className="hidden md:table-cell">Condiciones</TableHeaderCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.key}>
                  <TableHeaderCell scope="row" className="border-b-0 font-semibold">
                    {row.participant}
                    {/* Narrow screens fold the concept and condition columns into this cell. */}
                    <span className="mt-1 block font-normal text-slate-700 md:hidden">
                      {row.concept} · {row.note}
                    </span>
                    {row.condition && (
                      <span className="mt-1 block text-xs font-normal text-slate-600 md:hidden">
                        {row.condition}
                      </span>
                    )}
                  </TableHeaderCell>
                  <TableCell className="hidden md:table-cell">
                    {row.concept}
                    <span className="block text-xs text-slate-600">
                      {row.note}
                      {row.limited && ' · Cupo limitado'}
                    </span>
                  </TableCell>
                  <TableCell className="text-right text-base font-bold whitespace-nowrap text-ink">
                    {row.amount === 0 ? 'Sin costo' : formatPrice(row.amount)}
                  </TableCell>
                  <TableCell className="hidden md:table-cell">{row.condition}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}

        <section aria-labelledby="notas" className="mt-10 max-w-3xl">
          <h2 id="notas" className="text-xl font-bold text-ink">
            Antes de pagar
          </h2>
          <ul className="mt-4 space-y-3 text-slate-700 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline">
            {fees.notes.map((n) => (
              <li key={n} className="flex gap-3">
                <span aria-hidden="true" className="mt-2.5 h-1.5 w-1.5 shrink-0 rounded-full bg-brand-600" />
                <span>
                  <InlineText text={n} />
                </span>
              </li>
            ))}
          </ul>
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink to="/curso-anestesia">Ver el programa del curso</ButtonLink>
            <ButtonLink to="/talleres" variant="secondary">
              Ver los talleres
            </ButtonLink>
          </div>
        </section>
      </Container>
    </main>
  );
}
