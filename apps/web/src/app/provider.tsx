// App-wide providers: TanStack Query, the toast container (docs/product.md → Toasts: 5000 ms,
// top right), and the demo ribbon every page shows while payments are simulated.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { TOAST_AUTO_CLOSE_MS } from '@store/shared/constants';
import { DemoRibbon } from '../features/site-config/components/demo-ribbon';

export function AppProvider({ children }: { children: ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
      }),
  );
  return (
    <QueryClientProvider client={client}>
      <DemoRibbon />
      {children}
      <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} newestOnTop closeOnClick />
    </QueryClientProvider>
  );
}
