// Places for a team in Chromium (docs/groups.md): a hospital buyer buys 3 places of a day with the
// fake PayPal from "Comprar para mi equipo", names two by hand and one with a pasted CSV; one of
// them (no account before) chooses a password from the e-mailed link and watches the stream;
// the buyer reassigns an unused place; the admin sees the group order with its places and
// assignees, and the attendee CSV lists the three with "Pagado por".
import { expect, test, type Page } from '@playwright/test';
import {
  ADMIN,
  fillAddress,
  linkFromNewestEmail,
  loginByApi,
  openSignedIn,
  productNamed,
  registerByApi,
  shoot,
  uniqueEmail,
} from './storefront-helpers';
import { expectNoAxeViolations, horizontalOverflow } from './a11y-helpers';

/** A demo panel 16 days ahead, sold per day. */
const EVENT = 'Panel: manejo de la coagulación en cirugía cardíaca';

/** WCAG 2.2 AA (axe) and no sideways scroll at 375 px, then back to 1280 px. */
async function checkPage(page: Page) {
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 375, height: 812 });
  expect(await horizontalOverflow(page)).toBe(0);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a hospital buys 3 places, names them (by hand and CSV), one watches, one is reassigned, the admin sees it all', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const buyerEmail = uniqueEmail('hospital');
  const token = await registerByApi(request, buyerEmail);
  const product = await productNamed(request, EVENT);
  const day = product.days[0]!;

  // Buy from the event's page.
  await openSignedIn(page, token, `/product/${product._id}`);
  await page.getByRole('link', { name: 'COMPRAR PARA MI EQUIPO' }).click();
  await expect(page).toHaveURL(new RegExp(`/equipo/${product._id}$`));
  await page.getByRole('checkbox', { name: new RegExp(day) }).check();
  await page.getByLabel(/Número de lugares/).fill('3');
  const summary = page.getByRole('region', { name: 'Resumen' });
  await expect(summary.getByText('Precio por lugar')).toBeVisible();
  await expect(summary).toContainText(`3 lugares × ${day}`);
  await fillAddress(page);
  await checkPage(page);
  await shoot(page, 'team-buy');
  await page.getByRole('button', { name: 'PayPal', exact: true }).click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}\/lugares$/, { timeout: 45_000 });
  const orderId = /\/orders\/([0-9a-f-]{36})\/lugares$/.exec(page.url())![1]!;
  const places = page.getByRole('list', { name: 'Lugares' });
  await expect(places.getByText('Sin asignar', { exact: true })).toHaveCount(3);

  // Two by hand.
  const ana = uniqueEmail('ana');
  const beto = uniqueEmail('beto');
  for (const [n, name, email] of [
    [1, 'Ana Residente Ruiz', ana],
    [2, 'Beto Enfermero Paz', beto],
  ] as const) {
    await page.getByRole('button', { name: `Asignar Lugar ${n}`, exact: true }).click();
    await page.getByLabel('Nombre completo').fill(name);
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(places.getByText(`${name.toUpperCase()} · ${email}`)).toBeVisible({ timeout: 20_000 });
  }
  // A bad line is refused naming it; then the CSV assigns the third.
  const carla = uniqueEmail('carla');
  await page.getByLabel('Lista de personas').fill(`nombre,correo\nCarla Ruiz Soto,carla@`);
  await page.getByRole('button', { name: 'Asignar la lista' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Línea 2:' })).toBeVisible();
  await page.getByLabel('Lista de personas').fill(`nombre,correo\nCarla Ruiz Soto,${carla}`);
  await page.getByRole('button', { name: 'Asignar la lista' }).click();
  await expect(places.getByText(`CARLA RUIZ SOTO · ${carla}`)).toBeVisible({ timeout: 20_000 });
  await expect(places.getByText('Asignado', { exact: true })).toHaveCount(3);
  await checkPage(page);
  await shoot(page, 'team-places');

  // Ana chooses a password from the e-mailed link and watches her day.
  const link = await linkFromNewestEmail(ana, '/reset-password');
  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto(link);
  await other.getByLabel(/^Nueva contraseña/).fill('residente-clave-segura-1');
  await other.getByLabel('Confirmar nueva contraseña').fill('residente-clave-segura-1');
  await other.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(other).toHaveURL(/\/login$/);
  const anaToken = await loginByApi(request, ana, 'residente-clave-segura-1');
  await openSignedIn(other, anaToken, '/orders');
  const assigned = other.getByRole('region', { name: 'LUGARES QUE TE ASIGNARON' });
  await expect(assigned).toContainText(EVENT);
  await expect(assigned).toContainText('Pagado por');
  await checkPage(other);
  await shoot(other, 'team-assigned');
  await assigned.getByRole('button', { name: 'Ver transmisión' }).click();
  await expect(other).toHaveURL(/\/live-stream$/);
  await expect(other.getByTitle(`Transmisión de ${EVENT}: ${day}`)).toBeVisible();
  await context.close();

  // The buyer reassigns Beto's place (unused) to Diana.
  const diana = uniqueEmail('diana');
  await page.getByRole('button', { name: 'Reasignar Lugar 2', exact: true }).click();
  await page.getByLabel('Nombre completo').fill('Diana Residente Luna');
  await page.getByLabel('Correo electrónico').fill(diana);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(places.getByText(`DIANA RESIDENTE LUNA · ${diana}`)).toBeVisible({ timeout: 20_000 });
  await expect(places.getByText(beto)).toHaveCount(0);

  // The admin: the order is a group order with its places and assignees; the CSV lists the three.
  const adminToken = await loginByApi(request, ADMIN.email, ADMIN.password);
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await openSignedIn(admin, adminToken, `/admin/orders?search=${orderId.slice(0, 8)}`);
  await expect(admin.getByText('Grupo · 3 lugares')).toBeVisible();
  await shoot(admin, 'team-admin-orders');
  await admin.goto(`/admin/orders/${orderId}`);
  await expect(admin.getByText('Compra para un equipo · 3 lugares por día')).toBeVisible();
  await expect(admin.getByText(`ANA RESIDENTE RUIZ · ${ana}`)).toBeVisible();
  await expect(admin.getByText(`DIANA RESIDENTE LUNA · ${diana}`)).toBeVisible();
  await shoot(admin, 'team-admin-order');
  await adminContext.close();
  const csv = await request.get(`/api/admin/attendees/export?productId=${product._id}`, {
    headers: { token: adminToken },
  });
  expect(csv.ok()).toBe(true);
  const text = await csv.text();
  expect(text).toContain('Pagado por');
  for (const email of [ana, diana, carla]) {
    expect(text).toMatch(new RegExp(`${email.replace(/[.+]/g, '\\$&')},.*,PRUEBA EDE,`, 'm'));
  }
  expect(text).not.toContain(beto);
});
