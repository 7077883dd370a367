// GET /api/attendance/constancias (one's constancias) and the PDF download of one of them.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { myConstanciasResponse } from '@store/shared/schemas/attendance';
import { apiRequest } from '../../../lib/api-client';
import { apiDownload } from '../../../lib/api-download';
import { useToken } from '../../../lib/auth-token';
import { attendanceKeys } from './keys';

export const constanciasQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: attendanceKeys.constancias(token),
    queryFn: async ({ signal }) =>
      (await apiRequest('/api/attendance/constancias', myConstanciasResponse, { signal })).constancias,
    enabled: Boolean(token),
  });

export function useMyConstancias() {
  return useQuery(constanciasQueryOptions(useToken()));
}

/** The PDF on Carta (letter, the default) or on A4. */
export function downloadConstancia(folio: string, paper: 'carta' | 'a4' = 'carta') {
  const query = paper === 'a4' ? '?papel=a4' : '';
  return apiDownload(
    `/api/attendance/constancias/${encodeURIComponent(folio)}/pdf${query}`,
    `Constancia ${folio}${paper === 'a4' ? ' A4' : ''}.pdf`,
  );
}
