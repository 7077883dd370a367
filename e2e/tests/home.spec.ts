// The one server as the browser meets it: SPA routes and API paths each answered correctly,
// and the built assets cached and compressed. (The home page's events: storefront.spec.ts.)
import { expect, test } from '@playwright/test';

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
