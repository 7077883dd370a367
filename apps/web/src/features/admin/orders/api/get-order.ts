// GET /api/admin/orders/:id: detail with lines and history.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminOrderResponse } from '@store/shared/schemas/admin/orders';
import { apiRequest } from '../../../../lib/api-client';
import { adminKeys } from '../../../../lib/admin/query-keys';

export function getOrder(id: string, signal?: AbortSignal) {
  return apiRequest(`/api/admin/orders/${encodeURIComponent(id)}`, adminOrderResponse, { signal }).then(
    (r) => r.order,
  );
}

export const orderQueryOptions = (id: string) =>
  queryOptions({ queryKey: adminKeys.order(id), queryFn: ({ signal }) => getOrder(id, signal) });

export function useAdminOrder(id: string) {
  return useQuery(orderQueryOptions(id));
}
