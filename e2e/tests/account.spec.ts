// Account journeys (docs/product.md → Login form, Validation rules): register with both mismatch messages, the signed-in
// redirect away from /login, logout, reset through the e-mailed link, an imported account's
// first password, and the first-login change forced by a temporary password from the admin.
import { expect, test } from '@playwright/test';
import {
  ADMIN,
  linkFromNewestEmail,
  loginByApi,
  productNamed,
  registerByApi,
  savedToken,
  toasts,
  uniqueEmail,
} from './storefront-helpers';

test('register: both mismatch messages, the name forced to uppercase, then signed in at /', async ({
  page,
}) => {
  const email = uniqueEmail('registro');
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Acceso' })).toBeVisible();
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page.getByRole('heading', { name: 'Registro' })).toBeVisible();

  const name = page.getByLabel('Nombre completo');
  await name.pressSequentially('josé peña 3');
  await expect(name).toHaveValue('JOSE PEÑA ');
  await page.getByLabel(/^Correo electrónico/).fill(email);
  await page.getByLabel('Confirmar correo electrónico').fill(`otro-${email}`);
  await page.getByLabel(/^Contraseña/).fill('clave-segura-e2e');
  await page.getByLabel('Confirmar contraseña').fill('clave-distinta-e2e');
  await page.getByRole('button', { name: 'Registrarse' }).click();
  await expect(toasts(page).getByText('Los correos no coinciden')).toBeVisible();
  await expect(toasts(page).getByText('Las contraseñas no coinciden')).toBeVisible();
  await expect(page.getByLabel('Confirmar correo electrónico')).toHaveAccessibleDescription(
    'Los correos no coinciden',
  );

  // The toggle clears the confirmation fields.
  await page.getByRole('button', { name: 'Iniciar sesión' }).first().click();
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page.getByLabel('Confirmar correo electrónico')).toHaveValue('');
  await expect(page.getByLabel('Confirmar contraseña')).toHaveValue('');
  await expect(page.getByLabel(/^Correo electrónico/)).toHaveValue(email);

  await page.getByLabel('Confirmar correo electrónico').fill(email);
  await page.getByLabel('Confirmar contraseña').fill('clave-segura-e2e');
  await page.getByRole('button', { name: 'Registrarse' }).click();
  await expect(toasts(page).getByText('Registro exitoso')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Mi cuenta' })).toBeVisible();

  // A signed-in visitor never sees /login.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
});

test('login with wrong password shows the server message; logout clears the session and cart', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('sesion');
  await registerByApi(request, email);
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill('no-es-la-clave');
  await page.getByRole('button', { name: 'Iniciar sesión' }).last().click();
  await expect(toasts(page).getByText('Correo o contraseña incorrectos')).toBeVisible();

  await page.getByLabel('Contraseña').fill('clave-segura-e2e');
  await page.getByRole('button', { name: 'Iniciar sesión' }).last().click();
  await expect(page).toHaveURL(/\/$/);

  // Put something in the cart, then log out.
  await page.goto('/collection');
  const taponamiento = await productNamed(request, 'Casos clínicos: taponamiento cardíaco');
  await page.getByRole('link', { name: /Casos clínicos: taponamiento cardíaco/ }).click();
  await page.getByRole('button', { name: taponamiento.days[0]! }).click();
  await page.getByRole('button', { name: 'AGREGAR AL CARRITO' }).click();
  await expect(page.getByRole('link', { name: 'Carrito: 1 producto' })).toBeVisible();

  await page.getByRole('button', { name: 'Mi cuenta' }).click();
  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Mi cuenta' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Carrito: 0 productos' })).toBeVisible();
  expect(await savedToken(page)).toBeNull();
});

