// GET /api/invoice/fiscal-data: the account's saved fiscal data (null when none yet).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fiscalDataResponse } from '@store/shared/schemas/invoice';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/auth-token';
import { invoiceKeys } from './keys';

export async function getFiscalData(signal?: AbortSignal) {
  return (await apiRequest('/api/invoice/fiscal-data', fiscalDataResponse, { signal })).fiscalData;
}

export const fiscalDataQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: invoiceKeys.fiscalData(token),
    queryFn: ({ signal }) => getFiscalData(signal),
    enabled: Boolean(token),
  });

export function useFiscalData() {
  return useQuery(fiscalDataQueryOptions(useToken()));
}
