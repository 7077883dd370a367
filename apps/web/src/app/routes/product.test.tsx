import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@store/shared/messages';
import type { Product } from '@store/shared/schemas/product';
import { stubApi, testQueryClient } from '../../../test/providers';
import { Component as ProductPage } from './product';

const inDays = (n: number) => Date.now() + n * 86_400_000;
const taller = (seatsSold: number): Product => ({
  _id: 'p1',
  name: 'Taller de aminas vasoactivas',
  description: 'Práctica con simuladores.',
  price: 1000,
  image: ['/covers/x.svg'],
  category: 'Paneles',
  subCategory: 'Avanzado',
  days: ['Jueves'],
  dayOptions: [
    {
      label: 'Jueves',
      startsAt: inDays(10),
      endsAt: inDays(10) + 4 * 3_600_000,
      seatCapacity: 20,
      seatsSold,
    },
  ],
  isPresential: true,
  date: inDays(10),
  startsAt: inDays(10),
  endsAt: inDays(10) + 4 * 3_600_000,
  saleMode: 'por_dia',
  tiers: [],
  requires: null,
});

function renderProduct(product: Product) {
  stubApi({ '/api/product/list': () => ({ success: true, products: [product] }) });
  const router = createMemoryRouter([{ path: '/product/:productId', element: <ProductPage /> }], {
    initialEntries: [`/product/${product._id}`],
  });
  render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('/product/:productId', () => {
  it('a sold-out day: the add button is disabled, reads AGOTADO and says why', async () => {
    renderProduct(taller(20));
    const button = await screen.findByRole('button', { name: 'AGOTADO' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(MSG.eventSoldOut);
    expect(screen.queryByRole('button', { name: 'AGREGAR AL CARRITO' })).not.toBeInTheDocument();
  });

  it('with a seat left, the add button is there and enabled', async () => {
    renderProduct(taller(19));
    expect(await screen.findByRole('button', { name: 'AGREGAR AL CARRITO' })).toBeEnabled();
    expect(screen.queryByText(MSG.eventSoldOut)).not.toBeInTheDocument();
  });
});
