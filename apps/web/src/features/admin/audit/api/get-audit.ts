// GET /api/admin/audit: the change log, newest first.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminAuditResponse, type AdminAuditQuery } from '@store/shared/schemas/admin/audit';
import { apiRequest } from '../../../../lib/api-client';
import { adminKeys, toSearch } from '../../../../lib/admin/query-keys';

export function getAudit(q: AdminAuditQuery, signal?: AbortSignal) {
  return apiRequest(`/api/admin/audit${toSearch(q)}`, adminAuditResponse, { signal });
}

export const auditQueryOptions = (q: AdminAuditQuery) =>
  queryOptions({
    queryKey: adminKeys.audit(q),
    queryFn: ({ signal }) => getAudit(q, signal),
    placeholderData: keepPreviousData,
  });

export function useAudit(q: AdminAuditQuery) {
  return useQuery(auditQueryOptions(q));
}
