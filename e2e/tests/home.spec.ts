import { expect, test } from '@playwright/test';

test('home lists the demo events from the API, newest first', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'EVENTOS' })).toBeVisible();
  const cards = page
    .getByRole('main')
    .getByRole('link', {
      name: /Curso|Taller|Casos|Panel|Conferencia|Jornada|Encuentro|Manejo|Protección|Ecocardiografía|Analgesia/,
    });
  await expect(cards.first()).toContainText('2º Curso de Anestesia Cardiovascular');
  await expect(cards).toHaveCount(10);
});

test('unknown client routes get the SPA, unknown API paths a JSON 404', async ({ page, request }) => {
  const res = await page.goto('/una/ruta/que/no/existe');
  expect(res?.status()).toBe(200);
  const api = await request.get('/api/no-existe');
  expect(api.status()).toBe(404);
  expect(await api.json()).toEqual({ success: false, message: 'No encontramos lo que buscas' });
});
