// Page frame: the header it is given (app/store-shell.tsx composes it), the routed page, footer.
import type { ReactNode } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { Footer } from './footer';

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
        <Outlet />
      </div>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
