import { describe, expect, it } from 'vitest';
import type { Product } from '@store/shared/schemas/product';
import { cartHasUnlistedEvents, cartViewLines } from './cart-view-lines';

const product = (id: string, days: [string, number, number][]): Product => ({
  _id: id,
  name: id,
  description: '',
  price: 100,
  image: [],
  category: 'Conferencias',
  subCategory: 'Basico',
  days: days.map(([label]) => label),
  dayOptions: days.map(([label, startsAt, endsAt]) => ({
    label,
    startsAt,
    endsAt,
    seatCapacity: null,
    seatsSold: 0,
  })),
  isPresential: false,
  date: 0,
  startsAt: Math.min(...days.map((d) => d[1])),
  endsAt: Math.max(...days.map((d) => d[2])),
  saleMode: 'por_dia',
  tiers: [],
  requires: null,
  venue: null,
});

const serie = product('serie', [
  ['Sábado 1', 100, 200],
  ['Sábado 2', 300, 400],
]);
const old = product('old', [['Lunes', 10, 20]]);
const cart = { serie: { 'Sábado 1': 1, 'Sábado 2': 1 }, old: { Lunes: 1 }, gone: { X: 1 } };

describe('cartViewLines', () => {
  it('marks a line ended from its day’s end instant on, and leaves out unknown events', () => {
    const at = (now: number) =>
      cartViewLines(cart, [serie, old], now).map((l) => [l.productId, l.day, l.ended]);
    expect(at(199)).toEqual([
      ['serie', 'Sábado 1', false],
      ['serie', 'Sábado 2', false],
      ['old', 'Lunes', true],
    ]);
    expect(at(200)).toEqual([
      ['serie', 'Sábado 1', true],
      ['serie', 'Sábado 2', false],
      ['old', 'Lunes', true],
    ]);
  });

  it('tells when the cart holds an event the upcoming list does not have', () => {
    expect(cartHasUnlistedEvents(cart, undefined)).toBe(false);
    expect(cartHasUnlistedEvents({ serie: { 'Sábado 1': 1 } }, [serie])).toBe(false);
    expect(cartHasUnlistedEvents(cart, [serie])).toBe(true);
  });
});
