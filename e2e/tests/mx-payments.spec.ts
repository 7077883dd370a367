// The Mexican ways to pay in Chromium (docs/payments.md), against the store `npm run demo` starts
// (the Stripe simulator turns card, OXXO and SPEI on) with CFDI stamped by the fake Facturapi:
// a card in 6 meses sin intereses; an OXXO voucher paid in the simulator, and one left to expire
// so its seat goes to the waiting list; a hospital's team order paid by SPEI in two transfers
// with a PPD invoice and its payment complement. The simulator's buttons stand in for the cash
// desk and the bank, so nothing waits for real time.
import {
  expect as baseExpect,
  test,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';
import { AFTER_SALE_MSG } from '@store/shared/after-sale-messages';
import { SERVICE_FEE_CENTAVOS } from '@store/shared/constants';
import { formatPrice, toPesos } from '@store/shared/domain/money';
import { msiPlansFor } from '@store/shared/domain/mx-payments';
import { addCalendarDays, fromMexicoCityLocal, mexicoCityDate } from '@store/shared/domain/time';
import { MSG } from '@store/shared/messages';
import { PAY_MSG } from '@store/shared/payment-messages';
import { expectNoAxeViolations } from './a11y-helpers';
import {
  ADMIN,
  fillAddress,
  linkFromNewestEmail,
  listProducts,
  loginByApi,
  openSignedIn,
  productNamed,
  registerByApi,
  shoot,
  toasts,
  uniqueEmail,
} from './storefront-helpers';

const MX_URL = process.env.E2E_MX_URL ?? 'http://localhost:3213';
const MX_DATA_DIR = process.env.E2E_MX_DATA_DIR ?? '';
const FACTURAPI = process.env.E2E_FACTURAPI_BASE ?? 'http://127.0.0.1:3215';
/** $1,400 a day, sold per day: 6 meses sin intereses qualify. */
const COURSE = 'Protección miocárdica y circulación extracorpórea';
/** $500, sold per day, 12 days ahead: an OXXO voucher of 3 days fits. */
const CASES = 'Casos clínicos: valvulopatía aórtica en el adulto mayor';
/** $800 a day, 16 days ahead, sold per day: a hospital buys places for its team. */
const PANEL = 'Panel: manejo de la coagulación en cirugía cardíaca';
/** The hospital's fiscal data: a persona moral's RFC (its check digit valid), régimen 601. */
const HOSPITAL = {
  rfc: 'MAB9307148T4',
  name: 'Hospital Cardiológico del Bajío',
  regimen: '601',
  uso: 'G03',
  zip: '06700',
};

test.use({ baseURL: MX_URL });
// Pages, webhooks and the stamping job on a busy 2-core machine; nothing waits on a fixed delay.
const expect = baseExpect.configure({ timeout: 20_000 });

const price = (centavos: number) => formatPrice(toPesos(centavos));
const simulatorBanner = (page: Page) => page.getByRole('note').filter({ hasText: 'Simulador de Stripe' });

/**
 * A separate browser (own storage) for another person; reduced motion, so the dashboard's charts
 * are drawn at once rather than photographed mid-animation.
 */
async function personPage(browser: Browser, token: string, path: string) {
  const context = await browser.newContext({ baseURL: MX_URL, locale: 'es-MX', reducedMotion: 'reduce' });
  const page = await context.newPage();
  await openSignedIn(page, token, path);
  return page;
}

/** The page at 375 and 1280 px from its top (a sticky header or column stays where it belongs). */
async function shot(page: Page, name: string) {
  await page.evaluate('window.scrollTo(0, 0)');
  await shoot(page, name);
}

/** Reloads until `target` shows: the page asks the server itself only every 15 s. */
async function reloadUntilVisible(page: Page, target: Locator, timeout = 30_000) {
  await expect(async () => {
    await page.reload();
    await expect(target).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout, intervals: [250, 500, 1_000] });
}

/** The day in the cart from the event's page, then the checkout with the address filled. */
async function addDayAndCheckOut(page: Page, productId: string, day: string) {
  await page.goto(`/product/${productId}`);
  await page.getByRole('button', { name: new RegExp(`^${escapeRe(day)} `) }).click();
  await page.getByRole('button', { name: 'AGREGAR AL CARRITO' }).click();
  await expect(page.getByRole('link', { name: 'Carrito: 1 producto' })).toBeVisible();
  await page.getByRole('link', { name: 'Carrito: 1 producto' }).click();
  await page.getByRole('link', { name: 'PROCEDER AL PAGO' }).click();
  await expect(page).toHaveURL(/\/place-order$/);
  await fillAddress(page);
}

/** The voucher or transfer page of the simulator, opened from the store's payment page. */
async function openSimulatorPage(page: Page, link: string) {
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('link', { name: new RegExp(link) }).click(),
  ]);
  await expect(simulatorBanner(popup)).toHaveText('Simulador de Stripe — ningún cobro es real');
  return popup;
}

