import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../lib/auth-token';
import { polyfillDialog, stubApi, testQueryClient, TestProviders } from '../../../../test/providers';
import { SessionsCard } from './sessions-card';

beforeAll(polyfillDialog);
afterEach(() => {
  act(() => setToken(null));
  vi.unstubAllGlobals();
});

describe('SessionsCard', () => {
  it('asks first, then ends every session and logs this browser out', async () => {
    setToken('sesion-ana');
    const api = stubApi({
      '/api/user/logout-all': () => ({
        success: true,
        message: 'Se cerró la sesión en todos los dispositivos',
      }),
    });
    const onLoggedOut = vi.fn();
    render(
      <TestProviders client={testQueryClient()}>
        <SessionsCard onLoggedOut={onLoggedOut} />
      </TestProviders>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar sesión en todos los dispositivos' }));
    expect(screen.getByRole('dialog', { name: '¿Cerrar sesión en todos los dispositivos?' })).toBeVisible();
    expect(api.calls).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(api.calls).toHaveLength(0);
    expect(onLoggedOut).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Cerrar sesión en todos los dispositivos' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar todas las sesiones' }));
    await waitFor(() => expect(onLoggedOut).toHaveBeenCalledTimes(1));
    expect(api.calls).toEqual([{ path: '/api/user/logout-all', body: {}, token: 'sesion-ana' }]);
  });

  it('keeps the session and says why when the call fails', async () => {
    setToken('sesion-ana');
    stubApi({});
    const onLoggedOut = vi.fn();
    render(
      <TestProviders client={testQueryClient()}>
        <SessionsCard onLoggedOut={onLoggedOut} />
      </TestProviders>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar sesión en todos los dispositivos' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar todas las sesiones' }));
    expect(await screen.findByText('No encontramos lo que buscas')).toBeInTheDocument();
    expect(onLoggedOut).not.toHaveBeenCalled();
  });
});
