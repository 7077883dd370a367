// The one QueryClient configuration, for the browser (main.tsx) and the server render
// (entry-server.tsx), so both run the pages' queries with the same defaults.
import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
  });
}
