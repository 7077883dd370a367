// Event dates in the store: the demo data is generated from the day the store was seeded, so
// there is always one finished event and one series with a day already behind it. Finished
// events stay out of the home page and the default catalogue, show up with "Finalizado"
// through the catalogue's filter (kept in the URL), and keep a page that sells nothing.
import { expect, test } from '@playwright/test';
import { formatDateRange, formatTimeRange } from '@store/shared/domain/time';
import { expectNoAxeViolations } from './a11y-helpers';
import { DEMO_CUSTOMER, listProducts, loginByApi, openSignedIn } from './storefront-helpers';

test('the home page and the default catalogue leave the finished event out; the filter shows it', async ({
  page,
  request,
}) => {
  const [finished] = await listProducts(request, 'finalizados');
  expect(finished, 'the demo data has one finished event').toBeTruthy();
  const upcoming = await listProducts(request);
  expect(upcoming.some((p) => p._id === finished!._id)).toBe(false);

  await page.goto('/');
  const home = page.getByRole('region', { name: 'EVENTOS' });
  await expect(home.getByRole('link')).toHaveCount(10);
  await expect(home.getByRole('link', { name: new RegExp(finished!.name) })).toHaveCount(0);
  await expect(home.getByText('Finalizado')).toHaveCount(0);
  // Cards carry their dates.
  const first = upcoming[0]!;
  await expect(home.getByRole('link', { name: new RegExp(first.name) })).toContainText(
    formatDateRange(first.startsAt, first.endsAt),
  );

  await page.goto('/collection');
  const grid = page.getByRole('list', { name: 'Eventos', exact: true });
  await expect(grid.getByRole('link')).toHaveCount(upcoming.length);
  await expect(grid.getByRole('link', { name: new RegExp(finished!.name) })).toHaveCount(0);

  // Wide screens show the filters beside the grid.
  await page.getByRole('checkbox', { name: 'Mostrar eventos finalizados' }).check();
  await expect(page).toHaveURL(/finalizados=1/);
  const card = grid.getByRole('link', { name: new RegExp(finished!.name) });
  await expect(card).toBeVisible();
  await expect(card.getByText('Finalizado')).toBeVisible();
  await expect(grid.getByRole('link')).toHaveCount(upcoming.length + 1);
  // After the upcoming ones.
  await expect(grid.getByRole('link').last()).toContainText(finished!.name);
  await expectNoAxeViolations(page);

  // The filter survives a reload, and the finished event's page is still there.
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Mostrar eventos finalizados' })).toBeChecked();
  await card.click();
  await expect(page).toHaveURL(`/product/${finished!._id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(finished!.name);
  await expect(page.getByText('Finalizado').first()).toBeVisible();
  await expect(page.getByText('Este evento ya terminó')).toBeVisible();
  await expect(page.getByRole('button', { name: 'AGREGAR AL CARRITO' })).toHaveCount(0);
  for (const d of finished!.dayOptions) {
    await expect(page.getByRole('button', { name: new RegExp(d.label) })).toBeDisabled();
  }
  await expectNoAxeViolations(page);
});

test('a running event: its ended day is shown disabled as Finalizado, the next one can be bought', async ({
  page,
  request,
}) => {
  const now = Date.now();
  const running = (await listProducts(request)).find((p) => p.dayOptions.some((d) => d.endsAt <= now));
  expect(running, 'the demo data has a series with a day behind it').toBeTruthy();
  const ended = running!.dayOptions.find((d) => d.endsAt <= now)!;
  const next = running!.dayOptions.find((d) => d.endsAt > now)!;

  // Cart add refuses the ended day, whatever the page shows.
  const token = await loginByApi(request, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  const refused = await request.post('/api/cart/add', {
    headers: { token },
    data: { itemId: running!._id, days: ended.label },
  });
  expect(refused.status()).toBe(409);
  expect(await refused.json()).toEqual({ success: false, message: 'Este día del evento ya terminó' });

  await openSignedIn(page, token, `/product/${running!._id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(running!.name);
  const endedButton = page.getByRole('button', { name: new RegExp(ended.label) });
  await expect(endedButton).toBeDisabled();
  await expect(endedButton).toContainText('Finalizado');
  const nextButton = page.getByRole('button', { name: new RegExp(next.label) });
  await expect(nextButton).toBeEnabled();
  await expect(nextButton).toContainText(formatTimeRange(next.startsAt, next.endsAt));
  await expect(page.getByText('Horarios en hora de la Ciudad de México.')).toBeVisible();
  await nextButton.click();
  await page.getByRole('button', { name: 'AGREGAR AL CARRITO' }).click();
  await expect(page.getByText('Producto agregado al carrito')).toBeVisible();
  await request.post('/api/cart/update', {
    headers: { token },
    data: { itemId: running!._id, days: next.label, quantity: 0 },
  });
});
