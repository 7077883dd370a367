// Who signs the constancias (docs/attendance.md → Signatures): staff open an event of their own
// (a copy of the demo one, so no other journey's constancia changes), which says it uses the
// association's default signatures; they give it its own: two people with name and title, each
// with the image of the signature. A text file renamed .png is refused with the Spanish message
// next to the image and nothing else changes. Saved, the two signatures and their images are
// there after a reload, and the sample constancia opens as a PDF on A4. The association's
// default set has its own card on /admin/attendance.
import { expect, test } from '@playwright/test';
import { ADMIN_MSG } from '@store/shared/admin-messages';
import { expectNoAxeViolations } from './a11y-helpers';
import { signaturePng } from '../../apps/api/test/signature-png';
import { imageLoaded, pickImage } from './signature-helpers';
import { ADMIN, listProducts, loginByApi, openSignedIn, shoot, toasts } from './storefront-helpers';

test('staff give an event its own two signatures with images; a text file is refused; they stay after a reload', async ({
  page,
  request,
}) => {
  test.slow();
  const token = await loginByApi(request, ADMIN.email, ADMIN.password);
  const [demo] = await listProducts(request);
  const copy = await request.post(`/api/admin/events/${demo!._id}/duplicate`, { headers: { token } });
  expect(copy.ok(), await copy.text()).toBe(true);
  const event = ((await copy.json()) as { event: { _id: string; name: string } }).event;

  await openSignedIn(page, token, `/admin/events/${event._id}`);
  await expect(page.getByRole('heading', { level: 1, name: event.name })).toBeVisible();
  const card = page.getByRole('region', { name: 'Firmas de la constancia' });
  await expect(card.getByText('Este evento usa las firmas predeterminadas de la asociación')).toBeVisible();
  await card.getByRole('button', { name: 'Usar firmas propias' }).click();

  // Start from scratch, whatever the association's default set is.
  const rows = card.getByRole('listitem');
  while ((await rows.count()) > 0)
    await card
      .getByRole('button', { name: /^Quitar la firma/ })
      .first()
      .click();
  await card.getByRole('button', { name: 'Agregar firma' }).click();
  await card.getByRole('button', { name: 'Agregar firma' }).click();
  await expect(rows).toHaveCount(2);

  const first = rows.nth(0);
  const second = rows.nth(1);
  await first.getByLabel('Nombre').fill('Dr. Juan Carlos Ramírez Ortega');
  await first.getByLabel('Cargo').fill('Presidente');
  await pickImage(first, 'firma-presidente.png', signaturePng({ width: 360, height: 120, seed: 1 }));
  await imageLoaded(page, 'Firma 1');

  await second.getByLabel('Nombre').fill('Dra. Lucía Fernández Gómez');
  await second.getByLabel('Cargo').fill('Coordinadora académica');
  // A text file renamed .png: the server reads the bytes and refuses it, in Spanish.
  await pickImage(second, 'firma.png', Buffer.from('Esto es texto, no una firma.\n'));
  await expect(second.getByText(ADMIN_MSG.signatureImageType)).toBeVisible();
  await expect(second.getByText('Sin imagen: se firma a mano')).toBeVisible();
  await expect(second.getByLabel('Nombre')).toHaveValue('Dra. Lucía Fernández Gómez');
  await shoot(page, 'constancia-signatures-refused');

  await pickImage(second, 'firma-coordinadora.png', signaturePng({ width: 360, height: 120, seed: 2 }));
  await imageLoaded(page, 'Firma 2');
  await expect(second.getByText(ADMIN_MSG.signatureImageType)).toHaveCount(0);
  await card.getByRole('button', { name: 'Guardar firmas' }).click();
  await expect(toasts(page).getByText(ADMIN_MSG.signaturesSaved)).toBeVisible();

  await page.reload();
  const saved = page.getByRole('region', { name: 'Firmas de la constancia' });
  await expect(saved.getByRole('listitem')).toHaveCount(2);
  await expect(saved.getByRole('listitem').nth(0).getByLabel('Nombre')).toHaveValue(
    'Dr. Juan Carlos Ramírez Ortega',
  );
  await expect(saved.getByRole('listitem').nth(1).getByLabel('Cargo')).toHaveValue('Coordinadora académica');
  await imageLoaded(page, 'Firma 1');
  await imageLoaded(page, 'Firma 2');
  await expect(saved.getByText('Este evento usa las firmas predeterminadas de la asociación')).toHaveCount(0);
  await expect(saved.getByRole('button', { name: 'Volver a las predeterminadas' })).toBeVisible();
  await saved.scrollIntoViewIfNeeded();
  await shoot(page, 'constancia-signatures-event');
  await expectNoAxeViolations(page);

  // The sample constancia: a PDF, opened in a new tab.
  const [popup, preview] = await Promise.all([
    page.waitForEvent('popup'),
    page.waitForResponse((r) => r.url().includes('/api/admin/constancia-signatures/preview')),
    saved.getByRole('button', { name: 'Vista previa (A4)' }).click(),
  ]);
  expect(preview.status()).toBe(200);
  expect(preview.headers()['content-type']).toBe('application/pdf');
  expect(preview.url()).toContain('papel=a4');
  await expect.poll(() => popup.url()).toMatch(/^blob:/);
  await popup.close();
  const pdf = await request.get(`/api/admin/constancia-signatures/preview?productId=${event._id}&papel=a4`, {
    headers: { token },
  });
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // The association's default set, on the attendance page.
  await page.goto('/admin/attendance');
  const defaults = page.getByRole('region', { name: 'Firmas de la constancia' });
  await expect(defaults.getByText(/firmas predeterminadas de la asociación/)).toBeVisible();
  await expect(defaults.getByRole('button', { name: 'Guardar firmas' })).toBeVisible();
  await defaults.scrollIntoViewIfNeeded();
  await shoot(page, 'constancia-signatures-default');
});
