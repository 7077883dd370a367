// Keyboard-only use: the journey from home to a product, choosing a day and adding it to the
// cart (signed in as the demo customer), and the header menus, day tabs and contact dialog
// driven with Tab, Enter, Space, arrows and Escape, with visible focus throughout.
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './a11y-helpers';
import { formatDayLabel } from '@store/shared/domain/time';
import {
  DEMO_CUSTOMER,
  listProducts,
  loginByApi,
  openSignedIn,
  productNamed,
  toasts,
} from './storefront-helpers';

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { max = 120, back = false } = {}) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === el.ownerDocument.activeElement).catch(() => false)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
}

/** The focused element draws a visible outline (WCAG 2.4.7). */
async function expectVisibleFocus(target: Locator) {
  const outline = await target.evaluate((el) => {
    const style = el.ownerDocument.defaultView!.getComputedStyle(el);
    return { style: style.outlineStyle, width: style.outlineWidth };
  });
  expect(outline.style).not.toBe('none');
  expect(parseFloat(outline.width)).toBeGreaterThanOrEqual(2);
}

interface CartApi {
  cartData: Record<string, Record<string, number>>;
}

/** Empties the demo customer's cart and answers an event (and day) they do not own yet. */
async function prepareDemoCustomer(request: APIRequestContext, token: string) {
  const cart = (await (
    await request.post('/api/cart/get', { headers: { token }, data: {} })
  ).json()) as CartApi;
  for (const [itemId, days] of Object.entries(cart.cartData)) {
    for (const day of Object.keys(days)) {
      await request.post('/api/cart/update', {
        headers: { token },
        data: { itemId, days: day, quantity: 0 },
      });
    }
  }
  const orders = (await (
    await request.post('/api/order/userorders', { headers: { token }, data: {} })
  ).json()) as {
    orders: { items: { _id: string }[] }[];
  };
  const owned = new Set(orders.orders.flatMap((o) => o.items.map((i) => i._id)));
  // The home page shows the first 10 events; take the first the customer has no order for.
  // A per-day event, so one line is added (an event sold as a whole brings all its days).
  const product = (await listProducts(request))
    .slice(0, 10)
    .find((p) => !owned.has(p._id) && p.saleMode === 'por_dia');
  if (!product) throw new Error('the demo customer owns every event on the home page');
  return { product, day: product.days[0]! };
}

