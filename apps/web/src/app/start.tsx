// The app, started by the entry (main.tsx) after the first paint: mounts the provider and the
// router. A page the server rendered (the public pages, docs/speed.md → Pages that paint before
// their JavaScript) is hydrated with the data it was rendered with; any other page is rendered
// here from scratch.
import { StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider } from './provider';
import { createQueryClient } from './query-client';
import { preloadPages } from './lazy-page';
import { AppRouter, routes } from './router';
import { readServerState, seedQueries } from './server-state';

const client = createQueryClient();
const state = readServerState();
if (state) seedQueries(client, state);

let markMounted: () => void = () => undefined;
/** For the entry's replay of what was clicked before hydration (held-input.ts): one click at a time. */
export { flushSync } from 'react-dom';

/** Resolves once the page is hydrated (or rendered): its handlers are attached. */
export const mounted = new Promise<void>((resolve) => (markMounted = resolve));

/** Its effect runs after those of the whole tree below it, in the first commit. */
function Mounted({ children }: { children: ReactNode }) {
  useEffect(() => markMounted(), []);
  return children;
}

const app = (
  <StrictMode>
    <Mounted>
      <AppProvider client={client}>
        <AppRouter />
      </AppProvider>
    </Mounted>
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
