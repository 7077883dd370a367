// After the sale in Chromium (docs/after-sale.md), against the fake PayPal: a buyer pays, the
// receipt downloads from Mis Productos, the cancellation dialogs show the 80 % refund, and the
// card then says what came back with the stream gone. The rules behind it (the refund PayPal
// is asked for, the seat given back, the access ended, the 15-day window, the receipt's
// figures) are the API's: apps/api/src/modules/payments/cancellation.test.ts.
import { expect, test } from '@playwright/test';
import { CURRENCY_LABEL } from '@store/shared/constants';
import { cancellationRefund } from '@store/shared/domain/cancellation';
import { formatPrice, toCentavos, toPesos } from '@store/shared/domain/money';
import { buyWithPaypal, ordersOf, shoot } from './storefront-helpers';

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
