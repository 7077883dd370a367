// The providers as they really answer, in Chromium (docs/providers.md): PayPal declines the
// buyer's card and the button restarts so another funding source pays the same order; a
// buyer's cancellation whose refund PayPal takes as PENDING shows "Reembolso en proceso" and
// becomes refunded when PayPal's webhook says COMPLETED; a CFDI whose cancellation the
// receiver must accept shows that state on /orders and in /admin. The last two tell the fakes
// how to answer the next refund or cancellation, whoever asks: they run @alone.
import { expect, test } from '@playwright/test';
import { CURRENCY_LABEL } from '@store/shared/constants';
import { cancellationRefund } from '@store/shared/domain/cancellation';
import { formatPrice, toCentavos, toPesos } from '@store/shared/domain/money';
import { MSG } from '@store/shared/messages';
import { ADMIN, loginByApi, memberAtCheckout, ordersOf, shoot, toasts } from './storefront-helpers';

const COURSE = '2º Curso de Anestesia Cardiovascular';
const PAYPAL_BASE = process.env.E2E_PAYPAL_BASE ?? 'http://127.0.0.1:3211';
const FACTURAPI = process.env.E2E_FACTURAPI_BASE ?? 'http://127.0.0.1:3215';
const RFC = 'GODE561231GR8';

test('a declined card: the PayPal window reopens, another funding source pays the same order', async ({
  page,
  request,
}) => {
  const { token } = await memberAtCheckout(page, request, COURSE, 'rechazo');
  // PayPal answers the capture 422 INSTRUMENT_DECLINED; the buyer then picks another card.
  await page.evaluate("window.__fakePaypalCapture = 'INSTRUMENT_DECLINED'");
  await page.getByRole('button', { name: 'PayPal', exact: true }).click();
  // The decline was said when it happened (PayPal checkout's unit test); once the other card
  // pays, only the success is on screen, never the two contradicting each other.
  await expect(toasts(page).getByText('Pago completado exitosamente')).toBeVisible();
  await expect(toasts(page).getByText(MSG.paymentDeclinedRetry)).toBeHidden();
  await expect(page).toHaveURL(/\/orders$/);
  expect(await page.evaluate('window.__fakePaypalRestarts')).toBe(1);
  const orders = await ordersOf(request, token);
  expect(orders).toHaveLength(1);
  expect(orders[0]!.status).toBe('pagado');
});

test('a refund PayPal takes as PENDING: "Reembolso en proceso" until the webhook completes it @alone', async ({
  page,
  request,
}) => {
  const { token } = await memberAtCheckout(page, request, COURSE, 'reembolso-pendiente');
  await page.getByRole('button', { name: 'PayPal', exact: true }).click();
  await expect(page).toHaveURL(/\/orders$/);
  const [order] = await ordersOf(request, token);
  const refund = formatPrice(toPesos(cancellationRefund(toCentavos(order!.amount))), CURRENCY_LABEL);

  expect(
    (await request.post(`${PAYPAL_BASE}/__fake/script-refund`, { data: { kind: 'pending' } })).ok(),
  ).toBe(true);
  await page.getByRole('button', { name: 'Cancelar compra' }).click();
  await page
    .getByRole('dialog', { name: 'Cancelar compra' })
    .getByRole('button', { name: 'Cancelar toda la orden' })
    .click();
  await page
    .getByRole('dialog', { name: 'Confirma la cancelación' })
    .getByRole('button', { name: 'Sí, cancelar' })
    .click();
  const refunds = page.getByRole('list', { name: 'Reembolsos' });
  await expect(refunds.getByText(`Reembolso en proceso: ${refund}`, { exact: false })).toBeVisible();
  // Nothing ended yet: still paid, nothing more to cancel while PayPal works.
  await expect(page.getByRole('button', { name: 'Cancelar compra' })).toHaveCount(0);
  expect((await ordersOf(request, token))[0]!.status).toBe('pagado');
  await shoot(page, 'orders-refund-pending');

  // PayPal completes it and notifies the store.
  const made = (
    (await (await request.get(`${PAYPAL_BASE}/__fake/refunds`)).json()) as {
      refunds: { id: string; status: string }[];
    }
  ).refunds.at(-1)!;
  expect(made.status).toBe('PENDING');
  const delivery = (await (
    await request.post(`${PAYPAL_BASE}/__fake/refunds/${made.id}/settle`, { data: { status: 'COMPLETED' } })
  ).json()) as { headers: Record<string, string>; body: string };
  const hook = await request.post('/api/paypal/webhook', { headers: delivery.headers, data: delivery.body });
  expect(hook.ok(), await hook.text()).toBe(true);

  await page.reload();
  await expect(page.getByText('Reembolso parcial')).toBeVisible();
  await expect(
    refunds.getByText(new RegExp(`^Reembolsado: ${refund.replace(/[$.]/g, '\\$&')} el `)),
  ).toBeVisible();
  expect((await ordersOf(request, token))[0]!.status).toBe('reembolso_parcial');
});

