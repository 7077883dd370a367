// GET /api/order/:orderId/instructions: the buyer's own order waiting for cash at OXXO or a SPEI
// transfer, with the voucher or the transfer data (null once it is paid or closed). The payment
// page asks again every 15 s while it waits, so it turns paid on its own.
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  orderInstructionsResponse,
  type InstructionsResponse,
  type OrderInstructionsResponse,
} from '@store/shared/schemas/mx-payments';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/auth-token';
import { userQueryKeys } from '../../../lib/query-keys';

export const INSTRUCTIONS_POLL_MS = 15_000;

export function getOrderInstructions(orderId: string, signal?: AbortSignal) {
  return apiRequest(`/api/order/${encodeURIComponent(orderId)}/instructions`, orderInstructionsResponse, {
    signal,
  });
}

/**
 * Under the user's orders key, so it is dropped on logout and refreshed with them; `placed`:
 * what the order call answered, the first answer when the buyer comes straight from it. It is
 * shown at once but asked again as the page opens: the browser keeps it in the page's history
 * entry, so a reload (what a buyer does to see whether the money arrived) or a step back to the
 * page brings the same answer back, however old.
 */
export const orderInstructionsQueryOptions = (
  token: string | null,
  orderId: string,
  placed?: InstructionsResponse | null,
) =>
  queryOptions({
    queryKey: [...userQueryKeys.orders(token), 'instructions', orderId] as const,
    queryFn: ({ signal }) => getOrderInstructions(orderId, signal),
    enabled: Boolean(token) && orderId !== '',
    initialData: placed?.orderId === orderId ? instructionsOfPlaced(placed) : undefined,
    staleTime: 0,
    retry: false,
    refetchInterval: (query) =>
      query.state.data && query.state.data.status !== 'pendiente' ? false : INSTRUCTIONS_POLL_MS,
  });

export function useOrderInstructions(orderId: string, placed?: InstructionsResponse | null) {
  return useQuery(orderInstructionsQueryOptions(useToken(), orderId, placed));
}

/** What the order call answered, as the payment page's first answer (no wait, no flash). */
export function instructionsOfPlaced(placed: InstructionsResponse): OrderInstructionsResponse {
  return { success: true, orderId: placed.orderId, status: 'pendiente', instructions: placed.instructions };
}
