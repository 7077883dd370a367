// The course sold as a whole says one thing everywhere (docs/fees.md → Sale modes): its product
// page shows the days as a schedule with one button; the cart has one line with its days and
// price, no quantity box; checkout one line; in Mis Productos the cancellation offers the whole
// registration, never a single day. Axe 0 and no sideways scroll on each page.
import { expect as baseExpect, test } from '@playwright/test';
import { expectNoAxeViolations } from './a11y-helpers';
import {
  listProducts,
  openSignedIn,
  payCart,
  productNamed,
  registerByApi,
  shoot,
  toasts,
  uniqueEmail,
} from './storefront-helpers';

const expect = baseExpect.configure({ timeout: 30_000 });
const COURSE = '2º Curso de Anestesia Cardiovascular';

test('the whole course: one offer on its page, one line in the cart, one cancellation', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const course = await productNamed(request, COURSE);
  const token = await registerByApi(request, uniqueEmail('curso-completo'));
  await openSignedIn(page, token, `/product/${course._id}`);

  // The page: a schedule, not day buttons that do nothing.
  await expect(
    page.getByRole('heading', {
      name: `Inscripción al evento completo: incluye los ${course.days.length} días`,
    }),
  ).toBeVisible();
  for (const day of course.days) await expect(page.getByRole('button', { name: day })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shoot(page, 'whole-course-product');
  await page.getByRole('button', { name: 'AGREGAR AL CARRITO' }).click();
  await expect(toasts(page).getByText('Producto agregado al carrito')).toBeVisible();

  // The cart: one line, its days, its price, nothing to count.
  await page.goto('/cart');
  const lines = page.getByRole('list', { name: 'Productos en el carrito' }).getByRole('listitem');
  await expect(lines).toHaveCount(1);
  await expect(lines.first()).toContainText(`evento completo, ${course.days.length} días`);
  for (const day of course.days) await expect(lines.first()).toContainText(day);
  await expect(page.getByRole('spinbutton')).toHaveCount(0);
  // One item in the header's count too, not one per day.
  await expect(page.getByRole('link', { name: 'Carrito: 1 producto' })).toBeVisible();
  await expect(page.getByRole('button', { name: `Eliminar ${COURSE} (evento completo)` })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'whole-course-cart');

  // Checkout: one line too; then paid.
  await page.goto('/place-order');
  const summary = page.getByRole('region', { name: 'TU ORDEN' });
  await expect(summary.getByRole('listitem')).toHaveCount(1);
  await expect(summary).toContainText(`Evento completo · ${course.days.length} días`);
  await payCart(page);

  // Mis Productos: the cancellation is of the whole registration.
  await page.getByRole('button', { name: 'Cancelar compra' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancelar compra' });
  await expect(dialog.getByRole('button', { name: 'Cancelar toda la orden' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancelar este día' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shoot(page, 'whole-course-cancel');
  await dialog.getByRole('button', { name: 'Cancelar toda la orden' }).click();
  await page
    .getByRole('dialog', { name: 'Confirma la cancelación' })
    .getByRole('button', { name: 'Sí, cancelar' })
    .click();
  await expect(page.getByText('Reembolso parcial')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ver transmisión' })).toHaveCount(0);
});

test('a per-day event: several days chosen and added at once, with one toast', async ({ page, request }) => {
  const series = (await listProducts(request)).find(
    (p) => (p as unknown as { saleMode: string }).saleMode === 'por_dia' && p.days.length >= 2 && p.price > 0,
  )!;
  const token = await registerByApi(request, uniqueEmail('varios-dias'));
  await openSignedIn(page, token, `/product/${series._id}`);
  await expect(page.getByRole('group', { name: 'Selecciona uno o varios días' })).toBeVisible();
  for (const day of series.days.slice(0, 2)) {
    await page.getByRole('button', { name: day }).click();
    await expect(page.getByRole('button', { name: day })).toHaveAttribute('aria-pressed', 'true');
  }
  await page.getByRole('button', { name: 'AGREGAR AL CARRITO' }).click();
  await expect(toasts(page).getByText('Producto agregado al carrito')).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Carrito: 2 productos' })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'several-days');
});
