// The evaluation's results as CSV (names, e-mails, cédulas, scores), audited as a bulk export
// of personal data: who, which event and view, how many rows, in the same transaction.

import type { Db } from '../../../db/client';
import { writeAudit } from '../audit/repo';
import { evaluationCsv } from './evaluation';

export async function exportEvaluation(
  db: Db,
  actorId: string,
  filter: { productId: string; view: 'personas' | 'preguntas' },
): Promise<{ eventName: string; csv: string; rows: number }> {
  return db.transaction(async (tx) => {
    const out = await evaluationCsv(tx, filter.productId, filter.view);
    await writeAudit(tx, {
      actorId,
      action: 'event.evaluation_export',
      entity: 'event',
      entityId: filter.productId,
      details: { filters: { ...filter }, rows: out.rows },
    });
    return out;
  });
}
