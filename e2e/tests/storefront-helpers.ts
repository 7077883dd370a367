// The shared steps of every journey, in one place: accounts through the API, the signed-in
// browser, toasts, the checkout (address, PayPal with the fake), a member's orders, the
// screenshots at 375 and 1280 px, the store's moved clock, and the newest e-mail the outbox
// wrote as an .eml file.
import { rmSync, writeFileSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { horizontalOverflow } from './a11y-helpers';

export const DEMO_CUSTOMER = { email: 'medico@demo.mx', password: 'Anestesia-Demo-2026' };
export const ADMIN = { email: 'admin@e2e.test', password: 'admin-e2e-clave' };

let counter = 0;
/** A fresh address per call, so journeys never depend on one another. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@prueba.mx`;
}

export async function registerByApi(
  request: APIRequestContext,
  email: string,
  password = 'clave-segura-e2e',
) {
  const res = await request.post('/api/user/register', { data: { name: 'PRUEBA EDE', email, password } });
  expect(res.ok(), await res.text()).toBe(true);
  const body = (await res.json()) as { token: string };
  return body.token;
}

export async function loginByApi(request: APIRequestContext, email: string, password: string) {
  const res = await request.post('/api/user/login', { data: { email, password } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

/** Opens the store with this session token already saved (docs/product.md → Session token). */
export async function openSignedIn(page: Page, token: string, path = '/') {
  // Once per tab, so a later logout in the journey stays logged out across navigations.
  await page.addInitScript(
    `if (!sessionStorage.getItem('e2e-token-set')) {
      localStorage.setItem('token', ${JSON.stringify(token)});
      sessionStorage.setItem('e2e-token-set', '1');
    }`,
  );
  await page.goto(path);
}

/** The saved session token of the page (null when signed out). */
export function savedToken(page: Page): Promise<string | null> {
  return page.evaluate<string | null>("localStorage.getItem('token')");
}

/** The toast area (react-toastify), so a message is not confused with an inline error. */
export function toasts(page: Page) {
  return page.locator('.Toastify');
}

export interface ProductSummary {
  _id: string;
  name: string;
  price: number;
  days: string[];
  dayOptions: { label: string; startsAt: number; endsAt: number }[];
  isPresential: boolean;
  category: string;
  subCategory: string;
  date: number;
  startsAt: number;
  endsAt: number;
  /** completo: one day added puts every day in the cart (docs/fees.md). */
  saleMode: 'por_dia' | 'completo';
}

/** product/list: upcoming events (the default), or `?estado=finalizados|todos`. */
export async function listProducts(
  request: APIRequestContext,
  estado?: 'finalizados' | 'todos',
): Promise<ProductSummary[]> {
  const res = await request.get(`/api/product/list${estado ? `?estado=${estado}` : ''}`);
  return ((await res.json()) as { products: ProductSummary[] }).products;
}

export async function productNamed(request: APIRequestContext, name: string): Promise<ProductSummary> {
  const p = (await listProducts(request)).find((x) => x.name === name);
  if (!p) throw new Error(`no product named ${name}`);
  return p;
}

/** A new member with the first day of `productName` in the cart (every day of an event sold as a whole). */
export async function memberWithFirstDay(request: APIRequestContext, productName: string, prefix: string) {
  const token = await registerByApi(request, uniqueEmail(prefix));
  const product = await productNamed(request, productName);
  const add = await request.post('/api/cart/add', {
    headers: { token },
    data: { itemId: product._id, days: product.days[0] },
  });
  expect(add.ok(), await add.text()).toBe(true);
  return { token, product };
}

/** Fills the checkout's address form. */
export async function fillAddress(page: Page) {
  const field = (name: string) => page.getByRole('textbox', { name, exact: true });
  await field('Nombre').fill('Ana');
  await field('Apellidos').fill('Ruiz');
  await field('Calle y número').fill('Juan Badiano 1');
  await field('Ciudad').fill('Ciudad de México');
  await field('Código postal').fill('14080');
  await field('Teléfono').fill('5555555555');
}

/**
 * Pays the signed-in member's cart from /place-order with the fake PayPal's button, which
 * captures the order and lands on /orders (through the fake PayPal and the API: slow on a
 * busy machine).
 */
export async function payCart(page: Page) {
  await page.goto('/place-order');
  await fillAddress(page);
  await page.getByRole('button', { name: 'PayPal', exact: true }).click();
  await expect(page).toHaveURL(/\/orders$/, { timeout: 45_000 });
}

/** A new member with the first day of `productName` in the cart, at /place-order with the address filled. */
export async function memberAtCheckout(
  page: Page,
  request: APIRequestContext,
  productName: string,
  prefix: string,
) {
  const member = await memberWithFirstDay(request, productName, prefix);
  await openSignedIn(page, member.token, '/place-order');
  await fillAddress(page);
  return member;
}

/** A new member who bought the first day of `productName` with PayPal in the browser; the page is at /orders. */
export async function buyWithPaypal(
  page: Page,
  request: APIRequestContext,
  productName: string,
  prefix: string,
) {
  const member = await memberAtCheckout(page, request, productName, prefix);
  await page.getByRole('button', { name: 'PayPal', exact: true }).click();
  await expect(page).toHaveURL(/\/orders$/, { timeout: 45_000 });
  return member;
}

export interface ApiOrder {
  _id: string;
  status: string;
  /** Pesos. */
  amount: number;
  paymentMethod: string;
  /** The provider's reference of the payment (a PayPal capture). */
  paymentReference: string | null;
}

/** The member's orders as /api/order/userorders answers them, newest first. */
export async function ordersOf(request: APIRequestContext, token: string): Promise<ApiOrder[]> {
  const res = await request.post('/api/order/userorders', { headers: { token }, data: {} });
  return ((await res.json()) as { orders: ApiOrder[] }).orders;
}

/**
 * The page at 375 and 1280 px without sideways scroll; with SHOTS_DIR set, a full-page
 * screenshot at each width is saved there as `<name>-<width>.png`. Ends at 1280 × 900.
 */
export async function shoot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width < 800 ? 812 : 900 });
    // Read once the page has laid itself out at the new width: a chart sized by a
    // ResizeObserver (the admin dashboard's) keeps the old width until its next frame.
    await expect
      .poll(() => horizontalOverflow(page), { message: `${name} at ${width}px`, timeout: 3_000 })
      .toBe(0);
    if (dir) await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * Moves the main store's clock to `at` (epoch ms); null puts it back. The store reads the
 * offset at most 50 ms late, so this waits a little longer than that. Only journeys tagged
 * @moved-clock may call it (e2e/playwright.config.ts runs them after every other one).
 */
