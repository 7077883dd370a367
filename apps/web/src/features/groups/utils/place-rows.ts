// The places of a group order seen as people (docs/groups.md): one row per place number
// («Lugar 1», «Lugar 2»…) and one column per day the order bought (one column for an event
// sold whole, whose place covers every day), each cell the place of that number and day. Also
// what the CSV template needs: the order's day columns and the people already named.
import { dayDateNote } from '../../../lib/day-date';
import type { GroupPlace } from '@store/shared/schemas/group';

export interface DayColumn {
  /** The day labels of the column (every day for an event sold whole). */
  days: string[];
  label: string;
  startsAt: number;
}

export interface PlaceRow {
  place: number;
  /** One per column, in the columns' order; null when the order has no place of that day. */
  cells: (GroupPlace | null)[];
}

export interface PlacesTable {
  columns: DayColumn[];
  rows: PlaceRow[];
  /** An event sold whole: one place is every day, one column. */
  whole: boolean;
}

const columnKey = (days: readonly string[]) => days.join('\u0000');

export function placesTable(places: readonly GroupPlace[]): PlacesTable {
  const columns = new Map<string, DayColumn>();
  for (const p of places) {
    const key = columnKey(p.days);
    const known = columns.get(key);
    if (!known) columns.set(key, { days: p.days, label: p.days.join(', '), startsAt: p.startsAt });
    else if (p.startsAt < known.startsAt) known.startsAt = p.startsAt;
  }
  const ordered = [...columns.entries()].sort(
    ([, a], [, b]) => a.startsAt - b.startsAt || a.label.localeCompare(b.label, 'es'),
  );
  const at = new Map(ordered.map(([key], i) => [key, i]));
  const rows = new Map<number, PlaceRow>();
  for (const p of places) {
    let row = rows.get(p.place);
    if (!row) {
      row = { place: p.place, cells: ordered.map(() => null) };
      rows.set(p.place, row);
    }
    row.cells[at.get(columnKey(p.days))!] = p;
  }
  return {
    columns: ordered.map(([, c]) => c),
    rows: [...rows.values()].sort((a, b) => a.place - b.place),
    whole: places.some((p) => p.days.length > 1),
  };
}

/** A place free to be named now. */
export const isFree = (p: GroupPlace | null): p is GroupPlace =>
  p !== null && p.state === 'sin_asignar' && p.assignable;

/** A place someone holds that can be given to another person now. */
export const isReassignable = (p: GroupPlace | null): p is GroupPlace =>
  p !== null && p.state === 'asignado' && p.assignable && p.assignee !== null;

export interface Holder {
  name: string;
  email: string;
  /** The row's places this person holds that can be reassigned now. */
  places: GroupPlace[];
}

/** Who holds the row's reassignable places, one entry per person, in the columns' order. */
export function holdersOf(row: PlaceRow): Holder[] {
  const holders = new Map<string, Holder>();
  for (const cell of row.cells) {
    if (!isReassignable(cell)) continue;
    const key = cell.assignee!.email.toLowerCase();
    const known = holders.get(key);
    if (known) known.places.push(cell);
    else holders.set(key, { name: cell.assignee!.name, email: cell.assignee!.email, places: [cell] });
  }
  return [...holders.values()];
}

/**
 * The template's day columns: the order's days when it bought several sold per day; none for
 * an event sold whole (a person takes every day) or a single day.
 */
export function templateDays(table: PlacesTable): string[] {
  return table.whole ? [] : table.columns.map((c) => c.label);
}

/** The people already named (not cancelled), one each with the days they hold, by place. */
export function namedPeople(table: PlacesTable): { name: string; email: string; days: string[] }[] {
  const people = new Map<string, { name: string; email: string; days: string[] }>();
  for (const row of table.rows) {
    for (const cell of row.cells) {
      if (!cell?.assignee || cell.state === 'cancelado') continue;
      const key = cell.assignee.email.toLowerCase();
      const person = people.get(key) ?? { name: cell.assignee.name, email: cell.assignee.email, days: [] };
      person.days.push(...cell.days.filter((d) => !person.days.includes(d)));
      people.set(key, person);
    }
  }
  return [...people.values()];
}

/**
 * The column's date to show beside its label ('22 de diciembre de 2026'), or null when the
 * label already says it ('Martes 22 de diciembre'): a label may be a date or a name ('Día 1').
 */
export function dateNote(column: DayColumn): string | null {
  return dayDateNote(column.label, column.startsAt);
}
