// Transfer to a colleague in Chromium (docs/after-sale.md → Transfers): a buyer pays with the
// fake PayPal for a conference 9 days ahead, cancelling is refused, "Transferir a un colega"
// moves the day; the colleague (no account before) chooses a password from the e-mailed link,
// signs in and watches; the buyer's card says "Transferido a …" and the stream is gone. The
// rules (the window, the seat and the stream moving, one transfer per day, refusals) are the
// API's: apps/api/src/modules/orders/transfer.test.ts.
import { expect, test } from '@playwright/test';
import { buyWithPaypal, linkFromNewestEmail, shoot, uniqueEmail } from './storefront-helpers';

/** A demo conference 9 days from today: inside the 15 days, so no longer cancellable. */
const SOON = 'Analgesia regional en cirugía cardíaca';

test('pay 9 days before (nothing to cancel), transfer: the colleague signs in and watches, the buyer no longer can', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const { product } = await buyWithPaypal(page, request, SOON, 'transfiere');
  const day = product.days[0]!;

  // Nothing can be cancelled any more (the window closed): no Cancelar compra, only the transfer.
  await expect(page.getByRole('button', { name: 'Cancelar compra' })).toHaveCount(0);

  // Transfer to a colleague without an account.
  const colleague = uniqueEmail('colega');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: SOON }) });
  await card.getByRole('button', { name: 'Transferir a un colega' }).click();
  const dialog = page.getByRole('dialog', { name: 'Transferir a un colega' });
  await expect(dialog).toContainText('tu pago no cambia');
  await dialog.getByRole('textbox', { name: /Correo electrónico de tu colega/ }).fill(colleague);
  await dialog.getByRole('textbox', { name: /Nombre completo de tu colega/ }).fill('Luis Colega Mora');
  await dialog.getByRole('checkbox').check();
  await shoot(page, 'transfer-dialog');
  await dialog.getByRole('button', { name: 'Transferir', exact: true }).click();
  await expect(card.getByText(`· Transferido a LUIS COLEGA MORA (${colleague})`)).toBeVisible({
    timeout: 30_000,
  });
  await expect(card.getByText('Transferido', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Ver transmisión' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Transferir a un colega' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancelar compra' })).toHaveCount(0);
  await shoot(page, 'transfer-done');

  // The colleague chooses a password from the e-mailed link, signs in and watches.
  const link = await linkFromNewestEmail(colleague, '/reset-password');
  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto(link);
  await expect(other.getByRole('region', { name: 'Tienes lugar en' })).toContainText(SOON);
  await other.getByLabel(/^Contraseña/).fill('colega-clave-segura-1');
  await other.getByLabel('Confirmar contraseña').fill('colega-clave-segura-1');
  await other.getByRole('button', { name: 'Guardar y entrar' }).click();
  // Signed in at once, in Mis Productos.
  await expect(other).toHaveURL(/\/orders$/);
  const theirs = other.getByRole('listitem').filter({ has: other.getByRole('heading', { name: SOON }) });
  await expect(theirs.getByText('Listo para ver')).toBeVisible();
  await theirs.getByRole('button', { name: 'Ver transmisión' }).click();
  await expect(other).toHaveURL(/\/live-stream$/);
  await expect(other.getByTitle(`Transmisión de ${SOON}: ${day}`)).toBeVisible();
  await context.close();
});
