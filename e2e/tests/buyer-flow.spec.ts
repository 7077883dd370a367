// A buyer's way in (docs/product.md → Cart, Login form, Header and footer): the day a visitor
// chose before signing in is in the cart when they are back on the product page, whether they
// sign in or register; a signed-in member never sees «Acceder» while the page loads.
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './a11y-helpers';
import {
  listProducts,
  registerByApi,
  shoot,
  toasts,
  uniqueEmail,
  type ProductSummary,
} from './storefront-helpers';

const PASSWORD = 'clave-segura-e2e';

/** An upcoming event sold per day, with a day nobody else's journey fills. */
async function perDayEvent(page: Page): Promise<ProductSummary> {
  const events = await listProducts(page.request);
  const event = events.find((p) => p.saleMode === 'por_dia' && p.days.length > 1);
  if (!event) throw new Error('the demo has no event sold per day');
  return event;
}

/** On the product page without a session: chooses the last day and taps «AGREGAR AL CARRITO». */
async function chooseDaySignedOut(page: Page, event: ProductSummary): Promise<string> {
  const day = event.days[event.days.length - 1]!;
  await page.goto(`/product/${event._id}`);
  await page.getByRole('button', { name: new RegExp(`^${day}`) }).click();
  await expect(page.getByRole('button', { name: new RegExp(`^${day}`) })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByRole('button', { name: 'AGREGAR AL CARRITO' }).click();
  // An explanation, not an error.
  await expect(toasts(page).locator('.Toastify__toast--info')).toContainText(
    'Inicia sesión o regístrate para agregar al carrito',
  );
  await expect(page).toHaveURL(`/login?next=${encodeURIComponent(`/product/${event._id}`)}`);
  return day;
}

async function expectDayInCart(page: Page, event: ProductSummary, day: string) {
  await expect(page).toHaveURL(`/product/${event._id}`);
  await expect(page.getByRole('link', { name: 'Carrito: 1 producto' })).toBeVisible();
  const token = await page.evaluate<string | null>("localStorage.getItem('token')");
  const cart = (await (
    await page.request.post('/api/cart/get', { headers: { token: token! }, data: {} })
  ).json()) as {
    cartData: Record<string, Record<string, number>>;
  };
  expect(cart.cartData).toEqual({ [event._id]: { [day]: 1 } });
}

test('a visitor who chose a day signs in and is back on the product with the day in the cart', async ({
  page,
}) => {
  const email = uniqueEmail('vuelve');
  await registerByApi(page.request, email, PASSWORD);
  const event = await perDayEvent(page);
  const day = await chooseDaySignedOut(page, event);
  await expectNoAxeViolations(page);
  await shoot(page, 'login');

  await page.getByLabel(/^Correo electrónico/).fill(email);
  await page.getByLabel(/^Contraseña/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(toasts(page).getByText('Producto agregado al carrito')).toBeVisible();
  // The explanation has been acted on: it leaves.
  await expect(toasts(page).locator('.Toastify__toast--info')).toHaveCount(0);
  await expectDayInCart(page, event, day);
  await toasts(page).getByRole('button', { name: 'Ver carrito' }).click();
  await expect(page).toHaveURL('/cart');
  await shoot(page, 'header-after-sign-in');
});

test('also when the visitor registers on the way; another site as return path is ignored', async ({
  page,
}) => {
  const event = await perDayEvent(page);
  const day = await chooseDaySignedOut(page, event);
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(
    page.getByText('El nombre de tus constancias, con acentos, lo escribes en Mi cuenta.'),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'registration');
  const email = uniqueEmail('registro');
  await page.getByLabel(/^Nombre completo/).fill('ANA PRUEBA');
  await page.getByLabel(/^Correo electrónico/).fill(email);
  await page.getByLabel(/^Confirmar correo/).fill(email);
  await page.getByLabel(/^Contraseña/).fill(PASSWORD);
  await page.getByLabel(/^Confirmar contraseña/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Registrarse' }).click();
  await expectDayInCart(page, event, day);

  // Signed in, /login with another site as next goes home, never away.
  await page.goto('/login?next=%2F%2Fejemplo.com%2F');
  await expect(page).toHaveURL('/');
});

test('a signed-in member loading a page never sees «Acceder», in the server HTML or the first paint', async ({
  page,
}) => {
  const token = await registerByApi(page.request, uniqueEmail('cabecera'));
  const event = await perDayEvent(page);

  // The server's HTML is the same for everyone: a neutral slot, no «Acceder».
  const html = await (await page.request.get(`/product/${event._id}`)).text();
  const header = /<header[\s\S]*?<\/header>/.exec(html)?.[0] ?? '';
  expect(header).toContain('data-account-slot');
  expect(header).not.toContain('Acceder');

  // Every text the header ever shows is recorded from the first byte on.
  await page.addInitScript(`
    const seen = [];
    window.headerTexts = seen;
    new MutationObserver(() => {
      const text = document.querySelector('header')?.textContent;
      if (text) seen.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  `);
  // The app's scripts come late, as on a slow phone.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.addInitScript(`localStorage.setItem('token', ${JSON.stringify(token)})`);
  // Module scripts hold DOMContentLoaded back: the page is read as soon as its header arrives.
  await page.goto(`/product/${event._id}`, { waitUntil: 'commit' });
  await page.locator('header').waitFor();
  const firstPaint = await page.locator('header').innerText();
  expect(firstPaint).not.toContain('Acceder');
  await expect(page.locator('header [data-account-slot]')).toBeVisible();
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: `${process.env.SHOTS_DIR ?? '/tmp'}/header-before-375.png` });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${process.env.SHOTS_DIR ?? '/tmp'}/header-before-1280.png` });
  release();

  await expect(page.getByRole('button', { name: 'Mi cuenta' })).toBeVisible();
  await expect(page.locator('header [data-account-slot]')).toHaveCount(0);
  const texts = await page.evaluate<string[]>('window.headerTexts');
  expect(texts.length).toBeGreaterThan(0);
  expect(texts.filter((t) => t.includes('Acceder'))).toEqual([]);
  await expectNoAxeViolations(page);
});
