import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@store/shared/messages';
import { setToken } from '../../lib/auth-token';
import { testOrder, testOrderItem } from '../../../test/orders';
import { stubApi, testQueryClient, TestProviders } from '../../../test/providers';
import { Component as LiveStreamPage } from './live-stream';

const order = testOrder({
  items: [testOrderItem(), testOrderItem({ _id: 'sin-dias', name: 'Sin días', days: [] })],
});

const renderPage = (state?: unknown) =>
  render(
    <TestProviders client={testQueryClient()} path="/live-stream" state={state}>
      <LiveStreamPage />
    </TestProviders>,
  );

beforeEach(() => act(() => setToken('sesion')));
afterEach(() => {
  act(() => setToken(null));
  vi.unstubAllGlobals();
});

describe('/live-stream', () => {
  it('without an order in router state: the message and back to /orders', async () => {
    stubApi({});
    renderPage();
    expect(await screen.findAllByText(MSG.noStreamInfo)).not.toHaveLength(0);
    expect(await screen.findByTestId('location')).toHaveTextContent('/orders');
  });

  it('one player per purchased day with the server links; the documented messages for missing ones', async () => {
    const api = stubApi({
      '/api/order/single': () => ({ success: true, order }),
      '/api/product/single/curso': () => ({
        success: true,
        product: {
          _id: 'curso',
          name: 'Curso',
          description: '',
          price: 3000,
          image: [],
          category: 'Conferencias',
          subCategory: 'Avanzado',
          days: ['Jueves', 'Viernes', 'Sábado'],
          dayOptions: [],
          isPresential: false,
          date: 0,
          startsAt: 0,
          endsAt: 1,
          saleMode: 'completo',
          tiers: [],
          requires: null,
          venue: null,
          myPrice: { price: 3000, userType: 'general', until: null, scholarship: false },
          dayLinks: {
            Jueves: 'https://vimeo.com/event/5123401',
            Viernes: 'https://youtu.be/LXb3EKWsInQ',
            Sábado: 'https://ejemplo.com/no-permitido',
          },
        },
      }),
    });
    renderPage({ order });
    expect(await screen.findByTitle('Transmisión de Curso: Jueves')).toHaveAttribute(
      'src',
      'https://vimeo.com/event/5123401/embed',
    );
    expect(screen.getByTitle('Chat en vivo de Curso: Jueves')).toBeInTheDocument();
    // The YouTube IFrame API is switched on: the page reads the player's state for attendance.
    expect(screen.getByTitle('Transmisión de Curso: Viernes')).toHaveAttribute(
      'src',
      `https://www.youtube.com/embed/LXb3EKWsInQ?enablejsapi=1&origin=${encodeURIComponent(window.location.origin)}`,
    );
    expect(screen.getByText(MSG.noStreamForDay)).toBeInTheDocument();
    expect(screen.getByText(MSG.noDaysInfo)).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === '/api/order/single')?.body).toEqual({ orderId: 'orden-1' });
  });

  it("says 'Error al obtener la orden' when the order cannot be read", async () => {
    stubApi({});
    renderPage({ order });
    expect(await screen.findAllByText(MSG.orderFetchError)).not.toHaveLength(0);
  });
});
