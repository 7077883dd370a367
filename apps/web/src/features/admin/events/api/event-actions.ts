// POST /api/admin/events/:id/{duplicate,archive,unarchive,publish,unpublish}.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminEventResponse } from '@store/shared/schemas/admin/events';
import { apiRequest } from '../../../../lib/api-client';
import { adminKeys } from '../../../../lib/admin/query-keys';

export type EventAction = 'duplicate' | 'archive' | 'unarchive' | 'publish' | 'unpublish';

export function runEventAction(id: string, action: EventAction) {
  return apiRequest(`/api/admin/events/${encodeURIComponent(id)}/${action}`, adminEventResponse, {
    method: 'POST',
  });
}

export function useEventAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: EventAction }) => runEventAction(id, action),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
