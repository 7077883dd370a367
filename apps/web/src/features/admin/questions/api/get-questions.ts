// GET /api/admin/events/:productId/questions: the event's registration questions in order, and
// the removed ones (kept for their answers), each with how many attendees answered it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminQuestionsResponse } from '@store/shared/schemas/questions';
import { apiRequest } from '../../../../lib/api-client';
import { adminKeys } from '../../../../lib/admin/query-keys';

export function getQuestions(productId: string, signal?: AbortSignal) {
  return apiRequest(`/api/admin/events/${encodeURIComponent(productId)}/questions`, adminQuestionsResponse, {
    signal,
  });
}

export const questionsQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: adminKeys.questions(productId),
    queryFn: ({ signal }) => getQuestions(productId, signal),
  });

export function useQuestions(productId: string) {
  return useQuery(questionsQueryOptions(productId));
}
