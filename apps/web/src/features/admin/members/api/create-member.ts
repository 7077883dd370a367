// POST /api/admin/members: an account created by hand, answered with its temporary password.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adminTemporaryPasswordResponse,
  type AdminMemberCreateBody,
} from '@store/shared/schemas/admin/members';
import { apiRequest } from '../../../../lib/api-client';
import { adminKeys } from '../../../../lib/admin/query-keys';

export function createMember(body: AdminMemberCreateBody) {
  return apiRequest('/api/admin/members', adminTemporaryPasswordResponse, { method: 'POST', body });
}

export function useCreateMember() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createMember,
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
