// /api/admin/members/:id/scholarships: a member's scholarships (every event or one), grant
// and revoke.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminScholarshipsResponse } from '@store/shared/schemas/admin/participant-types';
import { apiRequest } from '../../../../lib/api-client';
import { adminKeys } from '../../../../lib/admin/query-keys';

const base = (memberId: string) => `/api/admin/members/${encodeURIComponent(memberId)}/scholarships`;

export const scholarshipsQueryOptions = (memberId: string) =>
  queryOptions({
    queryKey: adminKeys.scholarships(memberId),
    queryFn: ({ signal }) => apiRequest(base(memberId), adminScholarshipsResponse, { signal }),
  });

export function useScholarships(memberId: string | null) {
  return useQuery({ ...scholarshipsQueryOptions(memberId ?? ''), enabled: Boolean(memberId) });
}

export function useGrantScholarship() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, productId }: { memberId: string; productId: string | null }) =>
      apiRequest(base(memberId), adminScholarshipsResponse, { method: 'POST', body: { productId } }),
    onSuccess: (res, { memberId }) => qc.setQueryData(adminKeys.scholarships(memberId), res),
  });
}

export function useRevokeScholarship() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, scholarshipId }: { memberId: string; scholarshipId: string }) =>
      apiRequest(`${base(memberId)}/${encodeURIComponent(scholarshipId)}`, adminScholarshipsResponse, {
        method: 'DELETE',
      }),
    onSuccess: (res, { memberId }) => qc.setQueryData(adminKeys.scholarships(memberId), res),
  });
}
