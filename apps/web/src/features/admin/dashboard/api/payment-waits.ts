// GET /api/admin/dashboard/payment-waits: orders waiting for cash at OXXO or a SPEI transfer.
import { useQuery } from '@tanstack/react-query';
import { paymentWaitsResponse } from '@store/shared/schemas/mx-payments';
import { apiRequest } from '../../../../lib/api-client';
import { adminKeys } from '../../../../lib/admin/query-keys';

export function usePaymentWaits() {
  return useQuery({
    queryKey: adminKeys.paymentWaits,
    queryFn: ({ signal }) =>
      apiRequest('/api/admin/dashboard/payment-waits', paymentWaitsResponse, { signal }),
    refetchInterval: 60_000,
  });
}
