// A lazy route module (its `Component` export) as a route element: the module loads the
// first time its route renders, under the nearest Suspense (the shell's page spinner).
import { lazy, type ComponentType } from 'react';

export function page(load: () => Promise<{ Component: ComponentType }>) {
  const Page = lazy(() => load().then((m) => ({ default: m.Component })));
  return <Page />;
}
