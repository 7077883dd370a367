// «Agregar a mi calendario» in Mis Productos (docs/after-sale.md → Calendar): a new member
// pays a day of a demo event, downloads the order's .ics through the authorised route (the
// file names the day in Mexico City time, never a stream link). Axe 0 on the page.
import { expect as baseExpect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { expectNoAxeViolations } from './a11y-helpers';
import { listProducts, memberWithFirstDay, openSignedIn, payCart, shoot } from './storefront-helpers';

const expect = baseExpect.configure({ timeout: 30_000 });

test('Mis Productos: «Agregar a mi calendario» downloads the order’s .ics', async ({ page, request }) => {
  test.setTimeout(90_000);
  // A paid upcoming event without seat limits (others' journeys keep their seats).
  const event = (await listProducts(request)).find(
    (p) =>
      p.price > 0 &&
      (p as unknown as { dayOptions: { seatCapacity: number | null }[] }).dayOptions.every(
        (o) => o.seatCapacity === null,
      ),
  )!;
  const { token } = await memberWithFirstDay(request, event.name, 'calendario');
  await openSignedIn(page, token, '/');
  await payCart(page);
  const button = page.getByRole('button', { name: 'Agregar a mi calendario' }).first();
  await expect(button).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toMatch(/^evento-.+\.ics$/);
  const ics = await readFile((await download.path())!, 'utf8');
  expect(ics).toContain('BEGIN:VCALENDAR');
  expect(ics).toContain('BEGIN:VEVENT');
  expect(ics).toContain('DTSTART;TZID=America/Mexico_City:');
  expect(ics).not.toMatch(/streamUrl|youtube|zoom\.us/i);
  // Read at rest: the payment's toast closes by fading out, which axe would read half-way.
  await expect(page.getByText('Pago completado exitosamente')).toBeHidden();
  await expectNoAxeViolations(page);
  await shoot(page, 'orders-calendar');
});
