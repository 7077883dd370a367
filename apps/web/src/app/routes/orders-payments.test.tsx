// /orders ("Mis Productos") and the Mexican ways to pay: an order waiting for cash at OXXO or a
// SPEI transfer says until when, with the way to its payment page; a card payment in meses sin
// intereses says in how many months, and keeps its receipt.
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@store/shared/domain/time';
import { MSG } from '@store/shared/messages';
import type { Order } from '@store/shared/schemas/order';
import { setToken } from '../../lib/auth-token';
import { testOrder, testOrderItem } from '../../../test/orders';
import { stubApi, testQueryClient, TestProviders } from '../../../test/providers';
import { Component as OrdersPage } from './orders';

const EXPIRES = Date.UTC(2027, 5, 6, 5, 59);

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

const row = (name: string) => screen.getByRole('heading', { name }).closest('li')!;

describe('/orders: ways to pay', () => {
  it('an unpaid OXXO or SPEI order says until when and links to its payment page', async () => {
    renderPage([
      testOrder({
        _id: 'orden-oxxo',
        date: 2,
        status: 'pendiente',
        payment: false,
        paymentMethod: 'oxxo',
        amount: 3150,
        items: [testOrderItem({ _id: 'curso', name: 'Curso pagado en OXXO' })],
        pendingPayment: {
          kind: 'oxxo',
          number: '93000262000123',
          amountCentavos: 3_150_00,
          expiresAt: EXPIRES,
          voucherUrl: null,
        },
      }),
      testOrder({
        _id: 'orden-spei',
        date: 1,
        status: 'pendiente',
        payment: false,
        paymentMethod: 'spei',
        amount: 12000,
        items: [testOrderItem({ _id: 'taller', name: 'Taller por transferencia' })],
        pendingPayment: {
          kind: 'spei',
          clabe: '646180111812345678',
          bankName: 'STP',
          reference: 'AMACV-1',
          amountCentavos: 12_000_00,
          amountRemainingCentavos: 4_000_00,
          expiresAt: EXPIRES,
          instructionsUrl: null,
        },
      }),
    ]);
    await screen.findByRole('list', { name: 'Mis productos' });
    const oxxo = within(row('Curso pagado en OXXO'));
    expect(
      oxxo.getByText(`Pago pendiente en OXXO · vence el ${formatDateTime(EXPIRES)}`),
    ).toBeInTheDocument();
    expect(oxxo.getByRole('link', { name: 'Ver ficha de pago' })).toHaveAttribute('href', '/pago/orden-oxxo');
    expect(oxxo.queryByText(MSG.orderPendingHint)).not.toBeInTheDocument();
    expect(oxxo.getByText('Pendiente de pago')).toBeInTheDocument();

    const spei = within(row('Taller por transferencia'));
    expect(
      spei.getByText(`Transferencia SPEI pendiente · fecha límite ${formatDateTime(EXPIRES)}`),
    ).toBeInTheDocument();
    expect(spei.getByText('Recibimos MXN$8,000; faltan MXN$4,000.')).toBeInTheDocument();
    expect(spei.getByRole('link', { name: 'Ver ficha de pago' })).toHaveAttribute('href', '/pago/orden-spei');
  });

  it('a card payment in meses sin intereses says so and keeps its receipt', async () => {
    renderPage([
      testOrder({
        _id: 'orden-tarjeta',
        status: 'pagado',
        payment: true,
        paymentMethod: 'stripe',
        amount: 9000,
        installments: 6,
        items: [testOrderItem({ _id: 'curso', name: 'Curso a meses' })],
      }),
    ]);
    await screen.findByRole('list', { name: 'Mis productos' });
    const card = within(row('Curso a meses'));
    expect(card.getByText('Pagado con tarjeta a 6 meses sin intereses')).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Descargar recibo' })).toBeInTheDocument();
    expect(card.queryByRole('link', { name: 'Ver ficha de pago' })).not.toBeInTheDocument();
  });

  it('a team purchase waiting for a SPEI transfer says until when, what arrived, and links to its payment page', async () => {
    renderPage([
      testOrder({
        _id: 'orden-equipo',
        kind: 'grupo',
        status: 'pendiente',
        payment: false,
        paymentMethod: 'spei',
        amount: 30000,
        items: [
          testOrderItem({ _id: 'curso', name: 'Curso para el hospital', places: 10, days: ['Jueves'] }),
        ],
        pendingPayment: {
          kind: 'spei',
          clabe: '646180111812345678',
          bankName: 'STP',
          reference: 'AMACV-2',
          amountCentavos: 30_000_00,
          amountRemainingCentavos: 12_000_00,
          expiresAt: EXPIRES,
          instructionsUrl: null,
        },
      }),
    ]);
    const section = await screen.findByRole('region', { name: 'COMPRAS PARA TU EQUIPO' });
    expect(
      within(section).getByText(`Transferencia SPEI pendiente · fecha límite ${formatDateTime(EXPIRES)}`),
    ).toBeInTheDocument();
    expect(within(section).getByText('Recibimos MXN$18,000; faltan MXN$12,000.')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Ver ficha de pago' })).toHaveAttribute(
      'href',
      '/pago/orden-equipo',
    );
  });
});
