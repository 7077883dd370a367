import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '@store/shared/messages';
import type { AdminMember } from '@store/shared/schemas/admin/members';
import { setToken } from '../../../lib/auth-token';
import { polyfillDialog, stubApi, testQueryClient, TestProviders } from '../../../../test/providers';
import { Component as MembersPage } from './members';

const member = (over: Partial<AdminMember>): AdminMember => ({
  _id: 'm1',
  name: 'ANA RUIZ',
  email: 'ana@hospital.mx',
  userType: 'general',
  role: 'customer',
  mustChangePassword: false,
  hasPassword: true,
  createdAt: Date.UTC(2026, 0, 5),
  paidOrders: 0,
  ...over,
});
const me = member({ _id: 'me', name: 'JEFA', email: 'jefa@asociacion.mx', role: 'admin' });
const ana = member({});

function api(extra: Record<string, (body: unknown) => unknown> = {}) {
  return stubApi({
    '/api/admin/session': () => ({ success: true, user: { _id: me._id, name: me.name, email: me.email } }),
    '/api/admin/members': () => ({ success: true, members: [ana, me], total: 2, page: 1, pageSize: 25 }),
    ...extra,
  });
}

const renderPage = () =>
  render(
    <TestProviders client={testQueryClient()} path="/admin/members">
      <MembersPage />
    </TestProviders>,
  );

beforeAll(polyfillDialog);
afterEach(() => {
  act(() => setToken(null));
  vi.unstubAllGlobals();
});

describe('/admin/members', () => {
  it('assigns a temporary password after confirming and shows it once', async () => {
    const user = userEvent.setup();
    const { calls } = api({
      '/api/admin/members/m1/temporary-password': () => ({
        success: true,
        member: { ...ana, mustChangePassword: true },
        temporaryPassword: 'abcd-efgh-jkmn-pqrs',
        message: 'ok',
      }),
    });
    setToken('sesion-admin');
    renderPage();
    await user.click(
      await screen.findByRole('button', { name: 'Asignar contraseña temporal a ana@hospital.mx' }),
    );
    // Never offered for one's own account (it would end the admin's session).
    await waitFor(() =>
      expect(
        screen.queryByRole('button', { name: 'Asignar contraseña temporal a jefa@asociacion.mx' }),
      ).not.toBeInTheDocument(),
    );

    const confirm = screen.getByRole('dialog', { name: '¿Asignar una contraseña temporal?' });
    expect(confirm).toHaveAccessibleDescription(/sesiones abiertas/);
    expect(calls.some((c) => c.path.endsWith('/temporary-password'))).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Asignar contraseña temporal' }));

    const shown = await screen.findByRole('dialog', { name: 'Contraseña temporal asignada' });
    expect(within(shown).getByLabelText('Contraseña temporal')).toHaveValue('abcd-efgh-jkmn-pqrs');
    const call = calls.find((c) => c.path === '/api/admin/members/m1/temporary-password');
    expect(call).toMatchObject({ token: 'sesion-admin', body: undefined });

    await user.click(within(shown).getByRole('button', { name: 'Listo' }));
    expect(screen.queryByLabelText('Contraseña temporal')).not.toBeInTheDocument();
  });

  it('creates an account by hand: Spanish validation, then the temporary password', async () => {
    const user = userEvent.setup();
    const created = member({
      _id: 'n1',
      name: 'JOSE NANDU',
      email: 'jose@hospital.mx',
      userType: 'enfermeria',
    });
    const { calls } = api({
      '/api/admin/members': (body) =>
        body
          ? { success: true, member: created, temporaryPassword: 'zzzz-yyyy-xxxx-wwww', message: 'ok' }
          : { success: true, members: [ana, me], total: 2, page: 1, pageSize: 25 },
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Nueva cuenta' }));
    const form = screen.getByRole('dialog', { name: 'Nueva cuenta' });
    await user.type(within(form).getByLabelText(/^Nombre completo/), 'José 2');
    await user.type(within(form).getByLabelText(/^Correo electrónico/), 'no-es-correo');
    await user.click(within(form).getByRole('button', { name: 'Crear cuenta' }));
    expect(within(form).getByLabelText(/^Nombre completo/)).toHaveAccessibleDescription(
      expect.stringContaining(MSG.invalidName),
    );
    expect(within(form).getByText(MSG.invalidEmail)).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/admin/members' && c.body)).toBe(false);

    await user.clear(within(form).getByLabelText(/^Nombre completo/));
    await user.type(within(form).getByLabelText(/^Nombre completo/), 'José Ñandú');
    await user.clear(within(form).getByLabelText(/^Correo electrónico/));
    await user.type(within(form).getByLabelText(/^Correo electrónico/), 'jose@hospital.mx');
    await user.selectOptions(within(form).getByLabelText('Tipo de usuario'), 'enfermeria');
    await user.click(within(form).getByRole('button', { name: 'Crear cuenta' }));

    const shown = await screen.findByRole('dialog', { name: 'Cuenta creada' });
    expect(within(shown).getByLabelText('Contraseña temporal')).toHaveValue('zzzz-yyyy-xxxx-wwww');
    expect(calls.find((c) => c.path === '/api/admin/members' && c.body)?.body).toEqual({
      name: 'José Ñandú',
      email: 'jose@hospital.mx',
      userType: 'enfermeria',
    });
  });

  it('marks an account made for someone else that has no password yet, and one that must change it', async () => {
    const colleague = member({ _id: 'c1', email: 'colega@hospital.mx', hasPassword: false });
    const imported = member({
      _id: 'i1',
      email: 'importada@hospital.mx',
      hasPassword: false,
      mustChangePassword: true,
    });
    const temporary = member({ _id: 't1', email: 'temporal@hospital.mx', mustChangePassword: true });
    api({
      '/api/admin/members': () => ({
        success: true,
        members: [colleague, imported, temporary, ana, me],
        total: 5,
        page: 1,
        pageSize: 25,
      }),
    });
    renderPage();
    const row = async (email: string) => (await screen.findByText(email)).closest('tr')!;
    expect(await row('colega@hospital.mx')).toHaveTextContent('Sin contraseña aún');
    expect(await row('importada@hospital.mx')).toHaveTextContent('Sin contraseña aún');
    expect(await row('importada@hospital.mx')).not.toHaveTextContent('Debe definir su contraseña');
    expect(await row('temporal@hospital.mx')).toHaveTextContent('Debe definir su contraseña');
    expect(await row('ana@hospital.mx')).not.toHaveTextContent(/Sin contraseña aún|Debe definir/);
  });

  it("shows the server's message when the e-mail is taken", async () => {
    const user = userEvent.setup();
    api({
      '/api/admin/members': (body) =>
        body
          ? { success: false, message: 'Ya existe una cuenta con este correo' }
          : { success: true, members: [ana, me], total: 2, page: 1, pageSize: 25 },
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Nueva cuenta' }));
    const form = screen.getByRole('dialog', { name: 'Nueva cuenta' });
    await user.type(within(form).getByLabelText(/^Nombre completo/), 'Ana Ruiz');
    await user.type(within(form).getByLabelText(/^Correo electrónico/), 'ana@hospital.mx');
    await user.click(within(form).getByRole('button', { name: 'Crear cuenta' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Ya existe una cuenta con este correo');
    expect(screen.queryByRole('dialog', { name: 'Cuenta creada' })).not.toBeInTheDocument();
  });
});
