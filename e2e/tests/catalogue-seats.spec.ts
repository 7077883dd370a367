// Catalogue cards and /collection's date sort and «Solo talleres» (docs/product.md → Sort):
// two workshops made through the admin API — one with three seats, one whose only seat a
// pending PayPal order holds — show «Quedan 3 lugares» and «Agotado» on their cards, the
// filter and the sort go into the URL, and the soonest workshop comes first.
import { expect as baseExpect, test, type APIRequestContext } from '@playwright/test';
import { addCalendarDays, fromMexicoCityLocal, mexicoCityDate } from '@store/shared/domain/time';
import { expectNoAxeViolations } from './a11y-helpers';
import { ADMIN, loginByApi, registerByApi, shoot, uniqueEmail } from './storefront-helpers';

const expect = baseExpect.configure({ timeout: 30_000 });

async function workshop(
  request: APIRequestContext,
  adminToken: string,
  name: string,
  inDays: number,
  seats: number,
) {
  const date = addCalendarDays(mexicoCityDate(Date.now()), inDays);
  const iso = (time: string) => new Date(fromMexicoCityLocal(`${date}T${time}`)!).toISOString();
  const res = await request.post('/api/admin/events', {
    headers: { token: adminToken },
    data: {
      name,
      description: 'Práctica guiada en grupos pequeños con simulador.',
      price: 900,
      image: [],
      category: 'Estudios de caso',
      subCategory: 'Intermedio',
      isPresential: true,
      days: [
        {
          label: 'Práctica',
          startsAt: iso('09:00'),
          endsAt: iso('13:00'),
          streamUrl: null,
          seatCapacity: seats,
        },
      ],
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { event: { _id: string } }).event._id;
}

test('cards show seats left and «Agotado»; /collection sorts by date and filters talleres in the URL', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const adminToken = await loginByApi(request, ADMIN.email, ADMIN.password);
  const tag = Date.now().toString(36);
  const few = `Taller de canulación arterial ${tag}`;
  const full = `Taller de vía aérea difícil ${tag}`;
  await workshop(request, adminToken, few, 3, 3);
  const fullId = await workshop(request, adminToken, full, 2, 1);
  // A pending PayPal order holds the only seat of the second one.
  const buyer = await registerByApi(request, uniqueEmail('cupo'));
  expect(
    (
      await request.post('/api/cart/add', {
        headers: { token: buyer },
        data: { itemId: fullId, days: 'Práctica' },
      })
    ).ok(),
  ).toBe(true);
  const held = await request.post('/api/paypal/create-order', {
    headers: { token: buyer },
    data: {
      address: {
        firstName: 'Ana',
        lastName: 'López',
        email: 'ana@prueba.mx',
        street: 'Av. Juan Badiano 1',
        city: 'Ciudad de México',
        state: 'CDMX',
        zipcode: '14080',
        country: 'México',
        phone: '5555731200',
      },
      items: [{ _id: fullId, days: 'Práctica', quantity: 1 }],
    },
  });
  expect(held.ok(), await held.text()).toBe(true);

  await page.goto('/collection');
  await page.getByRole('checkbox', { name: 'Solo talleres' }).check();
  await expect(page).toHaveURL(/tipo=taller/);
  await page.getByLabel('Ordenar por').selectOption('date');
  await expect(page).toHaveURL(/orden=date/);
  const cards = page.getByRole('link').filter({ hasText: tag });
  await expect(cards).toHaveCount(2);
  // Soonest first: the full one is two days away, the other three.
  await expect(cards.nth(0)).toContainText(full);
  await expect(cards.nth(0)).toContainText('Agotado');
  await expect(cards.nth(1)).toContainText(few);
  await expect(cards.nth(1)).toContainText('Quedan 3 lugares');
  // Every card is a taller.
  for (const name of await page.locator('main h3').allTextContents()) expect(name).toMatch(/taller/i);
  await expectNoAxeViolations(page);
  await shoot(page, 'collection-talleres-date');

  // Kept in the URL: a reload shows the same view.
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Solo talleres' })).toBeChecked();
  await expect(page.getByLabel('Ordenar por')).toHaveValue('date');

  await page.goto('/');
  await expectNoAxeViolations(page);
  await shoot(page, 'home-cards');
});
