// Browser entry: mounts the provider and the router. A page the server rendered (the public
// pages, docs/speed.md → Pages that paint before their JavaScript) is hydrated with the data
// it was rendered with; any other page is rendered here from scratch.
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { createQueryClient } from './app/query-client';
import { preloadPages } from './app/lazy-page';
import { AppRouter, routes } from './app/router';
import { readServerState, seedQueries } from './app/server-state';
import './styles.css';

const client = createQueryClient();
const state = readServerState();
if (state) seedQueries(client, state);

const app = (
  <StrictMode>
    <AppProvider client={client}>
      <AppRouter />
    </AppProvider>
  </StrictMode>
);
const container = document.getElementById('root')!;
if (state && container.firstElementChild) {
  // The server's HTML stays on screen while the page's module (preloaded by the page) arrives.
  void preloadPages(routes, window.location.pathname)
    .catch(() => undefined)
    .then(() => hydrateRoot(container, app));
} else {
  createRoot(container).render(app);
}
