import { render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@store/shared/messages';
import { setToken } from '../../lib/auth-token';
import { notify } from '../../lib/notify';
import type * as NotifyModule from '../../lib/notify';
import { userQueryKeys } from '../../lib/query-keys';
import { testOrder } from '../../../test/orders';
import { Component as Verify } from './verify';

vi.mock('../../lib/notify', async (importOriginal) => ({
  ...(await importOriginal<typeof NotifyModule>()),
  notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
}));

const ORDER_ID = '11111111-1111-4111-8111-111111111111';
let verifyReply: { status: number; body: unknown };
/** The order as order/single answers it after the payment (null: not found). */
let singleOrder: unknown;
let verifyCalls: unknown[];
/** The server empties the cart when the payment is confirmed. */
let paid: boolean;

beforeEach(() => {
  setToken('token-de-prueba');
  verifyCalls = [];
  paid = false;
  singleOrder = null;
  verifyReply = { status: 200, body: { success: true, message: MSG.paymentDone, orderId: ORDER_ID } };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
      if (url === '/api/order/verifyStripe') {
        verifyCalls.push(JSON.parse(String(init?.body)));
        paid = verifyReply.status === 200;
        return json(verifyReply.status, verifyReply.body);
      }
      if (url === '/api/cart/get') {
        return json(200, { success: true, cartData: paid ? {} : { p1: { 'Día 1': 1 } } });
      }
      if (url === '/api/product/list') return json(200, { success: true, products: [] });
      if (url === '/api/order/single' && singleOrder) return json(200, { success: true, order: singleOrder });
      return json(404, { success: false, message: 'no' });
    }),
  );
});
afterEach(() => {
  setToken(null);
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/verify', Component: Verify },
      { path: '/orders', element: <h1>Mis productos</h1> },
      { path: '/cart', element: <h1>Carrito</h1> },
      { path: '/login', element: <h1>Acceso</h1> },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { client, router };
}

describe('/verify', () => {
  it('asks the server once; paid → cart emptied and /orders', async () => {
    const { client } = renderAt(`/verify?success=true&orderId=${ORDER_ID}`);
    expect(screen.getByText(MSG.paymentVerifying)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Mis productos' })).toBeInTheDocument();
    expect(verifyCalls).toEqual([{ success: 'true', orderId: ORDER_ID }]);
    expect(notify.success).toHaveBeenCalledWith(MSG.paymentDone);
    await waitFor(() => expect(client.getQueryData(userQueryKeys.cart('token-de-prueba'))).toEqual({}));
  });

  it('paid by card in meses sin intereses → the message says the plan', async () => {
    singleOrder = testOrder({
      _id: ORDER_ID,
      status: 'pagado',
      paymentMethod: 'stripe',
      amount: 9000,
      installments: 6,
    });
    renderAt(`/verify?success=true&orderId=${ORDER_ID}`);
    expect(await screen.findByRole('heading', { name: 'Mis productos' })).toBeInTheDocument();
    expect(notify.success).toHaveBeenCalledWith(
      `${MSG.paymentDone}. Pagado con tarjeta a 6 meses sin intereses.`,
    );
  });

  it('not paid → back to /cart showing the error, cart untouched', async () => {
    verifyReply = { status: 402, body: { success: false, message: MSG.paymentError } };
    renderAt(`/verify?success=true&orderId=${ORDER_ID}`);
    expect(await screen.findByRole('heading', { name: 'Carrito' })).toBeInTheDocument();
    expect(notify.error).toHaveBeenCalledWith(MSG.paymentError);
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('without an orderId it does not call the server', async () => {
    renderAt('/verify?success=true');
    expect(await screen.findByRole('heading', { name: 'Carrito' })).toBeInTheDocument();
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(MSG.paymentError));
    expect(verifyCalls).toEqual([]);
  });
});
