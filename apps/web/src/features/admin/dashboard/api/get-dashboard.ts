// GET /api/admin/dashboard: totals, per-event figures, timeline and latest orders.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminDashboardResponse } from '@store/shared/schemas/admin/dashboard';
import { apiRequest } from '../../../../lib/api-client';
import { adminKeys } from '../../../../lib/admin/query-keys';

export function getDashboard(days: number, signal?: AbortSignal) {
  return apiRequest(`/api/admin/dashboard?days=${days}`, adminDashboardResponse, { signal });
}

export const dashboardQueryOptions = (days: number) =>
  queryOptions({ queryKey: adminKeys.dashboard(days), queryFn: ({ signal }) => getDashboard(days, signal) });

export function useDashboard(days: number) {
  return useQuery(dashboardQueryOptions(days));
}
