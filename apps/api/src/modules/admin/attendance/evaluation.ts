// The back office's side of event evaluations (docs/attendance.md → Evaluation): write the
// survey and/or exam, and export the results per person and per question as CSV.

import { ADMIN_MSG } from '@store/shared/admin-messages';
import { formatCsvDateTime } from '@store/shared/domain/time';
import type { AdminEvaluation, EvaluationQuestion } from '@store/shared/schemas/evaluation';
import type { Db, Queryable } from '../../../db/client';
import { AppError } from '../../../lib/errors';
import {
  countAttempts,
  deleteEvaluation,
  findEvaluation,
  findEventAttempts,
  lockEvaluation,
  saveEvaluation,
} from '../../attendance/evaluation-repo';
import { toCsv } from '../attendees/csv';
import { writeAudit } from '../audit/repo';
import { findEvent } from './repo';

export async function getEvaluation(db: Queryable, productId: string): Promise<AdminEvaluation | null> {
  if (!(await findEvent(db, productId))) throw new AppError('not_found', ADMIN_MSG.eventNotFound);
  const row = await findEvaluation(db, productId);
  if (!row) return null;
  return {
    questions: row.questions,
    passPercent: row.passPercent,
    maxAttempts: row.maxAttempts,
    ...(await countAttempts(db, productId)),
  };
}

/**
 * Saves the event's evaluation (no questions: removes it). Once someone has answered, the
 * questions stay as they are (the answers point at them); the pass mark and the attempts may
 * still change.
 */
export async function putEvaluation(
  db: Db,
  actorId: string,
  v: { productId: string; questions: EvaluationQuestion[]; passPercent: number; maxAttempts: number },
  now: Date,
): Promise<'saved' | 'removed'> {
  return db.transaction(async (tx) => {
    if (!(await findEvent(tx, v.productId))) throw new AppError('not_found', ADMIN_MSG.eventNotFound);
    const current = await lockEvaluation(tx, v.productId);
    if (current && JSON.stringify(current.questions) !== JSON.stringify(v.questions)) {
      if ((await countAttempts(tx, v.productId)).attempts > 0) {
        throw new AppError('conflict', ADMIN_MSG.evaluationHasAnswers);
      }
    }
    const removed = v.questions.length === 0;
    if (removed) await deleteEvaluation(tx, v.productId);
    else await saveEvaluation(tx, { ...v, now });
    await writeAudit(tx, {
      actorId,
      action: 'event.evaluation',
      entity: 'event',
      entityId: v.productId,
      details: removed
        ? { removed: true }
        : {
            questions: v.questions.length,
            exam: v.questions.filter((q) => q.kind === 'examen').length,
            passPercent: v.passPercent,
            maxAttempts: v.maxAttempts,
          },
    });
    return removed ? 'removed' : 'saved';
  });
}

const yesNo = (b: boolean) => (b ? 'Sí' : 'No');

/**
 * The results as CSV: per person (attempts, best score, passed, last attempt) or per
 * question (each option, how many chose it in every attempt, and whether it is the right one).
 */
export async function evaluationCsv(
  db: Queryable,
  productId: string,
  view: 'personas' | 'preguntas',
): Promise<{ eventName: string; csv: string; rows: number }> {
  const event = await findEvent(db, productId);
  if (!event) throw new AppError('not_found', ADMIN_MSG.eventNotFound);
  const evaluation = await findEvaluation(db, productId);
  if (!evaluation) throw new AppError('not_found', ADMIN_MSG.evaluationNone);
  const attempts = await findEventAttempts(db, productId);
  if (view === 'preguntas') {
    const header = ['Pregunta', 'Tipo', 'Opción', 'Respuestas', 'Porcentaje', 'Correcta'];
    const lines = evaluation.questions.flatMap((q, qi) => {
      const counts = q.options.map((_, oi) => attempts.filter((a) => a.answers[qi] === oi).length);
      const total = counts.reduce((s, n) => s + n, 0);
      return q.options.map((option, oi) => [
        `${qi + 1}. ${q.text}`,
        q.kind === 'examen' ? 'Examen' : 'Encuesta',
        option,
        String(counts[oi]),
        total === 0 ? '0 %' : `${Math.round((counts[oi]! * 100) / total)} %`,
        q.kind === 'examen' ? yesNo(q.correct === oi) : '',
      ]);
    });
    return { eventName: event.name, csv: toCsv([header, ...lines]), rows: lines.length };
  }
  const header = [
    'Nombre',
    'Correo',
    'Nombre en constancia',
    'Cédula',
    'Intentos',
    'Mejor calificación',
    'Aprobada',
    'Último intento',
  ];
  const byUser = new Map<string, typeof attempts>();
  for (const a of attempts) byUser.set(a.userId, [...(byUser.get(a.userId) ?? []), a]);
  const lines = [...byUser.values()].map((list) => {
    const first = list[0]!;
    const scores = list.map((a) => a.scorePercent).filter((s): s is number => s !== null);
    return [
      first.name,
      first.email,
      first.certificateName ?? '',
      first.cedula ?? '',
      String(list.length),
      scores.length > 0 ? `${Math.max(...scores)} %` : '',
      yesNo(list.some((a) => a.passed)),
      formatCsvDateTime(list[list.length - 1]!.submittedAt),
    ];
  });
  return { eventName: event.name, csv: toCsv([header, ...lines]), rows: lines.length };
}
