// POST /api/admin/members/:id/temporary-password: the server draws the password and answers it once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminTemporaryPasswordResponse } from '@store/shared/schemas/admin/members';
import { apiRequest } from '../../../../lib/api-client';
import { adminKeys } from '../../../../lib/admin/query-keys';

export function assignTemporaryPassword(id: string) {
  return apiRequest(
    `/api/admin/members/${encodeURIComponent(id)}/temporary-password`,
    adminTemporaryPasswordResponse,
    { method: 'POST' },
  );
}

export function useAssignTemporaryPassword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: assignTemporaryPassword,
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
