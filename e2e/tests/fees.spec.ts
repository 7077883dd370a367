// The fee schedule as a buyer meets it (docs/fees.md): /cuotas and the product page read the
// tiers from the database; a resident (type set by the association) sees "Tu precio" and pays
// the resident price with PayPal; the demo specialist pays the early-bird price; a workshop
// alone is refused and accepted with the course in the same cart; hospital staff claim the
// course for free; after the cut-off (the store's clock moved, e2e/support/server-clock.mjs)
// the specialist pays the full price; an admin edits the course's tiers in the event form and
// /cuotas shows the new numbers. The step that ends while paying is proven with a moved clock
// in apps/api/src/modules/pricing/fees.test.ts.
import { rmSync, writeFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { SERVICE_FEE_CENTAVOS, type UserType } from '@store/shared/constants';
import { ADMIN_MSG } from '@store/shared/admin-messages';
import { prerequisiteMissing } from '@store/shared/messages';
import {
  ADMIN,
  loginByApi,
  openSignedIn,
  productNamed,
  registerByApi,
  toasts,
  uniqueEmail,
} from './storefront-helpers';

const COURSE = '2º Curso de Anestesia Cardiovascular';
const WORKSHOP = 'Taller de aminas vasoactivas';
const FEE = SERVICE_FEE_CENTAVOS / 100;
const money = (n: number) => `MXN$${n.toLocaleString('en-US')}`;

interface Tier {
  userType: UserType;
  until: number | null;
  price: number;
  scholarshipPrice: number | null;
}

async function courseWithTiers(request: APIRequestContext) {
  const course = await productNamed(request, COURSE);
  const res = await request.get('/api/product/list');
  const full = ((await res.json()) as { products: { _id: string; tiers: Tier[] }[] }).products.find(
    (p) => p._id === course._id,
  )!;
  const tier = (type: UserType, open: boolean) =>
    full.tiers.find((t) => t.userType === type && (t.until === null) === open)!;
  return { course, tiers: full.tiers, tier };
}

/** A new member whose participant type the association set (admin members area). */
async function memberOfType(request: APIRequestContext, prefix: string, userType: UserType) {
  const email = uniqueEmail(prefix);
  const token = await registerByApi(request, email);
  const admin = await loginByApi(request, ADMIN.email, ADMIN.password);
  const list = await request.get(`/api/admin/members?search=${encodeURIComponent(email)}`, {
    headers: { token: admin },
  });
  const member = ((await list.json()) as { members: { _id: string }[] }).members[0]!;
  const patched = await request.patch(`/api/admin/members/${member._id}`, {
    headers: { token: admin },
    data: { userType },
  });
  expect(patched.ok(), await patched.text()).toBe(true);
  return token;
}

/**
 * Moves the store's clock to `at` (epoch ms); null puts it back. The store reads the offset
 * at most 50 ms late, so the journey waits a little longer than that.
 */
async function moveStoreClock(at: number | null) {
  const file = process.env.E2E_CLOCK_FILE;
  if (!file) throw new Error('E2E_CLOCK_FILE is set by e2e/playwright.config.ts');
  if (at === null) rmSync(file, { force: true });
  else writeFileSync(file, String(at - Date.now()));
  await new Promise((resolve) => setTimeout(resolve, 200));
}

async function fillAddress(page: Page) {
  const field = (name: string) => page.getByRole('textbox', { name, exact: true });
  await field('Nombre').fill('Ana');
  await field('Apellidos').fill('Ruiz');
  await field('Calle y número').fill('Juan Badiano 1');
  await field('Ciudad').fill('Ciudad de México');
  await field('Código postal').fill('14080');
  await field('Teléfono').fill('5555555555');
}

async function addCourseFromProductPage(page: Page, courseId: string, cartCount = 3) {
  await page.goto(`/product/${courseId}`);
  await page.getByRole('button', { name: 'AGREGAR AL CARRITO' }).click();
  await expect(toasts(page).getByText('Producto agregado al carrito')).toBeVisible();
  // Sold as a whole: every day of the course is in the cart.
  await expect(page.getByRole('link', { name: `Carrito: ${cartCount} productos` })).toBeVisible();
}

test('/cuotas shows the tiers from the database', async ({ page, request }) => {
  const { tier } = await courseWithTiers(request);
  await page.goto('/cuotas');
  const table = page.getByRole('table');
  await expect(table).toContainText(money(tier('especialista', false).price));
  await expect(table).toContainText(money(tier('especialista', true).price));
  await expect(table).toContainText(money(tier('residente', true).price));
  await expect(table).toContainText(money(tier('residente', true).scholarshipPrice!));
  await expect(table).toContainText(money((await productNamed(request, WORKSHOP)).price));
  await expect(table).toContainText('Sin costo');
});

test('a resident sees "Tu precio" and pays the resident price with PayPal', async ({ page, request }) => {
  const { course, tier } = await courseWithTiers(request);
  const resident = tier('residente', true).price;
  const token = await memberOfType(request, 'residente', 'residente');
  await openSignedIn(page, token, `/product/${course._id}`);
  await expect(page.getByTestId('tu-precio')).toHaveText(`Tu precio${money(resident)}`);
  await addCourseFromProductPage(page, course._id);

  await page.getByRole('link', { name: 'Carrito: 3 productos' }).click();
  await expect(page.getByTestId('cart-total')).toHaveText(money(resident + FEE));
  await page.getByRole('link', { name: 'PROCEDER AL PAGO' }).click();
  await expect(page.getByText('Total a pagar con PayPal').locator('..')).toContainText(money(resident + FEE));
  await fillAddress(page);
  await page.getByRole('button', { name: 'PayPal', exact: true }).click();
  await expect(toasts(page).getByText('Pago completado exitosamente')).toBeVisible();
  await expect(page).toHaveURL(/\/orders$/);
  const orders = await request.post('/api/order/userorders', { headers: { token }, data: {} });
  const [order] = ((await orders.json()) as { orders: { amount: number; status: string }[] }).orders;
  expect(order).toMatchObject({ status: 'pagado', amount: resident + FEE });
});

test('a specialist pays the early-bird price before the cut-off', async ({ page, request }) => {
  const { course, tier } = await courseWithTiers(request);
  const early = tier('especialista', false);
  expect(early.until! > Date.now()).toBe(true);
  const token = await memberOfType(request, 'especialista', 'especialista');
  await openSignedIn(page, token, `/product/${course._id}`);
  await expect(page.getByTestId('tu-precio')).toHaveText(`Tu precio${money(early.price)}`);
  await addCourseFromProductPage(page, course._id);
  await page.goto('/place-order');
  await expect(page.getByText('Total a pagar con PayPal').locator('..')).toContainText(
    money(early.price + FEE),
  );
  await fillAddress(page);
  await page.getByRole('button', { name: 'PayPal', exact: true }).click();
  await expect(toasts(page).getByText('Pago completado exitosamente')).toBeVisible();
  const orders = await request.post('/api/order/userorders', { headers: { token }, data: {} });
  const [order] = ((await orders.json()) as { orders: { amount: number }[] }).orders;
  expect(order!.amount).toBe(early.price + FEE);
});

test('a specialist pays the full price after the cut-off (the store clock moved) @moved-clock', async ({
  page,
  request,
}) => {
  test.slow();
  const { course, tier } = await courseWithTiers(request);
  const early = tier('especialista', false);
  const full = tier('especialista', true);
  expect(full.price).toBeGreaterThan(early.price);
  // An hour after the early-bird step ended; the course's days are still ahead.
  await moveStoreClock(early.until! + 60 * 60_000);
  try {
    const token = await memberOfType(request, 'especialista-tarde', 'especialista');
    await openSignedIn(page, token, `/product/${course._id}`);
    await expect(page.getByTestId('tu-precio')).toHaveText(`Tu precio${money(full.price)}`, {
      timeout: 30_000,
    });
    await addCourseFromProductPage(page, course._id);
    await page.goto('/place-order');
    await expect(page.getByText('Total a pagar con PayPal').locator('..')).toContainText(
      money(full.price + FEE),
    );
    await fillAddress(page);
    await page.getByRole('button', { name: 'PayPal', exact: true }).click();
    await expect(toasts(page).getByText('Pago completado exitosamente')).toBeVisible();
    const orders = await request.post('/api/order/userorders', { headers: { token }, data: {} });
    const [order] = ((await orders.json()) as { orders: { amount: number }[] }).orders;
    expect(order!.amount).toBe(full.price + FEE);
  } finally {
    await moveStoreClock(null);
  }
});

test("an admin edits the course's tiers in the event form; /cuotas shows the new numbers", async ({
  page,
  request,
}) => {
  // A long journey through the back office: the default minute is short on a busy machine.
  test.slow();
  const { course, tier } = await courseWithTiers(request);
  const resident = tier('residente', true);
  const [price, beca] = [resident.price + 150, resident.scholarshipPrice! - 150];
  const admin = await loginByApi(request, ADMIN.email, ADMIN.password);
  const stored = (
    await (await request.get(`/api/admin/events/${course._id}`, { headers: { token: admin } })).json()
  ).event as { tiers: Tier[] };
  try {
    await page.goto('/admin');
    await page.getByLabel('Correo electrónico').fill(ADMIN.email);
    await page.getByLabel('Contraseña').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Resumen' })).toBeVisible();
    await page.goto(`/admin/events/${course._id}`);
    await expect(page.getByRole('heading', { name: 'Cuotas' })).toBeVisible({ timeout: 30_000 });
    const rows = page.getByRole('list', { name: 'Cuotas' }).getByRole('listitem');
    await expect(rows).toHaveCount(stored.tiers.length);
    let row = -1;
    for (let i = 0; i < stored.tiers.length; i += 1) {
      if ((await rows.nth(i).getByLabel(/^Tipo/).inputValue()) === 'residente') row = i;
    }
    expect(row).toBeGreaterThanOrEqual(0);
    const residentRow = rows.nth(row);
    await expect(residentRow.getByLabel(/^Precio/)).toHaveValue(String(resident.price));
    await residentRow.getByLabel(/^Precio/).fill(String(price));
    await residentRow.getByLabel(/^Con beca/).fill(String(beca));
    // A refused schedule is named at once and not saved: two open-ended resident steps.
    await page.getByRole('button', { name: 'Agregar cuota' }).click();
    const added = rows.nth(stored.tiers.length);
    await added.getByLabel(/^Tipo/).selectOption('residente');
    await added.getByLabel(/^Precio/).fill('1');
    await expect(page.getByText(ADMIN_MSG.tierOverlap)).toBeVisible();
    await page.getByRole('button', { name: `Quitar la cuota ${stored.tiers.length + 1}` }).click();
    await expect(page.getByText(ADMIN_MSG.tierOverlap)).toHaveCount(0);
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(toasts(page).getByText(ADMIN_MSG.eventSaved)).toBeVisible({ timeout: 30_000 });

    await page.goto('/cuotas');
    const table = page.getByRole('table');
    await expect(table).toContainText(money(price), { timeout: 30_000 });
    await expect(table).toContainText(money(beca));
    const after = await courseWithTiers(request);
    expect(after.tier('residente', true)).toMatchObject({ price, scholarshipPrice: beca });
    expect(after.tiers).toHaveLength(stored.tiers.length);
  } finally {
    // The other journeys expect the published fees.
    const event = (
      await (await request.get(`/api/admin/events/${course._id}`, { headers: { token: admin } })).json()
    ).event as Record<string, unknown> & {
      days: {
        _id: string;
        label: string;
        startsAt: number;
        endsAt: number;
        streamUrl: string | null;
        seatCapacity: number | null;
      }[];
    };
    const restored = await request.put(`/api/admin/events/${course._id}`, {
      headers: { token: admin },
      data: {
        name: event.name,
        description: event.description,
        price: event.price,
        image: event.image,
        category: event.category,
        subCategory: event.subCategory,
        isPresential: event.isPresential,
        days: event.days.map((d) => ({
          _id: d._id,
          label: d.label,
          startsAt: new Date(d.startsAt).toISOString(),
          endsAt: new Date(d.endsAt).toISOString(),
          streamUrl: d.streamUrl,
          seatCapacity: d.seatCapacity,
        })),
        tiers: stored.tiers.map((t) => ({
          ...t,
          until: t.until === null ? null : new Date(t.until).toISOString(),
        })),
      },
    });
    expect(restored.ok(), await restored.text()).toBe(true);
    // The edit dropped the catalogue snapshot: rebuild it here, not in the next journey's time.
    expect((await request.get('/api/product/list')).ok()).toBe(true);
    expect((await request.get(`/product/${course._id}`)).ok()).toBe(true);
  }
});

test('a workshop alone is refused; with the course in the same cart it can be paid', async ({
  page,
  request,
}) => {
  const course = await productNamed(request, COURSE);
  const workshop = await productNamed(request, WORKSHOP);
  const token = await registerByApi(request, uniqueEmail('taller'));
  await openSignedIn(page, token, `/product/${workshop._id}`);
  await expect(page.getByText('Requiere inscripción al curso')).toBeVisible();
  await page.getByRole('button', { name: workshop.days[0]! }).click();
  await page.getByRole('button', { name: 'AGREGAR AL CARRITO' }).click();
  await expect(page.getByRole('link', { name: 'Carrito: 1 producto' })).toBeVisible();

  await page.goto('/cart');
  await expect(page.getByText(prerequisiteMissing(WORKSHOP, COURSE))).toBeVisible();
  await expect(page.getByRole('button', { name: 'PROCEDER AL PAGO' })).toBeDisabled();

  await addCourseFromProductPage(page, course._id, 4);
  await page.goto('/cart');
  await expect(page.getByText(prerequisiteMissing(WORKSHOP, COURSE))).toHaveCount(0);
  await expect(page.getByTestId('cart-total')).toHaveText(money(course.price + workshop.price + FEE));
  await expect(page.getByRole('link', { name: 'PROCEDER AL PAGO' })).toBeVisible();
});

test('hospital staff claim the course for free', async ({ page, request }) => {
  const course = await productNamed(request, COURSE);
  const token = await memberOfType(request, 'hospital', 'personal_hospital');
  await openSignedIn(page, token, `/product/${course._id}`);
  await expect(page.getByTestId('tu-precio')).toHaveText(`Tu precio${money(0)}`);
  await addCourseFromProductPage(page, course._id);
  await page.goto('/place-order');
  await fillAddress(page);
  await expect(page.getByRole('radio', { name: 'Reclamar Gratis' })).toBeChecked();
  await page.getByRole('button', { name: 'RECLAMAR AHORA' }).click();
  await expect(toasts(page).getByText('Producto reclamado exitosamente')).toBeVisible();
  await expect(page).toHaveURL(/\/orders$/);
  const orders = await request.post('/api/order/userorders', { headers: { token }, data: {} });
  const [order] = ((await orders.json()) as { orders: { amount: number; paymentMethod: string }[] }).orders;
  expect(order).toMatchObject({ amount: 0, paymentMethod: 'free' });
});
