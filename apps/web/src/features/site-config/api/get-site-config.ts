// GET /api/site-config: facts of this installation every page needs (payments mode). The
// server also stamps them on <html> in index.html, so a built page knows them at its first
// paint without asking; only the Vite dev server's page has to fetch them.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PAYMENTS_MODE_ATTRIBUTE, PAYMENTS_MODES, type PaymentsMode } from '@store/shared/constants';
import type { SiteConfigResponse } from '@store/shared/schemas/site-config';
import { apiRequest } from '../../../lib/api-client';

export function getSiteConfig(signal?: AbortSignal) {
  return apiRequest(
    '/api/site-config',
    async () => (await import('@store/shared/schemas/site-config')).siteConfigResponse,
    { signal },
  );
}

/** What the server stamped on this page, if it did. */
export function siteConfigFromPage(
  doc: Document | undefined = typeof document === 'undefined' ? undefined : document,
): SiteConfigResponse | undefined {
  const mode = doc?.documentElement.getAttribute(PAYMENTS_MODE_ATTRIBUTE);
  return PAYMENTS_MODES.includes(mode as PaymentsMode)
    ? { success: true, paymentsMode: mode as PaymentsMode }
    : undefined;
}

export const siteConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['site-config'],
    queryFn: ({ signal }) => getSiteConfig(signal),
    initialData: siteConfigFromPage,
    // Fixed for the life of the server process.
    staleTime: Infinity,
  });

export function useSiteConfig() {
  return useQuery(siteConfigQueryOptions());
}
