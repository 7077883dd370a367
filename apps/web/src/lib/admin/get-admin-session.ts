// GET /api/admin/session: who is signed in to the back office (401/403 otherwise).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminSessionResponse } from '@store/shared/schemas/admin/session';
import { apiRequest } from '../api-client';
import { useToken } from '../auth-token';
import { adminKeys } from './query-keys';

export function getAdminSession(signal?: AbortSignal) {
  return apiRequest('/api/admin/session', adminSessionResponse, { signal }).then((r) => r.user);
}

export const adminSessionQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: adminKeys.session(token),
    queryFn: ({ signal }) => getAdminSession(signal),
    enabled: Boolean(token),
    retry: false,
    staleTime: 5 * 60_000,
  });

export function useAdminSession() {
  return useQuery(adminSessionQueryOptions(useToken()));
}
