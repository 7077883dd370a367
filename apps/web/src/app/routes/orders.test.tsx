// /orders ("Mis Productos"): paid online items offer the stream, in-person ones say so,
// pending payments say they wait, and cancelled payment attempts are not listed.
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@store/shared/messages';
import { QUESTION_MSG } from '@store/shared/question-messages';
import type { Order } from '@store/shared/schemas/order';
import type { Product } from '@store/shared/schemas/product';
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

describe('/orders: registration questions', () => {
  const SOON = Date.now() + 30 * 86_400_000;
  /** An event of the catalogue with its days to come (the card's «upcoming»). */
  const product = (id: string): Product => ({
    _id: id,
    name: id,
    description: '',
    price: 3000,
    image: [],
    category: 'Conferencias',
    subCategory: 'Avanzado',
    days: ['Jueves'],
    dayOptions: [
      { label: 'Jueves', startsAt: SOON, endsAt: SOON + 3_600_000, seatCapacity: null, seatsSold: 0 },
    ],
    isPresential: false,
    date: SOON,
    startsAt: SOON,
    endsAt: SOON + 3_600_000,
    saleMode: 'completo',
    tiers: [],
    requires: null,
    venue: null,
  });

  it('asks «Completa tu registro» where answers are missing, and offers to edit complete ones', async () => {
    const api = stubApi({
      '/api/order/userorders': () => ({
        success: true,
        orders: [
          testOrder({
            _id: 'o1',
            date: 2,
            items: [testOrderItem({ _id: 'congreso', name: 'Congreso', days: ['Jueves'] })],
          }),
          testOrder({
            _id: 'o2',
            date: 1,
            items: [testOrderItem({ _id: 'taller', name: 'Taller', days: ['Jueves'] })],
          }),
          testOrder({
            _id: 'o3',
            date: 0,
            items: [testOrderItem({ _id: 'curso', name: 'Curso', days: ['Jueves'] })],
          }),
        ],
      }),
      '/api/product/list': () => ({ success: true, products: ['congreso', 'taller', 'curso'].map(product) }),
      '/api/questions/pending': () => ({
        success: true,
        events: [
          { productId: 'congreso', productName: 'Congreso' },
          { productId: 'panel', productName: 'Panel de coagulación' },
        ],
        // Taller's answers are complete and can still change; Curso asks nothing.
        editable: [{ productId: 'taller', editableUntil: SOON }],
      }),
      '/api/group/mine': () => ({
        success: true,
        places: [
          {
            placeId: 'p1',
            productId: 'panel',
            productName: 'Panel de coagulación',
            days: [{ productDayId: 'd1', label: 'Viernes', startsAt: SOON }],
            paidBy: 'Hospital Ángeles',
            item: testOrderItem({ _id: 'panel', name: 'Panel de coagulación', days: ['Viernes'] }),
          },
        ],
      }),
    });
    render(
      <TestProviders client={testQueryClient()} path="/orders">
        <OrdersPage />
      </TestProviders>,
    );
    const banner = (await screen.findByText(QUESTION_MSG.completeRegistration, { selector: 'p' }))
      .parentElement!;
    expect(within(banner).getByRole('link', { name: 'Congreso' })).toHaveAttribute(
      'href',
      '/registro/congreso',
    );
    expect(within(banner).getByRole('link', { name: 'Panel de coagulación' })).toHaveAttribute(
      'href',
      '/registro/panel',
    );

    const row = (name: string) => screen.getByRole('heading', { name }).closest('li')!;
    expect(
      await within(row('Congreso')).findByRole('link', { name: 'Completa tu registro de Congreso' }),
    ).toHaveAttribute('href', '/registro/congreso');
    expect(
      await within(row('Taller')).findByRole('link', { name: 'Editar mis respuestas de Taller' }),
    ).toHaveAttribute('href', '/registro/taller');
    const assigned = screen.getByRole('region', { name: 'LUGARES QUE TE ASIGNARON' });
    expect(
      within(assigned).getByRole('link', { name: 'Completa tu registro de Panel de coagulación' }),
    ).toHaveAttribute('href', '/registro/panel');
    // An event without questions asks nothing; one call for the whole page, none per event.
    expect(within(row('Curso')).queryByRole('link', { name: /registro|respuestas/ })).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.path.startsWith('/api/questions/'))).toHaveLength(1);
  });

  it('shows no banner when nothing is pending', async () => {
    stubApi({
      '/api/order/userorders': () => ({ success: true, orders: [testOrder()] }),
      '/api/questions/pending': () => ({ success: true, events: [], editable: [] }),
    });
    render(
      <TestProviders client={testQueryClient()} path="/orders">
        <OrdersPage />
      </TestProviders>,
    );
    await screen.findByRole('list', { name: 'Mis productos' });
    expect(screen.queryByText(QUESTION_MSG.completeRegistration)).not.toBeInTheDocument();
  });
});
