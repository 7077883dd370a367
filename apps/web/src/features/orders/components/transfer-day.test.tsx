import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@store/shared/messages';
import type { TransferOptions } from '@store/shared/schemas/transfer';
import { setToken } from '../../../lib/auth-token';
import { testOrder, testOrderItem } from '../../../../test/orders';
import { polyfillDialog, stubApi, testQueryClient, TestProviders } from '../../../../test/providers';
import { canOfferTransfer, TransferDayDialog } from './transfer-day';
import { AFTER_SALE_MSG } from '@store/shared/after-sale-messages';

const DAY = 86_400_000;
const now = Date.UTC(2027, 0, 7, 15, 0);
const day = (inDays: number) => ({
  startsAt: now + inDays * DAY,
  endsAt: now + inDays * DAY + 8 * 3_600_000,
});

const OPTIONS: TransferOptions = {
  orderId: 'orden-1',
  productId: 'curso',
  productName: 'Curso',
  together: false,
  days: [
    { productDayId: 'd1', label: 'Jueves', ...day(10), status: 'pagado', transferable: true, reason: null },
    { productDayId: 'd2', label: 'Viernes', ...day(11), status: 'pagado', transferable: true, reason: null },
    {
      productDayId: 'd3',
      label: 'Sábado',
      ...day(12),
      status: 'pagado',
      transferable: false,
      reason: AFTER_SALE_MSG.transferLimitReached,
    },
  ],
};

function open(handlers: Parameters<typeof stubApi>[0]) {
  const api = stubApi(handlers);
  const onClose = vi.fn();
  render(
    <TestProviders client={testQueryClient()}>
      <TransferDayDialog orderId="orden-1" productId="curso" open onClose={onClose} />
    </TestProviders>,
  );
  return { api, onClose };
}

beforeEach(() => {
  polyfillDialog();
  setToken('token-de-prueba');
});
afterEach(() => {
  setToken(null);
  vi.unstubAllGlobals();
});

describe('TransferDayDialog', () => {
  it('asks for e-mail, name and confirmation before sending, then sends the chosen day', async () => {
    const { api, onClose } = open({
      '/api/order/transfer-options': () => ({ success: true, options: OPTIONS }),
      '/api/order/transfer': () => ({
        success: true,
        message: AFTER_SALE_MSG.transferDone,
        days: ['Viernes'],
      }),
    });
    expect(await screen.findByText(AFTER_SALE_MSG.transferLimitReached)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Transferir' }));
    expect(await screen.findByText(MSG.invalidEmail)).toBeInTheDocument();
    expect(screen.getByText(MSG.required)).toBeInTheDocument();
    expect(screen.getByText(AFTER_SALE_MSG.transferConfirmRequired)).toBeInTheDocument();
    expect(api.calls.some((c) => c.path === '/api/order/transfer')).toBe(false);

    fireEvent.click(screen.getByRole('radio', { name: 'Transferir Viernes' }));
    fireEvent.change(screen.getByLabelText(/Correo electrónico de tu colega/), {
      target: { value: ' colega@prueba.mx ' },
    });
    fireEvent.change(screen.getByLabelText(/Nombre completo de tu colega/), {
      target: { value: 'Ana Pérez 1' },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: /Curso · Viernes pasa a mi colega/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Transferir' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.calls.find((c) => c.path === '/api/order/transfer')?.body).toEqual({
      orderId: 'orden-1',
      productDayId: 'd2',
      email: 'colega@prueba.mx',
      name: 'ANA PEREZ',
      confirm: true,
    });
  });

  it("shows the server's refusal and stays open", async () => {
    const api = stubApi({
      '/api/order/transfer-options': () => ({
        success: true,
        options: { ...OPTIONS, days: [OPTIONS.days[0]] },
      }),
    });
    // The transfer itself answers 409 with the Spanish reason.
    const fetchMock = api.fetchMock;
    const base = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) =>
      String(input).endsWith('/api/order/transfer')
        ? new Response(JSON.stringify({ success: false, message: AFTER_SALE_MSG.transferAlreadyHolds }), {
            status: 409,
          })
        : base(input, init),
    );
    const onClose = vi.fn();
    render(
      <TestProviders client={testQueryClient()}>
        <TransferDayDialog orderId="orden-1" productId="curso" open onClose={onClose} />
      </TestProviders>,
    );
    fireEvent.change(await screen.findByLabelText(/Correo electrónico de tu colega/), {
      target: { value: 'colega@prueba.mx' },
    });
    fireEvent.change(screen.getByLabelText(/Nombre completo de tu colega/), { target: { value: 'ANA' } });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Transferir' }));
    expect(await screen.findByText(AFTER_SALE_MSG.transferAlreadyHolds)).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('canOfferTransfer', () => {
  const item = testOrderItem({ days: ['Jueves'] });
  const at = (inDays: number) => () => day(inDays);
  it('offers a held day inside the window only', () => {
    expect(canOfferTransfer(testOrder(), item, at(10), now)).toBe(true);
    expect(canOfferTransfer(testOrder(), item, at(20), now)).toBe(false);
    expect(canOfferTransfer(testOrder(), item, at(-1), now)).toBe(false);
    expect(canOfferTransfer(testOrder({ status: 'reembolsado' }), item, at(10), now)).toBe(false);
    const given = testOrder({ dayStatuses: [{ productId: 'curso', day: 'Jueves', status: 'transferido' }] });
    expect(canOfferTransfer(given, item, at(10), now)).toBe(false);
  });
});
