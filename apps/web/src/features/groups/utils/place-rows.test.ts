// The people view of a group order's places: rows by place number, columns by day in order,
// the date beside a column only when its label does not already say it, and the people
// already named once each with their days (the template's guide lines).
import { describe, expect, it } from 'vitest';
import { fromMexicoCityLocal } from '@store/shared/domain/time';
import type { GroupPlace } from '@store/shared/schemas/group';
import { dateNote, holdersOf, namedPeople, placesTable, templateDays } from './place-rows';

const at = (local: string) => fromMexicoCityLocal(local)!.getTime();
const TUE = at('2026-12-22T10:00');
const WED = at('2026-12-29T10:00');

const place = (n: number, day: string, startsAt: number, over: Partial<GroupPlace> = {}): GroupPlace => ({
  placeId: `p${n}-${startsAt}`,
  place: n,
  productId: 'serie',
  days: [day],
  startsAt,
  status: 'pagado',
  state: 'sin_asignar',
  assignee: null,
  assignable: true,
  cancellable: true,
  refund: 720,
  ...over,
});
const held = (name: string, email: string) => ({ state: 'asignado' as const, assignee: { name, email } });

describe('placesTable', () => {
  it('one row per place number, one column per day in order of the day', () => {
    const table = placesTable([
      place(2, 'Día 2', WED),
      place(1, 'Día 2', WED, held('ANA', 'ana@h.mx')),
      place(2, 'Día 1', TUE),
      place(1, 'Día 1', TUE, held('ANA', 'ana@h.mx')),
    ]);
    expect(table.columns.map((c) => c.label)).toEqual(['Día 1', 'Día 2']);
    expect(table.rows.map((r) => [r.place, r.cells.map((c) => c?.days[0])])).toEqual([
      [1, ['Día 1', 'Día 2']],
      [2, ['Día 1', 'Día 2']],
    ]);
    expect(table.whole).toBe(false);
    expect(templateDays(table)).toEqual(['Día 1', 'Día 2']);
    // One holder on both days: one person to reassign, with both places.
    expect(holdersOf(table.rows[0]!).map((h) => [h.email, h.places.length])).toEqual([['ana@h.mx', 2]]);
    expect(namedPeople(table)).toEqual([{ name: 'ANA', email: 'ana@h.mx', days: ['Día 1', 'Día 2'] }]);
  });

  it('an event sold whole: one column, no day columns in the template', () => {
    const table = placesTable([place(1, 'x', TUE, { days: ['Día 1', 'Día 2'] })]);
    expect(table.columns).toHaveLength(1);
    expect(table.whole).toBe(true);
    expect(templateDays(table)).toEqual([]);
  });
});

describe('dateNote', () => {
  it('adds the date to a label that does not say it, not to one that does', () => {
    expect(dateNote({ days: ['Día 1'], label: 'Día 1', startsAt: TUE })).toBe('22 de diciembre de 2026');
    expect(dateNote({ days: ['x'], label: 'Martes 22 de diciembre', startsAt: TUE })).toBeNull();
  });
});
