// The checkout's ways to pay besides PayPal (GET /api/payment-methods): nothing offered is the
// page as it always was; the card lists the meses-sin-intereses plans; OXXO over its cash limit
// cannot be chosen; OXXO and SPEI hold the order and go to its payment page; a refusal shows
// above the button; the card leaves for Stripe's page. SPEI with an invoice asks when it is
// stamped (PUE or PPD) and sends the plan; any other way sends PUE.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SERVICE_FEE_CENTAVOS } from '@store/shared/constants';
import { toCentavos } from '@store/shared/domain/money';
import { msiPlansFor, OXXO_MAX_CENTAVOS } from '@store/shared/domain/mx-payments';
import { oxxoOverLimit, PAY_MSG } from '@store/shared/payment-messages';
import type { InstructionsResponse, PaymentMethodsResponse } from '@store/shared/schemas/mx-payments';
import { setToken } from '../../../lib/auth-token';
import { TestProviders, testQueryClient } from '../../../../test/providers';
import { CheckoutPage, type CheckoutPageProps } from './checkout-page';

const NONE: PaymentMethodsResponse = { success: true, card: null, oxxo: null, spei: null };
const ALL: PaymentMethodsResponse = {
  success: true,
  card: { msi: true, msiCounts: [3, 6, 9, 12] },
  oxxo: { maxCentavos: OXXO_MAX_CENTAVOS, expiresAfterDays: 3 },
  spei: { holdDays: 2 },
};
const OXXO_PLACED: InstructionsResponse = {
  success: true,
  orderId: 'orden-oxxo',
  message: PAY_MSG.voucherIssued,
  instructions: {
    kind: 'oxxo',
    number: '93000262000123',
    amountCentavos: 300_000,
    expiresAt: Date.UTC(2027, 5, 4, 5, 59),
    voucherUrl: null,
  },
};

let offer: PaymentMethodsResponse;
let replies: Record<string, { status: number; body: unknown }>;
let calls: { path: string; body: unknown }[];

beforeEach(() => {
  setToken('token-de-prueba');
  offer = NONE;
  replies = {};
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
      if (path === '/api/payment-methods') return json(200, offer);
      const reply = replies[path];
      return reply ? json(reply.status, reply.body) : json(404, { success: false, message: 'No' });
    }),
  );
});
afterEach(() => {
  setToken(null);
  vi.unstubAllGlobals();
});

