// The back office's attendance calls (/api/admin/attendance): the report, the event's
// percentage, constancias (issue, revoke, reissue, automatic issue), attendance corrections, the
// council's report, door check-in and search.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminAttendanceResponse,
  adminCheckinResponse,
  adminCheckinSearchResponse,
  adminConstanciaResponse,
  type AdminAttendanceCorrectionBody,
  type AdminCheckinBody,
} from '@store/shared/schemas/admin/attendance';
import { okResponse } from '@store/shared/schemas/common';
import { ApiError, apiRequest } from '../../../../lib/api-client';
import { apiDownload } from '../../../../lib/api-download';
import { saveFile } from '../../../../lib/save-file';

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

/** Revoke (with its reason, told to the member) or reissue one constancia. */
export function useConstanciaAction() {
  const invalidate = useInvalidateReport();
  return useMutation({
    mutationFn: ({ folio, action, note }: { folio: string; action: 'revoke' | 'reissue'; note?: string }) =>
      apiRequest(
        `/api/admin/attendance/constancias/${encodeURIComponent(folio)}/${action}`,
        adminConstanciaResponse,
        {
          method: 'POST',
          body: action === 'revoke' ? { note } : {},
        },
      ),
    onSuccess: invalidate,
  });
}

/** Turns the event's automatic constancias on or off. */
export function useAutoConstancias() {
  const invalidate = useInvalidateReport();
  return useMutation({
    mutationFn: (body: { productId: string; auto: boolean }) =>
      apiRequest('/api/admin/attendance/auto', okResponse, { method: 'PUT', body }),
    onSuccess: invalidate,
  });
}

/** A staff correction of one person's day (counts true/false, or null to remove it), with its reason. */
export function useCorrectAttendance() {
  const invalidate = useInvalidateReport();
  return useMutation({
    mutationFn: (body: AdminAttendanceCorrectionBody) =>
      apiRequest('/api/admin/attendance/correction', okResponse, { method: 'PUT', body }),
    onSuccess: invalidate,
  });
}

/** The council's report (CSV or XLSX), saved by the browser; answers the file's name. */
export async function downloadCouncilReport(productId: string, format: 'csv' | 'xlsx') {
  const file = await apiDownload(
    `/api/admin/attendance/report?productId=${encodeURIComponent(productId)}&format=${format}`,
    `informe-consejo.${format}`,
  );
  saveFile(file);
  return file.filename;
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
