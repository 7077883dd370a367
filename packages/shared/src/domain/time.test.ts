import { describe, expect, it } from 'vitest';
import {
  addCalendarDays,
  calendarDaysBetween,
  calendarWeekday,
  dayPhase,
  endOfMexicoCityDay,
  formatCsvDateTime,
  formatDateTime,
  formatDateRange,
  formatDayLabel,
  formatDayRange,
  formatTimeRange,
  formatTimeUntil,
  fromMexicoCityLocal,
  mexicoCityDate,
  mexicoCityOffsetMinutes,
  startOfMexicoCityDay,
  toMexicoCityLocal,
} from './time';

const iso = (d: Date | null) => d?.toISOString() ?? null;

describe('Mexico City wall time ↔ instant', () => {
  it('reads a wall time as UTC-6 since 2022', () => {
    expect(iso(fromMexicoCityLocal('2025-05-15T23:59:59'))).toBe('2025-05-16T05:59:59.000Z');
    expect(iso(fromMexicoCityLocal('2025-05-16T00:00'))).toBe('2025-05-16T06:00:00.000Z');
    expect(iso(fromMexicoCityLocal('2025-05-16'))).toBe('2025-05-16T06:00:00.000Z');
  });

  it('knows the old summer time (UTC-5) before October 2022', () => {
    expect(iso(fromMexicoCityLocal('2021-05-15T23:59:59'))).toBe('2021-05-16T04:59:59.000Z');
    expect(mexicoCityOffsetMinutes(new Date('2021-07-01T12:00:00Z'))).toBe(-300);
    expect(mexicoCityOffsetMinutes(new Date('2025-07-01T12:00:00Z'))).toBe(-360);
  });

  it('refuses a wall time skipped by an old spring-forward, takes the first of a repeated one', () => {
    expect(fromMexicoCityLocal('2022-04-03T02:30')).toBeNull();
    expect(iso(fromMexicoCityLocal('2022-10-30T01:30'))).toBe('2022-10-30T06:30:00.000Z');
  });

  it('no longer changes clocks: the first Sunday of April 2023 has a 02:30', () => {
    expect(iso(fromMexicoCityLocal('2023-04-02T02:30'))).toBe('2023-04-02T08:30:00.000Z');
    expect(iso(fromMexicoCityLocal('2026-04-05T02:30'))).toBe('2026-04-05T08:30:00.000Z');
  });

  it('refuses text that is not a wall time', () => {
    for (const bad of ['', 'mañana', '2025-13-01', '2025-02-30T10:00', '2025-05-15T24:00', '15/05/2025']) {
      expect(fromMexicoCityLocal(bad)).toBeNull();
    }
  });

  it('round-trips through the datetime-local value whatever the machine zone', () => {
    const t = new Date('2025-05-29T15:00:00Z');
    expect(toMexicoCityLocal(t)).toBe('2025-05-29T09:00');
    expect(fromMexicoCityLocal(toMexicoCityLocal(t))?.getTime()).toBe(t.getTime());
  });
});

describe('calendar days', () => {
  it('gives the Mexico City date of an instant, not the UTC one', () => {
    expect(mexicoCityDate(new Date('2025-05-16T05:00:00Z'))).toBe('2025-05-15');
    expect(mexicoCityDate(new Date('2025-05-16T06:00:00Z'))).toBe('2025-05-16');
  });

  it('bounds a day at 00:00:00.000 and 23:59:59.999', () => {
    expect(startOfMexicoCityDay('2025-05-15').toISOString()).toBe('2025-05-15T06:00:00.000Z');
    expect(endOfMexicoCityDay('2025-05-15').toISOString()).toBe('2025-05-16T05:59:59.999Z');
    expect(() => startOfMexicoCityDay('2025-02-30')).toThrow();
  });

  it('counts dates, not 24-hour periods', () => {
    const late14 = fromMexicoCityLocal('2025-05-14T23:59')!;
    const early15 = fromMexicoCityLocal('2025-05-15T00:00')!;
    expect(calendarDaysBetween(late14, early15)).toBe(1);
    expect(calendarDaysBetween(early15, late14)).toBe(-1);
    expect(
      calendarDaysBetween(fromMexicoCityLocal('2025-05-14T08:00')!, fromMexicoCityLocal('2025-05-29T09:00')!),
    ).toBe(15);
    expect(addCalendarDays('2025-02-27', 2)).toBe('2025-03-01');
    expect(addCalendarDays('2025-03-01', -1)).toBe('2025-02-28');
  });
});

