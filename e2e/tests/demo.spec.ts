// `npm run demo` (PAYPAL_SIMULATOR=true): a newcomer buys an event with the local PayPal
// simulator and watches its stream. Runs against the second store of playwright.config.ts,
// started in production mode on the embedded database exactly as the demo script does.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './a11y-helpers';
import {
  ADMIN,
  DEMO_CUSTOMER,
  fillAddress,
  listProducts,
  loginByApi,
  openSignedIn,
  productNamed,
  registerByApi,
  shoot,
  toasts,
  uniqueEmail,
} from './storefront-helpers';

const DEMO_URL = process.env.E2E_DEMO_URL ?? 'http://localhost:3212';
// Sold as a whole: one day chosen puts its three days in the cart (docs/fees.md).
const COURSE = '2º Curso de Anestesia Cardiovascular';

test.use({ baseURL: DEMO_URL });

const ribbon = (page: Page) => page.getByRole('complementary', { name: 'Aviso de demostración' });
const approval = (page: Page) =>
  page.getByRole('dialog', { name: 'Simulador de PayPal — ningún cobro es real' });

test('every page says payments are simulated, from its first paint, on the store and in the admin', async ({
  page,
}) => {
  // The ribbon is in the served HTML's mode: no request decides it, nothing moves.
  const configCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/site-config')) configCalls.push(r.url());
  });
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-payments-mode', 'simulated');
  await expect(ribbon(page)).toHaveText(/Modo de demostración: pagos simulados/);
  expect(configCalls).toEqual([]);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'demo-home');

  await page.goto('/collection');
  await expect(ribbon(page)).toBeVisible();
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Administración' })).toBeVisible();
  await expect(ribbon(page)).toBeVisible();
  await page.getByLabel('Correo electrónico').fill(ADMIN.email);
  await page.getByLabel('Contraseña').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Resumen' })).toBeVisible();
  await expect(ribbon(page)).toBeVisible();
  await shoot(page, 'demo-admin');
});

test('buy with the simulated PayPal, see it in /orders and watch the stream', async ({ page, request }) => {
  const token = await registerByApi(request, uniqueEmail('demo'));
  const course = await productNamed(request, COURSE);
  await openSignedIn(page, token, `/product/${course._id}`);
  await expect(ribbon(page)).toBeVisible();
  // Sold as a whole: one button adds it, no day to choose.
  await page.getByRole('button', { name: 'AGREGAR AL CARRITO' }).click();
  await expect(page.getByRole('link', { name: 'Carrito: 1 producto' })).toBeVisible();
  await page.getByRole('link', { name: 'Carrito: 1 producto' }).click();
  await page.getByRole('link', { name: 'PROCEDER AL PAGO' }).click();
  await expect(page).toHaveURL(/\/place-order$/);
  await fillAddress(page);

  const paypal = page.getByRole('button', { name: 'PayPal', exact: true });
  await expect(paypal).toBeVisible();
  await expect(page.getByText('Pago simulado: el simulador local de PayPal', { exact: false })).toBeVisible();
  await expect(ribbon(page)).toBeVisible();
  await shoot(page, 'demo-checkout');

  // Closing the simulated window keeps the cart, like closing PayPal's.
  await paypal.click();
  await expect(approval(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(approval(page)).toHaveCount(0);
  await expect(toasts(page).getByText('Cancelaste el pago. Tu carrito sigue intacto.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Carrito: 1 producto' })).toBeVisible();

  // The approval step: the amount the server asked PayPal for, clearly not a real charge.
  await paypal.click();
  const dialog = approval(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`$${(course.price + 10).toLocaleString('en-US')}.00 MXN`);
  await expect(dialog).toContainText('AMACC');
  await expect(dialog.getByRole('button', { name: 'Aprobar pago simulado' })).toBeFocused();
  await expectNoAxeViolations(page, '[data-paypal-simulator]');
  await shoot(page, 'demo-approval');

  await dialog.getByRole('button', { name: 'Aprobar pago simulado' }).click();
  await expect(toasts(page).getByText('Pago completado exitosamente')).toBeVisible();
  // The decline's toast leaves with the success: the two never stand side by side.
  await expect(toasts(page).getByText('PayPal rechazó la tarjeta', { exact: false })).toHaveCount(0);
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByRole('link', { name: 'Carrito: 0 productos' })).toBeVisible();
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: COURSE }) });
  await expect(item.getByText('Listo para ver')).toBeVisible();

  await item.getByRole('button', { name: 'Ver transmisión' }).click();
  await expect(page).toHaveURL(/\/live-stream$/);
  await expect(page.getByTitle(`Transmisión de ${COURSE}: ${course.days[0]!}`)).toHaveAttribute(
    'src',
    'https://vimeo.com/event/5123401/embed',
  );
  await expect(ribbon(page)).toBeVisible();
});

