import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_MSG } from '@store/shared/admin-messages';
import type { AdminOrderDetail } from '@store/shared/schemas/admin/orders';
import { setToken } from '../../../../lib/auth-token';
import { polyfillDialog, stubApi, testQueryClient, TestProviders } from '../../../../../test/providers';
import { OrderActionsCard } from './order-actions-card';

const ORDER_ID = 'aaaaaaaa-1111-4111-8111-111111111111';

function order(patch: Partial<AdminOrderDetail>): AdminOrderDetail {
  return {
    _id: ORDER_ID,
    date: 0,
    paidAt: 0,
    status: 'pagado',
    paymentMethod: 'paypal',
    subtotal: 3000,
    discount: 0,
    fee: 10,
    amount: 3010,
    refunded: 0,
    couponCode: null,
    customer: { _id: 'u1', name: 'ANA RUIZ', email: 'ana@hospital.mx', userType: 'general' },
    items: [],
    address: {
      firstName: 'Ana',
      lastName: 'Ruiz',
      email: 'ana@hospital.mx',
      street: 'Juan Badiano 1',
      city: 'Ciudad de México',
      state: '',
      zipcode: '14080',
      country: 'México',
      phone: '5555555555',
    },
    providerPayment: { externalId: 'PAYPAL1', captureId: 'CAP1', status: 'cobrado' },
    confirmedByStaff: false,
    refundsOnline: true,
    expiresAt: null,
    lines: [],
    history: [],
    transfers: [],
    extraTransfers: 0,
    ...patch,
  };
}

function show(o: AdminOrderDetail) {
  render(
    <TestProviders client={testQueryClient()}>
      <OrderActionsCard order={o} />
    </TestProviders>,
  );
}

beforeAll(polyfillDialog);
afterEach(() => {
  act(() => setToken(null));
  vi.unstubAllGlobals();
});

describe('OrderActionsCard', () => {
  it('a PayPal order: the store refunds it, after a second step that repeats amount and customer', async () => {
    setToken('sesion-admin');
    const api = stubApi({
      [`/api/admin/orders/${ORDER_ID}/refund`]: () => ({
        success: true,
        message: ADMIN_MSG.orderRefundedPaypal,
        order: order({ refunded: 500 }),
      }),
    });
    const user = userEvent.setup();
    show(order({}));
    expect(screen.queryByRole('button', { name: 'Registrar reembolso' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Reembolsar' }));
    const form = screen.getByRole('dialog', { name: 'Reembolsar por PayPal' });
    expect(form).toHaveTextContent(
      'La tienda devolverá el monto que indiques a la cuenta de PayPal de ANA RUIZ (ana@hospital.mx)',
    );
    expect(form).toHaveTextContent('no lo hagas también en PayPal');

    // More than what is left never reaches the second step.
    await user.type(within(form).getByLabelText('Monto a devolver (MXN$)'), '3010.01');
    await user.click(within(form).getByRole('button', { name: 'Continuar' }));
    expect(form).toHaveTextContent(ADMIN_MSG.orderRefundTooLarge);
    await user.clear(within(form).getByLabelText('Monto a devolver (MXN$)'));
    await user.type(within(form).getByLabelText('Monto a devolver (MXN$)'), '500');
    await user.click(within(form).getByLabelText(/Termina el acceso/));
    await user.click(within(form).getByRole('button', { name: 'Continuar' }));

    const confirm = screen.getByRole('dialog', { name: '¿Confirmas el reembolso?' });
    expect(confirm).toHaveTextContent(
      'La tienda devolverá MXN$500 a la cuenta de PayPal de ANA RUIZ (ana@hospital.mx). Conserva su acceso.',
    );
    // «Volver» goes back to the form with what was typed.
    await user.click(within(confirm).getByRole('button', { name: 'Volver' }));
    expect(screen.getByLabelText('Monto a devolver (MXN$)')).toHaveValue('500');
    expect(api.calls).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await user.click(screen.getByRole('button', { name: 'Sí, devolver MXN$500' }));
    expect(api.calls).toEqual([
      {
        path: `/api/admin/orders/${ORDER_ID}/refund`,
        body: { amount: 500, note: '', revokeAccess: false },
        token: 'sesion-admin',
      },
    ]);
  });

  it('a cash order: only a refund made outside the store is recorded, and cancelling says no money moves', async () => {
    const user = userEvent.setup();
    show(
      order({ paymentMethod: 'cod', providerPayment: null, confirmedByStaff: true, refundsOnline: false }),
    );
    expect(screen.queryByRole('button', { name: 'Reembolsar' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Registrar reembolso' }));
    const form = screen.getByRole('dialog', { name: 'Registrar un reembolso hecho fuera de la tienda' });
    expect(form).toHaveTextContent('La tienda no puede devolver este pago (Pago en efectivo)');
    await user.click(within(form).getByRole('button', { name: 'Volver' }));

    await user.click(screen.getByRole('button', { name: 'Cancelar orden' }));
    const cancel = screen.getByRole('dialog', { name: '¿Cancelar la orden?' });
    expect(cancel).toHaveTextContent('ANA RUIZ (ana@hospital.mx) pierde el acceso');
    expect(cancel).toHaveTextContent('la tienda no puede reembolsar un pago en efectivo');
  });

  it('cancelling a paid PayPal order points to «Reembolsar» instead of a refund by hand', async () => {
    const user = userEvent.setup();
    show(order({}));
    await user.click(screen.getByRole('button', { name: 'Cancelar orden' }));
    const cancel = screen.getByRole('dialog', { name: '¿Cancelar la orden?' });
    expect(cancel).toHaveTextContent('Cancelar no devuelve dinero');
    expect(cancel).toHaveTextContent('usa «Reembolsar» con «Termina el acceso» marcado');
    expect(cancel).not.toHaveTextContent('registra');
  });
});
