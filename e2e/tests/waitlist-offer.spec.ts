// The waiting-list offer from the member's side (docs/after-sale.md → Waiting list): a
// one-seat workshop is held by A's pending PayPal order, B joins the list, A closes PayPal
// (the seat frees and is offered to B), B opens the e-mail's link and lands on a cart that
// already holds the day (no reload), the product page offers B the seat instead of
// «Agotado», and Mis Productos lists B's waiting list with the offer's deadline.
import { expect as baseExpect, test, type APIRequestContext } from '@playwright/test';
import { addCalendarDays, fromMexicoCityLocal, mexicoCityDate } from '@store/shared/domain/time';
import { waitlistPosition } from '@store/shared/messages';
import { expectNoAxeViolations } from './a11y-helpers';
import {
  ADMIN,
  linkFromNewestEmail,
  loginByApi,
  openSignedIn,
  registerByApi,
  shoot,
  toasts,
  uniqueEmail,
} from './storefront-helpers';
import { AFTER_SALE_MSG } from '@store/shared/after-sale-messages';

// Pages load slowly on a busy 2-core machine; nothing here waits on a fixed delay.
const expect = baseExpect.configure({ timeout: 30_000 });

const DAY = 'Sesión práctica';
const ADDRESS = {
  firstName: 'Ana',
  lastName: 'López',
  email: 'ana@prueba.mx',
  street: 'Av. Juan Badiano 1',
  city: 'Ciudad de México',
  state: 'CDMX',
  zipcode: '14080',
  country: 'México',
  phone: '5555731200',
};

/** A one-day workshop 40 days ahead with a single seat, published through the admin API. */
async function oneSeatWorkshop(request: APIRequestContext, adminToken: string) {
  const date = addCalendarDays(mexicoCityDate(Date.now()), 40);
  const iso = (time: string) => new Date(fromMexicoCityLocal(`${date}T${time}`)!).toISOString();
  const name = `Taller de bloqueo guiado por ultrasonido ${Date.now().toString(36)}`;
  const res = await request.post('/api/admin/events', {
    headers: { token: adminToken },
    data: {
      name,
      description: 'Práctica con simulador, cupo de una persona.',
      price: 400,
      image: [],
      category: 'Estudios de caso',
      subCategory: 'Avanzado',
      isPresential: true,
      days: [{ label: DAY, startsAt: iso('09:00'), endsAt: iso('13:00'), streamUrl: null, seatCapacity: 1 }],
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return { id: ((await res.json()) as { event: { _id: string } }).event._id, name };
}

test('an offered seat: claimed into the cart at once, offered on the product page, listed in Mis Productos', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const adminToken = await loginByApi(request, ADMIN.email, ADMIN.password);
  const workshop = await oneSeatWorkshop(request, adminToken);

  // A's pending PayPal order holds the only seat.
  const tokenA = await registerByApi(request, uniqueEmail('oferta-a'));
  const headersA = { token: tokenA };
  expect(
    (
      await request.post('/api/cart/add', { headers: headersA, data: { itemId: workshop.id, days: DAY } })
    ).ok(),
  ).toBe(true);
  const created = await request.post('/api/paypal/create-order', {
    headers: headersA,
    data: { address: ADDRESS, items: [{ _id: workshop.id, days: DAY, quantity: 1 }] },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const paypalOrderId = ((await created.json()) as { id: string }).id;

  // B joins the list from the product page.
  const emailB = uniqueEmail('oferta-b');
  const tokenB = await registerByApi(request, emailB);
  await openSignedIn(page, tokenB, `/product/${workshop.id}`);
  await expect(page.getByRole('heading', { name: workshop.name, level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'AGOTADO', exact: true })).toBeDisabled();
  await page.getByRole('button', { name: AFTER_SALE_MSG.waitlistJoin }).click();
  await expect(page.getByText(`«${DAY}»: ${waitlistPosition(1)}`)).toBeVisible();

  // Mis Productos lists the waiting list with the place in line.
  await page.goto('/orders');
  const lists = page.getByRole('region', { name: 'Listas de espera' });
  await expect(lists).toContainText(workshop.name);
  await expect(lists).toContainText(waitlistPosition(1));
  // The cart is read (and cached) while still empty.
  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(workshop.name)).toHaveCount(0);

  // A closes PayPal: the seat frees and is offered to B by e-mail.
  const cancel = await request.post('/api/paypal/cancel-order', {
    headers: headersA,
    data: { paypalOrderId },
  });
  expect(cancel.ok(), await cancel.text()).toBe(true);
  const link = await linkFromNewestEmail(emailB, '/lista-de-espera/reclamar');

  // B claims: /cart holds the day at once, without a reload.
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page).toHaveURL(/\/cart$/);
  await expect(toasts(page)).toContainText(AFTER_SALE_MSG.waitlistClaimed);
  await expect(page.getByText(workshop.name).first()).toBeVisible();
  await expect(page.getByText(DAY).first()).toBeVisible();

  // The product page offers B the seat: the day is selectable and the add button works.
  await page.goto(`/product/${workshop.id}`);
  await expect(page.getByText(/Se liberó un lugar para ti/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'AGOTADO', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: new RegExp(DAY) })).toBeEnabled();
  await expectNoAxeViolations(page);
  await shoot(page, 'waitlist-offer-product');

  // Mis Productos: the offer with its deadline and the way to buy it.
  await page.goto('/orders');
  await expect(lists).toContainText('Lugar ofrecido para ti');
  await expect(lists).toContainText(/Te lo guardamos hasta el/);
  await expect(lists.getByRole('link', { name: 'Comprar mi lugar' })).toHaveAttribute(
    'href',
    `/product/${workshop.id}`,
  );
  await expectNoAxeViolations(page);
  await shoot(page, 'waitlist-offer-orders');
});
