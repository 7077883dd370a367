// Home (SPEC §2): hero, the first 10 events under EVENTOS, three reassurance blocks.
import { HOME_PRODUCT_COUNT } from '@store/shared/constants';
import { site } from '../../config/site';
import { useProducts } from '../../features/catalog/api/get-products';
import { ProductCard, ProductCardSkeleton } from '../../features/catalog/components/product-card';

export function Component() {
  const { data, isPending, isError } = useProducts();
  return (
    <main>
      <title>{`${site.shortName} · Eventos de anestesia cardiovascular`}</title>
      <section className="bg-ink px-4 py-20 text-center text-white">
        <h1 className="text-4xl font-bold">{site.shortName}</h1>
        <p className="mx-auto mt-4 max-w-2xl">{site.tagline}</p>
      </section>
      <section className="mx-auto max-w-7xl px-4 py-12" aria-labelledby="eventos">
        <h2 id="eventos" className="text-center text-2xl font-bold">
          EVENTOS
        </h2>
        {isError ? (
          <p className="mt-6 text-center text-slate-600">No pudimos cargar los eventos. Recarga la página.</p>
        ) : (
          <ul className="mt-8 grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-5">
            {isPending
              ? Array.from({ length: HOME_PRODUCT_COUNT }, (_, i) => (
                  <li key={i}>
                    <ProductCardSkeleton />
                  </li>
                ))
              : data.slice(0, HOME_PRODUCT_COUNT).map((p) => (
                  <li key={p._id}>
                    <ProductCard product={p} />
                  </li>
                ))}
          </ul>
        )}
      </section>
    </main>
  );
}
