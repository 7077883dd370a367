// The back office's evaluation calls (/api/admin/attendance/evaluation): read and save an
// event's survey/exam, and download its results as CSV (per person or per question).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminEvaluationResponse, type AdminEvaluationBody } from '@store/shared/schemas/evaluation';
import { apiRequest } from '../../../../lib/api-client';
import { apiDownload } from '../../../../lib/api-download';
import { saveFile } from '../../../../lib/save-file';

const evaluationKey = (productId: string) => ['admin', 'attendance', 'evaluation', productId] as const;

export const adminEvaluationQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: evaluationKey(productId),
    queryFn: async ({ signal }) =>
      (
        await apiRequest(
          `/api/admin/attendance/evaluation?productId=${encodeURIComponent(productId)}`,
          adminEvaluationResponse,
          { signal },
        )
      ).evaluation,
    enabled: Boolean(productId),
  });

export function useAdminEvaluation(productId: string) {
  return useQuery(adminEvaluationQueryOptions(productId));
}

export function useSaveEvaluation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminEvaluationBody) =>
      apiRequest('/api/admin/attendance/evaluation', adminEvaluationResponse, { method: 'PUT', body }),
    // The report's "qualifies" depends on the evaluation too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'attendance'] }),
  });
}

export async function downloadEvaluationResults(productId: string, view: 'personas' | 'preguntas') {
  const file = await apiDownload(
    `/api/admin/attendance/evaluation/export?productId=${encodeURIComponent(productId)}&view=${view}`,
    `evaluacion-${view}.csv`,
  );
  saveFile(file);
  return file.filename;
}