test('password reset through the link in the e-mail', async ({ page, request }) => {
  const email = uniqueEmail('olvido');
  await registerByApi(request, email);
  await page.goto('/login');
  await page.getByRole('button', { name: '¿Olvidaste tu contraseña?' }).click();
  await expect(page.getByRole('heading', { name: 'Restablecer contraseña' })).toBeVisible();
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(toasts(page).getByText('Se ha enviado un enlace a tu correo electrónico')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Acceso' })).toBeVisible();

  const link = await linkFromNewestEmail(email, '/reset-password?token=');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Nueva contraseña' })).toBeVisible();
  await page.getByLabel(/^Nueva contraseña/).fill('clave-nueva-e2e');
  await page.getByLabel('Confirmar nueva contraseña').fill('otra-cosa-e2e');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(toasts(page).getByText('Las contraseñas no coinciden')).toBeVisible();

  await page.getByLabel('Confirmar nueva contraseña').fill('clave-nueva-e2e');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(toasts(page).getByText('Contraseña actualizada correctamente')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // The link works once: opened again, the page says so before asking for anything.
  await page.goto(link);
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'El enlace para restablecer la contraseña no es válido o ya expiró' }),
  ).toBeVisible();
  await expect(page.getByLabel(/^Nueva contraseña/)).toHaveCount(0);

  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill('clave-nueva-e2e');
  await page.getByRole('button', { name: 'Iniciar sesión' }).last().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Mi cuenta' })).toBeVisible();
});

test('an imported account sets its first password through its welcome link, then signs in', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('importada');
  const adminToken = await loginByApi(request, ADMIN.email, ADMIN.password);
  const res = await request.post('/api/admin/members/import', {
    headers: { token: adminToken },
    data: { csv: `name,email,userType\nLucía Ñúñez,${email},residente\n` },
  });
  expect(res.ok(), await res.text()).toBe(true);

  const link = await linkFromNewestEmail(email, '/reset-password?token=');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Te damos la bienvenida, Lucia' })).toBeVisible();
  await page.getByLabel(/^Contraseña/).fill('mi-primera-clave');
  await page.getByLabel('Confirmar contraseña').fill('mi-primera-clave');
  await page.getByRole('button', { name: 'Guardar y entrar' }).click();
  // The first password signs her in: Mis Productos, her menu in the header.
  await expect(
    toasts(page).getByText('Listo: tu contraseña quedó guardada y ya estás dentro de tu cuenta'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByRole('button', { name: 'Mi cuenta' })).toBeVisible();

  // The password works on the next visit too.
  expect(await loginByApi(request, email, 'mi-primera-clave')).toBeTruthy();
});

test('first login: a temporary password from the admin leads to /reset-password with the message, then the new password works', async ({
  page,
  request,
}) => {
  // A freshly registered member forgets everything; the association's desk gives them a
  // temporary password (the admin API; the admin UI shows the same answer in a dialog).
  const email = uniqueEmail('primera');
  const oldSession = await registerByApi(request, email);
  const adminToken = await loginByApi(request, ADMIN.email, ADMIN.password);
  const found = await request.get(`/api/admin/members?search=${encodeURIComponent(email)}`, {
    headers: { token: adminToken },
  });
  const [member] = ((await found.json()) as { members: { _id: string; email: string }[] }).members;
  expect(member?.email).toBe(email);
  const assigned = await request.post(`/api/admin/members/${member!._id}/temporary-password`, {
    headers: { token: adminToken },
  });
  expect(assigned.ok(), await assigned.text()).toBe(true);
  const { temporaryPassword } = (await assigned.json()) as { temporaryPassword: string };
  // Existing sessions ended with the change.
  expect((await request.get('/api/user/profile', { headers: { token: oldSession } })).status()).toBe(401);

  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(temporaryPassword);
  await page.getByRole('button', { name: 'Iniciar sesión' }).last().click();
  await expect(
    toasts(page).getByText('Por seguridad, cambia tu contraseña antes de continuar'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/reset-password\?token=[\w-]{20,}$/);
  await expect(page.getByRole('heading', { name: 'Nueva contraseña' })).toBeVisible();
  // No session until the password is changed.
  expect(await savedToken(page)).toBeNull();

  await page.getByLabel(/^Nueva contraseña/).fill('pedro-clave-nueva');
  await page.getByLabel('Confirmar nueva contraseña').fill('pedro-clave-nueva');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(toasts(page).getByText('Contraseña actualizada correctamente')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // The temporary password is spent; the new one signs in normally.
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(temporaryPassword);
  await page.getByRole('button', { name: 'Iniciar sesión' }).last().click();
  await expect(toasts(page).getByText('Correo o contraseña incorrectos')).toBeVisible();
  await page.getByLabel('Contraseña').fill('pedro-clave-nueva');
  await page.getByRole('button', { name: 'Iniciar sesión' }).last().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Mi cuenta' })).toBeVisible();
  expect(await savedToken(page)).toBeTruthy();
});
