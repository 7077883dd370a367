// The venue (docs/product.md → Venue): an organiser gives an in-person event its place in the
// form (an address without a name is refused under the field), and a visitor's product page
// shows «Sede» with the address and «Abrir en mapa» in a new tab.
import { expect, test } from '@playwright/test';
import { addCalendarDays, fromMexicoCityLocal, mexicoCityDate } from '@store/shared/domain/time';
import { expectNoAxeViolations } from './a11y-helpers';
import { ADMIN, loginByApi, openSignedIn, shoot, toasts } from './storefront-helpers';

const MAP = 'https://www.google.com/maps/search/?api=1&query=Hotel+Sede+Reforma';

test('the organiser sets the venue in the form and a visitor sees it on the product page', async ({
  page,
  browser,
  request,
}) => {
  const suffix = Date.now().toString(36);
  const name = `Taller de accesos vasculares ${suffix}`;
  const date = addCalendarDays(mexicoCityDate(Date.now()), 88);
  const token = await loginByApi(request, ADMIN.email, ADMIN.password);
  const res = await request.post('/api/admin/events', {
    headers: { token },
    data: {
      name,
      description: 'Práctica guiada por ultrasonido en grupos pequeños.',
      price: 900,
      image: ['/covers/simulacion-rcp.svg'],
      category: 'Estudios de caso',
      subCategory: 'Intermedio',
      isPresential: true,
      days: [
        {
          label: 'Único',
          startsAt: fromMexicoCityLocal(`${date}T09:00`)!.toISOString(),
          endsAt: fromMexicoCityLocal(`${date}T14:00`)!.toISOString(),
          seatCapacity: 12,
        },
      ],
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const id = ((await res.json()) as { event: { _id: string } }).event._id;
  try {
    await openSignedIn(page, token, `/admin/events/${id}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await page.getByLabel(/^Dirección/).fill('Paseo de la Reforma 500, Juárez, 06600 Ciudad de México');
    await page.getByLabel(/^Enlace al mapa/).fill(MAP);
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(page.getByLabel(/^Nombre de la sede/)).toHaveAccessibleDescription(
      'Escribe el nombre de la sede para indicar su dirección o su mapa',
    );
    await page.getByLabel(/^Nombre de la sede/).fill('Hotel Sede Reforma, salón Anáhuac');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(
      toasts(page)
        .getByText(/guardad/i)
        .first(),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    // A visitor: the «Sede» block under the description, the map in a new tab.
    const context = await browser.newContext();
    const visitor = await context.newPage();
    await visitor.goto(`/product/${id}`);
    const sede = visitor.getByRole('region', { name: 'Sede' });
    await expect(sede).toContainText('Hotel Sede Reforma, salón Anáhuac');
    await expect(sede).toContainText('Paseo de la Reforma 500, Juárez, 06600 Ciudad de México');
    const map = sede.getByRole('link', { name: /Abrir en mapa/ });
    await expect(map).toHaveAttribute('href', MAP);
    await expect(map).toHaveAttribute('target', '_blank');
    await expect(map).toHaveAttribute('rel', 'noopener noreferrer');
    await expectNoAxeViolations(visitor);
    await shoot(visitor, 'venue-product-page');
    await context.close();
  } finally {
    // Out of the catalogue again for the journeys after this one.
    await request.post(`/api/admin/events/${id}/archive`, { headers: { token } });
  }
});
