import { describe, expect, it } from 'vitest';
import type { DayOption } from '@store/shared/schemas/product';
import { cardSeats, cardSeatsLabel } from './card-seats';

const NOW = Date.parse('2030-03-01T12:00:00Z');
const day = (seatCapacity: number | null, seatsSold: number, over: Partial<DayOption> = {}): DayOption => ({
  label: `Día ${Math.random()}`,
  startsAt: NOW + 86_400_000,
  endsAt: NOW + 90_000_000,
  seatCapacity,
  seatsSold,
  ...over,
});
const ended = { startsAt: NOW - 90_000_000, endsAt: NOW - 86_400_000 };

describe('cardSeats', () => {
  it('says «Agotado» when every day on sale is full (per day) or one is (whole event)', () => {
    expect(cardSeats({ saleMode: 'por_dia', dayOptions: [day(5, 5), day(3, 3)] }, NOW)).toEqual({
      kind: 'agotado',
    });
    expect(cardSeats({ saleMode: 'completo', dayOptions: [day(5, 5), day(30, 1)] }, NOW)).toEqual({
      kind: 'agotado',
    });
    // Per day, another day with seats keeps the event on sale.
    expect(cardSeats({ saleMode: 'por_dia', dayOptions: [day(5, 5), day(30, 1)] }, NOW)).toBeNull();
  });

  it('counts the seats left when few, ignoring ended days', () => {
    const few = cardSeats(
      { saleMode: 'por_dia', dayOptions: [day(20, 16), day(10, 9), day(3, 3, ended)] },
      NOW,
    );
    expect(few).toEqual({ kind: 'pocos', left: 4 });
    expect(cardSeatsLabel(few!)).toBe('Quedan 4 lugares');
    expect(cardSeatsLabel({ kind: 'pocos', left: 1 })).toBe('Queda 1 lugar');
  });

  it('says nothing with plenty of seats, no limit, or a finished event', () => {
    expect(cardSeats({ saleMode: 'por_dia', dayOptions: [day(40, 2)] }, NOW)).toBeNull();
    expect(cardSeats({ saleMode: 'completo', dayOptions: [day(null, 0), day(null, 90)] }, NOW)).toBeNull();
    expect(cardSeats({ saleMode: 'por_dia', dayOptions: [day(5, 5, ended)] }, NOW)).toBeNull();
  });
});
