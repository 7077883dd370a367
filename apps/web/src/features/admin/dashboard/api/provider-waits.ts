// GET /api/admin/dashboard/provider-waits (refunds and CFDI waiting on PayPal or the SAT) and
// POST …/refunds/:id/retry (ask PayPal again now, same key).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { providerWaitsResponse } from '@store/shared/schemas/admin/provider-waits';
import { okResponse } from '@store/shared/schemas/common';
import { apiRequest } from '../../../../lib/api-client';
import { adminKeys } from '../../../../lib/admin/query-keys';

export function useProviderWaits() {
  return useQuery({
    queryKey: adminKeys.providerWaits,
    queryFn: ({ signal }) =>
      apiRequest('/api/admin/dashboard/provider-waits', providerWaitsResponse, { signal }),
  });
}

export function useRetryRefund() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/admin/dashboard/provider-waits/refunds/${encodeURIComponent(id)}/retry`, okResponse, {
        method: 'POST',
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
