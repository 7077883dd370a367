import { describe, expect, it } from 'vitest';
import { ADMIN_MSG, adminImportDuplicateInFile } from '@store/shared/admin-messages';
import { AppError } from '../../../lib/errors';
import { parseMembersCsv, resolveUserType } from './import-csv';

describe('parseMembersCsv', () => {
  it('reads good rows with a BOM, semicolons, quotes, Spanish headers in any order', () => {
    const csv =
      '\uFEFFcorreo;Nombre;Tipo de usuario\r\nana@x.mx;"Ana María Peña";Médico residente\r\n\r\nLUIS@X.MX;luis;\r\n';
    expect(parseMembersCsv(csv)).toEqual({
      totalRows: 2,
      problems: [],
      valid: [
        { line: 2, name: 'ANA MARIA PEÑA', email: 'ana@x.mx', userType: 'residente' },
        { line: 4, name: 'LUIS', email: 'luis@x.mx', userType: 'general' },
      ],
    });
  });

  it('reports each bad row with its line number and every reason', () => {
    const csv = [
      'name,email,userType',
      'Ana,ana@x.mx,enfermeria',
      'B4d N4me,no-es-correo,astronauta',
      'Solo nombre',
      'Carla,ANA@x.mx,estudiante',
    ].join('\n');
    const result = parseMembersCsv(csv);
    expect(result.valid.map((r) => r.line)).toEqual([2]);
    expect(result.problems).toEqual([
      {
        line: 3,
        email: 'no-es-correo',
        kind: 'error',
        reason: `${ADMIN_MSG.importInvalidName}; ${ADMIN_MSG.importInvalidEmail}; ${ADMIN_MSG.importInvalidUserType}: «astronauta»`,
      },
      { line: 4, email: null, kind: 'error', reason: ADMIN_MSG.importWrongColumns },
      { line: 5, email: 'ana@x.mx', kind: 'duplicate', reason: adminImportDuplicateInFile(2) },
    ]);
  });

  it.each([
    ['', ADMIN_MSG.importEmpty],
    ['name,email,userType\n', ADMIN_MSG.importEmpty],
    ['foo,bar\nAna,ana@x.mx', ADMIN_MSG.importBadHeader],
    ['name,email\n"Ana,ana@x.mx', ADMIN_MSG.importUnreadable],
  ])('refuses %j as a whole', (csv, message) => {
    expect(() => parseMembersCsv(csv)).toThrow(new AppError('bad_request', message));
  });

  it('refuses more than 5000 rows', () => {
    const rows = Array.from({ length: 5001 }, (_, i) => `P,p${i}@x.mx,general`);
    expect(() => parseMembersCsv(['name,email,userType', ...rows].join('\n'))).toThrow(
      ADMIN_MSG.importTooLarge,
    );
  });

  it('resolves user types by code or label, accent- and case-insensitively', () => {
    expect(resolveUserType('ENFERMERÍA')).toBe('enfermeria');
    expect(resolveUserType('Personal del hospital sede')).toBe('personal_hospital');
    expect(resolveUserType('personal-hospital')).toBe('personal_hospital');
    expect(resolveUserType('')).toBe('general');
    expect(resolveUserType('otro')).toBeNull();
  });
});
