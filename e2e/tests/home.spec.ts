// The foundation's vertical slice: the home page lists what the API lists, in its order,
// and the one server answers both SPA routes and API paths correctly.
import { expect, test } from '@playwright/test';
import { listProducts } from './storefront-helpers';

test('home lists the first ten events of the API, in its order (newest first)', async ({ page, request }) => {
  const products = await listProducts(request);
  const dates = products.map((p) => p.date);
  expect(dates).toEqual([...dates].sort((a, b) => b - a));
  await page.goto('/');
  const cards = page.getByRole('region', { name: 'EVENTOS' }).getByRole('link');
  await expect(cards).toHaveCount(10);
  const names = await cards.allInnerTexts();
  products.slice(0, 10).forEach((p, i) => expect(names[i]).toContain(p.name));
});

test('unknown client routes get the SPA, unknown API paths a JSON 404', async ({ page, request }) => {
  const res = await page.goto('/una/ruta/que/no/existe');
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const api = await request.get('/api/no-existe');
  expect(api.status()).toBe(404);
  expect(await api.json()).toEqual({ success: false, message: 'No encontramos lo que buscas' });
});

test('hashed assets are cached for a year and sent compressed; the page itself revalidates', async ({
  request,
}) => {
  const html = await request.get('/');
  expect(html.headers()['cache-control']).toMatch(/no-cache|max-age=0/);
  const asset = /\/assets\/[^"]+\.js/.exec(await html.text())?.[0];
  expect(asset).toBeTruthy();
  const plain = await request.get(asset!, { headers: { 'accept-encoding': 'identity' } });
  expect(plain.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(plain.headers()['content-encoding']).toBeUndefined();
  const br = await request.get(asset!, { headers: { 'accept-encoding': 'br' } });
  expect(br.headers()['content-encoding']).toBe('br');
  expect(br.headers()['vary']).toMatch(/accept-encoding/i);
  expect(Number(br.headers()['content-length'])).toBeLessThan(Number(plain.headers()['content-length']) / 2);
  // The body is the same script once decoded.
  expect(await br.text()).toBe(await plain.text());
});
