// The waiting list in Chromium (docs/after-sale.md → Waiting list): a workshop with one seat
// (made through the admin API), member A buys it with PayPal, member B joins the list from
// the product page, A cancels well ahead (self-service), B gets the offer e-mail (.eml in the
// outbox), opens the claim link, pays, and the admin's list shows the seat claimed.
import { expect as baseExpect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { addCalendarDays, fromMexicoCityLocal, mexicoCityDate } from '@store/shared/domain/time';
import { MSG, waitlistPosition } from '@store/shared/messages';
import {
  ADMIN,
  linkFromNewestEmail,
  listProducts,
  loginByApi,
  openSignedIn,
  ordersOf,
  payCart,
  registerByApi,
  shoot,
  toasts,
  uniqueEmail,
} from './storefront-helpers';
import { AFTER_SALE_MSG } from '@store/shared/after-sale-messages';

// Pages load slowly on a busy 2-core machine; nothing here waits on a fixed delay.
const expect = baseExpect.configure({ timeout: 30_000 });

/** A one-day workshop 30 days ahead with a single seat, published through the admin API. */
async function oneSeatWorkshop(request: APIRequestContext, adminToken: string) {
  const date = addCalendarDays(mexicoCityDate(Date.now()), 30);
  const iso = (time: string) => new Date(fromMexicoCityLocal(`${date}T${time}`)!).toISOString();
  const cover =
    (await listProducts(request)).find((p) => p.category === 'Estudios de caso') ??
    (await listProducts(request))[0];
  const name = `Taller de ecocardiografía transesofágica ${Date.now().toString(36)}`;
  const res = await request.post('/api/admin/events', {
    headers: { token: adminToken },
    data: {
      name,
      description: 'Práctica guiada con simulador, cupo de una persona.',
      price: 500,
      image: (cover as unknown as { image?: string[] }).image?.slice(0, 1) ?? [],
      category: 'Estudios de caso',
      subCategory: 'Avanzado',
      isPresential: true,
      days: [
        {
          label: 'Taller práctico',
          startsAt: iso('09:00'),
          endsAt: iso('14:00'),
          streamUrl: null,
          seatCapacity: 1,
        },
      ],
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return { id: ((await res.json()) as { event: { _id: string } }).event._id, name };
}

/** A separate browser (own storage) for another person. */
function newContext(browser: Browser) {
  const { baseURL, locale } = test.info().project.use;
  return browser.newContext({ baseURL, locale });
}

async function memberPage(browser: Browser, token: string, path: string) {
  const context = await newContext(browser);
  const page = await context.newPage();
  await openSignedIn(page, token, path);
  return page;
}

test('sold-out workshop → waiting list → a cancellation offers the seat → claimed and paid within 24 h', async ({
  browser,
  page,
  request,
}) => {
  // Four people, two payments and an e-mail round trip on a shared 2-core machine.
  test.setTimeout(240_000);
  const adminToken = await loginByApi(request, ADMIN.email, ADMIN.password);
  const workshop = await oneSeatWorkshop(request, adminToken);

  // A buys the only seat.
  const tokenA = await registerByApi(request, uniqueEmail('lista-a'));
  const add = await request.post('/api/cart/add', {
    headers: { token: tokenA },
    data: { itemId: workshop.id, days: 'Taller práctico' },
  });
  expect(add.ok(), await add.text()).toBe(true);
  await openSignedIn(page, tokenA, '/');
  await payCart(page);
  const [orderA] = await ordersOf(request, tokenA);
  expect(orderA!.status).toBe('pagado');

  // A visitor is asked to sign in; B joins the list from the product page.
  const visitor = await (await newContext(browser)).newPage();
  await visitor.goto(`/product/${workshop.id}`);
  await expect(visitor.getByRole('heading', { name: workshop.name, level: 1 })).toBeVisible();
  await expect(visitor.getByRole('link', { name: AFTER_SALE_MSG.waitlistSignIn })).toBeVisible();
  // Nothing here can be bought: the add button says so, greyed out, with the reason.
  const soldOut = visitor.getByRole('button', { name: 'AGOTADO', exact: true });
  await expect(soldOut).toBeDisabled();
  await expect(soldOut).toHaveAccessibleDescription(MSG.eventSoldOut);
  await expect(visitor.getByRole('button', { name: 'AGREGAR AL CARRITO' })).toHaveCount(0);
  await shoot(visitor, 'product-sold-out');
  await visitor.close();

  const emailB = uniqueEmail('lista-b');
  const tokenB = await registerByApi(request, emailB);
  const pageB = await memberPage(browser, tokenB, `/product/${workshop.id}`);
  await expect(pageB.getByRole('heading', { name: workshop.name, level: 1 })).toBeVisible();
  await expect(pageB.getByRole('button', { name: 'Taller práctico' })).toBeDisabled();
  const join = pageB.getByRole('button', { name: AFTER_SALE_MSG.waitlistJoin });
  await expect(join).toBeVisible();
  await shoot(pageB, 'waitlist-product-join');
  await join.click();
  await expect(toasts(pageB)).toContainText(AFTER_SALE_MSG.waitlistJoined);
  await expect(pageB.getByText(`«Taller práctico»: ${waitlistPosition(1)}`)).toBeVisible();
  await expect(pageB.getByRole('button', { name: AFTER_SALE_MSG.waitlistLeave })).toBeVisible();
  await shoot(pageB, 'waitlist-product-position');

  // A cancels 30 days ahead (self-service): the seat is offered to B by e-mail.
  const cancel = await request.post('/api/order/cancel', {
    headers: { token: tokenA },
    data: { orderId: orderA!._id },
  });
  expect(cancel.ok(), await cancel.text()).toBe(true);
  const link = await linkFromNewestEmail(emailB, '/lista-de-espera/reclamar');
  const claimPath = new URL(link).pathname + new URL(link).search;

  // Someone else opening B's link cannot take the seat.
  const tokenC = await registerByApi(request, uniqueEmail('lista-c'));
  const pageC = await memberPage(browser, tokenC, claimPath);
  await expect(pageC.getByText(AFTER_SALE_MSG.waitlistClaimNotYours)).toBeVisible();
  await pageC.close();

  // B claims: the day is in the cart with the seat held, and B pays.
  await pageB.goto(claimPath);
  await expect(pageB).toHaveURL(/\/cart$/);
  await expect(toasts(pageB)).toContainText(AFTER_SALE_MSG.waitlistClaimed);
  await expect(pageB.getByText('Taller práctico').first()).toBeVisible();
  await payCart(pageB);
  const [orderB] = await ordersOf(request, tokenB);
  expect(orderB!.status).toBe('pagado');

  // The day is sold out again: C joins the list.
  const joinC = await request.post('/api/waitlist/join', {
    headers: { token: tokenC },
    data: { productId: workshop.id, day: 'Taller práctico' },
  });
  expect(joinC.ok(), await joinC.text()).toBe(true);

  // The admin sees the list: B's offer claimed, C first in line.
  const adminPage = await memberPage(browser, adminToken, `/admin/waitlist?productId=${workshop.id}`);
  await expect(adminPage.getByRole('heading', { name: 'Lista de espera', level: 1 })).toBeVisible();
  const row = adminPage.getByRole('row', { name: new RegExp(emailB.replace(/[.+]/g, '\\$&')) });
  await expect(row).toContainText('Reclamado');
  await expect(adminPage.getByRole('row', { name: /Posición 1/ })).toContainText('Esperando');
  await shoot(adminPage, 'waitlist-admin');
});
