// Buying journeys (docs/product.md → Cart, Checkout and payment method, Free claim, Totals): add with and without a day, the cart and its totals,
// checkout validation, the coupon (after the user type loads), the free claim, my products,
// the owned-event check and watching the streams.
import { expect, test } from '@playwright/test';
import { SERVICE_FEE_CENTAVOS } from '@store/shared/constants';
import {
  fillAddress,
  openSignedIn,
  productNamed,
  registerByApi,
  toasts,
  uniqueEmail,
} from './storefront-helpers';

// Per-day events (the course is sold as a whole, e2e/tests/fees.spec.ts): a two-day series with
// a Vimeo event link, and a one-day event streamed on YouTube.
const SERIES = 'Manejo anestésico en cirugía de revascularización coronaria';
const YOUTUBE_EVENT = 'Analgesia regional en cirugía cardíaca';
const IN_PERSON = 'Jornada presencial de simulación en reanimación cardiopulmonar avanzada';

test('add with and without a day, the cart, a free claim with GRATIS100, my products and the streams', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('compra');
  const token = await registerByApi(request, email);
  const course = await productNamed(request, SERIES);
  const inPerson = await productNamed(request, IN_PERSON);
  await openSignedIn(page, token, `/product/${course._id}`);

  // Without a day.
  await page.getByRole('button', { name: 'AGREGAR AL CARRITO' }).click();
  await expect(toasts(page).getByText('Por favor selecciona una opción')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Carrito: 0 productos' })).toBeVisible();

  // With a day (twice the same: the line stays at quantity 1), then a second day.
  await page.getByRole('button', { name: course.days[0]! }).click();
  await page.getByRole('button', { name: 'AGREGAR AL CARRITO' }).click();
  await expect(toasts(page).getByText('Producto agregado al carrito')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Carrito: 1 producto' })).toBeVisible();
  await page.getByRole('button', { name: 'AGREGAR AL CARRITO' }).click();
  await expect(toasts(page).getByText('Esta opción ya está en tu carrito')).toBeVisible();
  await page.getByRole('button', { name: course.days[1]! }).click();
  await page.getByRole('button', { name: 'AGREGAR AL CARRITO' }).click();
  await expect(page.getByRole('link', { name: 'Carrito: 2 productos' })).toBeVisible();

  // An in-person event as well.
  await page.goto(`/product/${inPerson._id}`);
  await page.getByRole('button', { name: inPerson.days[0]! }).click();
  await page.getByRole('button', { name: 'AGREGAR AL CARRITO' }).click();
  await expect(page.getByRole('link', { name: 'Carrito: 3 productos' })).toBeVisible();

  // The cart survives a reload (server cart) and shows its totals with the service fee.
  await page.reload();
  await page.getByRole('link', { name: 'Carrito: 3 productos' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const lines = page.getByRole('list', { name: 'Productos en el carrito' }).getByRole('listitem');
  await expect(lines).toHaveCount(3);
  const subtotal = 2 * course.price + inPerson.price;
  const money = (n: number) => `MXN$${n.toLocaleString('en-US')}`;
  const fee = SERVICE_FEE_CENTAVOS / 100;
  await expect(page.getByText('Precio de servicio').locator('..')).toContainText(money(fee));
  await expect(page.getByTestId('cart-total')).toHaveText(money(subtotal + fee));

  // Quantity input: 0 and empty are ignored; the delete icon removes the line.
  const qty = page.getByRole('spinbutton', { name: `Cantidad de ${SERIES}, ${course.days[1]!}` });
  await qty.fill('0');
  await qty.blur();
  await expect(qty).toHaveValue('1');
  await expect(lines).toHaveCount(3);
  await page.getByRole('button', { name: `Eliminar ${SERIES}, ${course.days[1]!}` }).click();
  await expect(lines).toHaveCount(2);
  await expect(page.getByRole('link', { name: 'Carrito: 2 productos' })).toBeVisible();
  await expect(page.getByTestId('cart-total')).toHaveText(money(course.price + inPerson.price + fee));

  await page.getByRole('link', { name: 'PROCEDER AL PAGO' }).click();
  await expect(page).toHaveURL(/\/place-order$/);
  await expect(page.getByRole('radio', { name: 'PayPal' })).toBeChecked();

  // The account's e-mail is filled in; a letter in the zipcode will be refused below.
  await page.getByLabel('Código postal').fill('14O8O');
  await expect(page.getByLabel('Correo electrónico')).toHaveValue(email);

  await page.getByLabel('Cupón de descuento').fill('GRATIS100');
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await expect(toasts(page).getByText('Cupón aplicado a toda la orden')).toBeVisible();
  await expect(page.getByText('GRATIS', { exact: true })).toBeVisible();
  await expect(page.getByTestId('cart-total')).toHaveText('MXN$0');
  await expect(page.getByRole('radio')).toHaveCount(1);
  await expect(page.getByRole('radio', { name: 'Reclamar Gratis' })).toBeChecked();

  await page.getByRole('button', { name: 'RECLAMAR AHORA' }).click();
  await expect(page.getByText('Este campo es obligatorio').first()).toBeVisible();
  await expect(page.getByText('Solo se permiten números')).toBeVisible();
  await expect(page).toHaveURL(/\/place-order$/);

  await fillAddress(page);
  await page.getByRole('button', { name: 'RECLAMAR AHORA' }).click();
  await expect(toasts(page).getByText('Producto reclamado exitosamente')).toBeVisible();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByRole('link', { name: 'Carrito: 0 productos' })).toBeVisible();

  // My products: the online course is ready to watch, the in-person event says so.
  const courseItem = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: SERIES }) });
  await expect(courseItem.getByText('Listo para ver')).toBeVisible();
  await expect(courseItem.getByText(course.days[0]!)).toBeVisible();
  const inPersonItem = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: IN_PERSON }) });
  await expect(inPersonItem.getByText('Evento Presencial')).toBeVisible();
  await expect(inPersonItem.getByRole('button', { name: 'Ver transmisión' })).toHaveCount(0);

  // Watching: one player per purchased day; a Vimeo event link brings its chat.
  await courseItem.getByRole('button', { name: 'Ver transmisión' }).click();
  await expect(page).toHaveURL(/\/live-stream$/);
  const player = page.getByTitle(`Transmisión de ${SERIES}: ${course.days[0]!}`);
  await expect(player).toHaveAttribute('src', 'https://vimeo.com/event/4938416/embed');
  await expect(page.getByTitle(`Chat en vivo de ${SERIES}: ${course.days[0]!}`)).toHaveAttribute(
    'src',
    'https://vimeo.com/event/4938416/chat',
  );
  await expect(page.locator('main iframe')).toHaveCount(2);

  // Opening /live-stream without an order in router state (a fresh entry, not a reload of
  // the one above, which keeps its state).
  await page.goto('/');
  await page.goto('/live-stream');
  await expect(toasts(page).getByText('No hay información de transmisión disponible')).toBeVisible();
  await expect(page).toHaveURL(/\/orders$/);

  // Owned: the in-person event (its only day) opens My products instead of the product page.
  await page.goto('/collection');
  await page.getByRole('link', { name: new RegExp(IN_PERSON.slice(0, 30)) }).click();
  await expect(toasts(page).getByText('Ya tienes acceso a este producto')).toBeVisible();
  await expect(page).toHaveURL(/\/orders$/);
  // The series still has a day not bought: its card opens the product page, owned days marked.
  await page.goto('/collection');
  await page
    .getByRole('link', { name: new RegExp(SERIES.slice(0, 30)) })
    .first()
    .click();
  await expect(page).toHaveURL(`/product/${course._id}`);
  await expect(page.getByRole('button', { name: course.days[0]! })).toBeDisabled();
  await expect(page.getByRole('button', { name: course.days[1]! })).toBeEnabled();
});

