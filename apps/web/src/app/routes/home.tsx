// Home (docs/product.md → Routes): hero, the first 10 upcoming events under EVENTOS (never a finished one,
// by the server's list and the browser's clock), three reassurance blocks.
import { Headphones, LockKeyhole, ShieldCheck } from 'lucide-react';
import { HOME_PRODUCT_COUNT } from '@store/shared/constants';
import { hasEnded } from '@store/shared/domain/event-days';
import { MSG } from '@store/shared/messages';
import { site } from '../../config/site';
import { Alert } from '../../components/ui/alert';
import { Hero } from '../../components/layout/hero';
import { Seo } from '../../components/layout/seo';
import { Container } from '../../components/ui/container';
import { useProducts } from '../../features/catalog/api/get-products';
import { ProductGrid } from '../../features/catalog/components/product-grid';
import { useOpenProduct } from '../../features/orders/hooks/use-open-product';
import { useNow } from '../../lib/use-now';

const REASSURANCE = [
  {
    icon: ShieldCheck,
    title: 'Seguridad',
    text: 'Tu cuenta y tus datos viajan cifrados y solo tú accedes a tus transmisiones.',
  },
  {
    icon: LockKeyhole,
    title: 'Compras seguras',
    text: 'Paga con PayPal en pesos mexicanos (MXN); tu acceso queda listo al confirmar el pago.',
  },
  {
    icon: Headphones,
    title: 'Soporte',
    text: `Te acompañamos antes, durante y después de cada evento: ${site.email}.`,
  },
] as const;

export function Component() {
  const { data, isError } = useProducts();
  const openProduct = useOpenProduct();
  const now = useNow();
  return (
    <main>
      <Seo />
      <Hero />

      <Container className="py-12 sm:py-16">
        <section aria-labelledby="eventos">
          <h2 id="eventos" className="text-center text-3xl font-bold tracking-tight">
            EVENTOS
          </h2>
          <span aria-hidden="true" className="mx-auto mt-3 block h-1 w-16 rounded-full bg-brand-600" />
          {isError ? (
            <Alert tone="error" className="mx-auto mt-8 max-w-xl" live>
              {MSG.productsLoadError}
            </Alert>
          ) : (
            <ProductGrid
              products={data?.filter((p) => !hasEnded(p, now)).slice(0, HOME_PRODUCT_COUNT)}
              skeletons={HOME_PRODUCT_COUNT}
              onOpen={openProduct}
              className="mt-8"
            />
          )}
        </section>
      </Container>

      {/* No tinted band: the footer's top margin would leave a white strip under it. */}
      <section aria-label="Por qué comprar con nosotros">
        <Container className="grid gap-8 border-t border-slate-200 pt-12 sm:grid-cols-3">
          {REASSURANCE.map(({ icon: Icon, title, text }) => (
            <div key={title} className="text-center">
              <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-brand-50 ring-1 ring-brand-100">
                <Icon aria-hidden="true" className="h-7 w-7 text-brand-700" />
              </span>
              <h3 className="mt-4 font-semibold">{title}</h3>
              <p className="mx-auto mt-1 max-w-xs text-sm text-pretty text-slate-600">{text}</p>
            </div>
          ))}
        </Container>
      </section>
    </main>
  );
}
