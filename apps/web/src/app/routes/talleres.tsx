// /talleres (docs/product.md → Course and workshops): the two workshop tabs (aminas, arritmias) with objectives, schedule,
// limited seats and the course prerequisite; enrol leads to the workshop's event page.
// The selected tab lives in ?taller= so the course page can link straight to one. A workshop
// found in the catalogue shows its event's real date and hours instead of the text's.
import { useSearchParams } from 'react-router';
import { Seo } from '../../components/layout/seo';
import { Alert } from '../../components/ui/alert';
import { Container } from '../../components/ui/container';
import { PageHeader } from '../../components/ui/page-header';
import { Tabs } from '../../components/ui/tabs';
import { useProducts } from '../../features/catalog/api/get-products';
import { WorkshopPanel } from '../../features/content/components/workshop-panel';
import { workshops, workshopsPage } from '../../features/content/data/workshops';
import { workshopFromCatalogue } from '../../features/content/catalogue-dates';
import { findProductByName } from '../../features/content/find-product';

export function Component() {
  const { data: products, isPending } = useProducts();
  const [params, setParams] = useSearchParams();
  const requested = params.get('taller');
  const selected = workshops.some((w) => w.value === requested) ? requested! : workshops[0]!.value;

  return (
    <main>
      <Seo title={workshopsPage.title} description={workshopsPage.description} />
      <PageHeader
        eyebrow="2º Curso de Anestesia Cardiovascular"
        title={workshopsPage.title}
        lead={workshopsPage.lead}
      />
      <Container className="py-10 sm:py-14">
        <Alert tone="info" title="Antes de inscribirte" className="mb-8">
          <ul className="list-disc space-y-1 pl-5">
            {workshopsPage.requirements.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </Alert>
        <Tabs
          label="Talleres"
          value={selected}
          onValueChange={(v) => setParams({ taller: v }, { replace: true, preventScrollReset: true })}
          listClassName="sm:max-w-md"
          items={workshops.map((w) => {
            const product = findProductByName(products, w.productName, ['taller', w.keyword]);
            return {
              value: w.value,
              label: w.tab,
              content: (
                <WorkshopPanel
                  workshop={workshopFromCatalogue(w, product)}
                  productHref={product ? `/product/${product._id}` : null}
                  loadingProduct={isPending}
                />
              ),
            };
          })}
        />
        <p className="mt-10 max-w-3xl text-slate-700">
          <span className="font-semibold text-ink">Dirigido a: </span>
          {workshopsPage.audience}
        </p>
      </Container>
    </main>
  );
}
