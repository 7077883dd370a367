// The one route table (docs/product.md → Routes), every page but the home page a lazy route
// module exporting `Component`. The home page is part of the entry: it is the first page of most
// visits, and as a lazy module it and the small modules it shares with other pages were a dozen
// more requests before `/` could hydrate. Declarative routes (BrowserRouter + useRoutes) rather than the data router: the
// app loads no data through the router, and the data router alone would cost 17 KB gzip of the
// 100 KB that `/` may load before any interaction (docs/speed.md → Initial JavaScript).
import { Suspense } from 'react';
import { BrowserRouter, useRoutes, type RouteObject } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { page } from './lazy-page';
import { Component as Home } from './routes/home';
import { RouteErrorBoundary } from './route-error-boundary';
import { StoreShell } from './store-shell';

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <StoreShell />,
    children: [
      { index: true, element: <Home /> },
      { path: 'collection', element: page(() => import('./routes/collection')) },
      { path: 'about', element: page(() => import('./routes/about')) },
      { path: 'contact', element: page(() => import('./routes/contact')) },
      { path: 'product/:productId', element: page(() => import('./routes/product')) },
      { path: 'cart', element: page(() => import('./routes/cart')) },
      { path: 'login', element: page(() => import('./routes/login')) },
      { path: 'place-order', element: page(() => import('./routes/place-order')) },
      { path: 'orders', element: page(() => import('./routes/orders')) },
      { path: 'orders/:orderId/lugares', element: page(() => import('./routes/team-places')) },
      { path: 'equipo/:productId', element: page(() => import('./routes/team-buy')) },
      { path: 'registro/:productId', element: page(() => import('./routes/registration')) },
      { path: 'account', element: page(() => import('./routes/account')) },
      { path: 'verify', element: page(() => import('./routes/verify')) },
      { path: 'pago/:orderId', element: page(() => import('./routes/payment')) },
      { path: 'live-stream', element: page(() => import('./routes/live-stream')) },
      { path: 'reset-password', element: page(() => import('./routes/reset-password')) },
      { path: 'privacy-policy', element: page(() => import('./routes/privacy-policy')) },
      { path: 'terms', element: page(() => import('./routes/terms')) },
      { path: 'curso-anestesia', element: page(() => import('./routes/curso-anestesia')) },
      { path: 'talleres', element: page(() => import('./routes/talleres')) },
      { path: 'cuotas', element: page(() => import('./routes/cuotas')) },
      { path: 'constancias/:folio', element: page(() => import('./routes/constancia')) },
      { path: 'lista-de-espera/reclamar', element: page(() => import('./routes/waitlist-claim')) },
      { path: '*', element: page(() => import('./routes/not-found')) },
    ],
  },
  // The back office: its own shell (no store header), its own route table and lazy chunks.
  { path: '/admin/*', element: page(() => import('./routes/admin/routes')) },
];

function Routes() {
  return useRoutes(routes);
}

/** The routes under the error boundary, for the browser's router and the server's (entry-server.tsx). */
export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      {/* The first page of the back office, before its own frame has loaded. */}
      <Suspense fallback={<Spinner className="min-h-screen" />}>
        <Routes />
      </Suspense>
    </RouteErrorBoundary>
  );
}

// useTransitions={false}: a navigation renders at once (a page still loading shows its
// spinner), so a control driven by the URL (the catalogue's checkboxes) changes in the same
// frame as the click.
export function AppRouter() {
  return (
    <BrowserRouter useTransitions={false}>
      <AppRoutes />
    </BrowserRouter>
  );
}
