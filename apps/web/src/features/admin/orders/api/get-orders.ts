// GET /api/admin/orders: filtered, paged list.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminOrdersResponse, type AdminOrdersQuery } from '@store/shared/schemas/admin/orders';
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
