// POST /api/admin/demo-data/remove: deletes the demo data (archiving what real customers bought).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminDemoDataRemoveResponse } from '@store/shared/schemas/admin/demo-data';
import { apiRequest } from '../../../../lib/api-client';
import { adminKeys } from '../../../../lib/admin/query-keys';

export function removeDemoData() {
  return apiRequest('/api/admin/demo-data/remove', adminDemoDataRemoveResponse, { method: 'POST', body: {} });
}

export function useRemoveDemoData() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: removeDemoData,
    // Events, coupons, members and the figures all change.
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