describe('formatting', () => {
  it('shows a day and its hours in Spanish', () => {
    const start = fromMexicoCityLocal('2025-05-29T14:30')!;
    const end = fromMexicoCityLocal('2025-05-29T19:30')!;
    expect(formatDayRange(start, end)).toBe('jueves, 29 de mayo de 2025, 14:30–19:30');
    expect(formatCsvDateTime(start)).toBe('2025-05-29 14:30');
  });

  it('says how long until a start', () => {
    const now = new Date('2025-05-29T12:00:00Z');
    expect(formatTimeUntil(now, new Date(now.getTime() + 30_000))).toBe('menos de 1 min');
    expect(formatTimeUntil(now, new Date(now.getTime() + 12 * 60_000))).toBe('12 min');
    expect(formatTimeUntil(now, new Date(now.getTime() + 320 * 60_000))).toBe('5 h 20 min');
    expect(formatTimeUntil(now, new Date(now.getTime() + 3 * 86_400_000))).toBe('3 días');
  });

  it('tells upcoming, live and ended apart at the exact instants', () => {
    const s = new Date('2025-05-29T15:00:00Z');
    const e = new Date('2025-05-29T20:00:00Z');
    expect(dayPhase(s.getTime() - 1, s, e)).toBe('upcoming');
    expect(dayPhase(s, s, e)).toBe('live');
    expect(dayPhase(e.getTime() - 1, s, e)).toBe('live');
    expect(dayPhase(e, s, e)).toBe('ended');
  });

  it('writes a day option text from its start, in Mexico City', () => {
    // 05:00 UTC on the 30th is still the 29th in Mexico City.
    const late = new Date('2025-05-30T05:00:00Z');
    expect(formatDayLabel(late)).toBe('Jueves 29 de mayo de 2025');
    expect(formatDayLabel(late, { year: false })).toBe('Jueves 29 de mayo');
    expect(formatDayLabel(fromMexicoCityLocal('2026-03-01T09:00')!)).toBe('Domingo 1 de marzo de 2026');
    expect(formatDayLabel(fromMexicoCityLocal('2025-05-31T00:00')!)).toBe('Sábado 31 de mayo de 2025');
  });

  it('writes an event span as a person would', () => {
    const at = (v: string) => fromMexicoCityLocal(v)!;
    expect(formatDateRange(at('2025-05-29T09:00'), at('2025-05-29T18:00'))).toBe('29 de mayo de 2025');
    expect(formatDateRange(at('2025-05-29T09:00'), at('2025-05-31T18:00'))).toBe('29–31 de mayo de 2025');
    expect(formatDateRange(at('2025-05-30T09:00'), at('2025-06-02T18:00'))).toBe(
      '30 de mayo – 2 de junio de 2025',
    );
    expect(formatDateRange(at('2025-12-30T09:00'), at('2026-01-02T18:00'))).toBe(
      '30 de diciembre de 2025 – 2 de enero de 2026',
    );
    // A day that ends at midnight ends on the date it started.
    expect(formatDateRange(at('2025-05-29T20:00'), at('2025-05-30T00:00'))).toBe('29 de mayo de 2025');
  });

  it('writes the hours of one day, and names the next date past midnight', () => {
    const at = (v: string) => fromMexicoCityLocal(v)!;
    expect(formatTimeRange(at('2025-05-29T09:00'), at('2025-05-29T18:00'))).toBe('9:00–18:00');
    expect(formatTimeRange(at('2025-05-29T20:00'), at('2025-05-30T00:00'))).toBe('20:00–0:00');
    expect(formatTimeRange(at('2025-05-29T22:00'), at('2025-05-30T02:00'))).toBe('22:00 – 30 may 2025, 2:00');
  });
});

describe('24-hour clock', () => {
  it('writes times without a leading zero or a.m./p.m., dates with the short month', () => {
    const t = fromMexicoCityLocal('2025-05-15T23:59')!;
    expect(formatDateTime(t)).toBe('15 may 2025, 23:59');
    expect(formatDateTime(fromMexicoCityLocal('2025-05-16T09:05')!)).toBe('16 may 2025, 9:05');
  });
});

describe('calendarWeekday', () => {
  it('names the weekday of a calendar date, with no zone involved', () => {
    expect(calendarWeekday('2025-05-29')).toBe(4);
    expect(calendarWeekday('2025-05-31')).toBe(6);
    expect(calendarWeekday('2026-03-01')).toBe(0);
  });
});
