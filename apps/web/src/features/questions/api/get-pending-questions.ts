// GET /api/questions/pending: the events I hold whose registration is not complete and can
// still be answered (Mis Productos asks «Completa tu registro» on them).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { pendingQuestionsResponse } from '@store/shared/schemas/questions';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/auth-token';
import { questionKeys } from './keys';

export async function getPendingQuestions(signal?: AbortSignal) {
  return (await apiRequest('/api/questions/pending', pendingQuestionsResponse, { signal })).events;
}

export const pendingQuestionsQuery = (token: string | null) =>
  queryOptions({
    queryKey: questionKeys.pending(token),
    queryFn: ({ signal }) => getPendingQuestions(signal),
    enabled: Boolean(token),
  });

export function usePendingQuestions() {
  return useQuery(pendingQuestionsQuery(useToken()));
}
