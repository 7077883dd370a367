// CFDI 4.0 invoices in Chromium (docs/cfdi.md). With the fake Facturapi: a buyer enters fiscal
// data at checkout, pays with PayPal, downloads the stamped XML and PDF from /orders, and a
// refund cancels the CFDI (SAT reason 03). Without provider credentials (the demo store): the
// request waits in the admin's Facturas list and its CSV, and a partial refund leaves a
// credit note pending there (the type filter shows it alone) and on the buyer's /orders.
import { readFileSync } from 'node:fs';
import { expectNoAxeViolations } from './a11y-helpers';
import { expect, test, type Page } from '@playwright/test';
import { formatPrice } from '@store/shared/domain/money';
import { ADMIN, loginByApi, memberAtCheckout, shoot, toasts } from './storefront-helpers';

const COURSE = '2º Curso de Anestesia Cardiovascular';
const FACTURAPI = process.env.E2E_FACTURAPI_BASE ?? 'http://127.0.0.1:3215';
const DEMO_URL = process.env.E2E_DEMO_URL ?? 'http://localhost:3212';
const RFC = 'GODE561231GR8';

/** Checks «¿Requieres factura?» and fills the fiscal data; a wrong RFC first shows its message. */
async function fillInvoice(page: Page) {
  await page.getByRole('checkbox', { name: /¿Requieres factura\?/ }).check();
  const rfc = page.getByRole('textbox', { name: 'RFC' });
  await rfc.fill('GODE561231GR9');
  await page.getByRole('textbox', { name: 'Código postal fiscal' }).fill('1408');
  await page.getByRole('textbox', { name: 'Nombre o razón social' }).fill('Eduardo Gómez Díaz');
  await page.getByRole('combobox', { name: 'Régimen fiscal' }).selectOption('612');
  await page.getByRole('combobox', { name: 'Uso del CFDI' }).selectOption('G03');
}

async function fixInvoice(page: Page) {
  await page.getByRole('textbox', { name: 'RFC' }).fill(RFC);
  await page.getByRole('textbox', { name: 'Código postal fiscal' }).fill('14080');
}

