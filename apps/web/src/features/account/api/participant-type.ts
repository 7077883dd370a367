// /api/participant-type: the member's verified participant type and their request with a
// proof (GET, POST multipart "type" then "file", DELETE withdraws the open request).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewParticipantType, ParticipantTypeResponse } from '@store/shared/schemas/participant-types';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/auth-token';

// The schema (and zod) load with the first call: the product page asks for the member's type.
const participantTypeResponse = async () =>
  (await import('@store/shared/schemas/participant-types')).participantTypeResponse;

export const participantTypeKey = (token: string | null) => ['participant-type', token] as const;

export function getParticipantType(signal?: AbortSignal) {
  return apiRequest('/api/participant-type/', participantTypeResponse, { signal });
}

export const participantTypeQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: participantTypeKey(token),
    queryFn: ({ signal }) => getParticipantType(signal),
    enabled: Boolean(token),
    staleTime: 60_000,
  });

export function useParticipantType() {
  return useQuery(participantTypeQueryOptions(useToken()));
}

export function requestParticipantType(input: { type: NewParticipantType; file: File }) {
  const form = new FormData();
  // The type goes first: the server reads the fields sent before the file.
  form.append('type', input.type);
  form.append('file', input.file, input.file.name);
  return apiRequest('/api/participant-type/', participantTypeResponse, { method: 'POST', body: form });
}

export function cancelParticipantTypeRequest() {
  return apiRequest('/api/participant-type/', participantTypeResponse, { method: 'DELETE' });
}

function useSetParticipantType() {
  const queryClient = useQueryClient();
  const token = useToken();
  return (res: ParticipantTypeResponse) => {
    queryClient.setQueryData(participantTypeKey(token), res);
    // The product page's "Tu precio" note reads the request too.
    void queryClient.invalidateQueries({ queryKey: ['product-single'] });
  };
}

export function useRequestParticipantType() {
  return useMutation({ mutationFn: requestParticipantType, onSuccess: useSetParticipantType() });
}

export function useCancelParticipantTypeRequest() {
  return useMutation({ mutationFn: cancelParticipantTypeRequest, onSuccess: useSetParticipantType() });
}
