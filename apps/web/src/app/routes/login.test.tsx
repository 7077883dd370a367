import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@store/shared/messages';
import { getToken, setToken } from '../../lib/auth-token';
import { savePendingAdd, takePendingAdd } from '../../lib/pending-add';
import { stubApi, testQueryClient, TestProviders } from '../../../test/providers';
import { Component as LoginPage } from './login';

const renderLogin = (search = '') =>
  render(
    <TestProviders client={testQueryClient()} path="/login" search={search}>
      <LoginPage />
    </TestProviders>,
  );

async function signIn() {
  await userEvent.type(screen.getByLabelText(/^Correo electrónico/), 'medico@demo.mx');
  await userEvent.type(screen.getByLabelText(/^Contraseña/), 'una-clave-cualquiera');
  await userEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
}

afterEach(() => {
  act(() => setToken(null));
  vi.unstubAllGlobals();
});

describe('/login', () => {
  it('saves the token and goes to / after signing in', async () => {
    stubApi({ '/api/user/login': () => ({ success: true, isFirstLogin: false, token: 'sesion' }) });
    renderLogin();
    await signIn();
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
    expect(getToken()).toBe('sesion');
  });

  it('returns to ?next= with the day chosen before signing in added to the cart', async () => {
    const api = stubApi({
      '/api/user/login': () => ({ success: true, isFirstLogin: false, token: 'sesion' }),
      '/api/cart/add': () => ({ success: true }),
    });
    savePendingAdd({ itemId: 'P1', days: ['2026-03-14', '2026-03-15'] });
    renderLogin('?next=%2Fproduct%2FP1');
    await signIn();
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/product\/P1$/);
    // Both days chosen before signing in, each added with the new session.
    const adds = api.calls.filter((c) => c.path === '/api/cart/add');
    expect(adds).toMatchObject([
      { body: { itemId: 'P1', days: '2026-03-14' }, token: 'sesion' },
      { body: { itemId: 'P1', days: '2026-03-15' }, token: 'sesion' },
    ]);
    expect(await screen.findByText(MSG.cartAddDone)).toBeInTheDocument();
    expect(takePendingAdd()).toBeNull();
  });

  it('after registering too; a return path to another site is ignored (no open redirect)', async () => {
    const api = stubApi({
      '/api/user/register': () => ({ success: true, token: 'nueva' }),
      '/api/cart/add': () => ({ success: true }),
    });
    savePendingAdd({ itemId: 'P2', days: ['2026-03-15'] });
    renderLogin('?next=%2F%2Fmalo.example%2Fx');
    await userEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    await userEvent.type(screen.getByLabelText(/^Nombre/), 'ANA PEREZ');
    await userEvent.type(screen.getByLabelText(/^Correo electrónico/), 'ana@demo.mx');
    await userEvent.type(screen.getByLabelText(/^Confirmar correo/), 'ana@demo.mx');
    await userEvent.type(screen.getByLabelText(/^Contraseña/), 'una-clave-larga-1');
    await userEvent.type(screen.getByLabelText(/^Confirmar contraseña/), 'una-clave-larga-1');
    await userEvent.click(screen.getByRole('button', { name: 'Registrarse' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
    expect(api.calls.some((c) => c.path === '/api/cart/add')).toBe(true);
  });

  it('first login: no session, straight to /reset-password with the reset token and a message', async () => {
    stubApi({
      '/api/user/login': () => ({ success: true, isFirstLogin: true, resetToken: 'tok en/raro' }),
    });
    renderLogin();
    await signIn();
    expect(await screen.findByText(MSG.firstLoginChangePassword)).toBeInTheDocument();
    expect(await screen.findByTestId('location')).toHaveTextContent('/reset-password');
    expect(getToken()).toBeNull();
  });

  it("shows the server's message when login fails, and 'Error en el proceso' without one", async () => {
    stubApi({ '/api/user/login': () => ({ success: false, message: MSG.invalidCredentials }) });
    renderLogin();
    await signIn();
    expect(await screen.findByText(MSG.invalidCredentials)).toBeInTheDocument();

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByText(MSG.genericProcessError)).toBeInTheDocument();
    expect(getToken()).toBeNull();
  });

  it('a signed-in visitor is sent to /', async () => {
    setToken('ya-tengo-sesion');
    renderLogin();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });
});
