import { describe, expect, it } from 'vitest';
import { fromMexicoCityLocal } from '@store/shared/domain/time';
import type { Product } from '@store/shared/schemas/product';
import { course } from './data/course';
import { workshops } from './data/workshops';
import { courseDaysFromCatalogue, courseFactsFromCatalogue, workshopFromCatalogue } from './catalogue-dates';

const at = (v: string) => fromMexicoCityLocal(v)!.getTime();
const event = (days: [string, string][]): Product =>
  ({
    _id: 'x',
    name: 'x',
    dayOptions: days.map(([s, e]) => ({
      label: s,
      startsAt: at(s),
      endsAt: at(e),
      seatCapacity: null,
      seatsSold: 0,
    })),
    startsAt: at(days[0]![0]),
    endsAt: at(days.at(-1)![1]),
  }) as Product;

describe('dates from the catalogue', () => {
  const curso = event([
    ['2026-07-16T09:00', '2026-07-16T18:00'],
    ['2026-07-17T09:00', '2026-07-17T18:00'],
    ['2026-07-18T09:00', '2026-07-18T18:00'],
  ]);

  it('dates the programme days and the header from the course event', () => {
    expect(courseDaysFromCatalogue(course.days, curso).map((d) => [d.value, d.label, d.date])).toEqual([
      ['jueves', 'Jueves', 'Jueves 16 de julio de 2026'],
      ['viernes', 'Viernes', 'Viernes 17 de julio de 2026'],
      ['sabado', 'Sábado', 'Sábado 18 de julio de 2026'],
    ]);
    expect(courseFactsFromCatalogue(curso, { dates: 'texto', year: 2025 })).toEqual({
      dates: '16–18 de julio de 2026',
      year: 2026,
    });
  });

  it('keeps the text when the event is not in the catalogue or has other days', () => {
    expect(courseDaysFromCatalogue(course.days, undefined)).toEqual(course.days);
    expect(courseDaysFromCatalogue(course.days, event([['2026-07-16T09:00', '2026-07-16T18:00']]))).toEqual(
      course.days,
    );
    expect(courseFactsFromCatalogue(undefined, { dates: 'texto', year: 2025 })).toEqual({
      dates: 'texto',
      year: 2025,
    });
    expect(workshopFromCatalogue(workshops[0]!, undefined)).toEqual(workshops[0]);
  });

  it('dates a workshop from its event', () => {
    const w = workshopFromCatalogue(workshops[0]!, event([['2026-07-16T14:30', '2026-07-16T19:30']]));
    expect([w.date, w.time]).toEqual(['Jueves 16 de julio de 2026', '14:30 a 19:30 h']);
  });
});
