// /orders ("Mis Productos"): paid online items offer the stream, in-person ones say so,
// pending payments say they wait, and cancelled payment attempts are not listed.
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@store/shared/messages';
import type { Order } from '@store/shared/schemas/order';
import { setToken } from '../../lib/auth-token';
import { testOrder, testOrderItem } from '../../../test/orders';
import { stubApi, testQueryClient, TestProviders } from '../../../test/providers';
import { Component as OrdersPage } from './orders';

const renderPage = (orders: Order[]) => {
  stubApi({ '/api/order/userorders': () => ({ success: true, orders }) });
  return render(
    <TestProviders client={testQueryClient()} path="/orders">
      <OrdersPage />
    </TestProviders>,
  );
};

beforeEach(() => act(() => setToken('sesion')));
afterEach(() => {
  act(() => setToken(null));
  vi.unstubAllGlobals();
});

describe('/orders', () => {
  it('shows owned products with their state and leaves out cancelled payment attempts', async () => {
    renderPage([
      testOrder({
        _id: 'intento',
        date: 3,
        status: 'cancelado',
        payment: false,
        paymentMethod: 'paypal',
        items: [testOrderItem({ _id: 'abandonado', name: 'Evento abandonado' })],
      }),
      testOrder({
        _id: 'pendiente',
        date: 2,
        status: 'pendiente',
        payment: false,
        paymentMethod: 'paypal',
        items: [testOrderItem({ _id: 'congreso', name: 'Congreso en revisión' })],
      }),
      testOrder({
        _id: 'pagada',
        date: 1,
        items: [
          testOrderItem({ _id: 'curso', name: 'Curso en línea' }),
          testOrderItem({ _id: 'taller', name: 'Taller presencial', isPresential: true }),
        ],
      }),
      testOrder({
        _id: 'reembolsada',
        date: 0,
        status: 'reembolsado',
        items: [testOrderItem({ _id: 'panel', name: 'Panel reembolsado' })],
      }),
    ]);
    const list = await screen.findByRole('list', { name: 'Mis productos' });
    const rows = within(list)
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent);
    expect(rows).toEqual([
      'Congreso en revisión',
      'Curso en línea',
      'Taller presencial',
      'Panel reembolsado',
    ]);
    expect(screen.queryByText('Evento abandonado')).not.toBeInTheDocument();
    expect(screen.queryByText('Cancelado')).not.toBeInTheDocument();

    const row = (name: string) => screen.getByRole('heading', { name }).closest('li')!;
    expect(within(row('Congreso en revisión')).getByText('Pendiente de pago')).toBeInTheDocument();
    expect(within(row('Congreso en revisión')).getByText(MSG.orderPendingHint)).toBeInTheDocument();
    expect(within(row('Congreso en revisión')).queryByRole('button')).not.toBeInTheDocument();
    expect(
      within(row('Congreso en revisión')).getByText(/^Orden PENDIENT · Pedido el .+ · PayPal$/),
    ).toBeInTheDocument();
    expect(within(row('Curso en línea')).getByText('Listo para ver')).toBeInTheDocument();
    expect(
      within(row('Curso en línea')).getByText(/^Orden PAGADA · Reclamado el .+ · Sin costo$/),
    ).toBeInTheDocument();
    expect(within(row('Taller presencial')).getByText('Evento Presencial')).toBeInTheDocument();
    expect(within(row('Panel reembolsado')).getByText('Reembolsado')).toBeInTheDocument();
    expect(within(row('Panel reembolsado')).queryByRole('button')).not.toBeInTheDocument();

    await userEvent.click(within(row('Curso en línea')).getByRole('button', { name: /Ver transmisión/ }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/live-stream');
  });

  it('says there is nothing yet when the only orders are cancelled attempts', async () => {
    renderPage([testOrder({ status: 'cancelado', payment: false, paymentMethod: 'paypal' })]);
    expect(await screen.findByText('Aún no tienes productos.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver eventos' })).toHaveAttribute('href', '/collection');
  });
});
