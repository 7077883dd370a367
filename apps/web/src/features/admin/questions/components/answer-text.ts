// An answer as staff read it on the answers page, the same way the attendee CSV writes it: Sí/No,
// options joined with «; », dates as dd/mm/aaaa, texts and numbers as they are.
import type { QuestionKind } from '@store/shared/questions';
import type { AnswerValue } from '@store/shared/schemas/questions';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function answerText(kind: QuestionKind, value: AnswerValue | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (Array.isArray(value)) return value.join('; ');
  if (typeof value === 'number') return String(value);
  const date = kind === 'fecha' ? ISO_DATE.exec(value) : null;
  return date ? `${date[3]}/${date[2]}/${date[1]}` : value;
}
