import { describe, expect, it } from 'vitest';
import { fromMexicoCityLocal } from '@store/shared/domain/time';
import { eventOptionLabel, eventsForPicker } from './event-options';

const at = (local: string) => fromMexicoCityLocal(local)!.getTime();
const event = (
  name: string,
  start: string,
  end: string,
  more: { active?: boolean; draft?: boolean } = {},
) => ({
  name,
  startsAt: at(start),
  endsAt: at(end),
  active: more.active ?? true,
  draft: more.draft ?? false,
});

describe('event pickers in the back office', () => {
  it('name an event with its dates in Mexico City, marking drafts and archived ones', () => {
    expect(eventOptionLabel(event('Curso', '2027-01-07T09:00', '2027-01-09T18:00'))).toBe(
      'Curso · 7–9 de enero de 2027',
    );
    expect(eventOptionLabel(event('Taller', '2026-12-31T20:00', '2026-12-31T23:30', { draft: true }))).toBe(
      'Taller · 31 de diciembre de 2026 (borrador)',
    );
    expect(eventOptionLabel(event('Curso', '2025-05-29T09:00', '2025-05-31T18:00', { active: false }))).toBe(
      'Curso · 29–31 de mayo de 2025 (archivado)',
    );
  });

  it('put events to come first, soonest first, then past ones, most recent first', () => {
    const now = at('2026-11-28T12:00');
    const list = [
      event('Pasado viejo', '2025-05-29T09:00', '2025-05-31T18:00'),
      event('Lejano', '2027-03-01T09:00', '2027-03-01T18:00'),
      event('En curso', '2026-11-27T09:00', '2026-11-29T18:00'),
      event('Pasado reciente', '2026-10-01T09:00', '2026-10-01T18:00'),
      event('Próximo', '2026-12-05T09:00', '2026-12-05T18:00'),
    ];
    expect(eventsForPicker(list, now).map((e) => e.name)).toEqual([
      'En curso',
      'Próximo',
      'Lejano',
      'Pasado reciente',
      'Pasado viejo',
    ]);
  });
});
