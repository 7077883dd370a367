// POST /api/admin/coupons/:id/deactivate and /activate.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminCouponResponse } from '@store/shared/schemas/admin/coupons';
import { apiRequest } from '../../../../lib/api-client';
import { adminKeys } from '../../../../lib/admin/query-keys';

export function setCouponActive(id: string, active: boolean) {
  return apiRequest(
    `/api/admin/coupons/${encodeURIComponent(id)}/${active ? 'activate' : 'deactivate'}`,
    adminCouponResponse,
    { method: 'POST' },
  );
}

export function useSetCouponActive() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) => setCouponActive(id, active),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
