// «Formas de pago»: each way with its readiness; one not ready cannot be switched on; a save
// sends the settings and shows the server's message (or its refusal).
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAY_MSG } from '@store/shared/payment-messages';
import type { PaymentSettingsResponse } from '@store/shared/schemas/mx-payments';
import { stubApi, TestProviders, testQueryClient } from '../../../../../test/providers';
import { Component as PaymentSettingsPage } from '../../../../app/routes/admin/payment-settings';
import { PaymentSettingsForm } from './payment-settings-form';

const DATA: PaymentSettingsResponse = {
  success: true,
  settings: {
    card: { enabled: false, msi: false },
    oxxo: { enabled: false, expiresAfterDays: 3 },
    spei: { enabled: false, holdDays: 2 },
  },
  readiness: {
    stripeSecretKey: true,
    webhookSecret: true,
    webhookUrl: 'https://tienda.example.mx/api/stripe/webhook',
    webhookEvents: ['checkout.session.completed', 'payment_intent.succeeded'],
    card: { ready: true, missing: [] },
    oxxo: { ready: false, missing: ['Activa OXXO en tu cuenta de Stripe.'] },
    spei: { ready: true, missing: [] },
  },
};

afterEach(() => vi.unstubAllGlobals());

const card = (title: string) =>
  screen.getByRole('heading', { name: title }).closest('.rounded-xl') as HTMLElement;

describe('PaymentSettingsForm', () => {
  it('shows what each way needs; a way not ready cannot be switched on', () => {
    render(<PaymentSettingsForm data={DATA} saving={false} onSave={vi.fn()} />);
    const oxxo = within(card('Efectivo en OXXO'));
    expect(oxxo.getByText('Falta configurar')).toBeInTheDocument();
    expect(oxxo.getByText('Activa OXXO en tu cuenta de Stripe.')).toBeInTheDocument();
    expect(oxxo.getByRole('switch', { name: 'Aceptar efectivo en OXXO' })).toBeDisabled();
    expect(within(card('Transferencia SPEI')).getByText('Lista')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Aceptar transferencias SPEI' })).toBeEnabled();
    expect(screen.getByText('https://tienda.example.mx/api/stripe/webhook')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copiar la dirección del webhook' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Eventos del webhook' })).getAllByRole('listitem'),
    ).toHaveLength(2);
    expect(screen.getByText(/ya se emitieron siguen siendo válidos/)).toBeInTheDocument();
  });

  it('saves the switches and days and shows the server’s message', async () => {
    const { calls } = stubApi({
      '/api/admin/payment-settings': (body) =>
        body ? { ...DATA, settings: body, message: PAY_MSG.settingsSaved } : DATA,
    });
    render(
      <TestProviders client={testQueryClient()} path="/admin/pagos">
        <PaymentSettingsPage />
      </TestProviders>,
    );
    await userEvent.click(await screen.findByRole('switch', { name: 'Aceptar tarjeta' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Ofrecer meses sin intereses' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Aceptar transferencias SPEI' }));
    await userEvent.selectOptions(screen.getByLabelText('Apartar el lugar durante'), '5 días');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(PAY_MSG.settingsSaved));
    expect(calls.find((c) => c.body)?.body).toEqual({
      card: { enabled: true, msi: true },
      oxxo: { enabled: false, expiresAfterDays: 3 },
      spei: { enabled: true, holdDays: 5 },
    });
  });

  it('shows the server’s refusal beside the button', async () => {
    const onSave = vi.fn(async () => {
      throw new Error(PAY_MSG.settingsNeedStripe);
    });
    render(<PaymentSettingsForm data={DATA} saving={false} onSave={onSave} />);
    await userEvent.click(screen.getByRole('switch', { name: 'Aceptar tarjeta' }));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PAY_MSG.settingsNeedStripe);
  });
});