/** Presses a simulator button; its page reloads with what changed, showing `after`. */
async function simulate(popup: Page, button: string, after: string) {
  await popup.getByRole('button', { name: button, exact: true }).click();
  await expect(popup.getByText(after)).toBeVisible();
}

/** Pays the cart from /place-order with the card, in one payment, on the simulator's card page. */
async function payByCardAtOnce(page: Page) {
  await page.getByRole('radio', { name: 'Tarjeta de crédito o débito' }).check();
  await page.getByRole('button', { name: 'PAGAR CON TARJETA' }).click();
  await expect(page.getByRole('heading', { name: 'Pago con tarjeta' })).toBeVisible();
  await page.getByRole('button', { name: /^Pagar / }).click();
  // Paid: the store lands on Mis Productos (its toast may be gone by the time a busy machine
  // looks; the caller checks the bought day, which stays).
  await expect(page).toHaveURL(/\/orders$/, { timeout: 30_000 });
}

/** A one-day workshop 30 days ahead with a single seat, published through the admin API. */
async function oneSeatWorkshop(request: APIRequestContext, adminToken: string) {
  const date = addCalendarDays(mexicoCityDate(Date.now()), 30);
  const iso = (time: string) => new Date(fromMexicoCityLocal(`${date}T${time}`)!).toISOString();
  const cover = (await listProducts(request))[0] as unknown as { image?: string[] };
  const name = `Taller de canulación para circulación extracorpórea ${Date.now().toString(36)}`;
  const res = await request.post('/api/admin/events', {
    headers: { token: adminToken },
    data: {
      name,
      description: 'Práctica en modelo animal, cupo de una persona.',
      price: 500,
      image: cover.image?.slice(0, 1) ?? [],
      category: 'Estudios de caso',
      subCategory: 'Avanzado',
      isPresential: true,
      days: [
        {
          label: 'Práctica en quirófano',
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

test('a card in 6 meses sin intereses: the plans at checkout, the plan chosen on the card page, «a 6 meses» after', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('msi');
  await registerByApi(request, email);
  const course = await productNamed(request, COURSE);
  const total = course.price * 100 + SERVICE_FEE_CENTAVOS;
  const plans = msiPlansFor(total);
  const six = plans.find((p) => p.count === 6)!;
  expect(six).toBeDefined();

  // The member signs in.
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill('clave-segura-e2e');
  await page.getByRole('button', { name: 'Iniciar sesión' }).last().click();
  await expect(page.getByRole('button', { name: 'Mi cuenta' })).toBeVisible();

  await addDayAndCheckOut(page, course._id, course.days[0]!);
  const card = page.getByRole('radio', { name: 'Tarjeta de crédito o débito' });
  await expect(page.getByRole('radio', { name: 'PayPal' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Efectivo en OXXO' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Transferencia SPEI' })).toBeVisible();
  await card.check();
  const longest = plans.at(-1)!;
  await expect(card).toHaveAccessibleDescription(
    new RegExp(
      `Hasta ${longest.count} meses sin intereses: ${longest.count} × ${escapeRe(price(longest.monthlyCentavos))}`,
    ),
  );
  await expect(card).toHaveAccessibleDescription(new RegExp(`6 × ${escapeRe(price(six.monthlyCentavos))}`));
  await expect(page.getByRole('button', { name: 'PAGAR CON TARJETA' })).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, 'mx-checkout-ways');

  // Stripe's card page (the simulator's): the plans this card allows, 6 months chosen.
  await page.getByRole('button', { name: 'PAGAR CON TARJETA' }).click();
  await expect(page.getByRole('heading', { name: 'Pago con tarjeta' })).toBeVisible();
  await expect(simulatorBanner(page)).toBeVisible();
  await expect(page.getByRole('radio', { name: /^Pago de contado/ })).toBeChecked();
  for (const p of plans) {
    await expect(
      page.getByRole('radio', { name: new RegExp(`^${p.count} meses sin intereses`) }),
    ).toBeVisible();
  }
  await page.getByRole('radio', { name: /^6 meses sin intereses/ }).check();
  await shot(page, 'mx-card-page');
  await page.getByRole('button', { name: /^Pagar / }).click();

  // Back at the store: /verify asks the server, then Mis Productos.
  await expect(page).toHaveURL(/\/orders$/, { timeout: 30_000 });
  await expect(
    toasts(page).getByText(`${MSG.paymentDone}. Pagado con tarjeta a 6 meses sin intereses.`),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Carrito: 0 productos' })).toBeVisible();
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: COURSE }) });
  await expect(item.getByText('Pagado con tarjeta a 6 meses sin intereses')).toBeVisible();
});

test('OXXO: the voucher, paid at the (simulated) cash desk, then the day in Mis Productos', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await registerByApi(request, uniqueEmail('oxxo'));
  const event = await productNamed(request, CASES);
  const total = event.price * 100 + SERVICE_FEE_CENTAVOS;
  await openSignedIn(page, token, '/');
  await addDayAndCheckOut(page, event._id, event.days[0]!);

  const oxxo = page.getByRole('radio', { name: 'Efectivo en OXXO' });
  await oxxo.check();
  await expect(oxxo).toHaveAccessibleDescription(/Vence en 3 días/);
  await page.getByRole('button', { name: 'GENERAR FICHA DE PAGO' }).click();
  await expect(toasts(page).getByText(PAY_MSG.voucherIssued)).toBeVisible();
  await expect(page).toHaveURL(/\/pago\/[0-9a-f-]{36}$/);
  const paymentUrl = page.url();

  // The voucher: amount, reference with its barcode, expiry.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('PAGA EN OXXO');
  const voucher = page.getByRole('region', { name: 'Ficha de pago en efectivo · OXXO' });
  await expect(voucher.getByText(price(total)).first()).toBeVisible();
  const reference = voucher.getByText('Número de referencia').locator('xpath=following-sibling::dd[1]');
  await expect(reference).toHaveText(/^\d{4}( \d{1,4})+$/);
  const digits = (await reference.innerText()).replace(/\s/g, '');
  await expect(
    voucher.getByRole('img', { name: `Código de barras de la referencia ${digits}` }),
  ).toBeVisible();
  await expect(voucher.getByText('Vence')).toBeVisible();
  await expect(page.getByText(/^Tu lugar está apartado hasta el /)).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, 'mx-oxxo-payment');

  // Mis Productos: the day waits for the cash, with the way back to the voucher.
  await page.getByRole('link', { name: 'Carrito: 0 productos' }).waitFor();
  await page.goto('/orders');
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: CASES }) });
  await expect(item.getByText(/^Pago pendiente en OXXO · vence el /)).toBeVisible();
  await expect(item.getByRole('link', { name: 'Ver ficha de pago' })).toBeVisible();
  await shot(page, 'mx-orders-pending');
  await item.getByRole('link', { name: 'Ver ficha de pago' }).click();
  await expect(page).toHaveURL(paymentUrl);

  // The printable voucher (the simulator's): the same reference; the cash is paid.
  const popup = await openSimulatorPage(page, 'Ficha para imprimir de Stripe');
  await expect(popup.getByRole('heading', { name: 'Ficha de pago OXXO' })).toBeVisible();
  await expect(popup.getByText(digits.replace(/(\d{4})(?=\d)/g, '$1 '))).toBeVisible();
  await shot(popup, 'mx-oxxo-simulator');
  await simulate(popup, 'Simular pago en OXXO', 'Pagada: OXXO confirmó el pago y Stripe avisó a la tienda.');
  await popup.close();

  await reloadUntilVisible(page, page.getByRole('heading', { name: '¡Recibimos tu pago!' }));
  await page.getByRole('link', { name: 'Ir a Mis Productos' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(item).toBeVisible();
  await expect(item.getByText(/Pago pendiente en OXXO/)).toHaveCount(0);
  await expect(item.getByText(event.days[0]!)).toBeVisible();
});

