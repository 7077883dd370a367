import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '@store/shared/messages';
import { formatPrice } from '@store/shared/domain/money';
import { fromMexicoCityLocal } from '@store/shared/domain/time';
import { setToken } from '../../../lib/auth-token';
import { polyfillDialog, stubApi, testQueryClient, TestProviders } from '../../../../test/providers';
import { testOrder } from '../../../../test/orders';
import { OrderInvoices } from './order-invoices';
import { saveFile } from '../../../lib/save-file';
import { stampingRefetchInterval } from '../api/get-my-invoices';

const at = (local: string) => fromMexicoCityLocal(local)!.getTime();
const SAVED = {
  rfc: 'MAB9307148T4',
  razonSocial: 'HOSPITAL DEMO',
  regimenFiscal: '601',
  usoCfdi: 'G03',
  codigoPostal: '06700',
};

// Downloads end in the browser's save; here only what would be saved is looked at.
vi.mock('../../../lib/save-file', () => ({ saveFile: vi.fn() }));

beforeAll(polyfillDialog);
afterEach(() => {
  act(() => setToken(null));
  vi.unstubAllGlobals();
});

describe('OrderInvoices', () => {
  it('offers the request within the month of payment, with the saved fiscal data and the SAT lists', async () => {
    setToken('sesion-ana');
    const api = stubApi({
      '/api/invoice/mine': () => ({ success: true, invoices: [] }),
      '/api/invoice/fiscal-data': () => ({ success: true, fiscalData: SAVED }),
      '/api/invoice/request': (body) => ({
        success: true,
        message: MSG.invoiceRequested,
        invoice: {
          _id: 'f1',
          orderId: (body as { orderId: string }).orderId,
          status: 'solicitada',
          cancellationStatus: null,
          rfc: SAVED.rfc,
          razonSocial: SAVED.razonSocial,
          folioFiscal: null,
          hasXml: false,
          hasPdf: false,
          requestedAt: 0,
          creditNotes: [],
        },
      }),
    });
    const open = testOrder({
      _id: 'aaaaaaaa-1111-4111-8111-111111111111',
      status: 'pagado',
      amount: 1510,
      paidAt: at('2026-11-03T10:00'),
    });
    const closed = testOrder({
      _id: 'bbbbbbbb-2222-4222-8222-222222222222',
      status: 'pagado',
      amount: 1510,
      paidAt: at('2026-10-31T20:00'),
    });
    const free = testOrder({ _id: 'cccccccc-3333-4333-8333-333333333333', status: 'pagado', amount: 0 });
    render(
      <TestProviders client={testQueryClient()}>
        <OrderInvoices orders={[open, closed, free]} now={at('2026-11-20T12:00')} />
      </TestProviders>,
    );
    const list = await screen.findByRole('list', { name: 'Facturas de mis órdenes' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    await waitFor(() => expect(within(rows[1]!).getByText(MSG.invoiceMonthClosed)).toBeVisible());
    expect(within(rows[1]!).queryByRole('button', { name: 'Solicitar factura' })).toBeNull();

    await userEvent.click(within(rows[0]!).getByRole('button', { name: 'Solicitar factura' }));
    const dialog = screen.getByRole('dialog', { name: 'Factura de la orden AAAAAAAA' });
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: /RFC/ })).toHaveValue(SAVED.rfc));
    // A persona moral: only régimenes of morales; uso follows the régimen.
    const regimenes = within(within(dialog).getByRole('combobox', { name: /Régimen fiscal/ })).getAllByRole(
      'option',
    );
    expect(regimenes.map((o) => o.getAttribute('value'))).not.toContain('612');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Solicitar factura' }));
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/invoice/request')).toBe(true));
    expect(api.calls.find((c) => c.path === '/api/invoice/request')?.body).toEqual({
      orderId: open._id,
      fiscalData: SAVED,
    });
  });

  it("a team's order is invoiced to its institution: prefilled with the last one, never with the person's data", async () => {
    setToken('sesion-ana');
    const HOSPITAL = { ...SAVED, rfc: 'HMO850101AB1', razonSocial: 'HOSPITAL DEL EQUIPO' };
    const api = stubApi({
      '/api/invoice/mine': () => ({ success: true, invoices: [] }),
      '/api/invoice/fiscal-data': () => ({ success: true, fiscalData: SAVED }),
      '/api/group/fiscal-data': () => ({ success: true, fiscalData: HOSPITAL }),
    });
    const team = testOrder({
      _id: 'dddddddd-4444-4444-8444-444444444444',
      status: 'pagado',
      amount: 4510,
      paidAt: at('2026-11-03T10:00'),
      kind: 'grupo',
    });
    render(
      <TestProviders client={testQueryClient()}>
        <OrderInvoices orders={[team]} now={at('2026-11-20T12:00')} />
      </TestProviders>,
    );
    const list = await screen.findByRole('list', { name: 'Facturas de mis órdenes' });
    await userEvent.click(await within(list).findByRole('button', { name: 'Solicitar factura' }));
    const dialog = screen.getByRole('dialog', { name: 'Factura de la orden DDDDDDDD' });
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: /RFC/ })).toHaveValue(HOSPITAL.rfc),
    );
    expect(within(dialog).getByText(/sin cambiar tus datos fiscales personales/)).toBeVisible();
    expect(api.calls.map((c) => c.path)).not.toContain('/api/invoice/fiscal-data');
  });

  it("lists a partial refund's credit note under its invoice with its files", async () => {
    setToken('sesion-ana');
    const order = testOrder({
      _id: 'dddddddd-4444-4444-8444-444444444444',
      status: 'pagado',
      amount: 1510,
      paidAt: at('2026-11-03T10:00'),
    });
    stubApi({
      '/api/invoice/mine': () => ({
        success: true,
        invoices: [
          {
            _id: 'f2',
            orderId: order._id,
            status: 'timbrada',
            cancellationStatus: null,
            rfc: SAVED.rfc,
            razonSocial: SAVED.razonSocial,
            folioFiscal: 'AAAAAAAA-1111-4111-8111-111111111111',
            hasXml: true,
            hasPdf: true,
            requestedAt: 0,
            creditNotes: [
              {
                _id: 'n1',
                status: 'timbrada',
                amount: 300,
                folioFiscal: 'BBBBBBBB-2222-4222-8222-222222222222',
                hasXml: true,
                hasPdf: true,
                createdAt: 0,
              },
              {
                _id: 'n2',
                status: 'solicitada',
                amount: 100,
                folioFiscal: null,
                hasXml: false,
                hasPdf: false,
                createdAt: 0,
              },
            ],
          },
        ],
      }),
    });
    render(
      <TestProviders client={testQueryClient()}>
        <OrderInvoices orders={[order]} now={at('2026-11-20T12:00')} />
      </TestProviders>,
    );
    const notes = await screen.findByRole('list', { name: 'Notas de crédito de la orden DDDDDDDD' });
    const items = within(notes).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent(`reembolso de ${formatPrice(300)}`);
    expect(items[0]).toHaveTextContent('Folio fiscal: BBBBBBBB-2222-4222-8222-222222222222');
    expect(
      within(items[0]!).getByRole('button', {
        name: 'Descargar PDF de la nota de crédito de la orden DDDDDDDD',
      }),
    ).toBeVisible();
    expect(items[1]).toHaveTextContent('En proceso');
    expect(within(items[1]!).queryByRole('button')).toBeNull();
  });

  it('tells the buyer, the CFDI receiver, that the SAT asks them to accept its cancellation', async () => {
    setToken('sesion-ana');
    const order = testOrder({
      _id: 'eeeeeeee-5555-4555-8555-555555555555',
      status: 'reembolsado',
      amount: 1510,
      paidAt: at('2026-11-03T10:00'),
    });
    const invoice = {
      _id: 'f3',
      orderId: order._id,
      status: 'timbrada',
      cancellationStatus: 'pendiente',
      rfc: SAVED.rfc,
      razonSocial: SAVED.razonSocial,
      folioFiscal: 'CCCCCCCC-3333-4333-8333-333333333333',
      hasXml: true,
      hasPdf: true,
      requestedAt: 0,
      creditNotes: [],
    };
    stubApi({ '/api/invoice/mine': () => ({ success: true, invoices: [invoice] }) });
    render(
      <TestProviders client={testQueryClient()}>
        <OrderInvoices orders={[order]} now={at('2026-11-20T12:00')} />
      </TestProviders>,
    );
    const list = await screen.findByRole('list', { name: 'Facturas de mis órdenes' });
    await waitFor(() => expect(within(list).getByText('Cancelación pendiente de aceptación')).toBeVisible());
    expect(within(list).getByText(MSG.cfdiCancellationPending)).toBeVisible();
  });

  it('shows a CFDI being stamped as stamped when it is, without a reload, then stops asking', async () => {
    setToken('sesion-ana');
    const order = testOrder({
      _id: 'ffffffff-6666-4666-8666-666666666666',
      status: 'pagado',
      amount: 1510,
      paidAt: at('2026-11-03T10:00'),
    });
    const invoice = (stamped: boolean) => ({
      _id: 'f4',
      orderId: order._id,
      status: stamped ? 'timbrada' : 'solicitada',
      cancellationStatus: null,
      rfc: SAVED.rfc,
      razonSocial: SAVED.razonSocial,
      folioFiscal: stamped ? 'DDDDDDDD-4444-4444-8444-444444444444' : null,
      hasXml: stamped,
      hasPdf: stamped,
      requestedAt: 0,
      creditNotes: [],
    });
    let reads = 0;
    stubApi({ '/api/invoice/mine': () => ({ success: true, invoices: [invoice(++reads > 1)] }) });
    render(
      <TestProviders client={testQueryClient()}>
        <OrderInvoices orders={[order]} now={at('2026-11-20T12:00')} />
      </TestProviders>,
    );
    const list = await screen.findByRole('list', { name: 'Facturas de mis órdenes' });
    await waitFor(() => expect(within(list).getByText('Solicitada')).toBeVisible());
    await waitFor(() => expect(within(list).getByText('Timbrada')).toBeVisible(), { timeout: 6000 });
    expect(within(list).getByText('Folio fiscal: DDDDDDDD-4444-4444-8444-444444444444')).toBeVisible();
    // Stamped: nothing is asked any more.
    const after = reads;
    await new Promise((r) => setTimeout(r, 3500));
    expect(reads).toBe(after);
  }, 15_000);
});

