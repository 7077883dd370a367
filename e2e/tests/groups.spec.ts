// Places for a team in Chromium (docs/groups.md): a hospital buyer buys 3 places of a day with the
// fake PayPal from "Comprar para mi equipo", names two by hand and one with a pasted CSV; one of
// them (no account before) chooses a password from the e-mailed link and watches the stream;
// the buyer reassigns an unused place; the admin sees the group order with its places and
// assignees, and the attendee CSV lists the three with "Pagado por". Then a hospital buys 3
// places of 2 days invoiced to its RFC, downloads the template and uploads it with 3 people,
// one line each: one row per person across both days, one e-mail per person and one summary to
// the buyer; the buyer's own fiscal data is unchanged and the receipt names the hospital.
import { readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { extractText } from 'unpdf';
import { orderReference } from '@store/shared/domain/order-reference';
import { GROUP_MSG } from '@store/shared/group-messages';
import { MSG } from '@store/shared/messages';
import {
  ADMIN,
  fillAddress,
  linkFromNewestEmail,
  loginByApi,
  openSignedIn,
  newestEmail,
  productNamed,
  registerByApi,
  shoot,
  toasts,
  uniqueEmail,
} from './storefront-helpers';
import { expectNoAxeViolations, horizontalOverflow } from './a11y-helpers';

/** A demo panel 16 days ahead, sold per day. */
const EVENT = 'Panel: manejo de la coagulación en cirugía cardíaca';
/** A demo series of 2 days (24 and 31 days ahead), sold per day, seats without limit. */
const SERIES = 'Manejo anestésico en cirugía de revascularización coronaria';

/** The buyer's own fiscal data (a persona física): «Mis datos fiscales». */
const PERSON = {
  rfc: 'GODE561231GR8',
  razonSocial: 'EDUARDO GÓMEZ DÍAZ',
  regimenFiscal: '612',
  usoCfdi: 'G03',
  codigoPostal: '14080',
};
/** The hospital the team's places are invoiced to (a persona moral). */
const HOSPITAL = {
  rfc: 'MAB9307148T4',
  name: 'Hospital Cardiológico del Bajío',
  regimen: '601',
  uso: 'G03',
  zip: '06700',
};

/** How many e-mails the main store's outbox wrote to `to` whose raw text matches `wanted`. */
async function emailsTo(to: string, wanted: RegExp = /./): Promise<number> {
  const dir = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'));
  const raws = await Promise.all(files.map((f) => readFile(path.join(dir, f), 'utf8')));
  const toLine = new RegExp(`^To: .*${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'im');
  return raws.filter((raw) => toLine.test(raw) && wanted.test(raw)).length;
}

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
  await page.evaluate('window.scrollTo(0, 0)');
  await shoot(page, 'team-places');

  // Ana chooses a password from the e-mailed link and watches her day.
  const link = await linkFromNewestEmail(ana, '/reset-password');
  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto(link);
  // The page welcomes her and names the event of her place; saving signs her in.
  await expect(other.getByRole('heading', { name: /^Te damos la bienvenida, / })).toBeVisible();
  await expect(other.getByRole('region', { name: 'Tienes lugar en' })).toContainText(EVENT);
  await checkPage(other);
  await shoot(other, 'team-welcome');
  await other.getByLabel(/^Contraseña/).fill('residente-clave-segura-1');
  await other.getByLabel('Confirmar contraseña').fill('residente-clave-segura-1');
  await other.getByRole('button', { name: 'Guardar y entrar' }).click();
  await expect(other).toHaveURL(/\/orders$/);
  await expect(toasts(other).getByText(MSG.welcomePasswordSet)).toBeVisible();
  expect(await loginByApi(request, ana, 'residente-clave-segura-1')).toBeTruthy();
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

test('a hospital buys 3 places of 2 days invoiced to its RFC and names 3 people with the template: one row and one e-mail each', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const buyerEmail = uniqueEmail('hospital-csv');
  const token = await registerByApi(request, buyerEmail);
  const mine = await request.put('/api/invoice/fiscal-data', { headers: { token }, data: PERSON });
  expect(mine.ok(), await mine.text()).toBe(true);
  const product = await productNamed(request, SERIES);
  expect(product.days).toHaveLength(2);
  const [first, second] = product.days as [string, string];

  // 3 places of both days, with the hospital's invoice.
  await openSignedIn(page, token, `/product/${product._id}`);
  await page.getByRole('link', { name: 'COMPRAR PARA MI EQUIPO' }).click();
  await expect(page).toHaveURL(new RegExp(`/equipo/${product._id}$`));
  for (const day of product.days) await page.getByRole('checkbox', { name: new RegExp(day) }).check();
  await page.getByLabel(/Número de lugares/).fill('3');
  await expect(page.getByRole('region', { name: 'Resumen' })).toContainText('3 lugares');
  await fillAddress(page);
  await page.getByRole('checkbox', { name: /¿Requieres factura\?/ }).check();
  await page.getByRole('textbox', { name: 'RFC' }).fill(HOSPITAL.rfc);
  await page.getByRole('textbox', { name: 'Nombre o razón social' }).fill(HOSPITAL.name);
  await page.getByRole('textbox', { name: 'Código postal fiscal' }).fill(HOSPITAL.zip);
  await page.getByRole('combobox', { name: 'Régimen fiscal' }).selectOption(HOSPITAL.regimen);
  await page.getByRole('combobox', { name: 'Uso del CFDI' }).selectOption(HOSPITAL.uso);
  await page.getByRole('button', { name: 'PayPal', exact: true }).click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}\/lugares$/, { timeout: 45_000 });
  const orderId = /\/orders\/([0-9a-f-]{36})\/lugares$/.exec(page.url())![1]!;
  const ref = orderReference(orderId);

  // One row per place, a column per day: 3 rows, 6 places to name.
  const places = page.getByRole('list', { name: 'Lugares' });
  const rows = places.getByRole('listitem');
  await expect(rows).toHaveCount(3);
  await expect(places.getByText('Sin asignar', { exact: true })).toHaveCount(6);
  await page.getByRole('button', { name: 'Asignar Lugar 1', exact: true }).click();
  const form = page.getByRole('form', { name: 'Asignar Lugar 1' });
  await expect(form.getByRole('checkbox', { name: new RegExp(first) })).toBeChecked();
  await expect(form.getByRole('checkbox', { name: new RegExp(second) })).toBeChecked();
  await checkPage(page);
  await page.evaluate('window.scrollTo(0, 0)');
  await shoot(page, 'team-places-days-assign');
  await form.getByRole('button', { name: 'Cancelar' }).click();
  await expect(form).toHaveCount(0);

  // The template: the header with a column per day (nobody named yet).
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Descargar plantilla' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`lugares-${ref}.csv`);
  const template = readFileSync(await download.path(), 'utf8');
  expect(template).toBe(`\uFEFFnombre,correo,${first},${second}\r\n`);

  // Filled in with 3 people, one line each (both days), and uploaded.
  const people = [
    ['Ana Residente Ruiz', uniqueEmail('ana-csv')],
    ['Beto Enfermero Paz', uniqueEmail('beto-csv')],
    ['Carla Perfusionista Soto', uniqueEmail('carla-csv')],
  ] as const;
  const filled = template + people.map(([name, email]) => `${name},${email},sí,sí\r\n`).join('');
  await page.getByLabel('O sube un archivo .csv').setInputFiles({
    name: 'equipo.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(filled, 'utf8'),
  });
  await expect(page.getByLabel('Lista de personas')).toHaveValue(/Carla Perfusionista Soto/);
  await page.getByRole('button', { name: 'Asignar la lista' }).click();
  await expect(page.getByRole('status').filter({ hasText: GROUP_MSG.placesAssignedMany })).toBeVisible({
    timeout: 20_000,
  });
  // Each person holds one row, on both days.
  await expect(places.getByText('Asignado', { exact: true })).toHaveCount(6);
  for (const [i, [name, email]] of people.entries()) {
    await expect(rows.nth(i)).toContainText(`Lugar ${i + 1}`);
    await expect(rows.nth(i).getByText(`${name.toUpperCase()} · ${email}`)).toHaveCount(2);
  }
  await expect(page.getByRole('region', { name: 'Asignar varios lugares con una lista' })).toHaveCount(0);
  await checkPage(page);
  await page.evaluate('window.scrollTo(0, 0)');
  await shoot(page, 'team-places-days');
  await page.getByRole('button', { name: 'Reasignar Lugar 2', exact: true }).click();
  await expect(page.getByRole('form', { name: 'Reasignar Lugar 2' })).toContainText(people[1][1]);
  await expectNoAxeViolations(page);
  await page.evaluate('window.scrollTo(0, 0)');
  await shoot(page, 'team-places-days-reassign');

  // One e-mail to each person and one summary of the change to the buyer.
  for (const [, email] of people) await newestEmail(email, /./);
  const summary = await newestEmail(buyerEmail, /^Subject: 3 lugares asignados/m);
  expect(summary).toContain(`Asignaste lugares de tu orden ${ref}`);
  // Two more runs of the sender: nothing else arrives for this change.
  await page.waitForTimeout(11_000);
  for (const [, email] of people) expect(await emailsTo(email)).toBe(1);
  expect(await emailsTo(buyerEmail, /^Subject: .*(lugares asignados|Lugar asignado)/m)).toBe(1);

  // The buyer's own fiscal data is unchanged by the hospital's invoice…
  const kept = await request.get('/api/invoice/fiscal-data', { headers: { token } });
  expect(((await kept.json()) as { fiscalData: unknown }).fiscalData).toEqual(PERSON);
  await page.goto('/account');
  await expect(page.getByRole('textbox', { name: 'RFC' })).toHaveValue(PERSON.rfc);
  // …and the receipt names the institution, the buyer as who bought it.
  const receipt = await request.get(`/api/order/${orderId}/receipt`, { headers: { token } });
  expect(receipt.ok()).toBe(true);
  const { text } = await extractText(new Uint8Array(await receipt.body()), { mergePages: true });
  const flat = text.replace(/\s+/g, ' ');
  expect(flat).toContain(`Institución ${HOSPITAL.name.toUpperCase()} RFC: ${HOSPITAL.rfc}`);
  expect(flat).toContain('Comprado por');
  expect(flat).not.toContain(PERSON.rfc);
});
