// PUT /api/admin/events/:productId/questions: the whole list in order (new ones without _id, the
// missing ones removed). A refusal is an ApiError whose `problems` name the wrong questions by
// index; nothing is saved then.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminQuestionsResponse, type SaveQuestionsBody } from '@store/shared/schemas/questions';
import { apiRequest } from '../../../../lib/api-client';
import { adminKeys } from '../../../../lib/admin/query-keys';

export function saveQuestions(productId: string, body: SaveQuestionsBody) {
  return apiRequest(`/api/admin/events/${encodeURIComponent(productId)}/questions`, adminQuestionsResponse, {
    method: 'PUT',
    body,
  });
}

export function useSaveQuestions(productId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveQuestionsBody) => saveQuestions(productId, body),
    onSuccess: (saved) => {
      qc.setQueryData(adminKeys.questions(productId), saved);
      // The answers page names the questions and counts their answers.
      return qc.invalidateQueries({ queryKey: adminKeys.eventAnswers(productId) });
    },
  });
}
