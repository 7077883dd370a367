// /api/admin/participant-types: the queue of members' requests for a verified participant
// type (counts per status), the proof (fetched with the admin's token, shown from a blob),
// approve, reject with a reason.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminParticipantRequestResponse,
  adminParticipantRequestsResponse,
  type AdminParticipantRequestsQuery,
} from '@store/shared/schemas/admin/participant-types';
import { apiRequest } from '../../../../lib/api-client';
import { apiDownload } from '../../../../lib/api-download';
import { adminKeys, toSearch } from '../../../../lib/admin/query-keys';

const BASE = '/api/admin/participant-types';

export function getParticipantRequests(q: AdminParticipantRequestsQuery, signal?: AbortSignal) {
  return apiRequest(`${BASE}${toSearch(q)}`, adminParticipantRequestsResponse, { signal });
}

export const participantRequestsQueryOptions = (q: AdminParticipantRequestsQuery) =>
  queryOptions({
    queryKey: adminKeys.participantRequests(q),
    queryFn: ({ signal }) => getParticipantRequests(q, signal),
    placeholderData: keepPreviousData,
  });

export function useParticipantRequests(q: AdminParticipantRequestsQuery) {
  return useQuery(participantRequestsQueryOptions(q));
}

export function getProof(id: string, signal?: AbortSignal) {
  return apiDownload(`${BASE}/${encodeURIComponent(id)}/proof`, 'comprobante', { signal });
}

export function decideParticipantRequest(
  input: { id: string; decision: 'approve' } | { id: string; decision: 'reject'; reason: string },
) {
  const url = `${BASE}/${encodeURIComponent(input.id)}/${input.decision}`;
  return apiRequest(url, adminParticipantRequestResponse, {
    method: 'POST',
    body: input.decision === 'reject' ? { reason: input.reason } : {},
  });
}

export function useDecideParticipantRequest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: decideParticipantRequest,
    // The queue, its counts and the members list (the member's type) all change.
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
