// An event's registration questions in the back office (docs/questions.md): saving the whole
// list in one transaction with its audit entry. The rules are the questions module's.

import type { AdminQuestion, QuestionInput } from '@store/shared/schemas/questions';
import type { Db } from '../../../db/client';
import { adminQuestionsOf, replaceQuestions } from '../../questions/staff';
import { writeAudit } from '../audit/repo';

export async function saveEventQuestions(
  db: Db,
  actorId: string,
  productId: string,
  questions: readonly QuestionInput[],
  now = new Date(),
): Promise<{ questions: AdminQuestion[]; removed: AdminQuestion[] }> {
  await db.transaction(async (tx) => {
    const change = await replaceQuestions(tx, productId, questions, now);
    await writeAudit(tx, {
      actorId,
      action: 'event.questions_update',
      entity: 'event',
      entityId: productId,
      details: {
        name: change.eventName,
        before: change.before,
        after: change.after,
        removed: change.removed,
      },
    });
  });
  return adminQuestionsOf(db, productId);
}
