// GET /api/constancias/{folio}: the public check of a constancia's folio.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { constanciaVerification } from '@store/shared/schemas/attendance';
import { apiRequest } from '../../../lib/api-client';

export const constanciaVerificationQueryOptions = (folio: string) =>
  queryOptions({
    queryKey: ['constancia-verification', folio] as const,
    queryFn: ({ signal }) =>
      apiRequest(`/api/constancias/${encodeURIComponent(folio)}`, constanciaVerification, { signal }),
    retry: false,
  });

export function useConstanciaVerification(folio: string) {
  return useQuery(constanciaVerificationQueryOptions(folio));
}
