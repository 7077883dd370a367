// Account security journeys: "Mi cuenta" from the account menu, "Cerrar sesión en todos los
// dispositivos" ending this browser's session and every other one; the admin dashboard's
// demo-data banner and its confirmation (the removal itself is covered by the API tests, since
// the other journeys run on the same demo data).
import { expect, test } from '@playwright/test';
import {
  ADMIN,
  loginByApi,
  openSignedIn,
  registerByApi,
  savedToken,
  toasts,
  uniqueEmail,
} from './storefront-helpers';

test('Mi cuenta: profile, then logout on every device ends this and the other sessions', async ({
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail('sesiones');
  const token = await registerByApi(request, email);
  const otherDevice = await loginByApi(request, email, 'clave-segura-e2e');
  await openSignedIn(page, token, '/');

  await page.getByRole('button', { name: 'Mi cuenta' }).click();
  await page.getByRole('link', { name: 'Mi cuenta' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('MI CUENTA');
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: /^General$/ })).toBeVisible();
  await expect(page.getByTestId('verified-type')).toHaveText('General');
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`mi-cuenta-${width}.png`), fullPage: true });
  }

  await page.getByRole('button', { name: 'Cerrar sesión en todos los dispositivos' }).click();
  const dialog = page.getByRole('dialog', { name: '¿Cerrar sesión en todos los dispositivos?' });
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('mi-cuenta-confirmar.png') });
  await dialog.getByRole('button', { name: 'Cerrar todas las sesiones' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(toasts(page).getByText('Se cerró la sesión en todos los dispositivos')).toBeVisible();
  expect(await savedToken(page)).toBeNull();
  for (const t of [token, otherDevice]) {
    const res = await request.get('/api/user/profile', { headers: { token: t } });
    expect(res.status()).toBe(401);
  }
  // Signing in again works.
  expect(await loginByApi(request, email, 'clave-segura-e2e')).toBeTruthy();
});

test('admin dashboard: the demo-data banner asks before removing anything', async ({
  page,
  request,
}, testInfo) => {
  const token = await loginByApi(request, ADMIN.email, ADMIN.password);
  await openSignedIn(page, token, '/admin');
  const banner = page.getByRole('region', { name: 'La tienda tiene datos de demostración' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('con un cupón de 100 % de descuento');
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`admin-demo-${width}.png`) });
  }
  await banner.getByRole('button', { name: 'Eliminar datos de demostración' }).click();
  const dialog = page.getByRole('dialog', { name: '¿Eliminar los datos de demostración?' });
  await expect(dialog).toContainText('se archiva');
  await page.screenshot({ path: testInfo.outputPath('admin-demo-confirmar.png') });
  await dialog.getByRole('button', { name: 'Volver' }).click();
  await expect(dialog).toBeHidden();
  await expect(banner).toBeVisible();
});
