import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GroupCheckoutBody } from '@store/shared/schemas/group';
import type { InstructionsResponse } from '@store/shared/schemas/mx-payments';
import { setToken } from '../../../lib/auth-token';
import { stubApi } from '../../../../test/providers';
import { TeamPayment } from './team-payment';

const BODY: GroupCheckoutBody = {
  productId: 'curso',
  days: ['Jueves'],
  places: 10,
  couponCode: null,
  amount: 30000,
  invoice: null,
  address: {
    firstName: 'Ana',
    lastName: 'Ruiz',
    email: 'compras@hospital.mx',
    street: 'x',
    city: 'x',
    state: '',
    zipcode: '14080',
    country: 'México',
    phone: '5555555555',
  },
};
const INVOICED: GroupCheckoutBody = {
  ...BODY,
  invoice: {
    rfc: 'MAB9307148T4',
    razonSocial: 'HOSPITAL DEMO',
    regimenFiscal: '601',
    usoCfdi: 'G03',
    codigoPostal: '06700',
  },
};
const PLACED: InstructionsResponse = {
  success: true,
  orderId: 'orden-equipo',
  message: 'Listo',
  instructions: {
    kind: 'spei',
    clabe: '646180111812345678',
    bankName: 'STP',
    reference: 'AMACV-2',
    amountCentavos: 30_000_00,
    amountRemainingCentavos: 30_000_00,
    expiresAt: 0,
    instructionsUrl: null,
  },
};

beforeEach(() => setToken('sesion'));
afterEach(() => {
  setToken(null);
  vi.unstubAllGlobals();
});

describe('TeamPayment', () => {
  it('without SPEI offered, the PayPal buttons stand alone', () => {
    render(
      <TeamPayment
        paypal={<p>Botones de PayPal</p>}
        spei={null}
        invoiceWanted={false}
        buildOrder={async () => BODY}
        onIssued={vi.fn()}
      />,
    );
    expect(screen.getByText('Botones de PayPal')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('SPEI sends the same body as PayPal’s create call and hands over the transfer data', async () => {
    const { calls } = stubApi({ '/api/group/spei': () => PLACED });
    const onIssued = vi.fn();
    render(
      <TeamPayment
        paypal={<p>Botones de PayPal</p>}
        spei={{ holdDays: 3 }}
        invoiceWanted={false}
        buildOrder={async () => BODY}
        onIssued={onIssued}
      />,
    );
    const spei = screen.getByRole('radio', { name: 'Transferencia SPEI (ideal para hospitales)' });
    expect(spei).toHaveAccessibleDescription(expect.stringContaining('apartado 3 días'));
    await userEvent.click(spei);
    expect(screen.queryByText('Botones de PayPal')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'OBTENER DATOS PARA TRANSFERIR' }));
    await waitFor(() => expect(onIssued).toHaveBeenCalledWith(PLACED));
    expect(calls.find((c) => c.path === '/api/group/spei')?.body).toEqual(BODY);
    expect(screen.queryByRole('group', { name: '¿Cuándo necesitas la factura?' })).toBeNull();
  });

  it('with the invoice, SPEI asks when it is needed and sends PPD when chosen', async () => {
    const { calls } = stubApi({ '/api/group/spei': () => PLACED });
    const onIssued = vi.fn();
    render(
      <TeamPayment
        paypal={<p>Botones de PayPal</p>}
        spei={{ holdDays: 3 }}
        invoiceWanted
        buildOrder={async () => INVOICED}
        onIssued={onIssued}
      />,
    );
    // PayPal (the default) asks nothing.
    expect(screen.queryByRole('group', { name: '¿Cuándo necesitas la factura?' })).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: 'Transferencia SPEI (ideal para hospitales)' }));
    const group = screen.getByRole('group', { name: '¿Cuándo necesitas la factura?' });
    expect(within(group).getByRole('radio', { name: 'Al recibir el pago' })).toBeChecked();
    const ppd = within(group).getByRole('radio', { name: 'Antes de pagar, para tramitar el pago (PPD)' });
    expect(ppd).toHaveAccessibleDescription(expect.stringContaining('complemento de pago'));
    await userEvent.click(ppd);
    await userEvent.click(screen.getByRole('button', { name: 'OBTENER DATOS PARA TRANSFERIR' }));
    await waitFor(() => expect(onIssued).toHaveBeenCalledWith(PLACED));
    expect(calls.find((c) => c.path === '/api/group/spei')?.body).toEqual({
      ...INVOICED,
      invoicePlan: 'PPD',
    });
  });

  it('switching to PayPal and back resets the choice to PUE', async () => {
    const { calls } = stubApi({ '/api/group/spei': () => PLACED });
    const onIssued = vi.fn();
    render(
      <TeamPayment
        paypal={<p>Botones de PayPal</p>}
        spei={{ holdDays: 3 }}
        invoiceWanted
        buildOrder={async () => INVOICED}
        onIssued={onIssued}
      />,
    );
    const spei = screen.getByRole('radio', { name: 'Transferencia SPEI (ideal para hospitales)' });
    await userEvent.click(spei);
    await userEvent.click(screen.getByRole('radio', { name: 'Antes de pagar, para tramitar el pago (PPD)' }));
    await userEvent.click(screen.getByRole('radio', { name: 'PayPal' }));
    expect(screen.queryByRole('group', { name: '¿Cuándo necesitas la factura?' })).toBeNull();
    expect(screen.getByText('Botones de PayPal')).toBeInTheDocument();
    await userEvent.click(spei);
    expect(screen.getByRole('radio', { name: 'Al recibir el pago' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'OBTENER DATOS PARA TRANSFERIR' }));
    await waitFor(() => expect(onIssued).toHaveBeenCalled());
    expect(calls.find((c) => c.path === '/api/group/spei')?.body).toEqual({
      ...INVOICED,
      invoicePlan: 'PUE',
    });
  });
});
