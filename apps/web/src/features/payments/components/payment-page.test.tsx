// /pago/:orderId: the OXXO voucher (amount, reference with its barcode, expiry in Mexico City,
// printing), the SPEI data after a partial transfer, and the page turning paid or ended while
// it polls.
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderInstructionsResponse } from '@store/shared/schemas/mx-payments';
import { createQueryClient } from '../../../app/query-client';
import { setToken } from '../../../lib/auth-token';
import { stubApi, TestProviders, testQueryClient } from '../../../../test/providers';
import { INSTRUCTIONS_POLL_MS } from '../api/get-order-instructions';
import { PaymentPage } from './payment-page';

const ORDER = 'a1b2c3d4-0000-4000-8000-000000000001';
const PATH = `/api/order/${ORDER}/instructions`;
/** 23:59 of 5 June 2027 in Mexico City (UTC−6). */
const EXPIRES = Date.UTC(2027, 5, 6, 5, 59);

const oxxo: OrderInstructionsResponse = {
  success: true,
  orderId: ORDER,
  status: 'pendiente',
  instructions: {
    kind: 'oxxo',
    number: '93000262000123',
    amountCentavos: 3_150_50,
    expiresAt: EXPIRES,
    voucherUrl: 'https://payments.stripe.test/oxxo/voucher/1',
  },
};

const spei = (remaining: number): OrderInstructionsResponse => ({
  success: true,
  orderId: ORDER,
  status: 'pendiente',
  instructions: {
    kind: 'spei',
    clabe: '646180111812345678',
    bankName: 'STP',
    reference: 'AMACV-12345',
    amountCentavos: 12_000_00,
    amountRemainingCentavos: remaining,
    expiresAt: EXPIRES,
    instructionsUrl: null,
  },
});

beforeEach(() => setToken('token-de-prueba'));
afterEach(() => {
  setToken(null);
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function renderPage(print = vi.fn()) {
  render(
    <TestProviders client={testQueryClient()} path="/pago/:orderId">
      <PaymentPage orderId={ORDER} print={print} />
    </TestProviders>,
  );
  return { print };
}

describe('PaymentPage', () => {
  it('shows the OXXO voucher: amount, reference with its barcode, expiry, how to pay, print', async () => {
    stubApi({ [PATH]: () => oxxo });
    const { print } = renderPage();
    const voucher = await screen.findByRole('region', { name: 'Ficha de pago en efectivo · OXXO' });
    expect(within(voucher).getAllByText('MXN$3,150.50')[0]).toBeInTheDocument();
    expect(within(voucher).getByText('9300 0262 0001 23')).toBeInTheDocument();
    const barcode = within(voucher).getByRole('img', {
      name: 'Código de barras de la referencia 93000262000123',
    });
    // Start B, 14 characters, check value: 16 bars each (the stop has 4).
    expect(barcode.querySelectorAll('rect')).toHaveLength(16 * 3 + 4);
    expect(
      within(voucher).getByText('sábado, 5 de junio de 2027 a las 23:59 (hora de la Ciudad de México)'),
    ).toBeInTheDocument();
    expect(within(voucher).getByText(/Paga en efectivo en cualquier tienda OXXO/)).toBeInTheDocument();
    expect(
      screen.getByText(/Tu lugar está apartado hasta el sábado, 5 de junio de 2027 a las 23:59/),
    ).toBeInTheDocument();
    expect(within(voucher).getByRole('link', { name: /Ficha para imprimir de Stripe/ })).toHaveAttribute(
      'href',
      'https://payments.stripe.test/oxxo/voucher/1',
    );
    await userEvent.click(within(voucher).getByRole('button', { name: 'Imprimir' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('shows the SPEI data with what arrived and what is left after a partial transfer', async () => {
    stubApi({ [PATH]: () => spei(4_000_00) });
    renderPage();
    const transfer = await screen.findByRole('region', { name: 'Datos para tu transferencia SPEI' });
    expect(within(transfer).getByText('646 180 11181234567 8')).toBeInTheDocument();
    expect(within(transfer).getByRole('button', { name: 'Copiar CLABE' })).toBeInTheDocument();
    expect(within(transfer).getByRole('button', { name: 'Copiar referencia' })).toBeInTheDocument();
    expect(within(transfer).getByText('STP')).toBeInTheDocument();
    expect(within(transfer).getByText('AMACV-12345')).toBeInTheDocument();
    expect(within(transfer).getByText(/Recibimos MXN\$8,000; faltan MXN\$4,000\./)).toBeInTheDocument();
    expect(within(transfer).getByText('Total de la orden: MXN$12,000')).toBeInTheDocument();
    expect(within(transfer).getByText(/sábado, 5 de junio de 2027 a las 23:59/)).toBeInTheDocument();
  });

  it('copies the CLABE without spaces', async () => {
    stubApi({ [PATH]: () => spei(12_000_00) });
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Copiar CLABE' }));
    expect(writeText).toHaveBeenCalledWith('646180111812345678');
    expect(await screen.findByText('Copiado')).toBeInTheDocument();
    expect(screen.queryByText(/Recibimos/)).not.toBeInTheDocument();
  });

  it('asks again every 15 s and shows the paid state with the way to Mis Productos', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answer: OrderInstructionsResponse = oxxo;
    const { calls } = stubApi({ [PATH]: () => answer });
    renderPage();
    expect(await screen.findByRole('region', { name: /OXXO/ })).toBeInTheDocument();
    answer = { success: true, orderId: ORDER, status: 'pagado', instructions: null };
    await act(async () => {
      await vi.advanceTimersByTimeAsync(INSTRUCTIONS_POLL_MS);
    });
    expect(await screen.findByRole('heading', { name: '¡Recibimos tu pago!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir a Mis Productos' })).toHaveAttribute('href', '/orders');
    expect(calls.filter((c) => c.path === PATH).length).toBeGreaterThanOrEqual(2);
  });

  it('shows the checkout answer at once and asks the server as it opens, since a reload brings that answer back', async () => {
    // The checkout's answer stays in the page's history entry: a reload renders it again.
    const placed = {
      success: true as const,
      orderId: ORDER,
      message: 'Datos',
      instructions: spei(12_000_00).instructions!,
    };
    const { calls } = stubApi({ [PATH]: () => spei(4_000_00) });
    render(
      <TestProviders client={createQueryClient()} path="/pago/:orderId">
        <PaymentPage orderId={ORDER} placed={placed} />
      </TestProviders>,
    );
    const transfer = screen.getByRole('region', { name: 'Datos para tu transferencia SPEI' });
    expect(within(transfer).getByText('MXN$12,000')).toBeInTheDocument();
    expect(
      await within(transfer).findByText(/Recibimos MXN\$8,000; faltan MXN\$4,000\./),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.path === PATH)).toHaveLength(1);
  });

  it('says the payment window ended once the order was closed unpaid', async () => {
    stubApi({ [PATH]: () => ({ success: true, orderId: ORDER, status: 'cancelado', instructions: null }) });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'El plazo para pagar terminó' })).toBeInTheDocument();
  });
});
