// The back office's attendance calls (/api/admin/attendance): the report, the event's
// percentage, constancias (issue, revoke, reissue), door check-in and search.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminAttendanceResponse,
  adminCheckinResponse,
  adminCheckinSearchResponse,
  adminConstanciaResponse,
  type AdminCheckinBody,
} from '@store/shared/schemas/admin/attendance';
import { okResponse } from '@store/shared/schemas/common';
import { ApiError, apiRequest } from '../../../../lib/api-client';

export const adminAttendanceKeys = {
  report: (productId: string) => ['admin', 'attendance', productId] as const,
  search: (productDayId: string, q: string) => ['admin', 'attendance', 'search', productDayId, q] as const,
};

export const adminAttendanceQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: adminAttendanceKeys.report(productId),
    queryFn: ({ signal }) =>
      apiRequest(
        `/api/admin/attendance?productId=${encodeURIComponent(productId)}`,
        adminAttendanceResponse,
        {
          signal,
        },
      ),
    enabled: Boolean(productId),
  });

export function useAdminAttendance(productId: string) {
  return useQuery(adminAttendanceQueryOptions(productId));
}

function useInvalidateReport() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['admin', 'attendance'] });
}

export function useSetAttendancePercent() {
  const invalidate = useInvalidateReport();
  return useMutation({
    mutationFn: (body: { productId: string; percent: number }) =>
      apiRequest('/api/admin/attendance/percent', okResponse, { method: 'PUT', body }),
    onSuccess: invalidate,
  });
}

export function issueConstancia(body: { productId: string; userId: string }) {
  return apiRequest('/api/admin/attendance/constancias', adminConstanciaResponse, { method: 'POST', body });
}

export function useConstanciaAction() {
  const invalidate = useInvalidateReport();
  return useMutation({
    mutationFn: ({ folio, action }: { folio: string; action: 'revoke' | 'reissue' }) =>
      apiRequest(
        `/api/admin/attendance/constancias/${encodeURIComponent(folio)}/${action}`,
        adminConstanciaResponse,
        {
          method: 'POST',
          body: {},
        },
      ),
    onSuccess: invalidate,
  });
}

/** Network failures (status 0) are retried: the server records a check-in once, whatever the retries. */
export function useCheckIn() {
  const invalidate = useInvalidateReport();
  return useMutation({
    mutationFn: (body: AdminCheckinBody) =>
      apiRequest('/api/admin/attendance/checkin', adminCheckinResponse, { method: 'POST', body }),
    retry: (count, err) => err instanceof ApiError && err.status === 0 && count < 5,
    retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 8000),
    onSuccess: invalidate,
  });
}

export function useCheckinSearch(productDayId: string, q: string) {
  return useQuery({
    queryKey: adminAttendanceKeys.search(productDayId, q),
    queryFn: ({ signal }) =>
      apiRequest(
        `/api/admin/attendance/checkin/search?productDayId=${encodeURIComponent(productDayId)}&q=${encodeURIComponent(q)}`,
        adminCheckinSearchResponse,
        { signal },
      ),
    enabled: Boolean(productDayId),
  });
}
