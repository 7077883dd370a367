// POST /api/admin/events (create) and PUT /api/admin/events/:id (edit).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminEventResponse, type AdminEventInput } from '@store/shared/schemas/admin/events';
import { apiRequest } from '../../../../lib/api-client';
import { adminKeys } from '../../../../lib/admin/query-keys';

export function saveEvent(input: AdminEventInput, id?: string) {
  return id
    ? apiRequest(`/api/admin/events/${encodeURIComponent(id)}`, adminEventResponse, {
        method: 'PUT',
        body: input,
      })
    : apiRequest('/api/admin/events', adminEventResponse, { method: 'POST', body: input });
}

export function useSaveEvent(id?: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminEventInput) => saveEvent(input, id),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
