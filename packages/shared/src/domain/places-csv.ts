// The list of people for a group order's places (docs/groups.md), pasted or uploaded as CSV:
// a header with the columns `nombre` and `correo` (or `email`), optionally `dia` (the day's
// label, for an order of several days sold per day), then one person per line. Commas or
// semicolons separate the columns (Excel in Spanish writes semicolons); a field may be quoted.
// Pure: the server parses and then assigns the whole list in one transaction, all or nothing.

import { MAX_GROUP_CSV_LINES } from '../constants';
import { MSG } from '../messages';
import { emailField, nameField } from '../schemas/user';
import { GROUP_MSG, placesCsvLine, placesCsvDuplicate } from '../group-messages';

export interface PlacesCsvEntry {
  /** The line in the file (1 = the header). */
  line: number;
  name: string;
  email: string;
  day: string | null;
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
    .trim();

/** Parses the list, or the Spanish message naming the first bad line or the header. */
export function parsePlacesCsv(text: string): PlacesCsvResult {
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
  const known = cols.every((c) => ['nombre', 'correo', 'email', 'correo electronico', 'dia'].includes(c));
  if (nameAt < 0 || emailAt < 0 || !known || new Set(cols).size !== cols.length) {
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
    const day = dayAt >= 0 && f[dayAt] ? f[dayAt]! : null;
    const key = `${email.data}\u0000${day === null ? '' : norm(day)}`;
    if (seen.has(key)) return { ok: false, message: placesCsvLine(n, placesCsvDuplicate(email.data)) };
    seen.add(key);
    entries.push({ line: n, name: name.data, email: email.data, day });
  }
  return { ok: true, entries };
}
