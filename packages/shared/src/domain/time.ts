// The association's clock: every date the store shows, parses or compares is Mexico City
// time (America/Mexico_City). Mexico dropped daylight saving in October 2022, but the zone
// database still knows the old rules, so instants before then convert correctly too.
// API, web, CSV and e-mails use only these functions; nothing else formats or parses dates.

export const MX_TIME_ZONE = 'America/Mexico_City';
/** How the interface names the zone beside times and date inputs. */
export const MX_TIME_ZONE_LABEL = 'hora de la Ciudad de México';
const LOCALE = 'es-MX';

const MS_MINUTE = 60_000;
const MS_DAY = 86_400_000;

type Instant = Date | number;
const toDate = (t: Instant): Date => (typeof t === 'number' ? new Date(t) : t);

const partsFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: MX_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall clock in Mexico City at an instant. */
export function mexicoCityWallClock(t: Instant): WallClock {
  const get: Record<string, number> = {};
  for (const p of partsFormat.formatToParts(toDate(t))) {
    if (p.type !== 'literal') get[p.type] = Number(p.value);
  }
  return {
    year: get.year!,
    month: get.month!,
    day: get.day!,
    hour: get.hour! % 24,
    minute: get.minute!,
    second: get.second!,
  };
}

/** Minutes Mexico City is ahead of UTC at an instant (-360 today, -300 in old summers). */
export function mexicoCityOffsetMinutes(t: Instant): number {
  const d = toDate(t);
  const w = mexicoCityWallClock(d);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((asUtc - Math.floor(d.getTime() / 1000) * 1000) / MS_MINUTE);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

const LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * A Mexico City wall time ('2025-05-15T23:59', '2025-05-15T23:59:59' or '2025-05-15' for
 * midnight) as an instant; null when the text is not such a time or names one that does not
 * exist. A wall time skipped by an old spring-forward is not valid; one repeated by an old
 * fall-back resolves to its first occurrence.
 */
export function fromMexicoCityLocal(value: string): Date | null {
  const m = LOCAL_PATTERN.exec(value.trim());
  if (!m) return null;
  const [year, month, day, hour = 0, minute = 0, second = 0] = m.slice(1).map((v) => (v ? Number(v) : 0)) as [
    number,
    number,
    number,
    number?,
    number?,
    number?,
  ];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return null;
  const wallAsUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  // Try the offsets in force a day either side; keep the earliest that reproduces the wall time.
  const candidates = new Set([
    mexicoCityOffsetMinutes(wallAsUtc - MS_DAY),
    mexicoCityOffsetMinutes(wallAsUtc),
    mexicoCityOffsetMinutes(wallAsUtc + MS_DAY),
  ]);
  const hits = [...candidates]
    .map((offset) => wallAsUtc - offset * MS_MINUTE)
    .filter((instant) => {
      const w = mexicoCityWallClock(instant);
      return (
        w.year === year &&
        w.month === month &&
        w.day === day &&
        w.hour === hour &&
        w.minute === minute &&
        w.second === second
      );
    })
    .sort((a, b) => a - b);
  return hits.length > 0 ? new Date(hits[0]!) : null;
}

/** The value of an <input type="datetime-local"> showing this instant in Mexico City time. */
export function toMexicoCityLocal(t: Instant): string {
  const w = mexicoCityWallClock(t);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/** The Mexico City calendar date of an instant, 'YYYY-MM-DD'. */
export function mexicoCityDate(t: Instant): string {
  const w = mexicoCityWallClock(t);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
}

/** First instant (00:00:00.000) of a Mexico City calendar date 'YYYY-MM-DD'. */
export function startOfMexicoCityDay(date: string): Date {
  const start = fromMexicoCityLocal(date);
  if (!start) throw new RangeError(`Fecha no válida: ${date}`);
  return start;
}

/** Last instant (23:59:59.999) of a Mexico City calendar date 'YYYY-MM-DD'. */
export function endOfMexicoCityDay(date: string): Date {
  return new Date(startOfMexicoCityDay(addCalendarDays(date, 1)).getTime() - 1);
}

/** 'YYYY-MM-DD' plus n calendar days (n may be negative). */
export function addCalendarDays(date: string, n: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + n));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** Day of the week of a calendar date 'YYYY-MM-DD': 0 = Sunday … 6 = Saturday. */
export function calendarWeekday(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/**
 * Whole Mexico City calendar days from `from` to `to` (positive when `to` is later),
 * counting dates, not 24-hour periods: 23:59 on the 14th to 00:00 on the 15th is 1.
 */
export function calendarDaysBetween(from: Instant, to: Instant): number {
  const day = (t: Instant) => {
    const [y, m, d] = mexicoCityDate(t).split('-').map(Number) as [number, number, number];
    return Date.UTC(y, m - 1, d) / MS_DAY;
  };
  return day(to) - day(from);
}

// ---------------------------------------------------------------- formatting (es-MX)

const fmt = (opts: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(LOCALE, { timeZone: MX_TIME_ZONE, ...opts });
const dateMedium = fmt({ dateStyle: 'medium' });
const dateLong = fmt({ dateStyle: 'long' });
const dateFull = fmt({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

/** '15 may 2025, 23:59' */
export function formatDateTime(t: Instant): string {
  // The 24-hour clock of every other time the store shows (es-MX would write '11:59 p.m.').
  return `${formatDate(t)}, ${formatTime(t)}`;
}

/** '15 may 2025' */
export function formatDate(t: Instant): string {
  return dateMedium.format(toDate(t));
}

/** '15 de mayo de 2025' */
export function formatDateLong(t: Instant): string {
  return dateLong.format(toDate(t));
}

/** 'jueves, 29 de mayo de 2025' */
export function formatDateFull(t: Instant): string {
  return dateFull.format(toDate(t));
}

/** '9:00', '14:30' (24-hour clock). */
export function formatTime(t: Instant): string {
  // Built from the wall clock: ICU writes '09:00' for a numeric hour in the 24-hour cycle.
  const w = mexicoCityWallClock(t);
  return `${w.hour}:${pad(w.minute)}`;
}

/** 'jueves, 29 de mayo de 2025, 9:00–14:00 (hora de la Ciudad de México)' for one event day. */
export function formatDayRange(start: Instant, end: Instant, opts: { zoneNote?: boolean } = {}): string {
  const sameDay = mexicoCityDate(start) === mexicoCityDate(end);
  const text = sameDay
    ? `${formatDateFull(start)}, ${formatTime(start)}–${formatTime(end)}`
    : `${formatDateFull(start)}, ${formatTime(start)} – ${formatDateFull(end)}, ${formatTime(end)}`;
  return opts.zoneNote ? `${text} (hora de la Ciudad de México)` : text;
}

/** The Mexico City calendar date an event day ends on: a day ending at 00:00 ends the day before. */
function lastDate(start: Instant, end: Instant): string {
  const s = toDate(start).getTime();
  const e = toDate(end).getTime();
  return mexicoCityDate(e > s ? e - 1 : e);
}

const weekdayMonth = fmt({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

/**
 * An event day's option text, built from its start: 'Jueves 29 de mayo de 2025', or
 * 'Jueves 29 de mayo' with `{ year: false }`.
 */
export function formatDayLabel(t: Instant, opts: { year?: boolean } = {}): string {
  const parts: Record<string, string> = {};
  for (const p of weekdayMonth.formatToParts(toDate(t))) parts[p.type] = p.value;
  const weekday = parts.weekday!.charAt(0).toLocaleUpperCase(LOCALE) + parts.weekday!.slice(1);
  const text = `${weekday} ${parts.day} de ${parts.month}`;
  return opts.year === false ? text : `${text} de ${parts.year}`;
}

const dayMonthYear = (date: string) => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return { year, month, day, monthName: MONTHS[month - 1]! };
};
const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
] as const;

/**
 * The calendar span of an event from its first start to its last end, as a person writes it:
 * '29 de mayo de 2025', '29–31 de mayo de 2025', '30 de mayo – 2 de junio de 2025',
 * '30 de diciembre de 2025 – 2 de enero de 2026'.
 */
export function formatDateRange(start: Instant, end: Instant): string {
  const a = dayMonthYear(mexicoCityDate(start));
  const b = dayMonthYear(lastDate(start, end));
  if (a.year !== b.year) {
    return `${a.day} de ${a.monthName} de ${a.year} – ${b.day} de ${b.monthName} de ${b.year}`;
  }
  if (a.month !== b.month) return `${a.day} de ${a.monthName} – ${b.day} de ${b.monthName} de ${b.year}`;
  if (a.day !== b.day) return `${a.day}–${b.day} de ${a.monthName} de ${a.year}`;
  return `${a.day} de ${a.monthName} de ${a.year}`;
}

/** The hours of one event day: '9:00–18:00', or '22:00 – 30 may 2025, 2:00' past midnight. */
export function formatTimeRange(start: Instant, end: Instant): string {
  if (mexicoCityDate(start) === lastDate(start, end)) return `${formatTime(start)}–${formatTime(end)}`;
  return `${formatTime(start)} – ${formatDateTime(end)}`;
}

/** '2025-05-15 23:59' for CSV files: sortable, unambiguous, Mexico City time. */
export function formatCsvDateTime(t: Instant): string {
  const w = mexicoCityWallClock(t);
  return `${w.year}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}`;
}

/** '2025-05-29' → '29 may' (a calendar date, no time zone involved). */
export function formatCalendarDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(LOCALE, { timeZone: 'UTC', day: 'numeric', month: 'short' }).format(
    new Date(Date.UTC(y, m - 1, d, 12)),
  );
}

/** A short Spanish duration until an instant: '3 días', '5 h 20 min', '12 min', 'menos de 1 min'. */
export function formatTimeUntil(from: Instant, to: Instant): string {
  const ms = toDate(to).getTime() - toDate(from).getTime();
  if (ms < MS_MINUTE) return 'menos de 1 min';
  const minutes = Math.floor(ms / MS_MINUTE);
  const days = Math.floor(minutes / 1440);
  if (days >= 2) return `${days} días`;
  const hours = Math.floor(minutes / 60);
  if (hours >= 1) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  return `${minutes} min`;
}

/** The state of an event day at an instant. */
export type DayPhase = 'upcoming' | 'live' | 'ended';

export function dayPhase(now: Instant, startsAt: Instant, endsAt: Instant): DayPhase {
  const n = toDate(now).getTime();
  if (n >= toDate(endsAt).getTime()) return 'ended';
  if (n >= toDate(startsAt).getTime()) return 'live';
  return 'upcoming';
}
