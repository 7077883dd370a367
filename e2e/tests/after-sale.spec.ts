// After the sale in Chromium (docs/after-sale.md), against the fake PayPal: a buyer pays,
// downloads the receipt PDF (its text carries the figures), cancels from Mis Productos well
// before the event and PayPal refunds 80 % (seen by the fake), the seat comes back, access
// ends and the card says what came back; an event less than 15 days away offers no
// cancellation (only the transfer) and the API refuses one.
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { extractText } from 'unpdf';
import { CURRENCY_LABEL, SERVICE_FEE_CENTAVOS } from '@store/shared/constants';
import { cancellationRefund } from '@store/shared/domain/cancellation';
import { centavosToDecimalString, formatPrice, toCentavos, toPesos } from '@store/shared/domain/money';
import { MSG } from '@store/shared/messages';
import { openSignedIn, productNamed, registerByApi, uniqueEmail } from './storefront-helpers';

const COURSE = '2º Curso de Anestesia Cardiovascular';
/** A demo conference 9 days from today: inside the 15 days, so no longer cancellable. */
const SOON = 'Analgesia regional en cirugía cardíaca';
const PAYPAL_BASE = process.env.E2E_PAYPAL_BASE ?? 'http://127.0.0.1:3211';
const SHOTS = process.env.SHOTS_DIR;

interface ApiOrder {
  _id: string;
  status: string;
  amount: number;
}

async function ordersOf(request: APIRequestContext, token: string): Promise<ApiOrder[]> {
  const res = await request.post('/api/order/userorders', { headers: { token }, data: {} });
  return ((await res.json()) as { orders: ApiOrder[] }).orders;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function fillAddress(page: Page) {
  const field = (name: string) => page.getByRole('textbox', { name, exact: true });
  await field('Nombre').fill('Ana');
  await field('Apellidos').fill('Ruiz');
  await field('Calle y número').fill('Juan Badiano 1');
  await field('Ciudad').fill('Ciudad de México');
  await field('Código postal').fill('14080');
  await field('Teléfono').fill('5555555555');
}

/** A new member who bought the product's first day (every day of an event sold as a whole) with PayPal in the browser. */
async function buyWithPaypal(page: Page, request: APIRequestContext, productName: string, prefix: string) {
  const token = await registerByApi(request, uniqueEmail(prefix));
  const product = await productNamed(request, productName);
  const add = await request.post('/api/cart/add', {
    headers: { token },
    data: { itemId: product._id, days: product.days[0] },
  });
  expect(add.ok()).toBe(true);
  await openSignedIn(page, token, '/place-order');
  await fillAddress(page);
  await page.getByRole('button', { name: 'PayPal', exact: true }).click();
  await expect(page).toHaveURL(/\/orders$/);
  // What was charged: the buyer's tier of the fee schedule plus the service fee.
  const [order] = await ordersOf(request, token);
  const totalCentavos = toCentavos(order!.amount);
  const bought = product.saleMode === 'completo' ? product.days : [product.days[0]!];
  return { token, product, totalCentavos, bought };
}

async function singleProduct(request: APIRequestContext, token: string, id: string) {
  const res = await request.get(`/api/product/single/${id}`, { headers: { token } });
  return (
    (await res.json()) as {
      product: { dayOptions: { label: string; seatsSold: number }[]; dayLinks: Record<string, string> };
    }
  ).product;
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width < 800 ? 812 : 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
}

test('cancelling well before the event: 80 % back through PayPal, seat freed, access ended', async ({
  page,
  request,
}) => {
  const { token, product, totalCentavos, bought } = await buyWithPaypal(page, request, COURSE, 'cancela');
  const refund = cancellationRefund(totalCentavos);
  const before = await singleProduct(request, token, product._id);
  expect(Object.keys(before.dayLinks).sort()).toEqual([...bought].sort());

  // The receipt PDF carries the order's figures.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Descargar recibo' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^recibo-[0-9A-F]{8}\.pdf$/);
  const { text } = await extractText(new Uint8Array(await readFile((await download.path())!)), {
    mergePages: true,
  });
  expect(text).toContain('Recibo de pago');
  expect(text).toContain(formatPrice(toPesos(totalCentavos), CURRENCY_LABEL));
  expect(text).toContain(formatPrice(toPesos(SERVICE_FEE_CENTAVOS), CURRENCY_LABEL));
  await shoot(page, 'orders-paid');

  await page.getByRole('button', { name: 'Cancelar compra' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancelar compra' });
  await expect(dialog).toContainText('15 días naturales');
  await expect(dialog).toContainText(`Reembolso${formatPrice(toPesos(refund), CURRENCY_LABEL)}`);
  await shoot(page, 'cancel-dialog');

  await dialog.getByRole('button', { name: 'Cancelar toda la orden' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirma la cancelación' });
  await expect(confirm).toContainText('Esta acción no se puede deshacer');
  await shoot(page, 'cancel-confirm');
  await confirm.getByRole('button', { name: 'Sí, cancelar' }).click();
  await expect(page.getByText('Reembolso parcial')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ver transmisión' })).toHaveCount(0);
  // The card says what came back and when; nothing is left to cancel.
  await expect(
    page
      .getByRole('list', { name: 'Reembolsos' })
      .getByText(
        new RegExp(
          `^Reembolsado: ${escapeRegExp(formatPrice(toPesos(refund), CURRENCY_LABEL))} el \\d{1,2} de \\p{L}+ de \\d{4}$`,
          'u',
        ),
      ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancelar compra' })).toHaveCount(0);
  await shoot(page, 'orders-after-cancel');

  // What the fake PayPal saw: one refund of 80 % of the order's amount, in MXN.
  const [order] = await ordersOf(request, token);
  expect(order!.status).toBe('reembolso_parcial');
  const seen = (await (await request.get(`${PAYPAL_BASE}/__fake/refunds`)).json()) as {
    refunds: { amount: { currency_code: string; value: string }; requestId: string }[];
  };
  const ours = seen.refunds.filter((r) => r.amount.value === centavosToDecimalString(refund));
  expect(ours.length).toBeGreaterThanOrEqual(1);
  expect(ours.at(-1)!.amount.currency_code).toBe('MXN');
  expect(ours.at(-1)!.requestId).toMatch(/^refund-/);

  const after = await singleProduct(request, token, product._id);
  expect(after.dayLinks).toEqual({});
  expect(after.dayOptions.map((d) => d.seatsSold)).toEqual(
    before.dayOptions.map((d) => (bought.includes(d.label) ? d.seatsSold - 1 : d.seatsSold)),
  );
});

test('less than 15 days before: no Cancelar compra, the colleague transfer instead, and the API refuses', async ({
  page,
  request,
}) => {
  const { token } = await buyWithPaypal(page, request, SOON, 'tarde');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: SOON }) });
  await expect(card.getByRole('button', { name: 'Transferir a un colega' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancelar compra' })).toHaveCount(0);
  await shoot(page, 'cancel-closed');

  const [order] = await ordersOf(request, token);
  const res = await request.post('/api/order/cancel', { headers: { token }, data: { orderId: order!._id } });
  expect(res.status()).toBe(409);
  expect(((await res.json()) as { message: string }).message).toBe(MSG.cancelWindowClosed);
  expect((await ordersOf(request, token))[0]!.status).toBe('pagado');
});
