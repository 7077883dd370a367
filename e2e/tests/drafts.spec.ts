// Events as drafts (docs/product.md → Drafts and publishing): an organiser creates an event in
// the form and it is a draft, nowhere in the store for a visitor (home, catalogue, its URL says
// «no existe»); the organiser previews it under «Vista previa — borrador»; «Publicar» with
// something missing names it and keeps the draft; completed, it is published and a visitor
// finds it. And an event published without an image (the API's default) shows the branded
// cover on the home page, never a grey box.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { addCalendarDays, fromMexicoCityLocal, mexicoCityDate } from '@store/shared/domain/time';
import { expectNoAxeViolations } from './a11y-helpers';
import { ADMIN, listProducts, loginByApi, openSignedIn, shoot, toasts } from './storefront-helpers';

const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const NOT_FOUND = 'El producto no existe o ya no está a la venta';

/** A visitor's browser (no session), checking the store does not show the event. */
async function visitorDoesNotSee(browser: Browser, id: string, name: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'EVENTOS' }).getByRole('link').first()).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(name) })).toHaveCount(0);
  await page.goto('/collection');
  await expect(
    page.getByRole('list', { name: 'Eventos', exact: true }).getByRole('link').first(),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(name) })).toHaveCount(0);
  await page.goto(`/product/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(NOT_FOUND);
  await context.close();
}

const badge = (page: Page, text: string) => page.getByRole('main').getByText(text, { exact: true }).first();

test('a draft is seen only by staff, previewed, refused while incomplete, then published', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const suffix = Date.now().toString(36);
  const name = `Jornada de ecocardiografía avanzada ${suffix}`;
  const date = addCalendarDays(mexicoCityDate(Date.now()), 75);
  const token = await loginByApi(request, ADMIN.email, ADMIN.password);

  // The organiser fills the form without a description or a picture and saves a draft.
  await openSignedIn(page, token, '/admin/events/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Nuevo evento' })).toBeVisible();
  await expect(
    page.getByText('Se guarda como borrador: solo el personal lo ve hasta que lo publiques.'),
  ).toBeVisible();
  await page.getByRole('textbox', { name: 'Nombre', exact: true }).fill(name);
  await page.getByLabel('Precio (MXN$, pesos)').fill('800');
  await page
    .getByLabel(/^Inicio/)
    .first()
    .fill(`${date}T09:00`);
  await page.getByLabel(/^Fin/).first().fill(`${date}T14:00`);
  await page
    .getByLabel(/^Inicio/)
    .first()
    .blur();
  await page.getByRole('button', { name: 'Guardar borrador' }).click();
  await expect(
    toasts(page).getByText('Borrador guardado: solo el personal lo ve hasta que lo publiques'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/events\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').pop()!;
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(badge(page, 'Borrador')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Publicar' })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'draft-admin-event-form');

  // The list says «Borrador» and filters drafts apart.
  await page.goto('/admin/events');
  await page.getByLabel('Estado').selectOption('draft');
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(row.getByText('Borrador', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'draft-admin-events-list');

  // Nowhere in the store for a visitor, and not in the public list.
  expect((await listProducts(request)).some((p) => p._id === id)).toBe(false);
  await visitorDoesNotSee(browser, id, name);

  // The organiser previews it, as buyers will see it, with nothing to buy.
  await row.getByRole('link', { name: `Vista previa de ${name}` }).click();
  await expect(page).toHaveURL(`/product/${id}`);
  await expect(page.getByText('Vista previa — borrador')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByRole('button', { name: 'AGREGAR AL CARRITO' })).toHaveCount(0);
  // No picture yet: the branded cover.
  await expect(page.locator('main img[data-placeholder]')).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'draft-preview');

  // «Publicar» with something missing names it; the draft stays.
  await page.getByRole('link', { name: 'Editar el evento' }).click();
  await expect(page).toHaveURL(`/admin/events/${id}`);
  await page.getByRole('button', { name: 'Publicar' }).click();
  const notice = page.getByRole('status').filter({ hasText: 'aún no se puede publicar' });
  await expect(notice).toContainText('Para publicar el evento falta la descripción y una imagen de portada.');
  await expect(badge(page, 'Borrador')).toBeVisible();
  await expectNoAxeViolations(page);
  expect((await listProducts(request)).some((p) => p._id === id)).toBe(false);

  // Completed, it is published.
  await page
    .getByLabel('Descripción')
    .fill('Casos guiados de ecocardiografía transesofágica en el quirófano.');
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'portada.png', mimeType: 'image/png', buffer: PNG_1PX });
  await expect(page.getByRole('img', { name: 'Imagen 1' })).toBeVisible();
  await page.getByRole('button', { name: 'Publicar' }).click();
  await expect(toasts(page).getByText('Evento publicado: ya aparece en la tienda')).toBeVisible();
  await expect(badge(page, 'En la tienda')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Guardar cambios' })).toBeVisible();
  await expect(notice).toHaveCount(0);

  // A visitor finds it: on the home page (the newest event) and on its page, on sale.
  const visitor = await browser.newContext();
  const shop = await visitor.newPage();
  await shop.goto('/');
  await expect(
    shop.getByRole('region', { name: 'EVENTOS' }).getByRole('link', { name: new RegExp(name) }),
  ).toBeVisible();
  await shop
    .getByRole('region', { name: 'EVENTOS' })
    .getByRole('link', { name: new RegExp(name) })
    .click();
  await expect(shop).toHaveURL(`/product/${id}`);
  await expect(shop.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(shop.getByText('Vista previa — borrador')).toHaveCount(0);
  await expect(shop.getByRole('button', { name: 'AGREGAR AL CARRITO' })).toBeVisible();
  await visitor.close();
});

test('an event published without an image shows the branded cover on the home page', async ({
  page,
  request,
}) => {
  const token = await loginByApi(request, ADMIN.email, ADMIN.password);
  const name = `Conferencia sin portada ${Date.now().toString(36)}`;
  const date = addCalendarDays(mexicoCityDate(Date.now()), 80);
  // The API's default: no `draft` publishes at once, as before drafts existed.
  const res = await request.post('/api/admin/events', {
    headers: { token },
    data: {
      name,
      description: 'Creada por una integración, sin imagen.',
      price: 500,
      image: [],
      category: 'Conferencias',
      subCategory: 'Basico',
      isPresential: false,
      days: [
        {
          label: 'Único',
          startsAt: fromMexicoCityLocal(`${date}T18:00`)!.toISOString(),
          endsAt: fromMexicoCityLocal(`${date}T20:00`)!.toISOString(),
        },
      ],
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const id = ((await res.json()) as { event: { _id: string; draft: boolean } }).event._id;
  try {
    await page.goto('/');
    const card = page.getByRole('region', { name: 'EVENTOS' }).getByRole('link', { name: new RegExp(name) });
    await expect(card).toBeVisible();
    const cover = card.locator('img');
    await expect(cover).toHaveAttribute('src', '/images/event-cover.svg');
    // Loaded, not a broken picture.
    await expect
      .poll(() => cover.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
      .toBeGreaterThan(0);
    await expectNoAxeViolations(page);
    await shoot(page, 'draft-home-cover');
  } finally {
    // Out of the home page again for the journeys after this one.
    await request.post(`/api/admin/events/${id}/archive`, { headers: { token } });
  }
});
