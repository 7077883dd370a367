// Shared steps of the storefront journeys: accounts through the API, the signed-in browser,
// toasts, and the newest e-mail the outbox wrote as an .eml file.
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

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
 * Waits for the newest .eml the outbox wrote to `to` (the sender runs every few seconds) and
 * answers the first link into the store that contains `pathPart`.
 */
export async function linkFromNewestEmail(to: string, pathPart: string, timeoutMs = 30_000): Promise<string> {
  const dir = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
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
      if (!new RegExp(`^To: .*${escapeRegExp(to)}`, 'im').test(raw)) continue;
      const link = new RegExp(`https?://[^\\s"'<>]*${escapeRegExp(pathPart)}[^\\s"'<>]*`).exec(raw)?.[0];
      if (link) return link.replace(/&amp;/g, '&');
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`no e-mail to ${to} with a link to ${pathPart} in ${dir}`);
}
