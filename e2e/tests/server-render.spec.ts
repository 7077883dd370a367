// The public pages come from the server with their content and are hydrated, not rendered
// again (docs/speed.md → Pages that paint before their JavaScript), once their first screen is
// shown (docs/speed.md → Paint first, then hydrate).
import { expect, test, type Page } from '@playwright/test';
import { DEMO_CUSTOMER, listProducts, loginByApi, openSignedIn } from './storefront-helpers';

test('the catalogue and the content pages show their content without JavaScript', async ({
  browser,
  request,
}) => {
  const products = await listProducts(request);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();

  await page.goto('/');
  const cards = page.getByRole('region', { name: 'EVENTOS' }).getByRole('link');
  await expect(cards).toHaveCount(10);
  const names = await cards.allInnerTexts();
  products.slice(0, 10).forEach((p, i) => expect(names[i]).toContain(p.name));
  await expect(page).toHaveTitle(/AMACC/);

  await page.goto('/collection');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(products[0]!.name) }).first()).toBeVisible();

  const product = products[0]!;
  await page.goto(`/product/${product._id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page).toHaveTitle(`${product.name} · AMACC`);
  const canonical = page.locator('link[rel="canonical"]');
  await expect(canonical).toHaveCount(1);
  await expect(canonical).toHaveAttribute('href', new RegExp(`/product/${product._id}$`));

  for (const path of ['/about', '/cuotas', '/curso-anestesia', '/talleres', '/terms']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  await context.close();
});

/** Remembers the server's <main> before any script runs, to see if hydration kept it. */
async function watchServerMain(page: Page) {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  await page.addInitScript(`
    document.addEventListener('readystatechange', () => {
      if (window.serverMain === undefined) window.serverMain = document.querySelector('#root main');
    });
  `);
  return problems;
}

function serverMainKept(page: Page): Promise<boolean> {
  return page.evaluate<boolean>('Boolean(window.serverMain && window.serverMain.isConnected)');
}

test("hydration keeps the server's HTML: same elements, no error, and the page then works", async ({
  page,
  request,
}) => {
  const problems = await watchServerMain(page);
  const products = await listProducts(request);
  await page.goto('/collection');
  await page.waitForLoadState('networkidle');
  expect(await serverMainKept(page)).toBe(true);
  // Interactive after hydration: a filter narrows the list through the URL.
  await page.getByRole('checkbox', { name: 'Paneles' }).check();
  await expect(page).toHaveURL(/categoria=Paneles/);
  expect(problems).toEqual([]);

  await page.goto(`/product/${products[1]!._id}`);
  await page.waitForLoadState('networkidle');
  expect(await serverMainKept(page)).toBe(true);
  expect(problems).toEqual([]);
});

/** Holds the app's script back until the function returned is called (once per page load). */
async function holdApp(page: Page): Promise<() => void> {
  let arrive!: () => void;
  const held = new Promise<void>((resolve) => (arrive = resolve));
  await page.unroute(APP_SCRIPT);
  await page.route(APP_SCRIPT, async (route) => {
    await held;
    await route.continue();
  });
  return arrive;
}
const APP_SCRIPT = /\/assets\/app-[\w-]+\.js$/;

test('what a visitor clicks or chooses before the page is hydrated is done once it is', async ({ page }) => {
  let arrive = await holdApp(page);
  await page.goto('/collection');
  const panels = page.getByRole('checkbox', { name: 'Paneles' });
  await panels.check(); // ticks at once…
  await page.getByLabel('Ordenar por').selectOption('high-low');
  await expect(page).not.toHaveURL(/categoria|orden/); // …but nothing can handle it yet
  arrive();
  await expect(page).toHaveURL(/categoria=Paneles/);
  await expect(page).toHaveURL(/orden=high-low/);
  await expect(panels).toBeChecked();
  await expect(page.getByLabel('Ordenar por')).toHaveValue('high-low');

  // A button: the contact form opens.
  arrive = await holdApp(page);
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Contactanos' }).click();
  await expect(page.getByRole('dialog', { name: 'Escríbenos' })).toHaveCount(0);
  arrive();
  await expect(page.getByRole('dialog', { name: 'Escríbenos' })).toBeVisible();
});

test('a signed-in member gets the public HTML, then their own price after hydration', async ({
  page,
  request,
}) => {
  const token = await loginByApi(request, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  const product = (await listProducts(request))[0]!;

  // The page's HTML is the same for everyone: no stream link, nothing of the member.
  const html = await (await request.get(`/product/${product._id}`, { headers: { token } })).text();
  expect(html).not.toMatch(/youtube\.com\/(watch|embed|live)|vimeo\.com\/\d|streamUrl|dayLinks/);
  expect(html).not.toContain(DEMO_CUSTOMER.email);
  expect(html).not.toContain('Tu precio');

  const problems = await watchServerMain(page);
  await openSignedIn(page, token, `/product/${product._id}`);
  // After hydration the page asks for the member's own data: their price and the account menu.
  await expect(page.getByText('Tu precio')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mi cuenta' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Acceder' })).toHaveCount(0);
  expect(await serverMainKept(page)).toBe(true);
  expect(problems).toEqual([]);
});