test.describe('keyboard only', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('home → product → choose a day → add to cart', async ({ page, request }) => {
    const token = await loginByApi(request, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const { product, day } = await prepareDemoCustomer(request, token);
    await openSignedIn(page, token, '/');
    await expect(page.getByRole('link', { name: 'Carrito: 0 productos' })).toBeVisible();

    // The skip link is the first stop.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Saltar al contenido' })).toBeFocused();

    const card = page
      .getByRole('region', { name: 'EVENTOS' })
      .getByRole('link', { name: new RegExp(product.name) });
    await tabTo(page, card);
    await expectVisibleFocus(card);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`/product/${product._id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);

    const dayButton = page.getByRole('button', { name: new RegExp(day) });
    await tabTo(page, dayButton);
    await expectVisibleFocus(dayButton);
    await page.keyboard.press('Space');
    await expect(dayButton).toHaveAttribute('aria-pressed', 'true');

    const add = page.getByRole('button', { name: 'AGREGAR AL CARRITO' });
    await tabTo(page, add);
    await page.keyboard.press('Enter');
    await expect(toasts(page)).toContainText('Producto agregado al carrito');
    await expect(page.getByRole('link', { name: 'Carrito: 1 producto' })).toBeVisible();

    // And on to the cart, still by keyboard.
    const cartLink = page.getByRole('link', { name: 'Carrito: 1 producto' });
    await tabTo(page, cartLink, { back: true });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/cart');
    await expect(page.getByRole('main')).toContainText(product.name);
  });

  test('account menu and search: Enter opens, Escape closes and returns the focus', async ({
    page,
    request,
  }) => {
    const token = await loginByApi(request, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    await openSignedIn(page, token, '/about');
    const account = page.getByRole('button', { name: 'Mi cuenta' });
    await tabTo(page, account);
    await expectVisibleFocus(account);
    await page.keyboard.press('Enter');
    await expect(account).toHaveAttribute('aria-expanded', 'true');
    const mine = page.getByRole('link', { name: 'Mis Productos' });
    await expect(mine).toBeFocused();
    await expect(page.getByRole('button', { name: 'Cerrar Sesión' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(account).toHaveAttribute('aria-expanded', 'false');
    await expect(account).toBeFocused();
    await expect(mine).toBeHidden();

    // Tabbing out of the open menu closes it too.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(account).toHaveAttribute('aria-expanded', 'false');

    const search = page.getByRole('button', { name: 'Buscar eventos' });
    await tabTo(page, search, { back: true });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/collection/);
    await expect(page.getByRole('searchbox', { name: 'Buscar eventos por nombre' })).toBeFocused();
  });

  test('course day tabs follow the arrow keys, Home and End', async ({ page, request }) => {
    const course = await productNamed(request, '2º Curso de Anestesia Cardiovascular');
    const [, viernesDate, sabadoDate] = course.dayOptions.map((d) => formatDayLabel(d.startsAt));
    await page.goto('/curso-anestesia');
    const jueves = page.getByRole('tab', { name: /Jueves/ });
    const viernes = page.getByRole('tab', { name: /Viernes/ });
    const sabado = page.getByRole('tab', { name: /Sábado/ });
    await tabTo(page, jueves);
    await expectVisibleFocus(jueves);
    await page.keyboard.press('ArrowRight');
    await expect(viernes).toBeFocused();
    await expect(viernes).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toContainText(viernesDate!);
    await page.keyboard.press('End');
    await expect(sabado).toBeFocused();
    await expect(page.getByRole('tabpanel')).toContainText(sabadoDate!);
    await page.keyboard.press('ArrowRight');
    await expect(jueves).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(sabado).toBeFocused();
    await page.keyboard.press('Home');
    await expect(jueves).toHaveAttribute('aria-selected', 'true');
    // Only the selected tab is in the tab order; Tab moves on into its panel.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('tabpanel')).toBeFocused();
  });

  test('contact dialog: opens from the keyboard, traps the page, Escape returns the focus', async ({
    page,
  }) => {
    await page.goto('/contact');
    const open = page.getByRole('button', { name: 'Contactanos' });
    await tabTo(page, open);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Escríbenos' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Nombre completo')).toBeFocused();
    await expectNoAxeViolations(page);
    // Focus never reaches the page behind the modal dialog.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      // (Past the last control a native modal hands the focus to the browser's own UI: the body.)
      const inside = await dialog.evaluate((el) => {
        const active = el.ownerDocument.activeElement;
        return active === el.ownerDocument.body || el.contains(active);
      });
      expect(inside).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
  });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('mobile menu: lists Talleres, Escape closes it and returns the focus', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Principal' })).toBeHidden();
    const openMenu = page.getByRole('button', { name: 'Abrir menú' });
    await tabTo(page, openMenu);
    await page.keyboard.press('Enter');
    const menu = page.getByRole('dialog', { name: 'Menú' });
    await expect(menu).toBeVisible();
    const links = menu.getByRole('navigation', { name: 'Menú móvil' }).getByRole('link');
    await expect(links).toHaveText([
      'Inicio',
      'Eventos',
      'Curso anestesia',
      'Talleres',
      'Cuotas',
      'Sobre nosotros',
      'Contacto',
    ]);
    await expect(menu.getByRole('link', { name: 'Acceder' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(openMenu).toBeFocused();

    // Choosing a link closes the menu and navigates. The menu is open again before tabbing
    // into it (a Tab pressed while it mounts would otherwise land behind it).
    await openMenu.press('Enter');
    await expect(menu).toBeVisible();
    await tabTo(page, links.filter({ hasText: 'Talleres' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/talleres');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Talleres' })).toBeVisible();
  });
});
