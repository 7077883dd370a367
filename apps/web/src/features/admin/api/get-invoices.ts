// GET /api/admin/invoices: the CFDI requests with their fiscal data and status.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminInvoicesResponse, type AdminInvoicesQuery } from '@store/shared/schemas/admin/invoices';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys, toSearch } from './keys';

export function getInvoices(q: AdminInvoicesQuery, signal?: AbortSignal) {
  return apiRequest(`/api/admin/invoices${toSearch(q)}`, adminInvoicesResponse, { signal });
}

export const invoicesQueryOptions = (q: AdminInvoicesQuery) =>
  queryOptions({ queryKey: adminKeys.invoices(q), queryFn: ({ signal }) => getInvoices(q, signal) });

export function useAdminInvoices(q: AdminInvoicesQuery) {
  return useQuery({ ...invoicesQueryOptions(q), placeholderData: keepPreviousData });
}
