// POST /api/order/cancellation (what cancelling would refund) and POST /api/order/cancel.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  cancelOrderResponse,
  cancellationQuoteResponse,
  type CancelOrderBody,
} from '@store/shared/schemas/after-sale';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/auth-token';
import { userQueryKeys } from '../../../lib/query-keys';

export async function getCancellationQuote(orderId: string, signal?: AbortSignal) {
  const res = await apiRequest('/api/order/cancellation', cancellationQuoteResponse, {
    method: 'POST',
    body: { orderId },
    signal,
  });
  return res.quote;
}

export const cancellationQuoteOptions = (token: string | null, orderId: string, enabled: boolean) =>
  queryOptions({
    queryKey: [...userQueryKeys.orders(token), 'cancellation', orderId] as const,
    queryFn: ({ signal }) => getCancellationQuote(orderId, signal),
    enabled: Boolean(token) && enabled,
    staleTime: 0,
  });

export function useCancellationQuote(orderId: string, enabled: boolean) {
  return useQuery(cancellationQuoteOptions(useToken(), orderId, enabled));
}

export function cancelOrder(body: CancelOrderBody) {
  return apiRequest('/api/order/cancel', cancelOrderResponse, { method: 'POST', body });
}

export function useCancelOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    // Success or not (a refusal can mean the order changed meanwhile), read the orders again.
    onSettled: () => qc.invalidateQueries({ queryKey: ['orders'] }),
  });
}
