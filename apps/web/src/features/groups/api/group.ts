// /api/group/* (docs/groups.md): the quote and purchase of places for a team (PayPal, or a SPEI
// transfer: the held order and its transfer data), the places of a group order and their
// assignment (one person for several places, or a list), reassignment and cancellation, and the
// places others bought for me. Keys live under ['orders', token] so they are dropped on logout.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  assignedPlacesResponse,
  groupActionResponse,
  groupPaypalResponse,
  groupPlacesResponse,
  groupQuoteResponse,
  type AssignCsvBody,
  type AssignPlaceBody,
  type CancelPlacesBody,
  type GroupCheckoutBody,
  type GroupQuoteBody,
  type ReassignPlaceBody,
} from '@store/shared/schemas/group';
import { GROUP_MSG } from '@store/shared/group-messages';
import { cancelOrderResponse } from '@store/shared/schemas/after-sale';
import { instructionsResponse } from '@store/shared/schemas/mx-payments';
import { placeOrderResponse } from '@store/shared/schemas/order';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/auth-token';
import { userQueryKeys } from '../../../lib/query-keys';

export async function getGroupQuote(body: GroupQuoteBody, signal?: AbortSignal) {
  return (await apiRequest('/api/group/quote', groupQuoteResponse, { method: 'POST', body, signal })).quote;
}

/** The quote for what the form holds (null: nothing to ask yet). */
export function useGroupQuote(body: GroupQuoteBody | null) {
  const token = useToken();
  return useQuery({
    queryKey: [...userQueryKeys.orders(token), 'group-quote', body] as const,
    queryFn: ({ signal }) => getGroupQuote(body!, signal),
    enabled: Boolean(token) && body !== null,
    retry: false,
    staleTime: 0,
  });
}

/** Creates the pending group order and its PayPal order; answers the PayPal order id and ours. */
export async function createGroupPaypalOrder(
  body: GroupCheckoutBody,
): Promise<{ id: string; orderId: string }> {
  const res = await apiRequest('/api/group/paypal/create-order', groupPaypalResponse, {
    method: 'POST',
    body,
  });
  return { id: res.paypalOrderId, orderId: res.orderId };
}

/**
 * Holds the group order for a SPEI transfer (the same body as PayPal's create call); answers the
 * transfer data. May wait in the checkout line; a refusal carries the server's message.
 */
export function createGroupSpeiOrder(body: GroupCheckoutBody) {
  return apiRequest('/api/group/spei', instructionsResponse, { method: 'POST', body });
}

/** Captures the approved PayPal order; answers our order id. */
export async function captureGroupPaypalOrder(paypalOrderId: string): Promise<string> {
  const res = await apiRequest('/api/group/paypal/capture', placeOrderResponse, {
    method: 'POST',
    body: { paypalOrderId },
  });
  return res.orderId;
}

export const groupPlacesQuery = (token: string | null, orderId: string) =>
  queryOptions({
    queryKey: [...userQueryKeys.orders(token), 'group-places', orderId] as const,
    queryFn: async ({ signal }) =>
      (
        await apiRequest('/api/group/places', groupPlacesResponse, {
          method: 'POST',
          body: { orderId },
          signal,
        })
      ).group,
    enabled: Boolean(token),
    staleTime: 0,
  });

export function useGroupPlaces(orderId: string) {
  return useQuery(groupPlacesQuery(useToken(), orderId));
}

function useGroupMutation<B>(url: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => apiRequest(url, groupActionResponse, { method: 'POST', body }),
    // Success or refusal (the order may have changed meanwhile): read the places again.
    onSettled: () => qc.invalidateQueries({ queryKey: ['orders'] }),
  });
}

/** One person for free places (`placeIds`: the days of a place the buyer ticked). */
export const useAssignPlace = () => useGroupMutation<AssignPlaceBody>('/api/group/assign');
/** Another person for places held by `currentEmail` (as the buyer saw them). */
export const useReassignPlace = () => useGroupMutation<ReassignPlaceBody>('/api/group/reassign');
export const useAssignCsv = () => useGroupMutation<AssignCsvBody>('/api/group/assign-csv');

/**
 * The refusal of a change because another one of the same places was saved first (another
 * coordinator of the order): the places are read again and the page shows who holds them now.
 */
export function isPlaceTaken(err: unknown): boolean {
  return err instanceof ApiError && err.status === 409 && err.message === GROUP_MSG.placeInProgress;
}

export function useCancelPlaces() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CancelPlacesBody) =>
      apiRequest('/api/group/cancel', cancelOrderResponse, { method: 'POST', body }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['orders'] }),
  });
}

/** Places of others' group orders assigned to me (Mis Productos). */
export function useAssignedPlaces() {
  const token = useToken();
  return useQuery({
    queryKey: [...userQueryKeys.orders(token), 'assigned-places'] as const,
    queryFn: async ({ signal }) =>
      (await apiRequest('/api/group/mine', assignedPlacesResponse, { method: 'POST', signal })).places,
    enabled: Boolean(token),
  });
}
