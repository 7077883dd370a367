import { describe, expect, it } from 'vitest';
import { fromMexicoCityLocal } from '@store/shared/domain/time';
import { calendarFile, dayLocation, icsText, orderCalendar } from './calendar';

const at = (local: string) => fromMexicoCityLocal(local)!;

describe('calendar file', () => {
  const ics = orderCalendar({
    orderId: '4299283a-0000-4000-8000-000000000000',
    ordersUrl: 'https://tienda.test/orders',
    host: 'tienda.test',
    days: [
      {
        productId: 'p1',
        productName: '2º Curso de Anestesia Cardiovascular, módulo de circulación extracorpórea y más',
        label: 'Jueves 7 de enero',
        startsAt: at('2027-01-07T09:00'),
        endsAt: at('2027-01-07T18:00'),
        isPresential: false,
      },
      {
        productId: 'p1',
        productName: 'Taller; aminas',
        label: 'Viernes',
        startsAt: at('2027-01-08T14:30'),
        endsAt: at('2027-01-08T19:30'),
        isPresential: true,
      },
    ],
  });
  const unfolded = ics.replace(/\r\n /g, '');

  it('has one event per day in Mexico City wall time with its zone', () => {
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(unfolded.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(unfolded).toContain('TZID:America/Mexico_City');
    expect(unfolded).toContain('DTSTART;TZID=America/Mexico_City:20270107T090000');
    expect(unfolded).toContain('DTEND;TZID=America/Mexico_City:20270107T180000');
    expect(unfolded).toContain('DTSTART;TZID=America/Mexico_City:20270108T143000');
    expect(unfolded).toContain('URL:https://tienda.test/orders');
    expect(unfolded).toContain('SUMMARY:Taller\\; aminas · Viernes');
  });

  it('folds long lines at 75 octets with CRLF and never splits a character', () => {
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(ics).toContain('\r\n ');
    expect(unfolded).toContain('SUMMARY:2º Curso de Anestesia Cardiovascular\\, módulo de circulación');
  });

  it('escapes text values', () => {
    expect(icsText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    const file = calendarFile({ events: [], url: 'https://x.test/orders', description: 'd' });
    expect(file).not.toContain('BEGIN:VEVENT');
  });

  it('names the venue as LOCATION, and says a hybrid event is also streamed', () => {
    const venue = { name: 'Instituto Nacional de Cardiología', address: 'Juan Badiano 1, Tlalpan, CDMX' };
    const hybrid = orderCalendar({
      orderId: '4299283a-0000-4000-8000-000000000000',
      ordersUrl: 'https://tienda.test/orders',
      host: 'tienda.test',
      days: [
        {
          productId: 'p1',
          productName: 'Curso',
          label: 'Jueves',
          startsAt: at('2027-01-07T09:00'),
          endsAt: at('2027-01-07T18:00'),
          isPresential: false,
          venue,
        },
      ],
    }).replace(/\r\n /g, '');
    expect(hybrid).toContain(
      'LOCATION:Instituto Nacional de Cardiología\\, Juan Badiano 1\\, Tlalpan\\, CDMX. También en transmisión en vivo (Mis Productos)',
    );
    expect(hybrid).not.toContain('LOCATION:Transmisión en vivo');
    expect(dayLocation({ isPresential: true, venue })).toBe(
      'Instituto Nacional de Cardiología, Juan Badiano 1, Tlalpan, CDMX',
    );
    expect(dayLocation({ isPresential: true, venue: { name: 'Hotel Sede', address: null } })).toBe(
      'Hotel Sede',
    );
    expect(dayLocation({ isPresential: true })).toBe('Evento presencial');
    expect(dayLocation({ isPresential: false, venue: null })).toBe('Transmisión en vivo (Mis Productos)');
  });
});
