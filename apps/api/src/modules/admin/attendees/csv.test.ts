import { describe, expect, it } from 'vitest';
import type { AdminAttendee } from '@store/shared/schemas/admin/attendees';
import { attendeesCsv, toCsv } from './csv';

const BOM = '\uFEFF';
/** The cells of a one-row file, after the BOM and without the final CRLF. */
const line = (cells: string[]) => toCsv([cells]).slice(BOM.length, -2);

describe('toCsv', () => {
  it('starts with a BOM and ends every record with CRLF', () => {
    expect(
      toCsv([
        ['a', 'b'],
        ['c', 'd'],
      ]),
    ).toBe(`${BOM}a,b\r\nc,d\r\n`);
  });

  it('quotes cells with commas, quotes, line breaks and semicolons (RFC 4180)', () => {
    expect(line(['Peña, María'])).toBe('"Peña, María"');
    expect(line(['dice "hola"'])).toBe('"dice ""hola"""');
    expect(line(['dos\nlíneas'])).toBe('"dos\nlíneas"');
    expect(line(['dos\rlíneas'])).toBe('"dos\rlíneas"');
    expect(line(['a;b'])).toBe('"a;b"');
    expect(line(['normal', ''])).toBe('normal,');
  });

  it.each(['=HYPERLINK("x")', '+52 55', '-1', '@SUM(A1)', '\tTAB', '\rCR'])(
    'neutralises a cell a spreadsheet would run as a formula: %j',
    (cell) => {
      const out = line([cell]);
      expect(out.replace(/^"/, '').startsWith(`'${cell[0]}`)).toBe(true);
    },
  );

  it('leaves the rest of a neutralised cell as it was', () => {
    expect(line(['=HYPERLINK("x")'])).toBe(`"'=HYPERLINK(""x"")"`);
    expect(line(['+52 55'])).toBe("'+52 55");
    expect(line(['correo@hospital.mx'])).toBe('correo@hospital.mx');
  });
});

describe('attendeesCsv', () => {
  it('writes the header and one row per attendee', () => {
    const attendee: AdminAttendee = {
      name: '=CMD',
      email: 'ana@hospital.mx',
      userType: 'residente',
      day: 'Viernes 30',
      dayStartsAt: Date.UTC(2025, 4, 30, 15, 0),
      orderId: '0a1b2c3d-0000-4000-8000-000000000000',
      userId: '00000000-0000-4000-8000-000000000002',
      productDayId: '00000000-0000-4000-8000-000000000001',
      paymentMethod: 'paypal',
      couponCode: null,
      date: Date.UTC(2025, 4, 30, 18, 5),
      certificateName: 'Nuria Peña',
      cedula: '1234567',
      specialty: 'Enfermería cardiovascular',
      institution: 'Hospital General',
      watchedMinutes: 0,
      checkedInAt: Date.UTC(2025, 4, 30, 15, 2),
      attended: true,
    };
    const [header, row, end] = attendeesCsv([attendee]).slice(BOM.length).split('\r\n');
    expect(header).toBe(
      'Nombre,Correo,Tipo de usuario,Día,Inicio del día,Orden,Fecha de pago,Método de pago,Cupón,Pagado por,Nombre en constancia,Cédula profesional,Especialidad,Institución,Minutos en línea,Registro presencial,Asistió',
    );
    expect(row).toBe(
      "'=CMD,ana@hospital.mx,Médico residente,Viernes 30,2025-05-30 09:00,0A1B2C3D,2025-05-30 12:05,PayPal,,'=CMD,Nuria Peña,1234567,Enfermería cardiovascular,Hospital General,0,2025-05-30 09:02,Sí",
    );
    expect(end).toBe('');
  });
});
