// GET /api/admin/events/:productId/answers: one row per attendee with their answers (removed
// questions too), filtered by a question's answer and a name or e-mail; the summary per question
// counts every attendee whatever the filters.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminAnswersResponse, type AdminAnswersQuery } from '@store/shared/schemas/questions';
import { apiRequest } from '../../../../lib/api-client';
import { adminKeys, toSearch } from '../../../../lib/admin/query-keys';

export function getAnswers(productId: string, filter: AdminAnswersQuery, signal?: AbortSignal) {
  return apiRequest(
    `/api/admin/events/${encodeURIComponent(productId)}/answers${toSearch(filter)}`,
    adminAnswersResponse,
    { signal },
  );
}

export const answersQueryOptions = (productId: string, filter: AdminAnswersQuery) =>
  queryOptions({
    queryKey: adminKeys.answers(productId, filter),
    queryFn: ({ signal }) => getAnswers(productId, filter, signal),
  });

export function useAnswers(productId: string, filter: AdminAnswersQuery) {
  // A new filter keeps the page on screen (marked busy) instead of a spinner.
  return useQuery({ ...answersQueryOptions(productId, filter), placeholderData: keepPreviousData });
}
