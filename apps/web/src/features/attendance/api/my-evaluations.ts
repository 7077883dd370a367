// GET /api/attendance/evaluations and POST /api/attendance/evaluations/{productId}: the member's
// evaluations (state, attempts, questions when answerable) and one attempt.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { evaluationResultResponse, myEvaluationsResponse } from '@store/shared/schemas/evaluation';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/auth-token';
import { attendanceKeys } from './keys';

export const myEvaluationsQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: attendanceKeys.evaluations(token),
    queryFn: async ({ signal }) =>
      (await apiRequest('/api/attendance/evaluations', myEvaluationsResponse, { signal })).evaluations,
    enabled: Boolean(token),
  });

export function useMyEvaluations() {
  return useQuery(myEvaluationsQueryOptions(useToken()));
}

export function useSubmitEvaluation() {
  const token = useToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, answers }: { productId: string; answers: number[] }) =>
      apiRequest(`/api/attendance/evaluations/${encodeURIComponent(productId)}`, evaluationResultResponse, {
        method: 'POST',
        body: { answers },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: attendanceKeys.evaluations(token) }),
  });
}