test('with the PAC: fiscal data at checkout, pay, download XML and PDF, a refund cancels the CFDI', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { token } = await memberAtCheckout(page, request, COURSE, 'cfdi');
  await fillInvoice(page);
  const paypal = page.getByRole('button', { name: 'PayPal', exact: true });
  await paypal.click();
  await expect(
    page.getByText('El RFC no es válido: revisa el último carácter (dígito verificador)'),
  ).toBeVisible();
  await expect(page.getByText('El código postal fiscal debe tener 5 dígitos')).toBeVisible();
  await fixInvoice(page);
  await shoot(page, 'checkout-factura');
  await paypal.click();
  await expect(toasts(page).getByText('Pago completado exitosamente')).toBeVisible();
  await expect(page).toHaveURL(/\/orders$/);

  // The stamping job runs on its own interval (500 ms here) and /orders shows the status it
  // read when it loaded, so the page can still say «Solicitada»: wait until the API reports the
  // CFDI stamped, then load the page again as the buyer would.
  const myInvoices = async () =>
    (
      (await (await request.get('/api/invoice/mine', { headers: { token } })).json()) as {
        invoices: { status: string; folioFiscal: string | null }[];
      }
    ).invoices;
  await expect
    .poll(async () => (await myInvoices()).map((i) => i.status), { timeout: 20_000 })
    .toEqual(['timbrada']);
  const { folioFiscal } = (await myInvoices())[0]!;
  await page.reload();
  const invoices = page.getByRole('list', { name: 'Facturas de mis órdenes' });
  const row = invoices.getByRole('listitem').first();
  await expect(row.getByText('Timbrada')).toBeVisible();
  const stamped = (await (await request.get(`${FACTURAPI}/__fake/invoices`)).json()) as {
    id: string;
    uuid: string;
    status: string;
    cancellation_motive: string | null;
    customer: { tax_id: string };
  }[];
  // This order's CFDI at the provider, stamped for the RFC given at checkout.
  const mine = stamped.find((i) => i.uuid === folioFiscal)!;
  expect(mine.customer.tax_id).toBe(RFC);
  await expect(row).toContainText(mine.uuid);

  const [xml] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: /Descargar XML/ }).click(),
  ]);
  expect(xml.suggestedFilename()).toMatch(/^CFDI [0-9A-F]{8}\.xml$/);
  expect(readFileSync(await xml.path(), 'utf8')).toContain(`UUID="${mine.uuid}"`);
  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: /Descargar PDF/ }).click(),
  ]);
  expect(
    readFileSync(await pdf.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  await shoot(page, 'orders-facturas');

  // The data was kept on the account for next time.
  await page.goto('/account');
  await expect(page.getByRole('textbox', { name: 'RFC' })).toHaveValue(RFC);
  await expect(page.getByRole('combobox', { name: 'Uso del CFDI' })).toHaveValue('G03');
  await shoot(page, 'account-datos-fiscales');

  // The admin refunds the order: the CFDI is cancelled at the provider with reason 03.
  const adminToken = await loginByApi(request, ADMIN.email, ADMIN.password);
  const orders = (await (
    await request.post('/api/order/userorders', { headers: { token }, data: {} })
  ).json()) as {
    orders: { _id: string; amount: number }[];
  };
  const order = orders.orders[0]!;
  const refund = await request.post(`/api/admin/orders/${order._id}/refund`, {
    headers: { token: adminToken },
    data: { amount: order.amount, note: 'Cancelación del asistente', revokeAccess: true },
  });
  expect(refund.ok(), await refund.text()).toBe(true);
  await expect
    .poll(
      async () =>
        ((await (await request.get(`${FACTURAPI}/__fake/invoices`)).json()) as typeof stamped).find(
          (i) => i.id === mine.id,
        ),
      { timeout: 20_000 },
    )
    .toMatchObject({ status: 'canceled', cancellation_motive: '03' });
  await page.goto('/orders');
  await expect(
    page.getByRole('list', { name: 'Facturas de mis órdenes' }).getByText('Cancelada'),
  ).toBeVisible();
  expect(stamped.filter((i) => i.customer.tax_id === RFC && i.id === mine.id)).toHaveLength(1);

  // The admin's Facturas page shows it with its fiscal data.
  await page.evaluate(`localStorage.setItem('token', ${JSON.stringify(adminToken)})`);
  await page.goto('/admin/invoices');
  await expect(page.getByRole('heading', { level: 1, name: 'Facturas' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Facturas' })).toContainText(RFC);
});

test.describe('without provider credentials', () => {
  test.use({ baseURL: DEMO_URL });

  test('the request waits in the admin queue with its fiscal data, and in the CSV', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const { token } = await memberAtCheckout(page, request, COURSE, 'cfdi-sin-pac');
    await fillInvoice(page);
    await fixInvoice(page);
    await page.getByRole('button', { name: 'PayPal', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Simulador de PayPal — ningún cobro es real' });
    await dialog.getByRole('button', { name: 'Aprobar pago simulado' }).click();
    await expect(toasts(page).getByText('Pago completado exitosamente')).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Facturas de mis órdenes' }).getByText('Solicitada'),
    ).toBeVisible();

    const adminToken = await loginByApi(request, ADMIN.email, ADMIN.password);
    // A partial refund that keeps access: a credit note for the accountant.
    const orders = (await (
      await request.post('/api/order/userorders', { headers: { token }, data: {} })
    ).json()) as { orders: { _id: string; amount: number }[] };
    const refund = await request.post(`/api/admin/orders/${orders.orders[0]!._id}/refund`, {
      headers: { token: adminToken },
      data: { amount: 100, note: 'Descuento de cortesía', revokeAccess: false },
    });
    expect(refund.ok(), await refund.text()).toBe(true);
    await page.reload();
    const notes = page.getByRole('list', { name: /^Notas de crédito de la orden/ });
    await expect(notes).toContainText('En proceso');
    await shoot(page, 'orders-nota-de-credito');

    await page.evaluate(`localStorage.setItem('token', ${JSON.stringify(adminToken)})`);
    await page.goto('/admin/invoices');
    await expect(page.getByText('Sin proveedor de facturación configurado')).toBeVisible();
    const table = page.getByRole('table', { name: 'Facturas' });
    await expect(table).toContainText(RFC);
    await expect(table).toContainText('EDUARDO GÓMEZ DÍAZ');
    await expect(table).toContainText('Timbrar por fuera y adjuntar');
    await expect(table).toContainText('Nota de crédito pendiente');
    await shoot(page, 'admin-facturas');
    await expectNoAxeViolations(page);
    await page.getByRole('combobox', { name: 'Estado' }).selectOption('solicitada');
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/^facturas-solicitada-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync(await csv.path(), 'utf8');
    expect(text).toContain('RFC,Razón social,Régimen fiscal,Uso CFDI,C.P. fiscal');
    expect(text).toContain(
      `${RFC},EDUARDO GÓMEZ DÍAZ,612 - Personas Físicas con Actividades Empresariales y Profesionales,G03 - Gastos en general,14080`,
    );
    expect(text).toMatch(
      /,Nota de crédito pendiente,GODE561231GR8,.*,100\.00,.*,Egreso \(nota de crédito\),/,
    );

    // One list of documents: the type filter leaves only the credit note of the refund.
    await page.getByRole('combobox', { name: 'Tipo de CFDI' }).selectOption('E');
    await expect(table).not.toContainText('Timbrar por fuera y adjuntar');
    await expect(table).toContainText('Nota de crédito pendiente');
    await expect(table).toContainText(`Reembolso de ${formatPrice(100)}`);
  });
});
