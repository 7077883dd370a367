// Page frame: header, the routed page, footer.
import { Outlet, ScrollRestoration } from 'react-router';
import { Header } from './header';
import { Footer } from './footer';

export function Shell() {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#contenido"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Saltar al contenido
      </a>
      <Header />
      <div id="contenido" className="flex-1">
        <Outlet />
      </div>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
