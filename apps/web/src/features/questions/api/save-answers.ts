// POST /api/questions/answers: every answer of one event at once, all saved or none. A refusal
// is an ApiError whose `problems` name each wrong field (by question id).
import { saveAnswersResponse, type SaveAnswersBody } from '@store/shared/schemas/questions';
import { apiRequest } from '../../../lib/api-client';

/** Answers the event's questions as they stand once saved. */
export async function saveAnswers(body: SaveAnswersBody) {
  return (await apiRequest('/api/questions/answers', saveAnswersResponse, { method: 'POST', body })).event;
}
