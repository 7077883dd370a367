// GET /api/paypal/config: the public client id and SDK base, or why PayPal is unavailable.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { paypalConfigResponse } from '@store/shared/schemas/payments';
import { apiRequest } from '../../../lib/api-client';

export function getPaypalConfig(signal?: AbortSignal) {
  return apiRequest('/api/paypal/config', paypalConfigResponse, { signal });
}

export const paypalConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['paypal-config'],
    queryFn: ({ signal }) => getPaypalConfig(signal),
    staleTime: 10 * 60_000,
  });

export function usePaypalConfig() {
  return useQuery(paypalConfigQueryOptions());
}
