import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminMember } from '@store/shared/schemas/admin/members';
import { polyfillDialog } from '../../../../../test/providers';
import { TemporaryPasswordDialog } from './temporary-password-dialog';

const member: AdminMember = {
  _id: 'a1',
  name: 'LUCIA NUNEZ',
  email: 'lucia@hospital.mx',
  userType: 'residente',
  role: 'customer',
  mustChangePassword: true,
  hasPassword: true,
  createdAt: 0,
  paidOrders: 0,
};

beforeAll(polyfillDialog);

describe('TemporaryPasswordDialog', () => {
  it('shows the password once with a copy button and says what the member will be asked', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(
      <TemporaryPasswordDialog
        result={{ member, temporaryPassword: 'abcd-efgh-jkmn-pqrs', created: false }}
        onClose={onClose}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Contraseña temporal asignada' });
    expect(dialog).toHaveAccessibleDescription('LUCIA NUNEZ · lucia@hospital.mx');
    expect(screen.getByLabelText('Contraseña temporal')).toHaveValue('abcd-efgh-jkmn-pqrs');
    expect(
      screen.getByText(/se le pedirá elegir una contraseña nueva antes de continuar/),
    ).toBeInTheDocument();
    expect(screen.getByText(/sus sesiones abiertas se cerraron/)).toBeInTheDocument();

    expect(screen.getByRole('status')).toHaveTextContent(/minúsculas y números; los guiones también/);

    await user.click(screen.getByRole('button', { name: 'Copiar' }));
    expect(await navigator.clipboard.readText()).toBe('abcd-efgh-jkmn-pqrs');
    expect(screen.getByRole('status')).toHaveTextContent('Copiada al portapapeles.');
    expect(screen.getByRole('button', { name: 'Copiada' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Listo' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('selects the password for Ctrl+C when the clipboard refuses', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new Error('denied'));
    render(
      <TemporaryPasswordDialog
        result={{ member, temporaryPassword: 'zzzz-yyyy-xxxx-wwww', created: true }}
        onClose={() => {}}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Cuenta creada' })).toBeInTheDocument();
    // A new account has no old password or sessions to mention.
    expect(screen.queryByText(/sesiones abiertas/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copiar' }));
    expect(screen.getByRole('status')).toHaveTextContent(/cópiala con Ctrl\+C/);
    const input = screen.getByLabelText<HTMLInputElement>('Contraseña temporal');
    expect(input).toHaveFocus();
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, 19]);
  });

  it('renders nothing to read while closed', () => {
    render(<TemporaryPasswordDialog result={null} onClose={() => {}} />);
    expect(screen.queryByLabelText('Contraseña temporal')).not.toBeInTheDocument();
  });
});
