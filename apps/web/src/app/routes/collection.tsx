// Catalogue (docs/product.md → Routes): filter panel, sort, and the search bar while search is on. Filters,
// sort and search live in the URL, so a filtered view can be shared and survives reload.
// Upcoming events by default; "Mostrar eventos finalizados" adds the finished ones after them.
import { useEffect, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { useSearchParams } from 'react-router';
import type { Category, Level, SortValue } from '@store/shared/constants';
import { MSG } from '@store/shared/messages';
import { Seo } from '../../components/layout/seo';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Container } from '../../components/ui/container';
import { useFinishedProducts } from '../../features/catalog/api/get-finished-products';
import { useProducts } from '../../features/catalog/api/get-products';
import { FilterPanel } from '../../features/catalog/components/filter-panel';
import { ProductGrid } from '../../features/catalog/components/product-grid';
import { SearchBar } from '../../features/catalog/components/search-bar';
import { SortSelect } from '../../features/catalog/components/sort-select';
import { getSearchState, setSearch, setShowSearch, useSearch } from '../../lib/search-store';
import {
  catalogueProducts,
  filterProducts,
  filtersFromParams,
  filtersToParams,
  SEARCH_PARAM,
} from '../../features/catalog/utils/filter-products';
import { useOpenProduct } from '../../features/orders/hooks/use-open-product';
import { useNow } from '../../lib/use-now';

function toggle<T>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

export function Component() {
  const [params, setParams] = useSearchParams();
  const { search, showSearch } = useSearch();
  const products = useProducts();
  const openProduct = useOpenProduct();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const finished = useFinishedProducts({ enabled: filters.showFinished });
  const now = useNow();

  // A shared link with ?q= turns search on with that text; from then on the search box
  // writes the URL. Reading the store (not the render's values) keeps StrictMode's double
  // effect from erasing the link's text.
  const [initialQuery] = useState(() => params.get(SEARCH_PARAM));
  useEffect(() => {
    if (initialQuery) {
      setSearch(initialQuery);
      setShowSearch(true);
    }
  }, [initialQuery]);
  useEffect(() => {
    const s = getSearchState();
    const wanted = s.showSearch && s.search.trim() ? s.search : null;
    if (params.get(SEARCH_PARAM) === wanted) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (wanted) next.set(SEARCH_PARAM, wanted);
        else next.delete(SEARCH_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [search, showSearch, params, setParams]);

  // flushSync: the checkboxes are controlled by the URL, so it must change in the same
  // frame as the click or the box would flicker back for a moment.
  const update = (patch: Partial<typeof filters>) =>
    flushSync(() => setParams((prev) => filtersToParams(prev, { ...filters, ...patch }), { replace: true }));

  const noFilters =
    filters.categories.length === 0 &&
    filters.levels.length === 0 &&
    !filters.showFinished &&
    !filters.workshopsOnly &&
    !(showSearch && search.trim());
  const visible = useMemo(() => {
    if (!products.data || (filters.showFinished && !finished.data)) return undefined;
    const shown = catalogueProducts(products.data, finished.data, filters.showFinished, now);
    return filterProducts(shown, { ...filters, search: showSearch ? search : '' }, now);
  }, [products.data, finished.data, filters, search, showSearch, now]);

  return (
    <main>
      <Seo
        title="Eventos"
        description="Conferencias, paneles y estudios de caso de anestesia cardiovascular: filtra por categoría y nivel."
      />
      <SearchBar />
      <Container className="py-8 lg:py-12">
        <div className="flex flex-col gap-6 lg:flex-row lg:gap-10">
          <aside className="lg:w-60 lg:shrink-0" aria-label="Filtros">
            <FilterPanel
              categories={filters.categories}
              levels={filters.levels}
              onToggleCategory={(c: Category) => update({ categories: toggle(filters.categories, c) })}
              onToggleLevel={(l: Level) => update({ levels: toggle(filters.levels, l) })}
              showFinished={filters.showFinished}
              onToggleFinished={() => update({ showFinished: !filters.showFinished })}
              workshopsOnly={filters.workshopsOnly}
              onToggleWorkshops={() => update({ workshopsOnly: !filters.workshopsOnly })}
              onClear={() =>
                update({ categories: [], levels: [], showFinished: false, workshopsOnly: false })
              }
            />
          </aside>
          <section className="min-w-0 flex-1" aria-labelledby="todos-los-eventos">
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <div>
                <h1 id="todos-los-eventos" className="text-2xl font-bold tracking-tight sm:text-3xl">
                  TODOS LOS <span className="text-brand-700">EVENTOS</span>
                </h1>
                <p className="mt-1 min-h-5 text-sm text-slate-600" aria-live="polite">
                  {visible && `${visible.length} ${visible.length === 1 ? 'evento' : 'eventos'}`}
                </p>
              </div>
              <SortSelect value={filters.sort} onChange={(sort: SortValue) => update({ sort })} />
            </div>
            {products.isError || finished.isError ? (
              <Alert tone="error" className="mt-6" live>
                {MSG.productsLoadError}
              </Alert>
            ) : visible && visible.length === 0 ? (
              noFilters ? (
                <div className="mt-10 rounded-xl border border-dashed border-slate-300 px-6 py-12 text-center">
                  <p className="font-semibold">Por ahora no hay eventos próximos.</p>
                  <p className="mt-1 text-sm text-slate-600">
                    Pronto publicaremos nuevas fechas. Mientras tanto puedes ver los eventos que ya se
                    realizaron.
                  </p>
                  <Button variant="secondary" className="mt-6" onClick={() => update({ showFinished: true })}>
                    Mostrar eventos finalizados
                  </Button>
                </div>
              ) : (
                <div className="mt-10 rounded-xl border border-dashed border-slate-300 px-6 py-12 text-center">
                  <p className="font-semibold">No hay eventos que coincidan con tu búsqueda.</p>
                  <p className="mt-1 text-sm text-slate-600">Prueba con otros filtros o con otro nombre.</p>
                  <Button
                    variant="secondary"
                    className="mt-6"
                    onClick={() => {
                      setSearch('');
                      update({ categories: [], levels: [] });
                    }}
                  >
                    Ver todos los eventos
                  </Button>
                </div>
              )
            ) : (
              <>
                <h2 className="sr-only">Resultados</h2>
                <ProductGrid
                  products={visible}
                  skeletons={8}
                  onOpen={openProduct}
                  label="Eventos"
                  className="mt-6 lg:grid-cols-3 xl:grid-cols-4"
                  // The first row on a wide screen (five at 1280 px), two rows and a half on a phone.
                  aboveFold={5}
                />
              </>
            )}
          </section>
        </div>
      </Container>
    </main>
  );
}
