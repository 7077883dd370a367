// The fee schedule as a buyer meets it (docs/fees.md): /cuotas and the product page read the
// tiers from the database; a resident (type set by the association) sees "Tu precio" and pays
// the resident price with PayPal; the demo specialist pays the early-bird price; a workshop
// alone is refused and accepted with the course in the same cart; hospital staff claim the
// course for free. The step that ends while paying is proven with a moved clock in
// apps/api/src/modules/pricing/fees.test.ts.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { SERVICE_FEE_CENTAVOS, type UserType } from '@store/shared/constants';
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