describe('OrderInvoices: invoice before payment (PPD)', () => {
  const ppdInvoice = (orderId: string, complement: unknown) => ({
    _id: 'f5',
    orderId,
    status: 'timbrada',
    cancellationStatus: null,
    rfc: SAVED.rfc,
    razonSocial: SAVED.razonSocial,
    folioFiscal: 'EEEEEEEE-5555-4555-8555-555555555555',
    hasXml: true,
    hasPdf: true,
    requestedAt: 0,
    creditNotes: [],
    paymentPlan: 'PPD',
    paymentComplement: complement,
  });

  it('shows a PPD invoice of an order still waiting for its transfer, and that the complement follows', async () => {
    setToken('sesion-ana');
    const order = testOrder({
      _id: 'abababab-7777-4777-8777-777777777777',
      status: 'pendiente',
      payment: false,
      paymentMethod: 'spei',
      amount: 30_000,
    });
    stubApi({ '/api/invoice/mine': () => ({ success: true, invoices: [ppdInvoice(order._id, null)] }) });
    render(
      <TestProviders client={testQueryClient()}>
        <OrderInvoices orders={[order]} now={at('2026-11-20T12:00')} />
      </TestProviders>,
    );
    const list = await screen.findByRole('list', { name: 'Facturas de mis órdenes' });
    await waitFor(() => expect(within(list).getByText('Factura PPD (pago por transferencia)')).toBeVisible());
    expect(within(list).getByText('Timbrada')).toBeVisible();
    expect(
      within(list).getByRole('button', { name: 'Descargar PDF del CFDI de la orden ABABABAB' }),
    ).toBeVisible();
    expect(
      within(list).getByText('Cuando recibamos tu transferencia te enviaremos su complemento de pago.'),
    ).toBeVisible();
    expect(within(list).queryByRole('button', { name: 'Solicitar factura' })).toBeNull();
  });

  it('offers the stamped complement’s files beside the invoice’s', async () => {
    setToken('sesion-ana');
    const order = testOrder({
      _id: 'cdcdcdcd-8888-4888-8888-888888888888',
      status: 'pagado',
      paymentMethod: 'spei',
      amount: 30_000,
      paidAt: at('2026-11-05T10:00'),
    });
    const { calls } = stubApi({
      '/api/invoice/p1/pdf': () => '%PDF-1.7',
      '/api/invoice/mine': () => ({
        success: true,
        invoices: [
          ppdInvoice(order._id, {
            _id: 'p1',
            status: 'timbrada',
            amount: 30_000,
            folioFiscal: 'FFFFFFFF-6666-4666-8666-666666666666',
            hasXml: true,
            hasPdf: true,
            createdAt: 0,
          }),
        ],
      }),
    });
    render(
      <TestProviders client={testQueryClient()}>
        <OrderInvoices orders={[order]} now={at('2026-11-20T12:00')} />
      </TestProviders>,
    );
    const list = await screen.findByRole('list', { name: 'Facturas de mis órdenes' });
    const complement = await within(list).findByText('Complemento de pago');
    const line = complement.closest('p')!;
    expect(line).toHaveTextContent(`pago de ${formatPrice(30_000)}`);
    expect(line).toHaveTextContent('Timbrado');
    expect(line).toHaveTextContent('Folio fiscal: FFFFFFFF-6666-4666-8666-666666666666');
    expect(
      within(line).getByRole('button', {
        name: 'Descargar XML del complemento de pago de la orden CDCDCDCD',
      }),
    ).toBeVisible();
    // The invoice keeps its own files.
    expect(
      within(list).getByRole('button', { name: 'Descargar XML del CFDI de la orden CDCDCDCD' }),
    ).toBeVisible();
    await userEvent.click(
      within(line).getByRole('button', {
        name: 'Descargar PDF del complemento de pago de la orden CDCDCDCD',
      }),
    );
    await waitFor(() =>
      expect(saveFile).toHaveBeenCalledWith(expect.objectContaining({ filename: 'Complemento de pago.pdf' })),
    );
    expect(calls.some((c) => c.path === '/api/invoice/p1/pdf')).toBe(true);
    expect(within(list).queryByText(/Cuando recibamos tu transferencia/)).toBeNull();
  });

  it('a complement being stamped has no files yet', async () => {
    setToken('sesion-ana');
    const order = testOrder({
      _id: 'efefefef-9999-4999-8999-999999999999',
      status: 'pagado',
      paymentMethod: 'spei',
      amount: 30_000,
      paidAt: at('2026-11-05T10:00'),
    });
    stubApi({
      '/api/invoice/mine': () => ({
        success: true,
        invoices: [
          ppdInvoice(order._id, {
            _id: 'p2',
            status: 'solicitada',
            amount: 30_000,
            folioFiscal: null,
            hasXml: false,
            hasPdf: false,
            createdAt: 0,
          }),
        ],
      }),
    });
    render(
      <TestProviders client={testQueryClient()}>
        <OrderInvoices orders={[order]} now={at('2026-11-20T12:00')} />
      </TestProviders>,
    );
    const complement = await screen.findByText('Complemento de pago');
    const line = complement.closest('p')!;
    expect(line).toHaveTextContent('En proceso');
    expect(within(line).queryByRole('button')).toBeNull();
  });

  it('a PUE invoice says nothing of PPD or complements', async () => {
    setToken('sesion-ana');
    const order = testOrder({
      _id: 'a1a1a1a1-1212-4121-8121-121212121212',
      status: 'pagado',
      amount: 1510,
      paidAt: at('2026-11-03T10:00'),
    });
    stubApi({
      '/api/invoice/mine': () => ({
        success: true,
        invoices: [{ ...ppdInvoice(order._id, null), paymentPlan: 'PUE' }],
      }),
    });
    render(
      <TestProviders client={testQueryClient()}>
        <OrderInvoices orders={[order]} now={at('2026-11-20T12:00')} />
      </TestProviders>,
    );
    const list = await screen.findByRole('list', { name: 'Facturas de mis órdenes' });
    await waitFor(() => expect(within(list).getByText('Timbrada')).toBeVisible());
    expect(within(list).queryByText(/PPD|complemento/i)).toBeNull();
  });
});

describe('stampingRefetchInterval', () => {
  it('asks again only while a CFDI is being stamped, less often the longer it waits', () => {
    expect(stampingRefetchInterval(undefined, 0)).toBe(false);
    expect(stampingRefetchInterval([{ status: 'timbrada' }, { status: 'error' }], 1)).toBe(false);
    const waiting = [{ status: 'timbrada' }, { status: 'solicitada' }];
    expect(stampingRefetchInterval(waiting, 1)).toBe(3000);
    expect(stampingRefetchInterval(waiting, 2)).toBe(6000);
    expect(stampingRefetchInterval(waiting, 3)).toBe(12_000);
    expect(stampingRefetchInterval(waiting, 10)).toBe(60_000);
  });

  it('also while a PPD invoice’s payment complement is being stamped', () => {
    expect(stampingRefetchInterval([{ status: 'timbrada', paymentComplement: null }], 1)).toBe(false);
    expect(
      stampingRefetchInterval([{ status: 'timbrada', paymentComplement: { status: 'timbrada' } }], 1),
    ).toBe(false);
    expect(
      stampingRefetchInterval([{ status: 'timbrada', paymentComplement: { status: 'solicitada' } }], 1),
    ).toBe(3000);
  });
});
