// Every route of docs/product.md → Routes at 375 px and 1280 px: no horizontal scroll, no console errors,
// exactly one h1, and 0 axe violations under the WCAG 2.2 AA rule tags. Each page opens at
// 375 px, is checked, then the window widens to 1280 px and it is checked again. Account pages are
// visited signed in as the demo customer, the rest as a visitor.
import { expect, test, type Page } from '@playwright/test';
import { collectConsoleErrors, expectNoAxeViolations, horizontalOverflow, settle } from './a11y-helpers';
import {
  DEMO_CUSTOMER,
  listProducts,
  loginByApi,
  openSignedIn,
  registerByApi,
  uniqueEmail,
} from './storefront-helpers';

// Each page is its own check (the signed-in ones only read the demo customer's pages): the
// file's checks share the workers instead of running one after another in one of them.
test.describe.configure({ mode: 'parallel' });

interface RouteCase {
  path: string | ((productId: string) => string);
  name: string;
  signedIn?: boolean;
}

const ROUTES: RouteCase[] = [
  { name: 'inicio', path: '/' },
  { name: 'catálogo', path: '/collection' },
  { name: 'sobre nosotros', path: '/about' },
  { name: 'contacto', path: '/contact' },
  { name: 'producto', path: (id) => `/product/${id}` },
  { name: 'acceso', path: '/login' },
  { name: 'restablecer contraseña', path: '/reset-password?token=token-de-prueba-que-no-existe' },
  { name: 'aviso de privacidad', path: '/privacy-policy' },
  { name: 'términos', path: '/terms' },
  { name: 'curso de anestesia', path: '/curso-anestesia' },
  { name: 'talleres', path: '/talleres' },
  { name: 'cuotas', path: '/cuotas' },
  { name: 'carrito', path: '/cart', signedIn: true },
  { name: 'pago', path: '/place-order', signedIn: true },
  { name: 'mis productos', path: '/orders', signedIn: true },
  { name: 'mi cuenta', path: '/account', signedIn: true },
  { name: 'verificación', path: '/verify', signedIn: true },
  { name: 'transmisión sin estado', path: '/live-stream', signedIn: true },
];

const WIDTHS = [375, 1280] as const;

async function checkPage(page: Page, errors: string[]) {
  for (const width of WIDTHS) {
    await test.step(`${width} px`, async () => {
      await page.setViewportSize({ width, height: 900 });
      await settle(page);
      await expect(page.locator('h1'), 'exactly one h1').toHaveCount(1);
      expect(await horizontalOverflow(page), 'horizontal overflow in px').toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page);
      expect(errors, 'console errors').toEqual([]);
    });
  }
}

test.describe('375 px and 1280 px', () => {
  test.use({ viewport: { width: WIDTHS[0], height: 900 } });

  for (const route of ROUTES) {
    test(`${route.name}`, async ({ page, request }) => {
      const products = await listProducts(request);
      const path = typeof route.path === 'function' ? route.path(products[0]!._id) : route.path;
      const errors = collectConsoleErrors(page);
      if (route.signedIn) {
        const token = await loginByApi(request, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
        await openSignedIn(page, token, path);
      } else {
        await page.goto(path);
      }
      await checkPage(page, errors);
    });
  }

  for (const path of ['/cart', '/place-order']) {
    test(`${path === '/cart' ? 'carrito' : 'pago'} con un evento`, async ({ page, request }) => {
      const token = await registerByApi(request, uniqueEmail('a11y-carrito'));
      const [product] = await listProducts(request);
      const added = await request.post('/api/cart/add', {
        headers: { token },
        data: { itemId: product!._id, days: product!.days[0] },
      });
      expect(added.ok(), await added.text()).toBe(true);
      const errors = collectConsoleErrors(page);
      await openSignedIn(page, token, path);
      // The cart lists the line; checkout shows its totals.
      await expect(
        path === '/cart'
          ? page.getByRole('main').getByText(product!.name).first()
          : page.getByRole('region', { name: 'TOTAL DEL CARRITO' }),
      ).toBeVisible();
      await checkPage(page, errors);
    });
  }

  test('mis productos con un evento', async ({ page, request }) => {
    const email = uniqueEmail('a11y-ordenes');
    const token = await registerByApi(request, email);
    const [product] = await listProducts(request);
    const day = product!.days[0]!;
    await request.post('/api/cart/add', { headers: { token }, data: { itemId: product!._id, days: day } });
    // The order lists what the cart holds (an event sold as a whole brings all its days).
    const cart = await request.post('/api/cart/get', { headers: { token }, data: {} });
    const cartData = ((await cart.json()) as { cartData: Record<string, Record<string, number>> }).cartData;
    const items = Object.entries(cartData).flatMap(([_id, days]) =>
      Object.keys(days).map((d) => ({ _id, days: d, quantity: 1 })),
    );
    // A free claim with the demo coupon gives the account an order to list.
    const placed = await request.post('/api/order/place', {
      headers: { token },
      data: {
        address: {
          firstName: 'Ana',
          lastName: 'Prueba',
          email,
          street: 'Av. Insurgentes Sur 100',
          city: 'Ciudad de México',
          state: 'CDMX',
          zipcode: '01000',
          country: 'México',
          phone: '5550001234',
        },
        items,
        couponCode: 'GRATIS100',
      },
    });
    expect(placed.ok(), await placed.text()).toBe(true);
    const errors = collectConsoleErrors(page);
    await openSignedIn(page, token, '/orders');
    await expect(page.getByRole('main').getByText(product!.name).first()).toBeVisible();
    await checkPage(page, errors);
  });
});
