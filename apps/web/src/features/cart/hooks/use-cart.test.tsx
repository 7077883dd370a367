import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@store/shared/messages';
import { takePendingAdd } from '../../../lib/pending-add';
import type { Product } from '@store/shared/schemas/product';
import { setToken } from '../../../lib/auth-token';
import { clearLocalCart, setLocalCart } from '../../../lib/cart-store';
import { stubApi, testQueryClient, TestProviders } from '../../../../test/providers';
import { useCart } from './use-cart';

const product = (id: string, price: number): Product => ({
  _id: id,
  name: id,
  description: '',
  price,
  image: [],
  category: 'Conferencias',
  subCategory: 'Basico',
  days: ['d1', 'd2'],
  dayOptions: [],
  isPresential: false,
  date: 0,
  startsAt: 0,
  endsAt: 1,
  saleMode: 'por_dia',
  tiers: [],
  requires: null,
  venue: null,
});
const products = [product('A', 2500), product('B', 600.5)];

function Probe() {
  const c = useCart();
  return (
    <div>
      <span data-testid="count">{c.count}</span>
      <span data-testid="amount">{c.amount}</span>
      <button onClick={() => void c.addToCart('B', 'd2')}>con día</button>
      <button onClick={() => void c.addToCart('B', '')}>sin día</button>
      <button onClick={() => void c.updateQuantity('A', 'd1', 0)}>quitar</button>
      <button onClick={() => c.clearCart()}>vaciar</button>
    </div>
  );
}

const renderProbe = () =>
  render(
    <TestProviders client={testQueryClient()}>
      <Probe />
    </TestProviders>,
  );

afterEach(() => {
  act(() => {
    setToken(null);
    clearLocalCart();
  });
  vi.unstubAllGlobals();
});

describe('useCart with a token', () => {
  it('uses the server cart: counts positive quantities, prices only listed products', async () => {
    // A stateful fake server cart, so the refetch after each change sees it.
    const server: Record<string, Record<string, number>> = { A: { d1: 1 }, B: { d1: 0 }, ghost: { d1: 1 } };
    const api = stubApi({
      '/api/product/list': () => ({ success: true, products }),
      '/api/cart/get': () => ({ success: true, cartData: server }),
      '/api/cart/add': (body) => {
        const { itemId, days } = body as { itemId: string; days: string };
        server[itemId] = { ...server[itemId], [days]: 1 };
        return { success: true, message: MSG.cartAddDone };
      },
      '/api/cart/update': (body) => {
        const { itemId, days, quantity } = body as { itemId: string; days: string; quantity: number };
        server[itemId] = { ...server[itemId], [days]: quantity };
        return { success: true };
      },
    });
    setLocalCart({ B: { d1: 1 } }); // replaced by the server cart
    setToken('tok');
    renderProbe();
    await waitFor(() => expect(screen.getByTestId('amount')).toHaveTextContent('2500'));
    expect(screen.getByTestId('count')).toHaveTextContent('2');

    await userEvent.click(screen.getByRole('button', { name: 'con día' }));
    await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('3'));
    expect(screen.getByTestId('amount')).toHaveTextContent('3100.5');
    expect(api.calls).toContainEqual({
      path: '/api/cart/add',
      body: { itemId: 'B', days: 'd2' },
      token: 'tok',
    });
    expect(await screen.findByText(MSG.cartAddDone)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ver carrito' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'quitar' }));
    await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('2'));
    expect(screen.getByTestId('amount')).toHaveTextContent('600.5');
    expect(api.calls).toContainEqual({
      path: '/api/cart/update',
      body: { itemId: 'A', days: 'd1', quantity: 0 },
      token: 'tok',
    });
  });

  it('asks for a day before adding', async () => {
    const api = stubApi({
      '/api/product/list': () => ({ success: true, products }),
      '/api/cart/get': () => ({ success: true, cartData: {} }),
    });
    setToken('tok');
    renderProbe();
    await userEvent.click(screen.getByRole('button', { name: 'sin día' }));
    expect(await screen.findByText(MSG.chooseDay)).toBeInTheDocument();
    expect(api.calls.some((c) => c.path === '/api/cart/add')).toBe(false);
  });

  it('puts the server cart back and shows the server message when adding fails', async () => {
    stubApi({
      '/api/product/list': () => ({ success: true, products }),
      '/api/cart/get': () => ({ success: true, cartData: {} }),
      '/api/cart/add': () => ({ success: false, message: MSG.seatsSoldOut }),
    });
    setToken('tok');
    renderProbe();
    await userEvent.click(screen.getByRole('button', { name: 'con día' }));
    expect(await screen.findByText(MSG.seatsSoldOut)).toBeInTheDocument();
    expect(screen.getByTestId('count')).toHaveTextContent('0');
  });
});

describe('useCart without a token', () => {
  it('is the local cart, never asks the server for one, and adding needs a login', async () => {
    const api = stubApi({ '/api/product/list': () => ({ success: true, products }) });
    setLocalCart({ A: { d1: 1 }, B: { d2: 1 } });
    renderProbe();
    await waitFor(() => expect(screen.getByTestId('amount')).toHaveTextContent('3100.5'));
    expect(screen.getByTestId('count')).toHaveTextContent('2');
    expect(api.calls.some((c) => c.path === '/api/cart/get')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'quitar' }));
    expect(screen.getByTestId('count')).toHaveTextContent('1');

    await userEvent.click(screen.getByRole('button', { name: 'con día' }));
    expect(await screen.findByText(MSG.loginRequiredToAdd)).toBeInTheDocument();
    expect(await screen.findByTestId('location')).toHaveTextContent('/login');
    expect(takePendingAdd()).toMatchObject({ itemId: expect.any(String) as string });
  });
});
