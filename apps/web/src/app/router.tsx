// The one route table (docs/product.md → Routes), every page a lazy route module exporting `Component`.
import { createBrowserRouter } from 'react-router';
// From react-router/dom so router updates can use ReactDOM.flushSync (the catalogue's
// URL-controlled checkboxes rely on it).
import { RouterProvider } from 'react-router/dom';
import { Spinner } from '../components/ui/spinner';
import { StoreShell } from './store-shell';
import { RouteError } from './routes/route-error';
import { adminRoutes } from './routes/admin/routes';

export const routes = [
  {
    path: '/',
    Component: StoreShell,
    ErrorBoundary: RouteError,
    HydrateFallback: PageLoading,
    children: [
      { index: true, lazy: () => import('./routes/home') },
      { path: 'collection', lazy: () => import('./routes/collection') },
      { path: 'about', lazy: () => import('./routes/about') },
      { path: 'contact', lazy: () => import('./routes/contact') },
      { path: 'product/:productId', lazy: () => import('./routes/product') },
      { path: 'cart', lazy: () => import('./routes/cart') },
      { path: 'login', lazy: () => import('./routes/login') },
      { path: 'place-order', lazy: () => import('./routes/place-order') },
      { path: 'orders', lazy: () => import('./routes/orders') },
      { path: 'account', lazy: () => import('./routes/account') },
      { path: 'verify', lazy: () => import('./routes/verify') },
      { path: 'live-stream', lazy: () => import('./routes/live-stream') },
      { path: 'reset-password', lazy: () => import('./routes/reset-password') },
      { path: 'privacy-policy', lazy: () => import('./routes/privacy-policy') },
      { path: 'terms', lazy: () => import('./routes/terms') },
      { path: 'curso-anestesia', lazy: () => import('./routes/curso-anestesia') },
      { path: 'talleres', lazy: () => import('./routes/talleres') },
      { path: 'cuotas', lazy: () => import('./routes/cuotas') },
      { path: 'constancias/:folio', lazy: () => import('./routes/constancia') },
      { path: 'lista-de-espera/reclamar', lazy: () => import('./routes/waitlist-claim') },
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
  // The back office: its own shell (no store header), its own lazy chunks.
  { ...adminRoutes, ErrorBoundary: RouteError, HydrateFallback: PageLoading },
];

/** Shown while the first page's lazy module loads. */
function PageLoading() {
  return <Spinner className="min-h-screen" />;
}

const router = createBrowserRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
