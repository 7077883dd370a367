// The list of people for a group order's places (docs/groups.md): header, separators, quotes,
// one person per line with the order's days (one column per day, or a day column), the
// template, and each refusal naming its line.
import { describe, expect, it } from 'vitest';
import { MAX_GROUP_CSV_LINES } from '../constants';
import { MSG } from '../messages';
import { parsePlacesCsv, placesCsvTemplate } from './places-csv';
import {
  GROUP_MSG,
  placesCsvColumn,
  placesCsvDay,
  placesCsvDuplicate,
  placesCsvLine,
  placesCsvMark,
} from '../group-messages';

const DAYS = ['Jueves', 'Viernes'];

describe('parsePlacesCsv', () => {
  it('reads commas or semicolons, quotes, a BOM, blank lines and the optional day column', () => {
    expect(
      parsePlacesCsv('\uFEFFnombre,correo\r\n"Ruiz, Ana",ANA@H.MX\r\n\r\nLuis Mora,luis@h.mx\n'),
    ).toEqual({
      ok: false,
      message: placesCsvLine(2, `${MSG.invalidName} (columna nombre)`),
    });
    expect(
      parsePlacesCsv(
        'Nombre;Correo electrónico;Día\nAna Ruiz;ANA@H.MX;viernes\n\nLuis Mora;luis@h.mx;',
        DAYS,
      ),
    ).toEqual({
      ok: true,
      entries: [
        { line: 2, name: 'ANA RUIZ', email: 'ana@h.mx', days: ['Viernes'] },
        { line: 4, name: 'LUIS MORA', email: 'luis@h.mx', days: null },
      ],
    });
    expect(parsePlacesCsv('email,nombre\nana@h.mx,"Ana ""Anita"" Ruiz"')).toMatchObject({ ok: false });
    expect(parsePlacesCsv('email,nombre\nana@h.mx,"Ana Ruiz"')).toEqual({
      ok: true,
      entries: [{ line: 2, name: 'ANA RUIZ', email: 'ana@h.mx', days: null }],
    });
  });

  it('one line per person: a column per day marked sí or no (any case, accents or x), absent: every day', () => {
    expect(
      parsePlacesCsv('nombre,correo,JUEVES,viernes\nAna Ruiz,ana@h.mx,Sí,no\nLuis Mora,luis@h.mx,x,SI', DAYS),
    ).toEqual({
      ok: true,
      entries: [
        { line: 2, name: 'ANA RUIZ', email: 'ana@h.mx', days: ['Jueves'] },
        { line: 3, name: 'LUIS MORA', email: 'luis@h.mx', days: ['Jueves', 'Viernes'] },
      ],
    });
    expect(parsePlacesCsv('nombre,correo,Jueves,Viernes\nAna Ruiz,ana@h.mx,no,', DAYS)).toEqual({
      ok: false,
      message: placesCsvLine(2, GROUP_MSG.placesCsvNoDay),
    });
    expect(parsePlacesCsv('nombre,correo,Jueves,Viernes\nAna Ruiz,ana@h.mx,quizá,sí', DAYS)).toEqual({
      ok: false,
      message: placesCsvLine(2, placesCsvMark('Jueves')),
    });
    expect(parsePlacesCsv('nombre,correo,Sábado\nAna Ruiz,ana@h.mx,sí', DAYS)).toEqual({
      ok: false,
      message: placesCsvColumn('sabado'),
    });
    expect(parsePlacesCsv('nombre,correo,dia\nAna Ruiz,ana@h.mx,Sábado', DAYS)).toEqual({
      ok: false,
      message: placesCsvLine(2, placesCsvDay('Sábado')),
    });
    // A person on a line for every day and again on a line for one day holds that day twice.
    expect(parsePlacesCsv('nombre,correo,dia\nAna Ruiz,ana@h.mx,\nAna Ruiz,ana@h.mx,Jueves', DAYS)).toEqual({
      ok: false,
      message: placesCsvLine(3, placesCsvDuplicate('ana@h.mx')),
    });
  });

  it('the template: the header with the days, the people named so far, formulas kept as text', () => {
    const csv = placesCsvTemplate(DAYS, [
      { name: 'ANA RUIZ', email: 'ana@h.mx', days: ['Jueves'] },
      { name: '=HYPERLINK("x")', email: 'b@h.mx', days: DAYS },
    ]);
    expect(csv).toBe(
      '\uFEFFnombre,correo,Jueves,Viernes\r\nANA RUIZ,ana@h.mx,sí,no\r\n"\'=HYPERLINK(""x"")",b@h.mx,sí,sí\r\n',
    );
    // What the template says is read back as it was (the header alone is an empty list).
    expect(parsePlacesCsv(placesCsvTemplate(DAYS), DAYS)).toEqual({
      ok: false,
      message: GROUP_MSG.placesCsvEmpty,
    });
    expect(
      parsePlacesCsv(
        placesCsvTemplate(DAYS, [{ name: 'ANA RUIZ', email: 'ana@h.mx', days: ['Viernes'] }]),
        DAYS,
      ),
    ).toEqual({
      ok: true,
      entries: [{ line: 2, name: 'ANA RUIZ', email: 'ana@h.mx', days: ['Viernes'] }],
    });
    // An event sold whole: no day columns.
    expect(placesCsvTemplate([])).toBe('\uFEFFnombre,correo\r\n');
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
    expect(parsePlacesCsv('nombre,correo,telefono\nAna,ana@h.mx,1', DAYS)).toEqual({
      ok: false,
      message: placesCsvColumn('telefono'),
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
      parsePlacesCsv('nombre,correo,dia\nAna Ruiz,ana@h.mx,Jueves\nAna Ruiz,ana@h.mx,Viernes', DAYS),
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
