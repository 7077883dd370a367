import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../../lib/auth-token';
import { polyfillDialog, stubApi, testQueryClient, TestProviders } from '../../../../../test/providers';
import { DemoDataBanner } from './demo-data-banner';

beforeAll(polyfillDialog);
afterEach(() => {
  act(() => setToken(null));
  vi.unstubAllGlobals();
});

const removed = {
  success: true,
  message: 'Se eliminaron los datos de demostración',
  deletedProducts: 11,
  archivedProducts: 1,
  deletedCoupons: 0,
  deactivatedCoupons: 1,
  deletedUsers: 1,
  deletedOrders: 2,
};

describe('DemoDataBanner', () => {
  it('shows what demo data is left and removes it after a confirmation', async () => {
    setToken('sesion-admin');
    let present = true;
    const api = stubApi({
      '/api/admin/demo-data': () =>
        present
          ? { success: true, present: true, products: 12, coupons: 1, users: 1 }
          : { success: true, present: false, products: 0, coupons: 0, users: 0 },
      '/api/admin/demo-data/remove': () => {
        present = false;
        return removed;
      },
    });
    render(
      <TestProviders client={testQueryClient()}>
        <DemoDataBanner />
      </TestProviders>,
    );
    expect(
      await screen.findByRole('heading', { name: 'La tienda tiene datos de demostración' }),
    ).toBeVisible();
    expect(screen.getByText(/12 eventos, 1 cupón, 1 cuenta de cliente de ejemplo/)).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Eliminar datos de demostración' }));
    const dialog = screen.getByRole('dialog', { name: '¿Eliminar los datos de demostración?' });
    await userEvent.click(screen.getByRole('button', { name: 'Volver' }));
    expect(api.calls.some((c) => c.path === '/api/admin/demo-data/remove')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Eliminar datos de demostración' }));
    expect(dialog).toBeVisible();
    const buttons = screen.getAllByRole('button', { name: 'Eliminar datos de demostración' });
    await userEvent.click(buttons[buttons.length - 1]!);
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'La tienda tiene datos de demostración' })).toBeNull(),
    );
    expect(api.calls.filter((c) => c.path === '/api/admin/demo-data/remove')).toHaveLength(1);
  });

  it('shows nothing when there is no demo data', async () => {
    setToken('sesion-admin');
    const api = stubApi({
      '/api/admin/demo-data': () => ({ success: true, present: false, products: 0, coupons: 0, users: 0 }),
    });
    const client = testQueryClient();
    render(
      <TestProviders client={client}>
        <DemoDataBanner />
      </TestProviders>,
    );
    await waitFor(() => expect(client.getQueryState(['admin', 'demo-data'])?.status).toBe('success'));
    expect(api.calls).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'La tienda tiene datos de demostración' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Eliminar datos de demostración' })).toBeNull();
  });
});