test('OXXO left to expire: the seat it held goes to the waiting list, whose member claims it', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const adminToken = await loginByApi(request, ADMIN.email, ADMIN.password);
  const workshop = await oneSeatWorkshop(request, adminToken);
  const day = 'Práctica en quirófano';

  // A takes the only seat with an OXXO voucher.
  const tokenA = await registerByApi(request, uniqueEmail('oxxo-a'));
  await openSignedIn(page, tokenA, '/');
  await addDayAndCheckOut(page, workshop.id, day);
  await page.getByRole('radio', { name: 'Efectivo en OXXO' }).check();
  await page.getByRole('button', { name: 'GENERAR FICHA DE PAGO' }).click();
  await expect(page).toHaveURL(/\/pago\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('region', { name: 'Ficha de pago en efectivo · OXXO' })).toBeVisible();

  // The day is sold out to others while the voucher holds it: B joins the waiting list.
  const emailB = uniqueEmail('oxxo-b');
  const tokenB = await registerByApi(request, emailB);
  const pageB = await personPage(browser, tokenB, `/product/${workshop.id}`);
  await expect(pageB.getByRole('heading', { name: workshop.name, level: 1 })).toBeVisible();
  await expect(pageB.getByRole('button', { name: 'AGOTADO', exact: true })).toBeDisabled();
  await pageB.getByRole('button', { name: AFTER_SALE_MSG.waitlistJoin }).click();
  await expect(toasts(pageB)).toContainText(AFTER_SALE_MSG.waitlistJoined);

  // A's voucher expires unpaid: the order ends and the seat is offered to B.
  const popup = await openSimulatorPage(page, 'Ficha para imprimir de Stripe');
  await simulate(popup, 'Dejar que venza', 'La ficha venció sin pagarse.');
  await popup.close();
  await reloadUntilVisible(page, page.getByRole('heading', { name: 'El plazo para pagar terminó' }));
  await expect(
    page.getByText('No recibimos el pago a tiempo, así que liberamos tu lugar.', { exact: false }),
  ).toBeVisible();
  await shot(page, 'mx-oxxo-expired');

  // B: the offer on the event's page and by e-mail; the link puts the day in the cart.
  await reloadUntilVisible(
    pageB,
    pageB.getByText(`Se liberó un lugar para ti en «${day}»`, { exact: false }),
  );
  const link = await linkFromNewestEmail(emailB, '/lista-de-espera/reclamar', 30_000, MX_DATA_DIR);
  await pageB.goto(new URL(link).pathname + new URL(link).search);
  await expect(pageB).toHaveURL(/\/cart$/);
  await expect(toasts(pageB)).toContainText(AFTER_SALE_MSG.waitlistClaimed);
  await pageB.getByRole('link', { name: 'PROCEDER AL PAGO' }).click();
  await fillAddress(pageB);
  await payByCardAtOnce(pageB);
  const item = pageB
    .getByRole('listitem')
    .filter({ has: pageB.getByRole('heading', { name: workshop.name }) });
  await expect(item.getByText(day)).toBeVisible();
  await pageB.context().close();
});

