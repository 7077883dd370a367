// After the sale in Chromium (docs/after-sale.md), against the fake PayPal: a buyer pays, the
// receipt downloads from Mis Productos, the cancellation dialogs show the 80 % refund, and the
// card then says what came back with the stream gone. The rules behind it (the refund PayPal
// is asked for, the seat given back, the access ended, the 15-day window, the receipt's
// figures) are the API's: apps/api/src/modules/payments/cancellation.test.ts.
import { expect, test } from '@playwright/test';
import { CURRENCY_LABEL } from '@store/shared/constants';
import { cancellationRefund } from '@store/shared/domain/cancellation';
import { formatPrice, toCentavos, toPesos } from '@store/shared/domain/money';
import {
  ADMIN,
  buyWithPaypal,
  loginByApi,
  newestEmail,
  openSignedIn,
  ordersOf,
  shoot,
} from './storefront-helpers';

const COURSE = '2º Curso de Anestesia Cardiovascular';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('cancelling well before the event: the dialogs show the 80 % refund, then the card shows it and the stream is gone', async ({
  page,
  request,
}) => {
  const { token } = await buyWithPaypal(page, request, COURSE, 'cancela');
  const [paid] = await ordersOf(request, token);
  const refund = cancellationRefund(toCentavos(paid!.amount));
  await expect(page.getByRole('button', { name: 'Ver transmisión' }).first()).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Descargar recibo' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^recibo-[0-9A-F]{8}\.pdf$/);
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

  expect((await ordersOf(request, token))[0]!.status).toBe('reembolso_parcial');
});

test('an admin refunds part of a PayPal order: the dialogs name PayPal, the amount and the customer; the customer is e-mailed and sees it', async ({
  page,
  browser,
  request,
}) => {
  const { token } = await buyWithPaypal(page, request, COURSE, 'reembolso-admin');
  const [paid] = await ordersOf(request, token);
  const adminToken = await loginByApi(request, ADMIN.email, ADMIN.password);
  const detail = await request.get(`/api/admin/orders/${paid!._id}`, { headers: { token: adminToken } });
  const { customer } = ((await detail.json()) as { order: { customer: { name: string; email: string } } })
    .order;
  const amount = formatPrice(250, CURRENCY_LABEL);

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await openSignedIn(admin, adminToken, `/admin/orders/${paid!._id}`);
  // No «record a refund you made elsewhere»: the store refunds a PayPal payment itself.
  await expect(admin.getByRole('button', { name: 'Registrar reembolso' })).toHaveCount(0);
  await admin.getByRole('button', { name: 'Reembolsar' }).click();
  const form = admin.getByRole('dialog', { name: 'Reembolsar por PayPal' });
  await expect(form).toContainText(
    `La tienda devolverá el monto que indiques a la cuenta de PayPal de ${customer.name} (${customer.email})`,
  );
  await expect(form).toContainText('no lo hagas también en PayPal');
  await form.getByLabel('Monto a devolver (MXN$)').fill('250');
  await form.getByLabel(/Termina el acceso/).uncheck();
  await shoot(admin, 'admin-refund-form');
  await form.getByRole('button', { name: 'Continuar' }).click();

  const confirm = admin.getByRole('dialog', { name: '¿Confirmas el reembolso?' });
  await expect(confirm).toContainText(
    `La tienda devolverá ${amount} a la cuenta de PayPal de ${customer.name} (${customer.email}).`,
  );
  await expect(confirm).toContainText('Conserva su acceso.');
  await shoot(admin, 'admin-refund-confirm');
  await confirm.getByRole('button', { name: `Sí, devolver ${amount}` }).click();
  await expect(admin.getByText('PayPal hizo el reembolso')).toBeVisible();
  await adminContext.close();

  // The customer's e-mail: how much, through PayPal, when, and that the access stays.
  const mail = await newestEmail(customer.email, /Subject: Reembolso de tu compra/);
  expect(mail).toContain(`te reembolsó ${amount} de tu orden`);
  expect(mail).toContain('a través de PayPal');
  expect(mail).toContain('Conservas tu acceso');

  // Mis Productos says what came back; the stream is still theirs.
  await page.reload();
  await expect(
    page
      .getByRole('list', { name: 'Reembolsos' })
      .getByText(new RegExp(`^Reembolsado: ${escapeRegExp(amount)} el \\d{1,2} de \\p{L}+ de \\d{4}$`, 'u')),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ver transmisión' }).first()).toBeVisible();
  expect((await ordersOf(request, token))[0]!.status).toBe('pagado');
});
