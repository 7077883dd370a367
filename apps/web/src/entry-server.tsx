// Server entry (built by `vite build --ssr` into dist-ssr/, loaded by the API): renders the
// public pages to HTML with the catalogue the API holds in memory, so they paint before any
// JavaScript has loaded; the browser then hydrates the same tree with the same data
// (main.tsx, app/server-state.ts). docs/speed.md → Pages that paint before their JavaScript.
//
// Only pages that show nothing of the visitor are rendered here; they render as a visitor
// without a session (the header's account links change after hydration when there is one).
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { matchPath, StaticRouter } from 'react-router';
import type { PaymentsMode } from '@store/shared/constants';
import type { Product } from '@store/shared/schemas/product';
import { AppProvider } from './app/provider';
import { createQueryClient } from './app/query-client';
import { AppRoutes } from './app/router';
import { seedQueries, serverStateScript, type ServerState } from './app/server-state';
import { SiteOriginContext } from './components/layout/seo';
import { filtersFromParams } from './features/catalog/utils/filter-products';
import { finishedProductsQueryOptions } from './features/catalog/api/get-finished-products';
import { siteConfigQueryOptions } from './features/site-config/api/get-site-config';
import { productsQueryOptions } from './lib/products-query';

export type ListState = 'proximos' | 'finalizados';

export interface RenderInput {
  /** Path and query string of the page. */
  url: string;
  /** The store's public origin, for canonical and preview URLs. */
  origin: string;
  paymentsMode: PaymentsMode;
  /** The products of GET /api/product/list?estado=…, from the server's catalogue. */
  products: (state: ListState) => Promise<Product[]>;
  signal?: AbortSignal;
}

export interface RenderedPage {
  /** <title>, <meta> and <link> tags for <head>. */
  head: string;
  /** The contents of #root. */
  body: string;
  /** The script holding the data the page was rendered with. */
  state: string;
  /** Source modules of the page (keys of the client build's manifest), to preload. */
  modules: string[];
}

interface ServerPage {
  path: string;
  /** The route module, as the client build's manifest names it. */
  module: string;
  /** The lists the page shows on its first paint. */
  lists: (
    url: URL,
    params: Record<string, string | undefined>,
    products: (state: ListState) => Promise<Product[]>,
  ) => Promise<ListState[]>;
}

const NONE = async (): Promise<ListState[]> => [];
const UPCOMING = async (): Promise<ListState[]> => ['proximos'];

/** The pages rendered on the server: the catalogue and the content pages. */
const SERVER_PAGES: ServerPage[] = [
  { path: '/', module: 'src/app/routes/home.tsx', lists: UPCOMING },
  {
    path: '/collection',
    module: 'src/app/routes/collection.tsx',
    lists: async (url) =>
      filtersFromParams(url.searchParams).showFinished ? ['proximos', 'finalizados'] : ['proximos'],
  },
  {
    path: '/product/:productId',
    module: 'src/app/routes/product.tsx',
    // A finished event is not in the upcoming list: the page then reads the finished one.
    lists: async (_url, params, products) =>
      (await products('proximos')).some((p) => p._id === params.productId)
        ? ['proximos']
        : ['proximos', 'finalizados'],
  },
  { path: '/curso-anestesia', module: 'src/app/routes/curso-anestesia.tsx', lists: UPCOMING },
  { path: '/talleres', module: 'src/app/routes/talleres.tsx', lists: UPCOMING },
  { path: '/cuotas', module: 'src/app/routes/cuotas.tsx', lists: UPCOMING },
  { path: '/about', module: 'src/app/routes/about.tsx', lists: NONE },
  { path: '/contact', module: 'src/app/routes/contact.tsx', lists: NONE },
  { path: '/privacy-policy', module: 'src/app/routes/privacy-policy.tsx', lists: NONE },
  { path: '/terms', module: 'src/app/routes/terms.tsx', lists: NONE },
];

const QUERY_KEYS: Record<ListState, readonly unknown[]> = {
  proximos: productsQueryOptions().queryKey,
  finalizados: finishedProductsQueryOptions().queryKey,
};

/** Tags React hoists to the start of a partial render (Seo's <title>, <meta>, <link>). */
const HOISTED = /^(?:<title>[^<]*<\/title>|<meta\b[^>]*>|<link\b[^>]*>)/;

/** Splits the render into the hoisted head tags and the body. */
export function splitHead(html: string): { head: string; body: string } {
  let rest = html;
  const head: string[] = [];
  for (let m = HOISTED.exec(rest); m; m = HOISTED.exec(rest)) {
    head.push(m[0]);
    rest = rest.slice(m[0].length);
  }
  return { head: head.join(''), body: rest };
}

function serverPageAt(pathname: string) {
  for (const page of SERVER_PAGES) {
    const match = matchPath(page.path, pathname);
    if (match) return { page, match };
  }
  return null;
}

/** True when the server renders the page at `url` (path and query string). */
export function isServerPage(url: string): boolean {
  return serverPageAt(new URL(url, 'http://store.invalid').pathname) !== null;
}

/** The page at `url` as HTML, or null when it is not one the server renders. */
export async function render(input: RenderInput): Promise<RenderedPage | null> {
  const url = new URL(input.url, 'http://store.invalid');
  const found = serverPageAt(url.pathname);
  if (!found) return null;
  const { page, match } = found;

  const lists = await page.lists(url, match.params, input.products);
  const state: ServerState = {
    queries: await Promise.all(
      lists.map(async (list): Promise<[readonly unknown[], unknown]> => [
        QUERY_KEYS[list],
        await input.products(list),
      ]),
    ),
  };
  const client = createQueryClient();
  seedQueries(client, state);
  client.setQueryData(siteConfigQueryOptions().queryKey, { success: true, paymentsMode: input.paymentsMode });

  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <SiteOriginContext.Provider value={input.origin}>
        <AppProvider client={client}>
          <StaticRouter location={url.pathname + url.search}>
            <AppRoutes />
          </StaticRouter>
        </AppProvider>
      </SiteOriginContext.Provider>
    </StrictMode>,
    // Every boundary inline and complete: no boundary is sent as a fallback plus a script that
    // swaps the content in later (the Content-Security-Policy forbids inline scripts, and
    // the whole page is ready when it is sent).
    { signal: input.signal, progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return { ...splitHead(html), state: serverStateScript(state), modules: [page.module] };
}
