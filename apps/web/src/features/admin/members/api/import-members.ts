// POST /api/admin/members/import: preview (dryRun), import, or import only the valid rows.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminImportResponse, type AdminImportBody } from '@store/shared/schemas/admin/members';
import { apiRequest } from '../../../../lib/api-client';
import { adminKeys } from '../../../../lib/admin/query-keys';

export function importMembers(body: AdminImportBody) {
  return apiRequest('/api/admin/members/import', adminImportResponse, { method: 'POST', body });
}

export function useImportMembers() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: importMembers,
    onSuccess: (res) => {
      if (res.imported) void qc.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}
