// POST /api/order/transfer-options (what of an event can be transferred) and
// POST /api/order/transfer (docs/after-sale.md → Transfers).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  transferDayResponse,
  transferOptionsResponse,
  type TransferDayBody,
} from '@store/shared/schemas/transfer';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/auth-token';
import { userQueryKeys } from '../../../lib/query-keys';

export async function getTransferOptions(orderId: string, productId: string, signal?: AbortSignal) {
  const res = await apiRequest('/api/order/transfer-options', transferOptionsResponse, {
    method: 'POST',
    body: { orderId, productId },
    signal,
  });
  return res.options;
}

export const transferOptionsQuery = (
  token: string | null,
  orderId: string,
  productId: string,
  enabled: boolean,
) =>
  queryOptions({
    queryKey: [...userQueryKeys.orders(token), 'transfer', orderId, productId] as const,
    queryFn: ({ signal }) => getTransferOptions(orderId, productId, signal),
    enabled: Boolean(token) && enabled,
    staleTime: 0,
  });

export function useTransferOptions(orderId: string, productId: string, enabled: boolean) {
  return useQuery(transferOptionsQuery(useToken(), orderId, productId, enabled));
}

export function transferDay(body: TransferDayBody) {
  return apiRequest('/api/order/transfer', transferDayResponse, { method: 'POST', body });
}

export function useTransferDay() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: transferDay,
    // Success or not (a refusal can mean the order changed meanwhile), read the orders again.
    onSettled: () => qc.invalidateQueries({ queryKey: ['orders'] }),
  });
}
