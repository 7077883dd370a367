// Verified participant types (docs/fees.md → Verified participant types): a resident asks for
// the type on Mi cuenta with a proof, pays the general price while it is in review, the admin
// looks at the proof in /admin and approves it, and the resident then sees "Tu precio" at the
// resident fee and pays it (plus the store's fee) with PayPal (the local fake).
import { expect as baseExpect, test } from '@playwright/test';
import { SERVICE_FEE_CENTAVOS } from '@store/shared/constants';
import { MSG } from '@store/shared/messages';
import {
  ADMIN,
  fillAddress,
  openSignedIn,
  productNamed,
  registerByApi,
  toasts,
  uniqueEmail,
} from './storefront-helpers';

// Generous waits: the journey runs on a shared, busy machine.
const expect = baseExpect.configure({ timeout: 30_000 });

const COURSE = '2º Curso de Anestesia Cardiovascular';
const FEE = SERVICE_FEE_CENTAVOS / 100;
const money = (n: number) => `MXN$${n.toLocaleString('en-US')}`;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

test('a resident uploads a proof, the admin approves it, the resident sees "Tu precio MXN$2,000" and pays 2,010 with PayPal', async ({
  page,
  browser,
  request,
}) => {
  // Two sessions, an upload, the admin's review and a PayPal payment.
  test.setTimeout(300_000);
  const course = await productNamed(request, COURSE);
  const email = uniqueEmail('residente-verificado');
  const token = await registerByApi(request, email);

  // Not verified yet: the general price, and the way to the member's price.
  await openSignedIn(page, token, `/product/${course._id}`);
  await expect(page.getByTestId('tu-precio')).toHaveText(`Tu precio${money(3000)}`);
  await page.getByRole('link', { name: 'solicítalo con tu comprobante en Mi cuenta' }).click();
  await expect(page).toHaveURL(/\/account#tipo-de-participante$/);
  const card = page.locator('#tipo-de-participante');
  await expect(card.getByTestId('verified-type')).toHaveText('General');

  // A text file renamed .pdf is refused by the server, by its content; nothing changes.
  await card.getByLabel(/Tipo que solicitas/).selectOption('residente');
  await card.getByLabel(/Comprobante/).setInputFiles({
    name: 'constancia.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('esto no es un PDF'),
  });
  await card.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(toasts(page).getByText(MSG.proofType)).toBeVisible();
  await expect(card.getByText('Solicitud en revisión')).toHaveCount(0);

  await card.getByLabel(/Comprobante/).setInputFiles({
    name: 'Constancia de residencia.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await card.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(toasts(page).getByText(MSG.participantTypeRequestSent)).toBeVisible();
  await expect(card.getByText('Solicitud en revisión')).toBeVisible();

  // In review: still the general price, and the product page says so.
  await page.goto(`/product/${course._id}`);
  await expect(page.getByTestId('tu-precio')).toHaveText(`Tu precio${money(3000)}`);
  await expect(page.getByTestId('preferential-note')).toContainText('médico residente está en revisión');

  // The admin: the queue with its count, the proof, approve.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await admin.goto('/admin');
  await admin.getByLabel('Correo electrónico').fill(ADMIN.email);
  await admin.getByLabel('Contraseña').fill(ADMIN.password);
  await admin.getByRole('button', { name: 'Entrar' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Resumen' })).toBeVisible();
  await admin.getByRole('link', { name: 'Tipos de participante' }).first().click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Tipos de participante' })).toBeVisible();
  await expect(admin.getByRole('button', { name: /Por revisar/, pressed: true })).toBeVisible();
  await admin.getByRole('button', { name: `Ver comprobante de ${email}` }).click();
  const dialog = admin.getByRole('dialog', { name: 'Comprobante' });
  await expect(dialog.getByRole('link', { name: 'Abrir el PDF' })).toHaveAttribute('href', /^blob:/);
  await dialog
    .getByRole('button', { name: /Cerrar/ })
    .first()
    .click();
  await admin.getByRole('button', { name: `Aprobar a ${email}` }).click();
  await expect(
    toasts(admin).getByText('Solicitud aprobada: el miembro ya paga la cuota de su tipo'),
  ).toBeVisible();
  await adminContext.close();

  // Verified: the resident's price, paid with PayPal.
  await page.goto('/account');
  await expect(page.locator('#tipo-de-participante').getByTestId('verified-type')).toHaveText(
    'Médico residente',
  );
  await page.goto(`/product/${course._id}`);
  await expect(page.getByTestId('tu-precio')).toHaveText(`Tu precio${money(2000)}`);
  await page.getByRole('button', { name: 'AGREGAR AL CARRITO' }).click();
  await expect(toasts(page).getByText('Producto agregado al carrito')).toBeVisible();
  await page.goto('/cart');
  await expect(page.getByTestId('cart-total')).toHaveText(money(2000 + FEE));
  await page.getByRole('link', { name: 'PROCEDER AL PAGO' }).click();
  await expect(page.getByText('Total a pagar con PayPal').locator('..')).toContainText(money(2000 + FEE));
  await fillAddress(page);
  await page.getByRole('button', { name: 'PayPal', exact: true }).click();
  await expect(toasts(page).getByText('Pago completado exitosamente')).toBeVisible();
  await expect(page).toHaveURL(/\/orders$/);
  const orders = await request.post('/api/order/userorders', { headers: { token }, data: {} });
  const [order] = ((await orders.json()) as { orders: { amount: number; status: string }[] }).orders;
  expect(order).toMatchObject({ status: 'pagado', amount: 2010 });
});
