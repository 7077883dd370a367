import { describe, expect, it } from 'vitest';
import type { Product } from '@store/shared/schemas/product';
import {
  catalogueProducts,
  filterProducts,
  filtersFromParams,
  filtersToParams,
  relatedProducts,
} from './filter-products';

const make = (over: Partial<Product>): Product => ({
  _id: over.name ?? 'x',
  name: 'x',
  description: '',
  price: 100,
  image: [],
  category: 'Conferencias',
  subCategory: 'Basico',
  days: ['Día 1'],
  dayOptions: [{ label: 'Día 1', seatCapacity: null, seatsSold: 0, startsAt: 1_000, endsAt: 2_000 }],
  isPresential: false,
  date: 0,
  startsAt: 1_000,
  endsAt: 2_000,
  saleMode: 'por_dia',
  tiers: [],
  requires: null,
  venue: null,
  ...over,
});

const list = [
  make({ name: 'Analgesia en cirugía cardíaca', price: 600 }),
  make({ name: 'Panel de coagulación', price: 800, category: 'Paneles', subCategory: 'Intermedio' }),
  make({ name: 'Casos de taponamiento', price: 500, category: 'Estudios de caso', subCategory: 'Avanzado' }),
  make({ name: 'Ecocardiografía', price: 1500 }),
];
const none = {
  categories: [],
  levels: [],
  sort: 'relavent',
  showFinished: false,
  workshopsOnly: false,
  search: '',
} as const;

describe('filterProducts', () => {
  it('keeps the server order for relevance and sorts by price both ways', () => {
    expect(filterProducts(list, { ...none }).map((p) => p.price)).toEqual([600, 800, 500, 1500]);
    expect(filterProducts(list, { ...none, sort: 'low-high' }).map((p) => p.price)).toEqual([
      500, 600, 800, 1500,
    ]);
    expect(filterProducts(list, { ...none, sort: 'high-low' }).map((p) => p.price)).toEqual([
      1500, 800, 600, 500,
    ]);
  });

  it('filters by any checked category and any checked level', () => {
    expect(filterProducts(list, { ...none, categories: ['Paneles', 'Estudios de caso'] })).toHaveLength(2);
    expect(filterProducts(list, { ...none, levels: ['Basico'] }).map((p) => p.name)).toEqual([
      'Analgesia en cirugía cardíaca',
      'Ecocardiografía',
    ]);
    expect(filterProducts(list, { ...none, categories: ['Paneles'], levels: ['Basico'] })).toEqual([]);
  });

  it('searches names case- and accent-insensitively', () => {
    expect(filterProducts(list, { ...none, search: 'CARDIACA' }).map((p) => p.name)).toEqual([
      'Analgesia en cirugía cardíaca',
    ]);
    expect(filterProducts(list, { ...none, search: '  panel ' })).toHaveLength(1);
    expect(filterProducts(list, { ...none, search: 'zzz' })).toEqual([]);
  });

  it('does not reorder the list it was given', () => {
    filterProducts(list, { ...none, sort: 'low-high' });
    expect(list[0]!.price).toBe(600);
  });
});

describe('relatedProducts', () => {
  it('returns up to the limit of others with the same category and level', () => {
    const current = list[0]!;
    const many = [...list, ...Array.from({ length: 8 }, (_, i) => make({ name: `Otra ${i}` }))];
    const related = relatedProducts(many, current, 5);
    expect(related).toHaveLength(5);
    expect(related.every((p) => p.category === 'Conferencias' && p.subCategory === 'Basico')).toBe(true);
    expect(related.some((p) => p._id === current._id)).toBe(false);
  });
});

