// PayPal checkout in Chromium (docs/product.md → PayPal payment): the store loads the PayPal SDK from
// the configured base (a fake PayPal that speaks the REST API and serves /sdk/js); its
// buttons drive the real createOrder/onApprove code, and the server creates and captures.
import { expect, test, type Page } from '@playwright/test';
import { SERVICE_FEE_CENTAVOS } from '@store/shared/constants';
import {
  fillAddress,
  memberAtCheckout,
  memberWithFirstDay,
  openSignedIn,
  ordersOf,
  toasts,
} from './storefront-helpers';

// Sold as a whole: one day chosen puts its three days in the cart (docs/fees.md).
const COURSE = '2º Curso de Anestesia Cardiovascular';
const PAYPAL_BASE = process.env.E2E_PAYPAL_BASE ?? 'http://127.0.0.1:3211';

const money = (n: number) => `MXN$${n.toLocaleString('en-US')}`;
const paypalButton = (page: Page) => page.getByRole('button', { name: 'PayPal', exact: true });

test('PayPal checkout: the SDK loads in MXN, the server creates and captures, then /orders', async ({
  page,
  request,
}, testInfo) => {
  const { token, product } = await memberWithFirstDay(request, COURSE, 'paypal');
  const total = product.price + SERVICE_FEE_CENTAVOS / 100;
  const sdkRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith(`${PAYPAL_BASE}/sdk/js`)) sdkRequests.push(r.url());
  });

  // The SDK is not loaded outside checkout.
  await openSignedIn(page, token, '/cart');
  await expect(page.getByRole('link', { name: 'PROCEDER AL PAGO' })).toBeVisible();
  expect(sdkRequests).toHaveLength(0);

  await page.getByRole('link', { name: 'PROCEDER AL PAGO' }).click();
  await expect(page).toHaveURL(/\/place-order$/);
  await expect(page.getByText('Total a pagar con PayPal').locator('..')).toContainText(money(total));
  await expect(paypalButton(page)).toBeVisible();
  expect(sdkRequests).toHaveLength(1);
  const sdk = new URL(sdkRequests[0]!);
  expect(sdk.searchParams.get('currency')).toBe('MXN');
  expect(sdk.searchParams.get('intent')).toBe('capture');
  expect(sdk.searchParams.get('client-id')).toBe('fake-client-id');

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width < 800 ? 812 : 900 });
    await paypalButton(page).scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`checkout-paypal-${width}.png`) });
  }

  // The form is checked before PayPal opens: nothing is created at PayPal or here.
  await paypalButton(page).click();
  await expect(toasts(page).getByText('Revisa los datos marcados antes de pagar')).toBeVisible();
  await expect(page.getByText('Este campo es obligatorio').first()).toBeVisible();
  expect(await ordersOf(request, token)).toHaveLength(0);

  await fillAddress(page);
  await paypalButton(page).click();
  await expect(toasts(page).getByText('Pago completado exitosamente')).toBeVisible();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByRole('link', { name: 'Carrito: 0 productos' })).toBeVisible();
  await expect(page.getByRole('heading', { name: COURSE })).toBeVisible();

  const [order] = await ordersOf(request, token);
  expect(order).toMatchObject({ status: 'pagado', paymentMethod: 'paypal', amount: total });
  // What PayPal holds: an order for exactly that amount in MXN, captured, tied to ours.
  const remote = (await (
    await request.get(`${PAYPAL_BASE}/__fake/orders/${order!.paymentReference}`)
  ).json()) as {
    status: string;
    purchase_units: {
      custom_id: string;
      amount: { currency_code: string; value: string };
      payments: { captures: { status: string }[] };
    }[];
  };
  expect(remote.status).toBe('COMPLETED');
  expect(remote.purchase_units[0]!.amount).toEqual({ currency_code: 'MXN', value: total.toFixed(2) });
  expect(remote.purchase_units[0]!.custom_id).toBe(order!._id);
  expect(remote.purchase_units[0]!.payments.captures[0]!.status).toBe('COMPLETED');
});

test('a declined capture grants nothing: error shown, cart kept, order not paid', async ({
  page,
  request,
}) => {
  const { token } = await memberAtCheckout(page, request, COURSE, 'rechazo');
  await page.evaluate("window.__fakePaypalCapture = 'DECLINED'");
  await paypalButton(page).click();
  await expect(toasts(page).getByText('Error al procesar el pago')).toBeVisible();
  await expect(page).toHaveURL(/\/place-order$/);
  await expect(page.getByRole('link', { name: 'Carrito: 1 producto' })).toBeVisible();
  const orders = await ordersOf(request, token);
  expect(orders.map((o) => o.status)).toEqual(['cancelado']);

  // Paying again with working funds succeeds.
  await page.evaluate('window.__fakePaypalCapture = undefined');
  await paypalButton(page).click();
  await expect(page).toHaveURL(/\/orders$/);
  expect((await ordersOf(request, token)).filter((o) => o.status === 'pagado')).toHaveLength(1);
});

test('closing PayPal without paying keeps the cart and releases the pending order', async ({
  page,
  request,
}) => {
  const { token } = await memberAtCheckout(page, request, COURSE, 'cancela');
  await page.evaluate("window.__fakePaypalBuyer = 'cancel'");
  await paypalButton(page).click();
  await expect(toasts(page).getByText('Cancelaste el pago. Tu carrito sigue intacto.')).toBeVisible();
  await expect(page).toHaveURL(/\/place-order$/);
  await expect(page.getByRole('link', { name: 'Carrito: 1 producto' })).toBeVisible();
  await expect.poll(async () => (await ordersOf(request, token)).map((o) => o.status)).toEqual(['cancelado']);
});

test('/verify never trusts success=true: back to the cart with the error', async ({ page, request }) => {
  const { token } = await memberWithFirstDay(request, COURSE, 'verifica');
  await openSignedIn(page, token, '/verify?success=true&orderId=00000000-0000-4000-8000-000000000000');
  await expect(page).toHaveURL(/\/cart$/);
  // Stripe is not configured in these journeys: the server's reason is what the page shows.
  await expect(
    toasts(page).getByText('El pago con tarjeta no está disponible en este momento.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Carrito: 1 producto' })).toBeVisible();
});
