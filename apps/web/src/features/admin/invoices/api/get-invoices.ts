// GET /api/admin/invoices: the CFDI documents (invoices and credit notes) with their fiscal
// data and status.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  adminCfdiDocumentsResponse,
  type AdminCfdiDocumentsQuery,
} from '@store/shared/schemas/admin/invoices';
import { apiRequest } from '../../../../lib/api-client';
import { adminKeys, toSearch } from '../../../../lib/admin/query-keys';

export function getInvoices(q: AdminCfdiDocumentsQuery, signal?: AbortSignal) {
  return apiRequest(`/api/admin/invoices${toSearch(q)}`, adminCfdiDocumentsResponse, { signal });
}

export const invoicesQueryOptions = (q: AdminCfdiDocumentsQuery) =>
  queryOptions({ queryKey: adminKeys.invoices(q), queryFn: ({ signal }) => getInvoices(q, signal) });

export function useAdminInvoices(q: AdminCfdiDocumentsQuery) {
  return useQuery({ ...invoicesQueryOptions(q), placeholderData: keepPreviousData });
}
