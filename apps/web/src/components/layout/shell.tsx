// Page frame: the header it is given (app/store-shell.tsx composes it), the routed page, footer.
import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { Spinner } from '../ui/spinner';
import { Footer } from './footer';
import { ScrollToTop } from './scroll-to-top';

export function Shell({ header }: { header: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#contenido"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Saltar al contenido
      </a>
      {header}
      <div id="contenido" className="flex-1">
        {/* A page whose module is still loading: the spinner, with header and footer in place. */}
        <Suspense fallback={<Spinner className="min-h-[60vh]" />}>
          <Outlet />
        </Suspense>
      </div>
      <Footer />
      <ScrollToTop />
    </div>
  );
}
