import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Product } from '@store/shared/schemas/product';
import { ProductGrid } from './product-grid';

const inDays = (n: number) => Date.now() + n * 86_400_000;
const event = (i: number): Product => ({
  _id: `p${i}`,
  name: `Evento ${i}`,
  description: 'Descripción.',
  price: 1000,
  image: [`/covers/${i}.svg`],
  category: 'Conferencias',
  subCategory: 'Basico',
  days: ['Único'],
  dayOptions: [
    {
      label: 'Único',
      startsAt: inDays(10),
      endsAt: inDays(10) + 3_600_000,
      seatCapacity: null,
      seatsSold: 0,
    },
  ],
  isPresential: false,
  date: inDays(10),
  startsAt: inDays(10),
  endsAt: inDays(10) + 3_600_000,
  saleMode: 'por_dia',
  tiers: [],
  requires: null,
  venue: null,
});

function covers(aboveFold?: number) {
  render(
    <MemoryRouter>
      <ProductGrid
        products={[1, 2, 3, 4, 5, 6].map(event)}
        skeletons={0}
        label="Eventos"
        aboveFold={aboveFold}
      />
    </MemoryRouter>,
  );
  const list = screen.getByRole('list', { name: 'Eventos' });
  // The covers are decorative (alt=""): found by their tag, in the cards' order.
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('img')!);
}

describe('ProductGrid covers', () => {
  it('loads the first row at once and the first cover with high priority; the rest wait for the fold', () => {
    const imgs = covers(4);
    expect(imgs.map((img) => img.getAttribute('loading'))).toEqual([
      'eager',
      'eager',
      'eager',
      'eager',
      'lazy',
      'lazy',
    ]);
    expect(imgs.map((img) => img.getAttribute('fetchpriority'))).toEqual([
      'high',
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('is all lazy where something else is the largest paint (no aboveFold)', () => {
    const imgs = covers();
    expect(imgs.every((img) => img.getAttribute('loading') === 'lazy')).toBe(true);
    expect(imgs.every((img) => !img.hasAttribute('fetchpriority'))).toBe(true);
  });
});
