import type { ReactNode } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Role } from '@store/shared/constants';
import { getToken, setToken } from '../lib/auth-token';
import { userQueryKeys } from '../lib/query-keys';
import { polyfillDialog, stubApi, testQueryClient, TestProviders } from '../../test/providers';
import { StoreShell } from './store-shell';

function signedInAs(role: Role) {
  setToken(`sesion-${role}`);
  return stubApi({
    '/api/user/profile': () => ({
      success: true,
      user: { _id: 'u1', name: 'ANA RUIZ', email: 'ana@hospital.mx', userType: 'general', role },
    }),
  });
}

function renderWith(ui: ReactNode) {
  const client = testQueryClient();
  const view = render(<TestProviders client={client}>{ui}</TestProviders>);
  /** Resolves once the profile (and so the role) has arrived. */
  const profileLoaded = () =>
    waitFor(() => expect(client.getQueryState(userQueryKeys.profile(getToken()))?.status).toBe('success'));
  return { ...view, profileLoaded };
}
const renderMenu = () => renderWith(<StoreShell />);
/** The storefront frame with the mobile menu opened. */
async function renderMobileMenu() {
  const view = renderWith(<StoreShell />);
  await userEvent.click(screen.getByRole('button', { name: 'Abrir menú' }));
  return view;
}

beforeAll(polyfillDialog);
afterEach(() => {
  act(() => setToken(null));
  vi.unstubAllGlobals();
});

// The header's account menus show Administración from the profile's role, which the store
// shell reads and hands down to components/layout.
describe('account menu', () => {
  it('offers Administración to an admin, leading to /admin', async () => {
    const { calls } = signedInAs('admin');
    renderMenu();
    await userEvent.click(screen.getByRole('button', { name: 'Mi cuenta' }));
    const link = await screen.findByRole('link', { name: 'Administración' });
    expect(link).toHaveAttribute('href', '/admin');
    expect(calls.find((c) => c.path === '/api/user/profile')?.token).toBe('sesion-admin');
    // Its place: after Mis Productos, before Cerrar Sesión.
    const items = within(link.closest('ul')!).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Mis Productos',
      'Mi cuenta',
      'Administración',
      'Cerrar Sesión',
    ]);
    await userEvent.click(link);
    expect(await screen.findByTestId('location')).toHaveTextContent('/admin');
  });

  it('never shows it to a customer', async () => {
    signedInAs('customer');
    const { profileLoaded } = renderMenu();
    await userEvent.click(screen.getByRole('button', { name: 'Mi cuenta' }));
    await profileLoaded();
    expect(screen.getByRole('link', { name: 'Mis Productos' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Mi cuenta' })).toHaveAttribute('href', '/account');
    expect(screen.queryByRole('link', { name: 'Administración' })).not.toBeInTheDocument();
  });

  it('the mobile menu lists it for an admin only', async () => {
    signedInAs('admin');
    const { unmount } = await renderMobileMenu();
    expect(await screen.findByRole('link', { name: 'Administración' })).toHaveAttribute('href', '/admin');
    unmount();

    signedInAs('customer');
    const { profileLoaded } = await renderMobileMenu();
    await profileLoaded();
    expect(screen.getByRole('link', { name: 'Mis Productos' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mi cuenta' })).toHaveAttribute('href', '/account');
    expect(screen.queryByRole('link', { name: 'Administración' })).not.toBeInTheDocument();
  });
});
