// GET /api/questions/event/:productId: the event's questions that apply to me, my answers (or
// ones proposed from an earlier event), whether my registration is complete and until when it
// can change.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { eventQuestionsResponse } from '@store/shared/schemas/questions';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/auth-token';
import { questionKeys } from './keys';

export async function getEventQuestions(productId: string, signal?: AbortSignal) {
  const res = await apiRequest(
    `/api/questions/event/${encodeURIComponent(productId)}`,
    eventQuestionsResponse,
    { signal },
  );
  return res.event;
}

export const eventQuestionsQuery = (token: string | null, productId: string, enabled = true) =>
  queryOptions({
    queryKey: questionKeys.event(token, productId),
    queryFn: ({ signal }) => getEventQuestions(productId, signal),
    enabled: Boolean(token) && productId !== '' && enabled,
  });

export function useEventQuestions(productId: string, enabled = true) {
  return useQuery(eventQuestionsQuery(useToken(), productId, enabled));
}