test('a CFDI whose cancellation the receiver must accept: shown on /orders and in /admin @alone', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { token } = await memberAtCheckout(page, request, COURSE, 'cfdi-aceptacion');
  await page.getByRole('checkbox', { name: /¿Requieres factura\?/ }).check();
  await page.getByRole('textbox', { name: 'RFC' }).fill(RFC);
  await page.getByRole('textbox', { name: 'Código postal fiscal' }).fill('14080');
  await page.getByRole('textbox', { name: 'Nombre o razón social' }).fill('Eduardo Gómez Díaz');
  await page.getByRole('combobox', { name: 'Régimen fiscal' }).selectOption('612');
  await page.getByRole('combobox', { name: 'Uso del CFDI' }).selectOption('G03');
  await page.getByRole('button', { name: 'PayPal', exact: true }).click();
  await expect(page).toHaveURL(/\/orders$/);
  const invoices = page.getByRole('list', { name: 'Facturas de mis órdenes' });
  await expect(invoices.getByText('Timbrada')).toBeVisible({ timeout: 20_000 });

  // The admin refunds the whole order; the provider answers the cancellation "pending".
  expect((await request.post(`${FACTURAPI}/__fake/script-cancel`)).ok()).toBe(true);
  const adminToken = await loginByApi(request, ADMIN.email, ADMIN.password);
  const [order] = await ordersOf(request, token);
  const refund = await request.post(`/api/admin/orders/${order!._id}/refund`, {
    headers: { token: adminToken },
    data: { amount: order!.amount, note: 'Cancelación del asistente', revokeAccess: true },
  });
  expect(refund.ok(), await refund.text()).toBe(true);
  await expect
    .poll(
      async () =>
        (
          (await (await request.get(`${FACTURAPI}/__fake/invoices`)).json()) as {
            customer: { tax_id: string };
            cancellation_status: string;
          }[]
        )
          .filter((i) => i.customer.tax_id === RFC)
          .at(-1)?.cancellation_status,
      { timeout: 20_000 },
    )
    .toBe('pending');

  await expect
    .poll(
      async () => {
        await page.reload();
        await expect(invoices.getByText('Timbrada')).toBeVisible();
        return invoices.getByText('Cancelación pendiente de aceptación').count();
      },
      { timeout: 20_000 },
    )
    .toBe(1);
  await expect(invoices.getByText(MSG.cfdiCancellationPending)).toBeVisible();
  await shoot(page, 'orders-cfdi-cancellation-pending');

  await page.evaluate(`localStorage.setItem('token', ${JSON.stringify(adminToken)})`);
  await page.goto('/admin/invoices');
  const table = page.getByRole('table', { name: 'Facturas' });
  const row = table.getByRole('row').filter({ hasText: order!._id.slice(0, 8).toUpperCase() });
  await expect(row.getByText('Cancelación pendiente de aceptación')).toBeVisible();
  await expect(row.getByText(/En espera de que el receptor acepte \(motivo 03, pedida el /)).toBeVisible();
  await shoot(page, 'admin-invoices-cancellation-pending');

  await page.goto('/admin');
  const waits = page.getByRole('list', { name: 'Esperando a un proveedor' });
  await expect(waits.getByText('Factura: cancelación pendiente de aceptación').first()).toBeVisible();
  await shoot(page, 'admin-provider-waits');
});
