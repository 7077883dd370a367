// The checkout form on a phone (docs/product.md → Checkout and payment method): it starts from the
// newest order's address or the account; a refused submit scrolls to and focuses the first
// marked field; a refused coupon says why under its field.
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@store/shared/messages';
import type { PlaceOrderBody } from '@store/shared/schemas/order';
import { setToken } from '../../../lib/auth-token';
import { stubApi, TestProviders, testQueryClient } from '../../../../test/providers';
import { prefilledAddress } from './address-fields';
import { CheckoutPage, type CheckoutPageProps } from './checkout-page';

const LAST = {
  firstName: 'Ana María',
  lastName: 'Ruiz Peña',
  email: 'facturas@hospital.mx',
  street: 'Juárez 1',
  city: 'Puebla',
  state: 'Puebla',
  zipcode: '72000',
  country: 'México',
  phone: '2225550000',
};

let buildOrder: (() => Promise<PlaceOrderBody | null>) | undefined;

beforeEach(() => {
  setToken('token-de-prueba');
  buildOrder = undefined;
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => {
  act(() => setToken(null));
  vi.unstubAllGlobals();
});

function renderCheckout(over: Partial<CheckoutPageProps> = {}) {
  const props: CheckoutPageProps = {
    loading: false,
    cart: { curso: { 'Día 1': 1 } },
    subtotal: 3000,
    summary: [],
    ended: [],
    account: { email: 'ana@ejemplo.mx', name: 'ANA MARIA RUIZ PENA', userType: 'general' },
    invoice: { section: null, wanted: false, build: async () => null },
    renderTotals: () => null,
    renderPaypal: (paypal) => {
      buildOrder = paypal.buildOrder;
      return <p>Botones de PayPal</p>;
    },
    onDone: vi.fn(),
    onAwaitingPayment: vi.fn(),
    goTo: vi.fn(),
    ...over,
  };
  render(
    <TestProviders client={testQueryClient()} path="/place-order">
      <CheckoutPage {...props} />
    </TestProviders>,
  );
}

describe('prefilledAddress', () => {
  it('is the last address, else the account name split before the two surnames', () => {
    expect(prefilledAddress(LAST, 'X', 'x@x.mx')).toEqual(LAST);
    expect(prefilledAddress(null, 'ANA MARIA RUIZ PENA', 'a@b.mx')).toMatchObject({
      firstName: 'ANA MARIA',
      lastName: 'RUIZ PENA',
      email: 'a@b.mx',
      street: '',
    });
    expect(prefilledAddress(null, 'ANA RUIZ', 'a@b.mx')).toMatchObject({
      firstName: 'ANA',
      lastName: 'RUIZ',
    });
  });
});

describe('checkout form', () => {
  it('starts from the newest order address (kept on the server)', async () => {
    stubApi({ '/api/payment-methods': () => ({ success: true, card: null, oxxo: null, spei: null }) });
    renderCheckout({ lastAddress: LAST });
    await waitFor(() => expect(screen.getByLabelText(/^Calle/)).toHaveValue('Juárez 1'));
    expect(screen.getByLabelText(/^Nombre/)).toHaveValue('Ana María');
    expect(screen.getByLabelText(/^Correo/)).toHaveValue('facturas@hospital.mx');
    expect(screen.getByLabelText(/^Teléfono/)).toHaveValue('2225550000');
  });

  it('without an order, starts from the account; waits while the orders load', async () => {
    stubApi({ '/api/payment-methods': () => ({ success: true, card: null, oxxo: null, spei: null }) });
    renderCheckout({ lastAddress: 'loading' });
    expect(screen.getByLabelText(/^Nombre/)).toHaveValue('');
  });

  it('a refused submit scrolls to and focuses the first marked field', async () => {
    stubApi({ '/api/payment-methods': () => ({ success: true, card: null, oxxo: null, spei: null }) });
    renderCheckout({ lastAddress: { ...LAST, street: '', phone: '' } });
    await waitFor(() => expect(screen.getByLabelText(/^Nombre/)).toHaveValue('Ana María'));
    let answer: PlaceOrderBody | null | undefined;
    await act(async () => {
      answer = await buildOrder!();
    });
    expect(answer).toBeNull();
    const street = screen.getByLabelText(/^Calle/);
    await waitFor(() => expect(street).toHaveFocus());
    expect(street).toHaveAttribute('aria-invalid', 'true');
    expect(Element.prototype.scrollIntoView).toHaveBeenCalledWith({ block: 'center', behavior: 'smooth' });
  });

  it('a refused coupon says why under its field, until the code changes', async () => {
    stubApi({
      '/api/payment-methods': () => ({ success: true, card: null, oxxo: null, spei: null }),
      '/api/coupon/validate': () => ({ success: false, message: MSG.couponError }),
    });
    renderCheckout();
    const field = screen.getByLabelText('Cupón de descuento');
    await userEvent.type(field, 'NOEXISTE');
    await userEvent.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.couponError);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(MSG.couponError);
    await userEvent.type(field, 'X');
    expect(field).not.toHaveAttribute('aria-invalid');
  });
});
