// /admin/invoices' rows: an invoice, the payment complement of a PPD invoice (kind `pago`) and
// a credit note (kind E), each named by its type, with its state, what it relates to and its
// actions.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { formatPrice } from '@store/shared/domain/money';
import type { AdminCfdiDocument } from '@store/shared/schemas/admin/invoices';
import { TestProviders, testQueryClient } from '../../../../../test/providers';
import { InvoicesTable, type InvoiceActions } from './invoices-table';

const ORDER = 'aaaaaaaa-1111-4111-8111-111111111111';
const INVOICE_FOLIO = 'BBBBBBBB-2222-4222-8222-222222222222';

function doc(over: Partial<AdminCfdiDocument>): AdminCfdiDocument {
  return {
    _id: 'f1',
    kind: 'I',
    relatedDocumentId: null,
    relatedFolio: null,
    orderId: ORDER,
    status: 'timbrada',
    rfc: 'MAB9307148T4',
    razonSocial: 'HOSPITAL DEMO',
    regimenFiscal: '601',
    usoCfdi: 'G03',
    codigoPostal: '06700',
    name: 'Ana Ruiz',
    email: 'compras@hospital.mx',
    amount: 30_000,
    paidAt: null,
    requestedAt: 0,
    stampedAt: 0,
    cancelledAt: null,
    folioFiscal: INVOICE_FOLIO,
    hasXml: true,
    hasPdf: true,
    pendingAction: null,
    cancelMotive: null,
    cancellationStatus: null,
    cancellationRequestedAt: null,
    viaProvider: true,
    lastError: null,
    ...over,
  };
}

const INVOICE = doc({});
const COMPLEMENT = doc({
  _id: 'p1',
  kind: 'pago',
  relatedDocumentId: 'f1',
  relatedFolio: INVOICE_FOLIO,
  folioFiscal: 'CCCCCCCC-3333-4333-8333-333333333333',
});
const CREDIT_NOTE = doc({
  _id: 'n1',
  kind: 'E',
  relatedDocumentId: 'f1',
  relatedFolio: INVOICE_FOLIO,
  amount: 5000,
  folioFiscal: 'DDDDDDDD-4444-4444-8444-444444444444',
});

function renderTable(documents: AdminCfdiDocument[], providerConfigured = true) {
  const actions: InvoiceActions = {
    onRetry: vi.fn(),
    onAttach: vi.fn(),
    onDownload: vi.fn(),
    busyId: null,
  };
  render(
    <TestProviders client={testQueryClient()} path="/admin/invoices">
      <InvoicesTable documents={documents} providerConfigured={providerConfigured} actions={actions} />
    </TestProviders>,
  );
  const rows = within(screen.getByRole('table', { name: 'Facturas' }))
    .getAllByRole('row')
    .slice(1);
  return { actions, rows };
}

describe('InvoicesTable', () => {
  it('names a payment complement as such, not as a credit note', async () => {
    const { actions, rows } = renderTable([INVOICE, COMPLEMENT, CREDIT_NOTE]);
    expect(rows).toHaveLength(3);
    const [invoice, complement, note] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(invoice).toHaveTextContent('Factura (ingreso)');

    expect(complement).toHaveTextContent('Complemento de pago');
    expect(complement).not.toHaveTextContent('Nota de crédito');
    expect(complement).toHaveTextContent(`Pago de ${formatPrice(30_000)}`);
    expect(complement).not.toHaveTextContent('Reembolso');
    expect(complement).toHaveTextContent(`Relacionado con ${INVOICE_FOLIO}`);
    expect(within(complement).getByText('Timbrado')).toBeVisible();
    const what = `el complemento de pago de MAB9307148T4 por ${formatPrice(30_000)}`;
    await userEvent.click(within(complement).getByRole('button', { name: `Descargar XML de ${what}` }));
    expect(actions.onDownload).toHaveBeenCalledWith({ kind: 'pago', id: 'p1' }, 'xml');

    expect(note).toHaveTextContent('Nota de crédito (egreso)');
    expect(note).toHaveTextContent(`Reembolso de ${formatPrice(5000)}`);
    expect(note).toHaveTextContent(`Relacionada con ${INVOICE_FOLIO}`);
  });

  it('without a provider, a complement waits for the accountant and can be attached by hand', () => {
    const waiting = doc({
      ...COMPLEMENT,
      status: 'solicitada',
      folioFiscal: null,
      hasXml: false,
      hasPdf: false,
      pendingAction: 'stamp',
      viaProvider: false,
    });
    const row = renderTable([waiting], false).rows[0]!;
    expect(within(row).getByText('Complemento de pago pendiente')).toBeVisible();
    const what = `el complemento de pago de MAB9307148T4 por ${formatPrice(30_000)}`;
    expect(within(row).getByRole('button', { name: `Adjuntar XML de ${what}` })).toBeVisible();
    expect(within(row).queryByRole('button', { name: /Descargar/ })).toBeNull();
  });

  it('a complement in error is retried as a complement', async () => {
    const failed = doc({ ...COMPLEMENT, status: 'error', folioFiscal: null, lastError: 'Sin folio' });
    const { actions, rows } = renderTable([failed]);
    const what = `el complemento de pago de MAB9307148T4 por ${formatPrice(30_000)}`;
    await userEvent.click(within(rows[0]!).getByRole('button', { name: `Reintentar ${what}` }));
    expect(actions.onRetry).toHaveBeenCalledWith({ kind: 'pago', id: 'p1' });
  });
});
