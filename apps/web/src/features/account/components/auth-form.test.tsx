import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '@store/shared/messages';
import { AuthForm } from './auth-form';

function setup() {
  const onLogin = vi.fn(async () => {});
  const onRegister = vi.fn(async () => {});
  const onForgotPassword = vi.fn();
  render(
    <>
      <AuthForm onLogin={onLogin} onRegister={onRegister} onForgotPassword={onForgotPassword} />
      <ToastContainer />
    </>,
  );
  return { onLogin, onRegister, onForgotPassword };
}

describe('AuthForm', () => {
  it('signs in with e-mail and password (Acceso)', async () => {
    const { onLogin } = setup();
    expect(screen.getByRole('heading', { name: 'Acceso' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Correo electrónico/), 'medico@demo.mx');
    await userEvent.type(screen.getByLabelText(/^Contraseña/), 'una-clave');
    await userEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    await waitFor(() =>
      expect(onLogin).toHaveBeenCalledWith({ email: 'medico@demo.mx', password: 'una-clave' }),
    );
  });

  it('forces the name to uppercase A-Z, Ñ and spaces while typing', async () => {
    setup();
    await userEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    const name = screen.getByLabelText(/^Nombre completo/);
    await userEvent.type(name, 'maría peña 2º');
    expect(name).toHaveValue('MARIA PEÑA ');
  });

  it('shows both mismatch messages and does not register', async () => {
    const { onRegister } = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect(screen.getByRole('heading', { name: 'Registro' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Nombre completo/), 'Ana Ruiz');
    await userEvent.type(screen.getByLabelText(/^Correo electrónico/), 'ana@ejemplo.mx');
    await userEvent.type(screen.getByLabelText(/^Confirmar correo/), 'ana@otro.mx');
    await userEvent.type(screen.getByLabelText(/^Contraseña/), 'una-clave-larga');
    await userEvent.type(screen.getByLabelText(/^Confirmar contraseña/), 'otra-clave-larga');
    await userEvent.click(screen.getByRole('button', { name: 'Registrarse' }));
    // Beside the field and as a notification.
    await waitFor(() => expect(screen.getAllByText(MSG.emailsDoNotMatch)).toHaveLength(2));
    expect(screen.getAllByText(MSG.passwordsDoNotMatch)).toHaveLength(2);
    expect(onRegister).not.toHaveBeenCalled();
  });

  it('the toggle clears the confirmation fields but keeps the rest', async () => {
    const { onRegister } = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    await userEvent.type(screen.getByLabelText(/^Nombre completo/), 'Ana Ruiz');
    await userEvent.type(screen.getByLabelText(/^Correo electrónico/), 'ana@ejemplo.mx');
    await userEvent.type(screen.getByLabelText(/^Confirmar correo/), 'ana@ejemplo.mx');
    await userEvent.type(screen.getByLabelText(/^Contraseña/), 'una-clave-larga');
    await userEvent.type(screen.getByLabelText(/^Confirmar contraseña/), 'una-clave-larga');
    await userEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    // Back in Acceso, then Registro again.
    expect(screen.getByRole('heading', { name: 'Acceso' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect(screen.getByLabelText(/^Confirmar correo/)).toHaveValue('');
    expect(screen.getByLabelText(/^Confirmar contraseña/)).toHaveValue('');
    expect(screen.getByLabelText(/^Correo electrónico/)).toHaveValue('ana@ejemplo.mx');
    expect(screen.getByLabelText(/^Nombre completo/)).toHaveValue('ANA RUIZ');

    await userEvent.type(screen.getByLabelText(/^Confirmar correo/), 'ana@ejemplo.mx');
    await userEvent.type(screen.getByLabelText(/^Confirmar contraseña/), 'una-clave-larga');
    await userEvent.click(screen.getByRole('button', { name: 'Registrarse' }));
    await waitFor(() => expect(onRegister).toHaveBeenCalledTimes(1));
  });
});
