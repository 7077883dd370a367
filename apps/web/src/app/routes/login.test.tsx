import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@store/shared/messages';
import { getToken, setToken } from '../../lib/auth-token';
import { stubApi, testQueryClient, TestProviders } from '../../../test/providers';
import { Component as LoginPage } from './login';

const renderLogin = () =>
  render(
    <TestProviders client={testQueryClient()} path="/login">
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
