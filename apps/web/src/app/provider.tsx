// App-wide providers: TanStack Query, the toast container (mounted with the first toast,
// lib/notify.ts), and the demo ribbon every page shows while payments are simulated.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { DemoRibbon } from '../features/site-config/components/demo-ribbon';
import { useToastsWanted } from '../lib/notify';

const Toasts = lazy(() => import('./toast-container').then((m) => ({ default: m.Component })));

export function AppProvider({ children }: { children: ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
      }),
  );
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
