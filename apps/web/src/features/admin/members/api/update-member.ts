// PATCH /api/admin/members/:id: user type and/or role.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminMemberResponse, type AdminMemberPatch } from '@store/shared/schemas/admin/members';
import { apiRequest } from '../../../../lib/api-client';
import { adminKeys } from '../../../../lib/admin/query-keys';

export function updateMember(id: string, patch: AdminMemberPatch) {
  return apiRequest(`/api/admin/members/${encodeURIComponent(id)}`, adminMemberResponse, {
    method: 'PATCH',
    body: patch,
  });
}

export function useUpdateMember() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: AdminMemberPatch }) => updateMember(id, patch),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