/** A new member with the course (its second day) in the cart presses PayPal at checkout. */
async function openSimulatorForCourse(page: Page, request: APIRequestContext, prefix: string) {
  const token = await registerByApi(request, uniqueEmail(prefix));
  const course = await productNamed(request, COURSE);
  const add = await request.post('/api/cart/add', {
    headers: { token },
    data: { itemId: course._id, days: course.days[1] },
  });
  expect(add.ok()).toBe(true);
  await openSignedIn(page, token, '/place-order');
  await fillAddress(page);
  await page.getByRole('button', { name: 'PayPal', exact: true }).click();
}

test('"Simular un pago rechazado" shows the payment error and keeps the cart', async ({ page, request }) => {
  await openSimulatorForCourse(page, request, 'demo-rechazo');
  await approval(page).getByRole('button', { name: 'Simular un pago rechazado' }).click();
  await expect(toasts(page).getByText('Error al procesar el pago')).toBeVisible();
  await expect(page).toHaveURL(/\/place-order$/);
  await expect(page.getByRole('link', { name: 'Carrito: 1 producto' })).toBeVisible();
});

test('"Simular una tarjeta rechazada" reopens the window for another card and pays the same order', async ({
  page,
  request,
}) => {
  await openSimulatorForCourse(page, request, 'demo-tarjeta');
  await approval(page).getByRole('button', { name: 'Simular una tarjeta rechazada (elegir otra)' }).click();

  // PayPal declined the card: its window opens again on the same order, saying why.
  const again = approval(page);
  await expect(again.getByRole('alert')).toHaveText(
    'PayPal rechazó la tarjeta. Elige otra forma de pago: la orden sigue abierta.',
  );
  await expect(toasts(page).getByText('Error al procesar el pago')).toHaveCount(0);
  await expectNoAxeViolations(page, '[data-paypal-simulator]');
  await shoot(page, 'demo-card-declined');
  await again.getByRole('button', { name: 'Aprobar pago simulado' }).click();
  await expect(toasts(page).getByText('Pago completado exitosamente')).toBeVisible();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByRole('link', { name: 'Carrito: 0 productos' })).toBeVisible();
});

test('the demo customer has attended the finished event: her constancia, the evaluation passed, staff see both attendees', async ({
  page,
  browser,
  request,
}) => {
  const [finished] = await listProducts(request, 'finalizados');
  expect(finished, 'the demo data has one finished event').toBeTruthy();
  const token = await loginByApi(request, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);

  // Mis Productos: the event she bought, and its constancia to download.
  await openSignedIn(page, token, '/orders');
  await expect(page.getByRole('heading', { level: 2, name: finished!.name })).toBeVisible();
  const constancias = page.getByRole('region', { name: 'Constancias' });
  await expect(constancias).toContainText(finished!.name);
  await expect(constancias).toContainText('12 h');
  const folio = (await constancias.getByRole('link').first().textContent())!.trim();
  expect(folio).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  const download = page.waitForEvent('download');
  await constancias.getByRole('button', { name: 'Descargar PDF' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
  await expectNoAxeViolations(page);
  await shoot(page, 'demo-finished-orders');

  // Mi cuenta: the event's evaluation, passed.
  await page.goto('/account');
  const evaluation = page.getByRole('region', { name: finished!.name });
  await expect(evaluation.getByTestId('evaluation-state')).toHaveText('Aprobada');
  await expectNoAxeViolations(page);

  // Anyone can verify the folio: the endorsement is printed on it.
  await page.goto(`/constancias/${folio}`);
  await expect(page.getByRole('heading', { name: 'Constancia auténtica' })).toBeVisible();
  await expect(page.getByText('María González Ruiz')).toBeVisible();
  await expect(page.getByText(/Consejo Mexicano de Anestesiología/)).toBeVisible();

  // Staff: both attendees on the attendance screen, both constancias issued (as the job does).
  const adminToken = await loginByApi(request, ADMIN.email, ADMIN.password);
  const staffContext = await browser.newContext({ baseURL: DEMO_URL });
  const staff = await staffContext.newPage();
  await openSignedIn(staff, adminToken, `/admin/attendance?productId=${finished!._id}`);
  const table = staff.getByRole('table', { name: `Asistencia de ${finished!.name}` });
  await expect(table.getByRole('row', { name: /María González Ruiz/ })).toContainText('Emitida');
  await expect(table.getByRole('row', { name: /Jorge Ramírez Luna/ })).toContainText('Emitida');
  await expect(staff.getByRole('button', { name: 'Emitir constancias' })).toBeDisabled();
  await expect(staff.getByRole('switch', { name: 'Emitir las constancias automáticamente' })).toBeChecked();
  await expectNoAxeViolations(staff);
  await shoot(staff, 'demo-finished-attendance');
  await staffContext.close();
});
