// The list of people for a group order's places (docs/groups.md), pasted or uploaded as CSV:
// a header with the columns `nombre` and `correo` (or `email`), then one person per line. A
// person takes a place on every day the order bought; to choose, the header may add one
// column per day (the day's label, as in the template) marked «sí» or «no» on each line, or a
// `dia` column naming one day per line. Commas or semicolons separate the columns (Excel in
// Spanish writes semicolons); a field may be quoted.
// Pure: the server parses with the order's days, checks the whole list, then assigns it in one
// transaction, all or nothing.

import { MAX_GROUP_CSV_LINES } from '../constants';
import { MSG } from '../messages';
import { emailField, nameField } from '../schemas/user';
import {
  GROUP_MSG,
  placesCsvColumn,
  placesCsvDay,
  placesCsvDuplicate,
  placesCsvLine,
  placesCsvMark,
} from '../group-messages';

export interface PlacesCsvEntry {
  /** The line in the file (1 = the header). */
  line: number;
  name: string;
  email: string;
  /** The days (labels as the order names them) this person takes; null: every day. */
  days: string[] | null;
}

export type PlacesCsvResult = { ok: true; entries: PlacesCsvEntry[] } | { ok: false; message: string };

/** Splits one line into fields: `sep` separates, double quotes enclose ("" is a quote). */
function fields(line: string, sep: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cur += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"') quoted = true;
    else if (c === sep) {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out.map((f) => f.trim());
}

const norm = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

const YES = new Set(['si', 's', 'x', '1', 'yes']);
const NO = new Set(['no', 'n', '0', '-', '']);

/** A field a spreadsheet would run as a formula, quoted so it is read as text. */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",;\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The template for an order's places: the header (a column per day when the order has several
 * days sold per day) and, as a guide, the people already named, one line each with their days.
 */
export function placesCsvTemplate(
  dayLabels: readonly string[],
  people: readonly { name: string; email: string; days: readonly string[] }[] = [],
): string {
  const perDay = dayLabels.length > 1;
  const header = ['nombre', 'correo', ...(perDay ? dayLabels : [])];
  const lines = people.map((p) => [
    p.name,
    p.email,
    ...(perDay ? dayLabels.map((d) => (p.days.includes(d) ? 'sí' : 'no')) : []),
  ]);
  return `\uFEFF${[header, ...lines].map((l) => l.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/**
 * Parses the list against the order's day labels (empty: an event sold whole, one place per
 * person), or answers the Spanish message naming the first bad line or the header.
 */
export function parsePlacesCsv(text: string, dayLabels: readonly string[] = []): PlacesCsvResult {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const numbered = lines.map((l, i) => ({ n: i + 1, l })).filter((x) => x.l.trim() !== '');
  const header = numbered[0];
  if (!header || numbered.length < 2) return { ok: false, message: GROUP_MSG.placesCsvEmpty };
  if (numbered.length - 1 > MAX_GROUP_CSV_LINES) return { ok: false, message: GROUP_MSG.placesCsvTooLong };
  const sep = header.l.includes(';') && !header.l.includes(',') ? ';' : ',';
  const cols = fields(header.l, sep).map(norm);
  const nameAt = cols.indexOf('nombre');
  const emailAt = cols.findIndex((c) => c === 'correo' || c === 'email' || c === 'correo electronico');
  const dayAt = cols.findIndex((c) => c === 'dia');
  if (nameAt < 0 || emailAt < 0) return { ok: false, message: GROUP_MSG.placesCsvHeader };
  const byNorm = new Map(dayLabels.map((d) => [norm(d), d]));
  // Every other column must be one of the order's days.
  const dayCols: { at: number; label: string }[] = [];
  for (const [at, c] of cols.entries()) {
    if (at === nameAt || at === emailAt || at === dayAt) continue;
    const label = byNorm.get(c);
    if (!label) {
      return {
        ok: false,
        message: c === '' || dayLabels.length === 0 ? GROUP_MSG.placesCsvHeader : placesCsvColumn(c),
      };
    }
    dayCols.push({ at, label });
  }
  if (nameAt < 0 || emailAt < 0 || new Set(cols).size !== cols.length || (dayAt >= 0 && dayCols.length > 0)) {
    return { ok: false, message: GROUP_MSG.placesCsvHeader };
  }
  const entries: PlacesCsvEntry[] = [];
  const seen = new Set<string>();
  for (const { n, l } of numbered.slice(1)) {
    const f = fields(l, sep);
    if (f.length !== cols.length) {
      return {
        ok: false,
        message: placesCsvLine(n, `tiene ${f.length} columnas y el encabezado ${cols.length}.`),
      };
    }
    const name = nameField.safeParse(f[nameAt]);
    if (!name.success) return { ok: false, message: placesCsvLine(n, `${MSG.invalidName} (columna nombre)`) };
    const email = emailField.safeParse(f[emailAt]);
    if (!email.success)
      return { ok: false, message: placesCsvLine(n, `${MSG.invalidEmail} (columna correo)`) };
    let days: string[] | null = null;
    if (dayAt >= 0 && f[dayAt]) {
      const label = byNorm.get(norm(f[dayAt]!));
      if (!label) return { ok: false, message: placesCsvLine(n, placesCsvDay(f[dayAt]!)) };
      days = [label];
    } else if (dayCols.length > 0) {
      days = [];
      for (const c of dayCols) {
        const v = norm(f[c.at]!);
        if (YES.has(v)) days.push(c.label);
        else if (!NO.has(v)) return { ok: false, message: placesCsvLine(n, placesCsvMark(c.label)) };
      }
      if (days.length === 0) return { ok: false, message: placesCsvLine(n, GROUP_MSG.placesCsvNoDay) };
    }
    for (const d of days ?? ['']) {
      const key = `${email.data}\u0000${d}`;
      if (seen.has(key)) return { ok: false, message: placesCsvLine(n, placesCsvDuplicate(email.data)) };
      seen.add(key);
    }
    // A person on a line of their own for every day, then on a line for one day: twice.
    if (days && seen.has(`${email.data}\u0000`)) {
      return { ok: false, message: placesCsvLine(n, placesCsvDuplicate(email.data)) };
    }
    if (!days && [...seen].some((k) => k.startsWith(`${email.data}\u0000`) && !k.endsWith('\u0000'))) {
      return { ok: false, message: placesCsvLine(n, placesCsvDuplicate(email.data)) };
    }
    entries.push({ line: n, name: name.data, email: email.data, days });
  }
  return { ok: true, entries };
}
