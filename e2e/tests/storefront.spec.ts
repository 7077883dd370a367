// Browsing journeys (docs/product.md → Routes): home, catalogue filters, sort and search kept in the URL,
// product page rules for visitors, and the friendly 404.
import { expect, test } from '@playwright/test';
import { listProducts, toasts } from './storefront-helpers';

test('home: hero, ten events under EVENTOS, three reassurance blocks', async ({ page, request }) => {
  // Other journeys (the admin's) add events, so the newest is whatever the API lists first.
  const [newest] = await listProducts(request);
  await page.goto('/');
  await expect(page).toHaveTitle(/AMACC/);
  await expect(page.getByRole('heading', { level: 1, name: 'AMACC' })).toBeVisible();
  await expect(
    page.getByText('Educación de calidad y profesionalismo para el cuidado del paciente cardiópata'),
  ).toBeVisible();
  const events = page.getByRole('region', { name: 'EVENTOS' }).getByRole('link');
  await expect(events).toHaveCount(10);
  await expect(events.first()).toContainText(newest!.name);
  for (const block of ['Seguridad', 'Compras seguras', 'Soporte']) {
    await expect(page.getByRole('heading', { name: block })).toBeVisible();
  }
});

test('catalogue: category and level filters and sort live in the URL and survive reload', async ({
  page,
  request,
}) => {
  const all = await listProducts(request);
  await page.goto('/collection');
  const grid = page.getByRole('list', { name: 'Eventos' });
  await expect(grid.getByRole('listitem')).toHaveCount(all.length);

  // The filter panel is collapsible on small screens and open beside the grid on wide ones.
  await page.getByRole('checkbox', { name: 'Paneles' }).check();
  await expect(page).toHaveURL(/categoria=Paneles/);
  const panels = all.filter((p) => p.category === 'Paneles');
  await expect(grid.getByRole('listitem')).toHaveCount(panels.length);

  await page.getByRole('checkbox', { name: 'Intermedio' }).check();
  await expect(page).toHaveURL(/nivel=Intermedio/);
  const panelsIntermediate = panels.filter((p) => p.subCategory === 'Intermedio');
  await expect(grid.getByRole('listitem')).toHaveCount(panelsIntermediate.length);

  await page.getByRole('checkbox', { name: 'Intermedio' }).uncheck();
  await page.getByLabel('Ordenar por').selectOption('high-low');
  await expect(page).toHaveURL(/orden=high-low/);
  const prices = async () =>
    (await grid.getByRole('listitem').allInnerTexts()).map((t) =>
      Number(/MXN\$([\d,.]+)/.exec(t)![1]!.replace(/,/g, '')),
    );
  const highLow = await prices();
  expect(highLow).toEqual([...highLow].sort((a, b) => b - a));

  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Paneles' })).toBeChecked();
  await expect(page.getByLabel('Ordenar por')).toHaveValue('high-low');
  await expect(grid.getByRole('listitem')).toHaveCount(panels.length);

  await page.getByLabel('Ordenar por').selectOption('low-high');
  const lowHigh = await prices();
  expect(lowHigh).toEqual([...lowHigh].sort((a, b) => a - b));

  await page.getByRole('button', { name: 'Quitar filtros' }).click();
  await expect(grid.getByRole('listitem')).toHaveCount(all.length);
});

test('search: the header icon turns it on; it filters by name, case-insensitive, and is shareable', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('searchbox')).toHaveCount(0);
  await page.getByRole('button', { name: 'Buscar eventos' }).click();
  await expect(page).toHaveURL(/\/collection/);
  const box = page.getByRole('searchbox', { name: 'Buscar eventos por nombre' });
  await expect(box).toBeFocused();
  await box.fill('TAPONAMIENTO');
  const grid = page.getByRole('list', { name: 'Eventos' });
  await expect(grid.getByRole('listitem')).toHaveCount(1);
  await expect(grid).toContainText('Casos clínicos: taponamiento cardíaco');
  await expect(page).toHaveURL(/q=TAPONAMIENTO/);

  await box.fill('no existe ningún evento así');
  await expect(page.getByText('No hay eventos que coincidan con tu búsqueda.')).toBeVisible();

  // A shared link opens with search on and the same text.
  await page.goto('/collection?q=panel');
  await expect(page.getByRole('searchbox')).toHaveValue('panel');
  await expect(grid.getByRole('listitem')).toHaveCount(3);

  await page.getByRole('button', { name: 'Cerrar búsqueda' }).click();
  await expect(page.getByRole('searchbox')).toHaveCount(0);
  await expect(page).not.toHaveURL(/q=/);

  // The search bar shows only on /collection.
  await page.goto('/');
  await expect(page.getByRole('searchbox')).toHaveCount(0);
});

test('product page: gallery, price, days, related events; adding needs a login', async ({
  page,
  request,
}) => {
  const all = await listProducts(request);
  const course = all.find((p) => p.name === '2º Curso de Anestesia Cardiovascular')!;
  await page.goto('/');
  await page
    .getByRole('link', { name: /2º Curso de Anestesia Cardiovascular/ })
    .first()
    .click();
  await expect(page).toHaveURL(`/product/${course._id}`);
  await expect(page).toHaveTitle(/2º Curso de Anestesia Cardiovascular/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(course.name);
  // The visitor's (general) price, then the fee table that also lists it (docs/fees.md).
  await expect(page.getByText('MXN$3,000', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('img', { name: course.name })).toBeVisible();
  // Sold as a whole: its days are a schedule, not choices.
  await expect(
    page.getByRole('heading', {
      name: `Inscripción al evento completo: incluye los ${course.days.length} días`,
    }),
  ).toBeVisible();
  for (const day of course.days) await expect(page.getByText(day, { exact: true })).toBeVisible();

  const related = page.getByRole('region', { name: 'EVENTOS RELACIONADOS' }).getByRole('listitem');
  const expected = all.filter(
    (p) => p._id !== course._id && p.category === course.category && p.subCategory === course.subCategory,
  );
  await expect(related).toHaveCount(Math.min(5, expected.length));

  await page.getByRole('button', { name: 'AGREGAR AL CARRITO' }).click();
  await expect(toasts(page).getByText(/^Inicia sesión o regístrate para agregar al carrito/)).toBeVisible();
  await expect(page).toHaveURL(/\/login\?next=%2Fproduct%2F/);
});

test('unknown routes show a friendly Spanish page', async ({ page }) => {
  await page.goto('/esta/ruta/no/existe');
  await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
  await expect(page).toHaveTitle(/Página no encontrada/);
  await page.getByRole('link', { name: 'Ir al inicio' }).click();
  await expect(page).toHaveURL(/\/$/);
});
