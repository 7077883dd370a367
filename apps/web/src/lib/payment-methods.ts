// GET /api/payment-methods: the ways to pay the association offers now besides PayPal (card
// with meses sin intereses, cash at OXXO, SPEI transfers; null: not offered). In lib/ because
// the checkout and the team purchase both read it. Never kept long: the association may turn
// a way off at any moment (the server refuses it then, with its message).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentMethodsResponse } from '@store/shared/schemas/mx-payments';
import { apiRequest } from './api-client';

export function getPaymentMethods(signal?: AbortSignal) {
  return apiRequest('/api/payment-methods', paymentMethodsResponse, { signal });
}

export const paymentMethodsQueryOptions = () =>
  queryOptions({
    queryKey: ['payment-methods'],
    queryFn: ({ signal }) => getPaymentMethods(signal),
    staleTime: 30_000,
    retry: false,
  });

export function usePaymentMethods() {
  return useQuery(paymentMethodsQueryOptions());
}