describe('workshops and the date sort', () => {
  const day = (startsAt: number) => ({
    label: 'Día',
    seatCapacity: null,
    seatsSold: 0,
    startsAt,
    endsAt: startsAt + 100,
  });
  const late = make({
    name: 'Taller de aminas vasoactivas',
    dayOptions: [day(9_000)],
    startsAt: 9_000,
    endsAt: 9_100,
  });
  const soon = make({
    name: 'TALLERES de vía aérea',
    dayOptions: [day(5_000)],
    startsAt: 5_000,
    endsAt: 5_100,
  });
  // Two days: the first already over, the next one decides its place.
  const ongoing = make({
    name: 'Curso en dos días',
    dayOptions: [day(1_000), day(7_000)],
    startsAt: 1_000,
    endsAt: 7_100,
  });
  const ended = make({ name: 'Terminado', dayOptions: [day(500)], startsAt: 500, endsAt: 600 });
  const tallerista = make({ name: 'Panel con talleristas' });

  it('«Solo talleres» keeps events named taller or talleres, not words that merely contain it', () => {
    const shown = filterProducts([late, soon, ongoing, tallerista], { ...none, workshopsOnly: true }, 3_000);
    expect(shown.map((p) => p.name)).toEqual(['Taller de aminas vasoactivas', 'TALLERES de vía aérea']);
  });

  it('sorts by the next day to come, soonest first, finished events last', () => {
    const shown = filterProducts([ended, late, ongoing, soon], { ...none, sort: 'date' }, 3_000);
    expect(shown.map((p) => p.name)).toEqual([
      'TALLERES de vía aérea',
      'Curso en dos días',
      'Taller de aminas vasoactivas',
      'Terminado',
    ]);
  });
});

describe('URL params', () => {
  it('round-trips filters and drops unknown values and the default sort', () => {
    const params = filtersToParams(new URLSearchParams('q=eco'), {
      categories: ['Paneles'],
      levels: ['Avanzado', 'Basico'],
      sort: 'high-low',
      showFinished: true,
      workshopsOnly: true,
    });
    expect(params.toString()).toBe(
      'q=eco&categoria=Paneles&nivel=Avanzado&nivel=Basico&orden=high-low&finalizados=1&tipo=taller',
    );
    expect(filtersFromParams(params)).toEqual({
      categories: ['Paneles'],
      levels: ['Basico', 'Avanzado'],
      sort: 'high-low',
      showFinished: true,
      workshopsOnly: true,
    });
    expect(filtersFromParams(new URLSearchParams('orden=date')).sort).toBe('date');
    expect(filtersFromParams(new URLSearchParams('categoria=Otra&orden=barato&finalizados=si'))).toEqual({
      categories: [],
      levels: [],
      sort: 'relavent',
      showFinished: false,
      workshopsOnly: false,
    });
    expect(
      filtersToParams(new URLSearchParams('finalizados=1&tipo=taller'), {
        categories: [],
        levels: [],
        sort: 'relavent',
        showFinished: false,
        workshopsOnly: false,
      }).toString(),
    ).toBe('');
  });
});

describe('catalogueProducts', () => {
  const soon = make({ name: 'Pronto', startsAt: 5_000, endsAt: 6_000 });
  const later = make({ name: 'Después', startsAt: 8_000, endsAt: 9_000 });
  const old = make({ name: 'Terminado', startsAt: 1_000, endsAt: 2_000 });
  const older = make({ name: 'Más antiguo', startsAt: 100, endsAt: 200 });

  it('leaves finished events out unless asked, then lists them after, most recent first', () => {
    expect(catalogueProducts([later, soon], [old, older], false, 3_000).map((p) => p.name)).toEqual([
      'Después',
      'Pronto',
    ]);
    expect(catalogueProducts([later, soon], [old, older], true, 3_000).map((p) => p.name)).toEqual([
      'Después',
      'Pronto',
      'Terminado',
      'Más antiguo',
    ]);
  });

  it('moves an event that ended while the page was open, from its end instant on', () => {
    expect(catalogueProducts([later, soon], [], false, 5_999).map((p) => p.name)).toEqual([
      'Después',
      'Pronto',
    ]);
    expect(catalogueProducts([later, soon], [], false, 6_000).map((p) => p.name)).toEqual(['Después']);
    // Listed once even when the server's finished list already has it.
    expect(catalogueProducts([later, soon], [soon, old], true, 6_000).map((p) => p.name)).toEqual([
      'Después',
      'Pronto',
      'Terminado',
    ]);
  });
});
