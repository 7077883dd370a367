// GET /api/admin/coupons and /api/admin/coupons/:id.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminCouponResponse, adminCouponsResponse } from '@store/shared/schemas/admin/coupons';
import { apiRequest } from '../../../../lib/api-client';
import { adminKeys } from '../../../../lib/admin/query-keys';

export function getCoupons(signal?: AbortSignal) {
  return apiRequest('/api/admin/coupons', adminCouponsResponse, { signal }).then((r) => r.coupons);
}

export const couponsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.coupons(), queryFn: ({ signal }) => getCoupons(signal) });

export function useAdminCoupons() {
  return useQuery(couponsQueryOptions());
}

export function getCoupon(id: string, signal?: AbortSignal) {
  return apiRequest(`/api/admin/coupons/${encodeURIComponent(id)}`, adminCouponResponse, { signal }).then(
    (r) => r.coupon,
  );
}

export function useAdminCoupon(id: string | undefined) {
  return useQuery({
    queryKey: adminKeys.coupon(id ?? ''),
    queryFn: ({ signal }) => getCoupon(id ?? '', signal),
    enabled: Boolean(id),
  });
}
