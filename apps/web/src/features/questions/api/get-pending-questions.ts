// GET /api/questions/pending: the events I hold whose registration is not complete and can
// still be answered (Mis Productos asks «Completa tu registro» on them), and those complete that
// can still change («Editar mis respuestas»), in one call for the whole page.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { pendingQuestionsResponse, type PendingQuestions } from '@store/shared/schemas/questions';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/auth-token';
import { questionKeys } from './keys';

export async function getPendingQuestions(signal?: AbortSignal): Promise<PendingQuestions> {
  const { events, editable } = await apiRequest('/api/questions/pending', pendingQuestionsResponse, {
    signal,
  });
  return { events, editable };
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