test('the coupon waits for the user type; a YouTube day gets a player without chat', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('cupon');
  const token = await registerByApi(request, email);
  const course = await productNamed(request, YOUTUBE_EVENT);
  await request.post('/api/cart/add', {
    headers: { token },
    data: { itemId: course._id, days: course.days[0] },
  });

  // Hold the profile back to see the coupon refuse to run without the user type.
  let release: () => void = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/user/profile', async (route) => {
    await held;
    await route.continue();
  });
  await openSignedIn(page, token, '/place-order');
  await page.getByLabel('Cupón de descuento').fill('GRATIS100');
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await expect(toasts(page).getByText('Por favor espere mientras se carga su información')).toBeVisible();
  release();
  await expect(page.getByLabel('Correo electrónico')).toHaveValue(email);

  await page.getByLabel('Cupón de descuento').fill('NOEXISTE');
  await page.getByRole('button', { name: 'Aplicar' }).click();
  // The refusal is written under the coupon field.
  await expect(page.locator('main').getByText('El cupón no es válido')).toBeVisible();

  await page.getByLabel('Cupón de descuento').fill('gratis100');
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await expect(page.getByRole('button', { name: 'RECLAMAR AHORA' })).toBeVisible();
  await fillAddress(page);
  await page.getByRole('button', { name: 'RECLAMAR AHORA' }).click();
  await expect(page).toHaveURL(/\/orders$/);

  await page.getByRole('button', { name: 'Ver transmisión' }).click();
  await expect(page.getByTitle(`Transmisión de ${YOUTUBE_EVENT}: ${course.days[0]!}`)).toHaveAttribute(
    'src',
    // The IFrame API is on (enablejsapi) so the page can count the time watched.
    /^https:\/\/www\.youtube\.com\/embed\/aqz-KE-bpKQ\?enablejsapi=1&origin=/,
  );
  await expect(page.getByTitle(/Chat en vivo/)).toHaveCount(0);
});
