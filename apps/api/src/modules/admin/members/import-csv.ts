// Reads a members CSV (name,email,userType) into valid rows and problems, each problem with
// its line number. Pure: the service adds the duplicates against existing accounts.
//
// Accepted: a header row (English or Spanish column names, any order), comma or semicolon
// separators (Excel in Spanish saves with semicolons), a UTF-8 BOM, quoted fields, empty
// lines; userType as the code (residente) or its label (Médico residente), empty = general.

import { parse } from 'csv-parse/sync';
import { USER_TYPE_LABELS, USER_TYPES, type UserType } from '@store/shared/constants';
import { ADMIN_MSG, adminImportDuplicateInFile } from '@store/shared/admin-messages';
import type { AdminImportProblem, AdminImportRow } from '@store/shared/schemas/admin/members';
import { emailField, nameField } from '@store/shared/schemas/user';
import { AppError } from '../../../lib/errors';

export const MAX_IMPORT_ROWS = 5000;

export interface ParsedImport {
  totalRows: number;
  valid: AdminImportRow[];
  problems: AdminImportProblem[];
}

function fold(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .trim()
    .replace(/[\s-]+/g, '_');
}

const HEADER_ALIASES: Record<'name' | 'email' | 'userType', string[]> = {
  name: ['name', 'nombre', 'nombre_completo'],
  email: ['email', 'e_mail', 'correo', 'correo_electronico', 'mail'],
  userType: ['usertype', 'user_type', 'tipo', 'tipo_de_usuario', 'tipo_usuario'],
};

const USER_TYPE_BY_TEXT = new Map<string, UserType>();
for (const t of USER_TYPES) {
  USER_TYPE_BY_TEXT.set(fold(t), t);
  USER_TYPE_BY_TEXT.set(fold(USER_TYPE_LABELS[t]), t);
}

export function resolveUserType(raw: string): UserType | null {
  if (raw.trim() === '') return 'general';
  return USER_TYPE_BY_TEXT.get(fold(raw)) ?? null;
}

export function parseMembersCsv(text: string): ParsedImport {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      delimiter: [',', ';'],
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      info: true,
    }) as unknown as typeof records;
  } catch {
    throw new AppError('bad_request', ADMIN_MSG.importUnreadable);
  }
  const [header, ...rows] = records;
  if (!header) throw new AppError('bad_request', ADMIN_MSG.importEmpty);

  const columns = header.record.map(fold);
  const index = {
    name: columns.findIndex((c) => HEADER_ALIASES.name.includes(c)),
    email: columns.findIndex((c) => HEADER_ALIASES.email.includes(c)),
    userType: columns.findIndex((c) => HEADER_ALIASES.userType.includes(c)),
  };
  if (index.name < 0 || index.email < 0) throw new AppError('bad_request', ADMIN_MSG.importBadHeader);
  const dataRows = rows.filter((r) => r.record.some((cell) => cell !== ''));
  if (dataRows.length === 0) throw new AppError('bad_request', ADMIN_MSG.importEmpty);
  if (dataRows.length > MAX_IMPORT_ROWS) throw new AppError('bad_request', ADMIN_MSG.importTooLarge);

  const valid: AdminImportRow[] = [];
  const problems: AdminImportProblem[] = [];
  const firstLineByEmail = new Map<string, number>();
  const needed = Math.max(index.name, index.email, index.userType) + 1;

  for (const { record, info } of dataRows) {
    const line = info.lines;
    const rawEmail = record[index.email] ?? '';
    if (record.length < needed) {
      problems.push({ line, email: rawEmail || null, kind: 'error', reason: ADMIN_MSG.importWrongColumns });
      continue;
    }
    const reasons: string[] = [];
    const name = nameField.safeParse(record[index.name] ?? '');
    if (!name.success) reasons.push(ADMIN_MSG.importInvalidName);
    const email = emailField.safeParse(rawEmail);
    if (!email.success) reasons.push(ADMIN_MSG.importInvalidEmail);
    const rawType = index.userType >= 0 ? (record[index.userType] ?? '') : '';
    const userType = resolveUserType(rawType);
    if (!userType) reasons.push(`${ADMIN_MSG.importInvalidUserType}: «${rawType}»`);
    if (email.success) {
      const first = firstLineByEmail.get(email.data);
      if (first !== undefined) {
        problems.push({
          line,
          email: email.data,
          kind: 'duplicate',
          reason: adminImportDuplicateInFile(first),
        });
        continue;
      }
      firstLineByEmail.set(email.data, line);
    }
    if (!name.success || !email.success || !userType) {
      problems.push({
        line,
        email: email.success ? email.data : rawEmail || null,
        kind: 'error',
        reason: reasons.join('; '),
      });
      continue;
    }
    valid.push({ line, name: name.data, email: email.data, userType });
  }
  return { totalRows: dataRows.length, valid, problems };
}
