// The list of people for a group order's places (docs/groups.md): header, separators, quotes,
// the optional day column, and each refusal naming its line.
import { describe, expect, it } from 'vitest';
import { MAX_GROUP_CSV_LINES } from '../constants';
import { MSG } from '../messages';
import { parsePlacesCsv } from './places-csv';
import { GROUP_MSG, placesCsvLine, placesCsvDuplicate } from '../group-messages';

describe('parsePlacesCsv', () => {
  it('reads commas or semicolons, quotes, a BOM, blank lines and the optional day column', () => {
    expect(
      parsePlacesCsv('\uFEFFnombre,correo\r\n"Ruiz, Ana",ANA@H.MX\r\n\r\nLuis Mora,luis@h.mx\n'),
    ).toEqual({
      ok: false,
      message: placesCsvLine(2, `${MSG.invalidName} (columna nombre)`),
    });
    expect(
      parsePlacesCsv('Nombre;Correo electrónico;Día\nAna Ruiz;ANA@H.MX;Viernes\n\nLuis Mora;luis@h.mx;'),
    ).toEqual({
      ok: true,
      entries: [
        { line: 2, name: 'ANA RUIZ', email: 'ana@h.mx', day: 'Viernes' },
        { line: 4, name: 'LUIS MORA', email: 'luis@h.mx', day: null },
      ],
    });
    expect(parsePlacesCsv('email,nombre\nana@h.mx,"Ana ""Anita"" Ruiz"')).toMatchObject({ ok: false });
    expect(parsePlacesCsv('email,nombre\nana@h.mx,"Ana Ruiz"')).toEqual({
      ok: true,
      entries: [{ line: 2, name: 'ANA RUIZ', email: 'ana@h.mx', day: null }],
    });
  });

  it('refuses a wrong header, a short line, a bad e-mail, a repeated person and an empty or long list', () => {
    expect(parsePlacesCsv('')).toEqual({ ok: false, message: GROUP_MSG.placesCsvEmpty });
    expect(parsePlacesCsv('nombre,correo\n')).toEqual({ ok: false, message: GROUP_MSG.placesCsvEmpty });
    expect(parsePlacesCsv('name,mail\nAna,ana@h.mx')).toEqual({
      ok: false,
      message: GROUP_MSG.placesCsvHeader,
    });
    expect(parsePlacesCsv('nombre,correo,telefono\nAna,ana@h.mx,1')).toEqual({
      ok: false,
      message: GROUP_MSG.placesCsvHeader,
    });
    expect(parsePlacesCsv('nombre,correo\nAna Ruiz')).toEqual({
      ok: false,
      message: placesCsvLine(2, 'tiene 1 columnas y el encabezado 2.'),
    });
    expect(parsePlacesCsv('nombre,correo\nAna Ruiz,ana@h.mx\nLuis Mora,luis@')).toEqual({
      ok: false,
      message: placesCsvLine(3, `${MSG.invalidEmail} (columna correo)`),
    });
    expect(parsePlacesCsv('nombre,correo\nAna Ruiz,ana@h.mx\nAna R,ANA@h.mx')).toEqual({
      ok: false,
      message: placesCsvLine(3, placesCsvDuplicate('ana@h.mx')),
    });
    // The same person on two different days is fine.
    expect(
      parsePlacesCsv('nombre,correo,dia\nAna Ruiz,ana@h.mx,Jueves\nAna Ruiz,ana@h.mx,Viernes'),
    ).toMatchObject({
      ok: true,
    });
    const long = [
      'nombre,correo',
      ...Array.from({ length: MAX_GROUP_CSV_LINES + 1 }, (_, i) => `Ana,a${i}@h.mx`),
    ];
    expect(parsePlacesCsv(long.join('\n'))).toEqual({ ok: false, message: GROUP_MSG.placesCsvTooLong });
  });
});