function renderCheckout(subtotal: number, over: Partial<CheckoutPageProps> = {}) {
  const props: CheckoutPageProps = {
    loading: false,
    cart: { curso: { 'Día 1': 1 } },
    subtotal,
    summary: [],
    ended: [],
    account: { email: 'ana@ejemplo.mx', userType: 'general' },
    invoice: { section: null, wanted: false, build: async () => null },
    renderTotals: () => null,
    renderPaypal: () => <p>Botones de PayPal</p>,
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
  return props;
}

async function fillAddress() {
  const type = (label: RegExp, text: string) => userEvent.type(screen.getByLabelText(label), text);
  await type(/^Nombre/, 'Ana');
  await type(/^Apellidos/, 'Ruiz');
  await type(/^Calle/, 'Juárez 1');
  await type(/^Ciudad/, 'Puebla');
  await type(/^Código postal/, '72000');
  await type(/^Teléfono/, '2225550000');
}

const methodsGroup = () => screen.getByRole('group', { name: /MÉTODO DE PAGO/ });

const FISCAL = {
  rfc: 'MAB9307148T4',
  razonSocial: 'HOSPITAL DEMO',
  regimenFiscal: '601',
  usoCfdi: 'G03',
  codigoPostal: '06700',
};
const INVOICED: CheckoutPageProps['invoice'] = { section: null, wanted: true, build: async () => FISCAL };
const SPEI_PLACED: InstructionsResponse = {
  success: true,
  orderId: 'orden-spei',
  message: PAY_MSG.transferIssued,
  instructions: {
    kind: 'spei',
    clabe: '646180111812345678',
    bankName: 'STP',
    reference: 'AMACV-1',
    amountCentavos: 300_000,
    amountRemainingCentavos: 300_000,
    expiresAt: Date.UTC(2027, 5, 4, 5, 59),
    instructionsUrl: null,
  },
};
const planGroup = () => screen.queryByRole('group', { name: '¿Cuándo necesitas la factura?' });

describe('Checkout: ways to pay', () => {
  it('with nothing offered besides PayPal, the page is as it always was', async () => {
    renderCheckout(2500);
    await waitFor(() => expect(calls.some((c) => c.path === '/api/payment-methods')).toBe(true));
    const radios = within(methodsGroup()).getAllByRole('radio');
    expect(radios).toHaveLength(1);
    expect(screen.getByRole('radio', { name: 'PayPal' })).toBeChecked();
    expect(screen.getByText('Botones de PayPal')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /COLOCAR ORDEN|PAGAR/ })).not.toBeInTheDocument();
  });

  it('offers the card with the meses-sin-intereses plans the total qualifies for', async () => {
    offer = ALL;
    renderCheckout(2500);
    const card = await screen.findByRole('radio', { name: 'Tarjeta de crédito o débito' });
    const total = toCentavos(2500) + SERVICE_FEE_CENTAVOS;
    const plans = msiPlansFor(total);
    const longest = plans.at(-1)!;
    const monthly = (longest.monthlyCentavos / 100).toLocaleString('es-MX', { minimumFractionDigits: 2 });
    expect(card).toHaveAccessibleDescription(
      expect.stringContaining(
        `Hasta ${longest.count} meses sin intereses: ${longest.count} × MXN$${monthly}`,
      ),
    );
    expect(card).toHaveAccessibleDescription(expect.stringContaining('Eliges tu plan en la página segura'));
    expect(screen.getByRole('radio', { name: 'Efectivo en OXXO' })).toHaveAccessibleDescription(
      expect.stringContaining('Vence en 3 días'),
    );
    expect(screen.getByRole('radio', { name: 'Transferencia SPEI' })).toHaveAccessibleDescription(
      expect.stringContaining('apartado 2 días'),
    );
    await userEvent.click(card);
    expect(screen.getByRole('button', { name: 'PAGAR CON TARJETA' })).toHaveAttribute('type', 'submit');
    expect(screen.queryByText('Botones de PayPal')).not.toBeInTheDocument();
  });

  it('a small total qualifies for no plan: the card is offered in one payment', async () => {
    offer = ALL;
    renderCheckout(100);
    const card = await screen.findByRole('radio', { name: 'Tarjeta de crédito o débito' });
    expect(card).not.toHaveAccessibleDescription(expect.stringContaining('meses sin intereses'));
  });

  it('over OXXO’s cash limit, OXXO is shown disabled with the reason', async () => {
    offer = ALL;
    const subtotal = OXXO_MAX_CENTAVOS / 100 + 500;
    renderCheckout(subtotal);
    const oxxo = await screen.findByRole('radio', { name: 'Efectivo en OXXO' });
    expect(oxxo).toBeDisabled();
    const total = toCentavos(subtotal) + SERVICE_FEE_CENTAVOS;
    expect(screen.getByText(oxxoOverLimit(total, OXXO_MAX_CENTAVOS))).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Transferencia SPEI' })).toBeEnabled();
  });

  it('OXXO holds the order and hands the answer to the payment page', async () => {
    offer = ALL;
    replies['/api/order/oxxo'] = { status: 200, body: OXXO_PLACED };
    const props = renderCheckout(2500);
    await fillAddress();
    await userEvent.click(await screen.findByRole('radio', { name: 'Efectivo en OXXO' }));
    await userEvent.click(screen.getByRole('button', { name: 'GENERAR FICHA DE PAGO' }));
    await waitFor(() => expect(props.onAwaitingPayment).toHaveBeenCalledWith(OXXO_PLACED));
    const sent = calls.find((c) => c.path === '/api/order/oxxo')?.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      items: [{ _id: 'curso', days: 'Día 1', quantity: 1 }],
      amount: (toCentavos(2500) + SERVICE_FEE_CENTAVOS) / 100,
      address: { firstName: 'Ana', email: 'ana@ejemplo.mx' },
    });
    expect(props.onDone).not.toHaveBeenCalled();
  });

  it('a refusal (too close to the event) shows above the button, and goes when another way is chosen', async () => {
    offer = ALL;
    replies['/api/order/spei'] = { status: 400, body: { success: false, message: PAY_MSG.speiTooLate } };
    const props = renderCheckout(2500);
    await fillAddress();
    await userEvent.click(await screen.findByRole('radio', { name: 'Transferencia SPEI' }));
    await userEvent.click(screen.getByRole('button', { name: 'OBTENER DATOS PARA TRANSFERIR' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PAY_MSG.speiTooLate);
    expect(props.onAwaitingPayment).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('radio', { name: 'Tarjeta de crédito o débito' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('the card leaves for Stripe’s page', async () => {
    offer = ALL;
    replies['/api/order/stripe'] = {
      status: 200,
      body: { success: true, session_url: 'https://checkout.stripe.test/c/pay/cs_1' },
    };
    const props = renderCheckout(2500);
    await fillAddress();
    await userEvent.click(await screen.findByRole('radio', { name: 'Tarjeta de crédito o débito' }));
    await userEvent.click(screen.getByRole('button', { name: 'PAGAR CON TARJETA' }));
    await waitFor(() => expect(props.goTo).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_1'));
    expect(props.onDone).not.toHaveBeenCalled();
  });

  it('a free order stays a free claim whatever is offered', async () => {
    offer = ALL;
    renderCheckout(0);
    await waitFor(() => expect(calls.some((c) => c.path === '/api/payment-methods')).toBe(true));
    expect(within(methodsGroup()).getAllByRole('radio')).toHaveLength(1);
    expect(screen.getByRole('radio', { name: 'Reclamar Gratis' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'RECLAMAR AHORA' })).toBeInTheDocument();
  });
});

describe('Checkout: invoice before payment (PPD)', () => {
  it('SPEI without an invoice asks nothing', async () => {
    offer = ALL;
    renderCheckout(2500);
    await userEvent.click(await screen.findByRole('radio', { name: 'Transferencia SPEI' }));
    expect(planGroup()).toBeNull();
  });

  it('asks when the invoice is needed only while SPEI is chosen, PUE first', async () => {
    offer = ALL;
    renderCheckout(2500, { invoice: INVOICED });
    await screen.findByRole('radio', { name: 'Transferencia SPEI' });
    // PayPal (the default) with an invoice: nothing to choose either.
    expect(planGroup()).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: 'Transferencia SPEI' }));
    const group = planGroup()!;
    expect(within(group).getByRole('radio', { name: 'Al recibir el pago' })).toBeChecked();
    expect(
      within(group).getByRole('radio', { name: 'Antes de pagar, para tramitar el pago (PPD)' }),
    ).toHaveAccessibleDescription(expect.stringContaining('complemento de pago'));
    await userEvent.click(screen.getByRole('radio', { name: 'Tarjeta de crédito o débito' }));
    expect(planGroup()).toBeNull();
  });

  it('sends PPD with SPEI when chosen', async () => {
    offer = ALL;
    replies['/api/order/spei'] = { status: 200, body: SPEI_PLACED };
    const props = renderCheckout(2500, { invoice: INVOICED });
    await fillAddress();
    await userEvent.click(await screen.findByRole('radio', { name: 'Transferencia SPEI' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Antes de pagar, para tramitar el pago (PPD)' }));
    await userEvent.click(screen.getByRole('button', { name: 'OBTENER DATOS PARA TRANSFERIR' }));
    await waitFor(() => expect(props.onAwaitingPayment).toHaveBeenCalledWith(SPEI_PLACED));
    expect(calls.find((c) => c.path === '/api/order/spei')?.body).toMatchObject({
      invoice: FISCAL,
      invoicePlan: 'PPD',
    });
  });

  it('sends PUE with SPEI by default', async () => {
    offer = ALL;
    replies['/api/order/spei'] = { status: 200, body: SPEI_PLACED };
    const props = renderCheckout(2500, { invoice: INVOICED });
    await fillAddress();
    await userEvent.click(await screen.findByRole('radio', { name: 'Transferencia SPEI' }));
    await userEvent.click(screen.getByRole('button', { name: 'OBTENER DATOS PARA TRANSFERIR' }));
    await waitFor(() => expect(props.onAwaitingPayment).toHaveBeenCalled());
    expect(calls.find((c) => c.path === '/api/order/spei')?.body).toMatchObject({ invoicePlan: 'PUE' });
  });

  it('another way to pay never sends PPD, and choosing SPEI again starts from PUE', async () => {
    offer = ALL;
    replies['/api/order/oxxo'] = { status: 200, body: OXXO_PLACED };
    const props = renderCheckout(2500, { invoice: INVOICED });
    await fillAddress();
    await userEvent.click(await screen.findByRole('radio', { name: 'Transferencia SPEI' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Antes de pagar, para tramitar el pago (PPD)' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Efectivo en OXXO' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Transferencia SPEI' }));
    expect(screen.getByRole('radio', { name: 'Al recibir el pago' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Antes de pagar, para tramitar el pago (PPD)' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Efectivo en OXXO' }));
    await userEvent.click(screen.getByRole('button', { name: 'GENERAR FICHA DE PAGO' }));
    await waitFor(() => expect(props.onAwaitingPayment).toHaveBeenCalledWith(OXXO_PLACED));
    expect(calls.find((c) => c.path === '/api/order/oxxo')?.body).toMatchObject({
      invoice: FISCAL,
      invoicePlan: 'PUE',
    });
  });

  it('without an invoice no plan is sent', async () => {
    offer = ALL;
    replies['/api/order/spei'] = { status: 200, body: SPEI_PLACED };
    const props = renderCheckout(2500);
    await fillAddress();
    await userEvent.click(await screen.findByRole('radio', { name: 'Transferencia SPEI' }));
    await userEvent.click(screen.getByRole('button', { name: 'OBTENER DATOS PARA TRANSFERIR' }));
    await waitFor(() => expect(props.onAwaitingPayment).toHaveBeenCalled());
    const sent = calls.find((c) => c.path === '/api/order/spei')?.body as Record<string, unknown>;
    expect(sent.invoice).toBeNull();
    expect(sent).not.toHaveProperty('invoicePlan');
  });
});
