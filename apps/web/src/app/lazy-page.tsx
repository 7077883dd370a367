// A lazy route module (its `Component` export) as a route element: the module loads the
// first time its route renders, under the nearest Suspense (the shell's page spinner). Once
// loaded it renders synchronously, and `preloadPages` loads the current route's modules
// before a server-rendered page is hydrated, so hydration never waits on a module (a
// boundary still waiting when the session is read would be rendered again from scratch).
import { use, type ComponentType, type ReactElement } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';

interface PageType {
  (): ReactElement;
  preload: () => Promise<void>;
}

export function page(load: () => Promise<{ Component: ComponentType }>) {
  let Loaded: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (m) => {
        Loaded = m.Component;
      },
      (err: unknown) => {
        // A failed load (network, new deploy) may be tried again on the next render.
        loading = undefined;
        throw err;
      },
    ));
  const Page: PageType = () => {
    if (!Loaded) use(preload());
    const Component = Loaded!;
    return <Component />;
  };
  Page.preload = preload;
  return <Page />;
}

/** Loads the page modules of the routes that match `pathname`. */
export function preloadPages(routes: RouteObject[], pathname: string): Promise<unknown> {
  const matches = matchRoutes(routes, pathname) ?? [];
  return Promise.all(
    matches.map((m) => (m.route.element as { type?: Partial<PageType> } | undefined)?.type?.preload?.()),
  );
}
