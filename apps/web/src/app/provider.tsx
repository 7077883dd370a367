// App-wide providers: TanStack Query, the toast container with the checkout line's notice
// (mounted with the first toast or the first wait in the line, lib/notify.ts), and the demo
// ribbon every page shows while payments are simulated. The QueryClient comes from the
// caller: the browser seeds it with the data the server rendered the page with
// (app/server-state.ts) before hydrating.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { DemoRibbon } from '../features/site-config/components/demo-ribbon';
import { useToastsWanted } from '../lib/notify';

const Toasts = lazy(() => import('./toast-container').then((m) => ({ default: m.Component })));

export function AppProvider({ client, children }: { client: QueryClient; children: ReactNode }) {
  const toastsWanted = useToastsWanted();
  return (
    <QueryClientProvider client={client}>
      <DemoRibbon />
      {children}
      {toastsWanted && (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
