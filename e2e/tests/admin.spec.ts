// The back office journey (issue 7): an organiser signs in at /admin, sets up an event with
// two days, a stream link and a seat limit; it appears in the store; a customer registers and
// claims it with the GRATIS100 coupon through the storefront; the organiser sees the customer
// in the attendee CSV and the seat taken; cancelling the order ends the customer's access.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import {
  addCalendarDays,
  formatDayLabel,
  fromMexicoCityLocal,
  mexicoCityDate,
} from '@store/shared/domain/time';
import { collectConsoleErrors, expectNoAxeViolations, horizontalOverflow, settle } from './a11y-helpers';
import {
  ADMIN,
  fillAddress,
  listProducts,
  loginByApi,
  registerByApi,
  toasts,
  uniqueEmail,
} from './storefront-helpers';

const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const STREAM = 'https://www.youtube.com/watch?v=aqz-KE-bpKQ';

async function signInToAdmin(page: Page) {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Administración' })).toBeVisible();
  await page.getByLabel('Correo electrónico').fill(ADMIN.email);
  await page.getByLabel('Contraseña').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Resumen' })).toBeVisible();
}

test('admin: set up an event, a customer claims it, attendees CSV, cancel ends access', async ({
  page,
  browser,
}) => {
  // Two browser contexts and about forty steps: 35–45 s alone, over a minute beside another
  // journey on a two-core CI machine.
  test.slow();
  const suffix = Date.now().toString(36);
  const eventName = `Simposio de monitoreo hemodinámico ${suffix}`;
  // Two days two months from today, 9:00–14:00 Mexico City time; their texts from the dates.
  const date1 = addCalendarDays(mexicoCityDate(Date.now()), 60);
  const date2 = addCalendarDays(date1, 1);
  const day1 = formatDayLabel(fromMexicoCityLocal(`${date1}T09:00`)!);
  const day2 = formatDayLabel(fromMexicoCityLocal(`${date2}T09:00`)!);

  // The back office has its own shell: a sidebar, not the store's header.
  await signInToAdmin(page);
  const nav = page.getByRole('navigation', { name: 'Administración' });
  await expect(nav).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sobre nosotros' })).toHaveCount(0);

  // Create the event.
  await nav.getByRole('link', { name: 'Eventos' }).click();
  await page.getByRole('link', { name: 'Nuevo evento' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nuevo evento' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Nombre', exact: true }).fill(eventName);
  await page.getByLabel('Descripción').fill('Monitoreo invasivo y no invasivo en cirugía cardíaca.');
  await page.getByLabel('Precio (MXN$, pesos)').fill('1500');
  await page.getByLabel('Categoría').selectOption('Paneles');
  await page.getByLabel('Nivel').selectOption('Avanzado');
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'portada.png', mimeType: 'image/png', buffer: PNG_1PX });
  await expect(page.getByRole('img', { name: 'Imagen 1' })).toBeVisible();

  // The day's text is offered from its start; the next day comes prefilled a day later.
  await page
    .getByLabel(/^Inicio/)
    .first()
    .fill(`${date1}T09:00`);
  await page.getByLabel(/^Fin/).first().fill(`${date1}T14:00`);
  await page
    .getByLabel(/^Inicio/)
    .first()
    .blur();
  await expect(page.getByLabel('Nombre del día').first()).toHaveValue(day1);
  await expect(page.getByText('Fecha y hora, hora de la Ciudad de México').first()).toBeVisible();
  // A link that is not YouTube or Vimeo is refused, with the day's name in the message.
  await page.getByLabel('Enlace de transmisión').first().fill('https://example.com/en-vivo');
  await expect(page.getByText('No es un enlace de YouTube o Vimeo que podamos mostrar.')).toBeVisible();
  await page.getByLabel('Cupo', { exact: true }).first().fill('5');
  await page.getByRole('button', { name: 'Agregar día' }).click();
  await expect(page.getByLabel(/^Inicio/).nth(1)).toHaveValue(`${date2}T09:00`);
  await expect(page.getByLabel(/^Fin/).nth(1)).toHaveValue(`${date2}T14:00`);
  await expect(page.getByLabel('Nombre del día').nth(1)).toHaveValue(day2);
  // A new event is a draft until published: «Publicar» saves it and puts it in the store.
  await page.getByRole('button', { name: 'Publicar' }).click();
  await expect(page.getByText(`El enlace de «${day1}» debe ser de YouTube o Vimeo`)).toBeVisible();

  await page.getByLabel('Enlace de transmisión').first().fill(STREAM);
  await expect(page.getByText('YouTube', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Ver vista previa' }).click();
  await expect(page.getByTitle(`Vista previa de la transmisión de «${day1}»`)).toHaveAttribute(
    'src',
    'https://www.youtube.com/embed/aqz-KE-bpKQ',
  );
  await page.getByRole('button', { name: 'Publicar' }).click();
  await expect(toasts(page).getByText('Evento publicado: ya aparece en la tienda')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/events\/[0-9a-f-]{36}$/);
  const eventId = page.url().split('/').pop()!;
  await expect(page.getByRole('heading', { level: 1, name: eventName })).toBeVisible();

  // The customer: a fresh browser context (its own local storage).
  const shopper = await browser.newContext();
  const shop = await shopper.newPage();
  const email = uniqueEmail('asistente');

  // The event is in the store.
  await shop.goto('/collection');
  await shop
    .getByRole('link', { name: new RegExp(eventName) })
    .first()
    .click();
  await expect(shop).toHaveURL(`/product/${eventId}`);
  await expect(shop.getByRole('heading', { level: 1 })).toHaveText(eventName);
  await expect(shop.getByRole('button', { name: day1 })).toBeVisible();
  await expect(shop.getByRole('button', { name: day2 })).toBeVisible();

  // Registers…
  await shop.goto('/login');
  await shop.getByRole('button', { name: 'Crear cuenta' }).click();
  await shop.getByLabel('Nombre completo').pressSequentially('Elena Ruiz');
  await shop.getByLabel(/^Correo electrónico/).fill(email);
  await shop.getByLabel('Confirmar correo electrónico').fill(email);
  await shop.getByLabel(/^Contraseña/).fill('clave-segura-e2e');
  await shop.getByLabel('Confirmar contraseña').fill('clave-segura-e2e');
  await shop.getByRole('button', { name: 'Registrarse' }).click();
  await expect(toasts(shop).getByText('Registro exitoso')).toBeVisible();

  // …and claims the first day with GRATIS100.
  await shop.goto(`/product/${eventId}`);
  await shop.getByRole('button', { name: day1 }).click();
  await shop.getByRole('button', { name: 'AGREGAR AL CARRITO' }).click();
  await expect(toasts(shop).getByText('Producto agregado al carrito')).toBeVisible();
  await shop.goto('/cart');
  await shop.getByRole('link', { name: 'PROCEDER AL PAGO' }).click();
  await fillAddress(shop);
  await shop.getByLabel('Cupón de descuento').fill('GRATIS100');
  await shop.getByRole('button', { name: 'Aplicar' }).click();
  await expect(toasts(shop).getByText('Cupón aplicado a toda la orden')).toBeVisible();
  await shop.getByRole('button', { name: 'RECLAMAR AHORA' }).click();
  await expect(toasts(shop).getByText('Producto reclamado exitosamente')).toBeVisible();
  await expect(shop).toHaveURL(/\/orders$/);
  const item = shop.getByRole('listitem').filter({ has: shop.getByRole('heading', { name: eventName }) });
  await expect(item.getByRole('button', { name: 'Ver transmisión' })).toBeVisible();
  const customerToken = await shop.evaluate<string | null>("localStorage.getItem('token')");
  const links = await shop.request.get(`/api/product/single/${eventId}`, {
    headers: { token: customerToken! },
  });
  expect((await links.json()).product.dayLinks).toEqual({ [day1]: STREAM });

  // The organiser sees the seat taken and the customer among the attendees, and in the CSV.
  await nav.getByRole('link', { name: 'Eventos' }).click();
  await page.getByRole('searchbox', { name: 'Buscar eventos por nombre' }).fill(suffix);
  const row = page.getByRole('row').filter({ hasText: eventName });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('1 / 5');
  await expect(row).toContainText('9:00–14:00');
  await row.getByRole('link', { name: `Asistentes de ${eventName}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Asistentes' })).toBeVisible();
  const attendees = page.getByRole('region', { name: 'Asistentes' });
  await expect(attendees.getByRole('row').filter({ hasText: email })).toContainText(day1);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Descargar CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^asistentes-simposio-de-monitoreo-hemodinamico-.*\.csv$/);
  const csv = await readFile((await download.path())!);
  expect(csv.subarray(0, 3).toString('hex')).toBe('efbbbf');
  const text = csv.toString('utf8');
  expect(text).toContain(
    'Nombre,Correo,Tipo de usuario,Día,Inicio del día,Orden,Fecha de pago,Método de pago,Cupón',
  );
  expect(text).toContain(`ELENA RUIZ,${email},General,${day1},${date1} 09:00,`);
  expect(text).toContain('Reclamar Gratis,GRATIS100');

  // Cancelling the order ends the customer's access and frees the seat.
  await nav.getByRole('link', { name: 'Órdenes' }).click();
  // Pickers name each event with its dates («Simposio… · 12 de enero de 2027»).
  const picker = page.getByLabel('Evento', { exact: true });
  const option = picker.locator('option', { hasText: `${eventName} · ` });
  await picker.selectOption((await option.getAttribute('value'))!);
  const orderRow = page.getByRole('row').filter({ hasText: email });
  await expect(orderRow).toHaveCount(1);
  // The filtered list as CSV; payment attempts that ended without money have their own filter.
  await expect(
    page
      .getByLabel('Estado', { exact: true })
      .locator('option', { hasText: 'Intentos de pago sin concretar' }),
  ).toHaveCount(1);
  const [ordersDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exportar CSV' }).click(),
  ]);
  expect(ordersDownload.suggestedFilename()).toMatch(/^ordenes-\d{4}-\d{2}-\d{2}\.csv$/);
  const ordersCsv = (await readFile((await ordersDownload.path())!)).toString('utf8');
  expect(ordersCsv).toContain('Orden,Fecha,Fecha de pago,Cliente,Correo,Eventos y días');
  expect(ordersCsv).toContain(`ELENA RUIZ,${email},${eventName}: ${day1}`);
  expect(ordersCsv.trim().split('\r\n')).toHaveLength(2);
  await orderRow.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: /^Orden [0-9A-F]{8}$/ })).toBeVisible();
  await page.getByRole('button', { name: 'Cancelar orden' }).click();
  const dialog = page.getByRole('dialog', { name: '¿Cancelar la orden?' });
  await dialog
    .getByLabel('Nota interna (queda en el historial; el cliente no la ve)')
    .fill('Baja solicitada por correo');
  await dialog.getByRole('button', { name: 'Cancelar orden' }).click();
  await expect(
    toasts(page).getByText('Orden cancelada: el acceso se revocó y el lugar quedó libre'),
  ).toBeVisible();
  await expect(page.getByText('Cancelado').first()).toBeVisible();
  await expect(page.getByText('Canceló la orden')).toBeVisible();
  await expect(page.getByText(/nota: Baja solicitada por correo/)).toBeVisible();

  const after = await shop.request.get(`/api/product/single/${eventId}`, {
    headers: { token: customerToken! },
  });
  expect((await after.json()).product.dayLinks).toEqual({});
  await shop.goto('/orders');
  const cancelled = shop
    .getByRole('listitem')
    .filter({ has: shop.getByRole('heading', { name: eventName }) });
  await expect(cancelled.getByText('Cancelado')).toBeVisible();
  await expect(cancelled.getByRole('button', { name: 'Ver transmisión' })).toHaveCount(0);

  await nav.getByRole('link', { name: 'Eventos' }).click();
  await page.getByRole('searchbox', { name: 'Buscar eventos por nombre' }).fill(suffix);
  await expect(page.getByRole('row').filter({ hasText: eventName })).toContainText('0 / 5');
  await shopper.close();
});

test('admin: a customer account sees no Administración link and /admin says it has no access', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('curioso');
  const reg = await request.post('/api/user/register', {
    data: { name: 'CLIENTE CURIOSO', email, password: 'clave-segura-e2e' },
  });
  const { token } = (await reg.json()) as { token: string };
  await page.addInitScript(`localStorage.setItem('token', ${JSON.stringify(token)})`);
  await page.goto('/');
  await page.getByRole('button', { name: 'Mi cuenta' }).click();
  await expect(page.getByRole('link', { name: 'Mis Productos' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Administración' })).toHaveCount(0);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Sin acceso a la administración' })).toBeVisible();
});

test('admin: a member created by hand gets a temporary password shown once; the store menu links admins to /admin', async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const email = uniqueEmail('mostrador');
  await signInToAdmin(page);
  await page
    .getByRole('navigation', { name: 'Administración' })
    .getByRole('link', { name: 'Miembros' })
    .click();
  await page.getByRole('button', { name: 'Nueva cuenta' }).click();
  const form = page.getByRole('dialog', { name: 'Nueva cuenta' });
  await expect(form.getByLabel(/^Nombre completo/)).toBeFocused();
  await form.getByLabel(/^Nombre completo/).fill('Rosa Díaz 7');
  await form.getByLabel(/^Correo electrónico/).fill(email);
  await form.getByLabel('Tipo de usuario').selectOption({ label: 'Enfermería' });
  await form.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(form.getByText('El nombre solo puede contener letras (A-Z, Ñ) y espacios')).toBeVisible();
  await form.getByLabel(/^Nombre completo/).fill('Rosa Díaz');
  await form.getByRole('button', { name: 'Crear cuenta' }).click();

  const shown = page.getByRole('dialog', { name: 'Cuenta creada' });
  await expect(shown).toContainText(`ROSA DIAZ · ${email}`);
  await expect(shown).toContainText('se le pedirá elegir una contraseña nueva antes de continuar');
  const password = await shown.getByLabel('Contraseña temporal').inputValue();
  expect(password).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
  await expectNoAxeViolations(page);
  await shown.getByRole('button', { name: 'Copiar' }).click();
  await expect(shown.getByRole('status')).toHaveText('Copiada al portapapeles.');
  expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(password);
  await shown.getByRole('button', { name: 'Listo' }).click();
  await expect(shown).toBeHidden();
  await page.getByRole('searchbox', { name: 'Buscar por nombre o correo' }).fill(email);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Debe definir su contraseña');
  await expect(row.getByLabel(`Tipo de usuario de ${email}`)).toHaveValue('enfermeria');

  // The password is the first-login kind: no session, a reset token instead.
  const first = await request.post('/api/user/login', { data: { email, password } });
  const body = (await first.json()) as { isFirstLogin?: boolean; resetToken?: string; token?: string };
  expect(body.isFirstLogin).toBe(true);
  expect(body.resetToken).toBeTruthy();
  expect(body.token).toBeUndefined();

  // A new temporary password replaces it, after a confirmation.
  await row.getByRole('button', { name: `Asignar contraseña temporal a ${email}` }).click();
  const confirm = page.getByRole('dialog', { name: '¿Asignar una contraseña temporal?' });
  await confirm.getByRole('button', { name: 'Asignar contraseña temporal' }).click();
  const again = page.getByRole('dialog', { name: 'Contraseña temporal asignada' });
  const second = await again.getByLabel('Contraseña temporal').inputValue();
  expect(second).not.toBe(password);
  await again.getByRole('button', { name: 'Listo' }).click();
  expect((await request.post('/api/user/login', { data: { email, password } })).status()).toBe(401);

  // Signed in as an admin, the store's account menu leads back here.
  await page.goto('/');
  await page.getByRole('button', { name: 'Mi cuenta' }).click();
  await page.getByRole('link', { name: 'Administración' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Resumen' })).toBeVisible();
});

test('admin pages: WCAG 2.2 AA (axe), one h1, no sideways scroll, no console errors at 375 and 1280 px', async ({
  page,
  request,
}) => {
  // Every admin page at two widths with axe: about two minutes alone, more beside another journey.
  test.setTimeout(300_000);
  const adminToken = await loginByApi(request, ADMIN.email, ADMIN.password);
  // One order to open, and one row in the audit log.
  const customerToken = await registerByApi(request, uniqueEmail('a11y'));
  const course = (await listProducts(request))[0]!;
  await request.post('/api/cart/add', {
    headers: { token: customerToken },
    data: { itemId: course._id, days: course.days[0] },
  });
  // The order lists what the cart holds (the course is sold as a whole: all its days).
  const cart = await request.post('/api/cart/get', { headers: { token: customerToken }, data: {} });
  const cartData = ((await cart.json()) as { cartData: Record<string, Record<string, number>> }).cartData;
  const items = Object.entries(cartData).flatMap(([_id, days]) =>
    Object.keys(days).map((d) => ({ _id, days: d, quantity: 1 })),
  );
  const placed = await request.post('/api/order/place', {
    headers: { token: customerToken },
    data: {
      address: {
        firstName: 'Ana',
        lastName: 'Ruiz',
        email: 'ana@prueba.mx',
        street: 'Juan Badiano 1',
        city: 'Ciudad de México',
        zipcode: '14080',
        country: 'México',
        phone: '5555555555',
      },
      items,
      couponCode: 'GRATIS100',
    },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  const { orderId } = (await placed.json()) as { orderId: string };
  const coupons = (await (
    await request.get('/api/admin/coupons', { headers: { token: adminToken } })
  ).json()) as {
    coupons: { _id: string }[];
  };

  const paths = [
    '/admin',
    '/admin/events',
    '/admin/events/new',
    `/admin/events/${course._id}`,
    `/admin/events/${course._id}/respuestas`,
    '/admin/orders',
    `/admin/orders/${orderId}`,
    `/admin/attendees?productId=${course._id}`,
    `/admin/attendance?productId=${course._id}`,
    '/admin/checkin',
    '/admin/coupons',
    '/admin/coupons/new',
    `/admin/coupons/${coupons.coupons[0]!._id}`,
    '/admin/members',
    '/admin/members/import',
    '/admin/audit',
    '/admin/invoices',
  ];
  await page.addInitScript(`localStorage.setItem('token', ${JSON.stringify(adminToken)})`);
  const errors = collectConsoleErrors(page);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of paths) {
      await page.goto(path);
      await settle(page);
      await expect(page.getByRole('heading', { level: 1 }), `${path} @ ${width}`).toHaveCount(1);
      expect(await horizontalOverflow(page), `${path} @ ${width}`).toBe(0);
      await expectNoAxeViolations(page);
    }
  }
  expect(errors).toEqual([]);
});