test('a hospital pays its team order by SPEI in two transfers, with a PPD invoice before paying and its payment complement after', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const buyerEmail = uniqueEmail('hospital-spei');
  const token = await registerByApi(request, buyerEmail);
  const panel = await productNamed(request, PANEL);
  const day = panel.days[0]!;

  await openSignedIn(page, token, `/product/${panel._id}`);
  await page.getByRole('link', { name: 'COMPRAR PARA MI EQUIPO' }).click();
  await expect(page).toHaveURL(new RegExp(`/equipo/${panel._id}$`));
  await page.getByRole('checkbox', { name: new RegExp(day) }).check();
  await page.getByLabel(/Número de lugares/).fill('5');
  const summary = page.getByRole('region', { name: 'Resumen' });
  await expect(summary).toContainText(`5 lugares × ${day}`);
  const totalText = (
    await summary.getByText('Total').locator('xpath=following-sibling::dd[1]').innerText()
  ).trim();
  expect(totalText).toBe(price(5 * panel.price * 100 + SERVICE_FEE_CENTAVOS));
  await fillAddress(page);
  await page.getByRole('checkbox', { name: /¿Requieres factura\?/ }).check();
  await page.getByRole('textbox', { name: 'RFC' }).fill(HOSPITAL.rfc);
  await page.getByRole('textbox', { name: 'Nombre o razón social' }).fill(HOSPITAL.name);
  await page.getByRole('textbox', { name: 'Código postal fiscal' }).fill(HOSPITAL.zip);
  await page.getByRole('combobox', { name: 'Régimen fiscal' }).selectOption(HOSPITAL.regimen);
  await page.getByRole('combobox', { name: 'Uso del CFDI' }).selectOption(HOSPITAL.uso);
  await page.getByRole('radio', { name: /^Transferencia SPEI/ }).check();
  await page.getByRole('radio', { name: 'Antes de pagar, para tramitar el pago (PPD)' }).check();
  // A field left empty: the order is refused on the spot, the field brought into view and focused.
  const phone = page.getByRole('textbox', { name: /^Teléfono/ });
  const typed = await phone.inputValue();
  await phone.fill('');
  await page.getByRole('button', { name: 'OBTENER DATOS PARA TRANSFERIR' }).click();
  await expect(phone).toBeFocused();
  await expect(phone).toBeInViewport();
  await phone.fill(typed);
  await shot(page, 'mx-team-spei');
  await page.getByRole('button', { name: 'OBTENER DATOS PARA TRANSFERIR' }).click();

  // The transfer data.
  await expect(toasts(page).getByText(PAY_MSG.transferIssued)).toBeVisible();
  await expect(page).toHaveURL(/\/pago\/[0-9a-f-]{36}$/);
  const orderId = /\/pago\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('TRANSFIERE POR SPEI');
  const transfer = page.getByRole('region', { name: 'Datos para tu transferencia SPEI' });
  const dd = (term: string) =>
    transfer.getByText(term, { exact: true }).locator('xpath=following-sibling::dd[1]');
  await expect(dd('Monto a transferir')).toHaveText(totalText);
  await expect(dd('CLABE')).toContainText(/\d{3} \d{3} \d{11} \d/);
  await expect(dd('Referencia (escríbela en el concepto)')).toContainText(/\S/);
  await expect(transfer.getByRole('button', { name: /Copiar CLABE/i })).toBeVisible();

  // Before paying: the PPD invoice is stamped and listed in Mis facturas, the order waits.
  const buyer = await personPage(browser, token, '/orders');
  const team = buyer.getByRole('region', { name: 'COMPRAS PARA TU EQUIPO' });
  await expect(team.getByRole('listitem').first()).toContainText('Pendiente');
  await expect(team.getByText(/^Transferencia SPEI pendiente · fecha límite /)).toBeVisible();
  await expect(team.getByRole('link', { name: 'Ver ficha de pago' })).toBeVisible();
  const invoices = buyer.getByRole('list', { name: 'Facturas de mis órdenes' });
  const row = invoices.getByRole('listitem').filter({ hasText: 'Factura PPD (pago por transferencia)' });
  await reloadUntilVisible(buyer, row.getByText('Timbrada', { exact: true }));
  await expect(
    row.getByText('Cuando recibamos tu transferencia te enviaremos su complemento de pago.'),
  ).toBeVisible();
  await expect(row.getByRole('button', { name: /^Descargar XML del CFDI/ })).toBeVisible();
  await shot(buyer, 'mx-orders-team-pending');

  // Part of the money arrives.
  const popup = await openSimulatorPage(page, 'Instrucciones de Stripe');
  await expect(popup.getByRole('heading', { name: 'Transferencia SPEI' })).toBeVisible();
  await simulate(
    popup,
    'Transferencia parcial',
    'Recibimos una parte: transfiere lo que falta con la misma referencia.',
  );
  const totalCentavos = 5 * panel.price * 100 + SERVICE_FEE_CENTAVOS;
  const half = Math.floor(totalCentavos / 2);
  await reloadUntilVisible(page, transfer.getByText('Recibimos una parte de tu pago'));
  await expect(transfer).toContainText(`Recibimos ${price(half)}; faltan ${price(totalCentavos - half)}.`);
  await expect(dd('Monto que falta transferir')).toHaveText(price(totalCentavos - half));
  await buyer.reload();
  await expect(team).toContainText(`Recibimos ${price(half)}; faltan ${price(totalCentavos - half)}.`);
  await expectNoAxeViolations(page);
  await shot(page, 'mx-spei-partial');

  // The association: its ways to pay, and the transfer waiting on the dashboard.
  const adminToken = await loginByApi(request, ADMIN.email, ADMIN.password);
  const admin = await personPage(browser, adminToken, '/admin/pagos');
  await expect(admin.getByRole('heading', { level: 1, name: 'Formas de pago' })).toBeVisible();
  await expect(admin.getByRole('heading', { name: 'Tarjeta con meses sin intereses' })).toBeVisible();
  await shot(admin, 'mx-admin-pagos');
  await admin.goto('/admin');
  const waits = admin.getByRole('list', { name: 'Pagos en espera' });
  const wait = waits.getByRole('listitem').filter({ hasText: buyerEmail });
  await expect(wait).toContainText('compra para equipo');
  await expect(wait).toContainText('SPEI');
  await expect(wait).toContainText(`Recibido`);
  await shot(admin, 'mx-admin-waits');
  await admin.context().close();

  // The rest arrives: paid.
  await simulate(
    popup,
    'Simular transferencia SPEI',
    'Pagada: Stripe recibió la transferencia completa y avisó a la tienda.',
  );
  await popup.close();
  await reloadUntilVisible(page, page.getByRole('heading', { name: '¡Recibimos tu pago!' }));

  // The places can be named now.
  await buyer.reload();
  await expect(team.getByRole('listitem').first()).toContainText('Pagado');
  await team.getByRole('link', { name: 'Lugares del equipo' }).click();
  await expect(buyer).toHaveURL(new RegExp(`/orders/${orderId}/lugares$`));
  const places = buyer.getByRole('list', { name: 'Lugares' });
  await expect(places.getByText('Sin asignar', { exact: true })).toHaveCount(5);
  const ana = uniqueEmail('ana-perfusionista');
  await buyer.getByRole('button', { name: 'Asignar Lugar 1', exact: true }).click();
  await buyer.getByLabel('Nombre completo').fill('Ana Perfusionista Ruiz');
  await buyer.getByLabel('Correo electrónico').fill(ana);
  await buyer.getByRole('button', { name: 'Guardar' }).click();
  await expect(places.getByText(`ANA PERFUSIONISTA RUIZ · ${ana}`)).toBeVisible();
  await expect(places.getByText('Sin asignar', { exact: true })).toHaveCount(4);

  // The payment complement, stamped beside the invoice.
  await buyer.goto('/orders');
  const complement = row.getByText('Complemento de pago', { exact: true }).locator('..').locator('..');
  await reloadUntilVisible(buyer, complement.getByText('Timbrado', { exact: true }));
  await expect(complement).toContainText(`pago de ${totalText}`);
  await expect(row.getByRole('button', { name: /^Descargar XML del complemento de pago/ })).toBeVisible();
  await expect(row.getByText('Cuando recibamos tu transferencia', { exact: false })).toHaveCount(0);
  await shot(buyer, 'mx-invoices-ppd');

  // At the PAC: the PPD invoice for the hospital, and a comprobante de pago relating it (SPEI: 03).
  const mine = (await (await request.get('/api/invoice/mine', { headers: { token } })).json()) as {
    invoices: {
      orderId: string;
      folioFiscal: string | null;
      paymentComplement: { folioFiscal: string | null } | null;
    }[];
  };
  const invoice = mine.invoices.find((i) => i.orderId === orderId)!;
  const stamped = (await (await request.get(`${FACTURAPI}/__fake/invoices`)).json()) as {
    uuid: string;
    type: string;
    payment_method: string | null;
    customer: { tax_id: string };
    complements: { data: { payment_form: string; related_documents: { uuid: string }[] }[] }[];
  }[];
  const ppd = stamped.find((i) => i.uuid === invoice.folioFiscal)!;
  expect(ppd).toMatchObject({ type: 'I', payment_method: 'PPD', customer: { tax_id: HOSPITAL.rfc } });
  const pago = stamped.find((i) => i.uuid === invoice.paymentComplement!.folioFiscal)!;
  expect(pago.type).toBe('P');
  expect(pago.complements[0]!.data[0]).toMatchObject({
    payment_form: '03',
    related_documents: [expect.objectContaining({ uuid: ppd.uuid })],
  });
  await buyer.context().close();
});

function escapeRe(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
