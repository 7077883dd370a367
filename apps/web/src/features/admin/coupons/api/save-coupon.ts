// POST /api/admin/coupons (create) and PUT /api/admin/coupons/:id (edit).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminCouponResponse, type AdminCouponInput } from '@store/shared/schemas/admin/coupons';
import { apiRequest } from '../../../../lib/api-client';
import { adminKeys } from '../../../../lib/admin/query-keys';

export function saveCoupon(input: AdminCouponInput, id?: string) {
  return id
    ? apiRequest(`/api/admin/coupons/${encodeURIComponent(id)}`, adminCouponResponse, {
        method: 'PUT',
        body: input,
      })
    : apiRequest('/api/admin/coupons', adminCouponResponse, { method: 'POST', body: input });
}

export function useSaveCoupon(id?: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminCouponInput) => saveCoupon(input, id),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
