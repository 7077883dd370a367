// GET /api/admin/orders: filtered, paged list; its CSV export.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  adminOrdersResponse,
  type AdminOrdersExportQuery,
  type AdminOrdersQuery,
} from '@store/shared/schemas/admin/orders';
import { apiRequest } from '../../../../lib/api-client';
import { adminKeys, toSearch } from '../../../../lib/admin/query-keys';

export function getOrders(q: AdminOrdersQuery, signal?: AbortSignal) {
  return apiRequest(`/api/admin/orders${toSearch(q)}`, adminOrdersResponse, { signal });
}

export const ordersQueryOptions = (q: AdminOrdersQuery) =>
  queryOptions({
    queryKey: adminKeys.orders(q),
    queryFn: ({ signal }) => getOrders(q, signal),
    placeholderData: keepPreviousData,
  });

export function useAdminOrders(q: AdminOrdersQuery) {
  return useQuery(ordersQueryOptions(q));
}

/** GET /api/admin/orders/export: the filtered orders as CSV, saved; answers the file's name. */
export async function downloadOrdersCsv(q: AdminOrdersExportQuery): Promise<string> {
  const { apiDownload } = await import('../../../../lib/api-download');
  const { saveFile } = await import('../../../../lib/save-file');
  const file = await apiDownload(`/api/admin/orders/export${toSearch(q)}`, 'ordenes.csv');
  saveFile(file);
  return file.filename;
}
