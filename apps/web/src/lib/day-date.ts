// A day's date beside its label only when the label does not already say it: a label may be a
// date ('Martes 22 de diciembre') or a name ('Día 1').
import { formatDateLong } from '@store/shared/domain/time';

const plain = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** The date to show beside `label` ('22 de diciembre de 2026'), or null when the label says it. */
export function dayDateNote(label: string, startsAt: number): string | null {
  const long = formatDateLong(startsAt);
  const short = long.replace(/ de \d{4}$/, '');
  return plain(label).includes(plain(short)) ? null : long;
}
