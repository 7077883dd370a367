import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@store/shared/domain/time';
import { orderReference } from '@store/shared/domain/order-reference';
import { stubApi, TestProviders, testQueryClient } from '../../../../../test/providers';
import { PaymentWaitsCard } from './payment-waits-card';

afterEach(() => vi.unstubAllGlobals());

const ORDER = 'b7c1d2e3-0000-4000-8000-000000000002';
const EXPIRES = Date.UTC(2027, 5, 6, 5, 59);

describe('PaymentWaitsCard', () => {
  it('lists each payment waiting for cash or a transfer, linked to its order', async () => {
    stubApi({
      '/api/admin/dashboard/payment-waits': () => ({
        success: true,
        waits: [
          {
            orderId: ORDER,
            method: 'spei',
            kind: 'grupo',
            buyerName: 'Hospital Ángeles',
            buyerEmail: 'compras@hospital.mx',
            amountCentavos: 30_000_00,
            receivedCentavos: 10_000_00,
            createdAt: EXPIRES - 3 * 86_400_000,
            expiresAt: EXPIRES,
          },
        ],
      }),
    });
    render(
      <TestProviders client={testQueryClient()}>
        <PaymentWaitsCard now={EXPIRES - 86_400_000} />
      </TestProviders>,
    );
    const item = within(await screen.findByRole('list', { name: 'Pagos en espera' })).getByRole('listitem');
    expect(within(item).getByRole('link', { name: orderReference(ORDER) })).toHaveAttribute(
      'href',
      `/admin/orders/${ORDER}`,
    );
    expect(item).toHaveTextContent('Hospital Ángeles');
    expect(item).toHaveTextContent('SPEI');
    expect(item).toHaveTextContent('MXN$30,000');
    expect(item).toHaveTextContent('Recibido MXN$10,000');
    expect(item).toHaveTextContent(`Límite ${formatDateTime(EXPIRES)}`);
  });

  it('shows nothing while nothing waits', async () => {
    const { calls } = stubApi({ '/api/admin/dashboard/payment-waits': () => ({ success: true, waits: [] }) });
    const { container } = render(
      <TestProviders client={testQueryClient()}>
        <PaymentWaitsCard />
      </TestProviders>,
    );
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(container.querySelector('ul')).toBeNull();
  });
});
