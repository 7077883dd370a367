import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@store/shared/messages';
import type { Product } from '@store/shared/schemas/product';
import { stubApi, testQueryClient } from '../../../test/providers';
import { setToken } from '../../lib/auth-token';
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
  venue: null,
});

function renderProduct(product: Product, more: Parameters<typeof stubApi>[0] = {}, listed = true) {
  stubApi({ '/api/product/list': () => ({ success: true, products: listed ? [product] : [] }), ...more });
  const router = createMemoryRouter([{ path: '/product/:productId', element: <ProductPage /> }], {
    initialEntries: [`/product/${product._id}`],
  });
  render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  setToken(null);
});

describe('/product/:productId', () => {
  it('a sold-out day: the add button is disabled, reads AGOTADO and says why', async () => {
    renderProduct(taller(20));
    const button = await screen.findByRole('button', { name: 'AGOTADO' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(MSG.eventSoldOut);
    expect(screen.queryByRole('button', { name: 'AGREGAR AL CARRITO' })).not.toBeInTheDocument();
  });

  it('shows the venue with its address and a map link in a new tab; a streamed one is hybrid', async () => {
    const venue = {
      name: 'Instituto Nacional de Cardiología',
      address: 'Juan Badiano 1, Tlalpan, Ciudad de México',
      mapUrl: 'https://maps.example.org/?q=inc',
    };
    renderProduct({ ...taller(0), venue });
    const block = await screen.findByRole('region', { name: 'Sede' });
    expect(block).toHaveTextContent(venue.name);
    expect(block).toHaveTextContent(venue.address);
    expect(block).not.toHaveTextContent('transmite');
    const link = screen.getByRole('link', { name: /Abrir en mapa/ });
    expect(link).toHaveAttribute('href', venue.mapUrl);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('a hybrid event (streamed, with a venue) says it is also streamed; no venue, no block', async () => {
    renderProduct({
      ...taller(0),
      isPresential: false,
      venue: { name: 'Hotel Sede', address: null, mapUrl: null },
    });
    const block = await screen.findByRole('region', { name: 'Sede' });
    expect(block).toHaveTextContent('Hotel Sede');
    expect(block).toHaveTextContent('También se transmite en vivo');
    expect(screen.queryByRole('link', { name: /Abrir en mapa/ })).not.toBeInTheDocument();
    // Its badge says both ways of attending, never «En línea» alone.
    expect(screen.getByText('Presencial y en línea')).toBeInTheDocument();
    expect(screen.queryByText('En línea', { exact: true })).not.toBeInTheDocument();
  });

  it('without a venue there is no Sede block', async () => {
    renderProduct(taller(19));
    await screen.findByRole('button', { name: 'AGREGAR AL CARRITO' });
    expect(screen.queryByRole('region', { name: 'Sede' })).not.toBeInTheDocument();
  });

  it('with a seat left, the add button is there and enabled', async () => {
    renderProduct(taller(19));
    expect(await screen.findByRole('button', { name: 'AGREGAR AL CARRITO' })).toBeEnabled();
    expect(screen.queryByText(MSG.eventSoldOut)).not.toBeInTheDocument();
  });

  it('staff preview a draft: the banner, a way back to the form, nothing to buy', async () => {
    setToken('token-de-personal');
    const draft = { ...taller(0), image: [] };
    renderProduct(
      draft,
      {
        '/api/product/single/p1': () => ({
          success: true,
          product: {
            ...draft,
            draft: true,
            dayLinks: {},
            myPrice: { price: 1000, userType: 'general', until: null, scholarship: false },
          },
        }),
      },
      false,
    );
    expect(await screen.findByText(MSG.draftPreviewTitle)).toBeVisible();
    expect(screen.getByText(MSG.draftPreviewBody)).toBeVisible();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Taller de aminas vasoactivas');
    expect(screen.getByRole('link', { name: 'Editar el evento' })).toHaveAttribute(
      'href',
      '/admin/events/p1',
    );
    expect(screen.queryByRole('button', { name: 'AGREGAR AL CARRITO' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /COMPRAR PARA MI EQUIPO/ })).not.toBeInTheDocument();
    // No image yet: the branded cover, not an empty box.
    expect(document.querySelector('img[data-placeholder]')).toHaveAttribute('src', '/images/event-cover.svg');
  });

  it('a draft is unknown to a member: the page says so, like an unknown event', async () => {
    setToken('token-de-miembro');
    // product/single answers 404 (the stub's default) for anyone but staff.
    renderProduct(taller(0), {}, false);
    expect(await screen.findByRole('heading', { level: 1, name: MSG.productNotFound })).toBeVisible();
    expect(screen.queryByText(MSG.draftPreviewTitle)).not.toBeInTheDocument();
  });
});
