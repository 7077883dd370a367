// GET /api/invoice/mine: the user's invoice requests with their status and files.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { myInvoicesResponse } from '@store/shared/schemas/invoice';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/auth-token';
import { invoiceKeys } from './keys';

export async function getMyInvoices(signal?: AbortSignal) {
  return (await apiRequest('/api/invoice/mine', myInvoicesResponse, { signal })).invoices;
}

export const myInvoicesQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: invoiceKeys.mine(token),
    queryFn: ({ signal }) => getMyInvoices(signal),
    enabled: Boolean(token),
  });

export function useMyInvoices() {
  return useQuery(myInvoicesQueryOptions(useToken()));
}