export async function moveStoreClock(at: number | null) {
  const file = process.env.E2E_CLOCK_FILE;
  if (!file) throw new Error('E2E_CLOCK_FILE is set by e2e/playwright.config.ts');
  if (at === null) rmSync(file, { force: true });
  else writeFileSync(file, String(at - Date.now()));
  await new Promise((resolve) => setTimeout(resolve, 200));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const joined = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * Waits for the newest .eml the outbox wrote to `to` (the sender runs every few seconds) whose
 * decoded text matches `wanted`, and answers that text. `dataDir`: another store's data folder
 * (default the main store's).
 */
export async function newestEmail(
  to: string,
  wanted: RegExp,
  timeoutMs = 30_000,
  dataDir = process.env.E2E_DATA_DIR ?? '',
): Promise<string> {
  const dir = path.join(dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = await readdir(dir).catch(() => [] as string[]);
    const emls = await Promise.all(
      files
        .filter((f) => f.endsWith('.eml'))
        .map(async (f) => ({ f, mtime: (await stat(path.join(dir, f))).mtimeMs })),
    );
    emls.sort((a, b) => b.mtime - a.mtime);
    for (const { f } of emls) {
      const raw = decodeQuotedPrintable(await readFile(path.join(dir, f), 'utf8'));
      if (new RegExp(`^To: .*${escapeRegExp(to)}`, 'im').test(raw) && wanted.test(raw)) return raw;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`no e-mail to ${to} matching ${wanted} in ${dir}`);
}

/** The first link into the store containing `pathPart` of the newest e-mail to `to` that has one. */
export async function linkFromNewestEmail(
  to: string,
  pathPart: string,
  timeoutMs = 30_000,
  dataDir?: string,
): Promise<string> {
  const linkTo = new RegExp(`https?://[^\\s"'<>]*${escapeRegExp(pathPart)}[^\\s"'<>]*`);
  const raw = await newestEmail(to, linkTo, timeoutMs, dataDir);
  return linkTo.exec(raw)![0].replace(/&amp;/g, '&');
}
