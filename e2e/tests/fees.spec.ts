// The fee schedule where only a browser shows it (docs/fees.md): an admin edits the course's
// tiers in the event form (a refused schedule is named at once) and /cuotas shows the new
// numbers; a workshop alone is flagged in the cart and accepted with the course beside it.
// The rules are tested once each below the browser: which tier a buyer pays (every type on
// both sides of a cut-off) in packages/shared/src/domain/pricing.test.ts, and what checkout
// charges for it (early bird, full price, resident, scholarship, hospital staff free, the
// workshop's prerequisite, a step that ends while paying) in
// apps/api/src/modules/pricing/fees.test.ts. "Tu precio" and a tier paid with PayPal are in
// participant-types.spec.ts; the demo table of /cuotas in content.spec.ts.
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

async function addCourseFromProductPage(page: Page, courseId: string, cartCount = 1) {
  await page.goto(`/product/${courseId}`);
  await page.getByRole('button', { name: 'AGREGAR AL CARRITO' }).click();
  await expect(toasts(page).getByText('Producto agregado al carrito')).toBeVisible();
  // Sold as a whole: every day of the course is in the cart, counted as one item.
  await expect(
    page.getByRole('link', {
      name: cartCount === 1 ? 'Carrito: 1 producto' : `Carrito: ${cartCount} productos`,
    }),
  ).toBeVisible();
}

// @alone: the demo course's tiers are what other journeys pay and read.
test("an admin edits the course's tiers in the event form; /cuotas shows the new numbers @alone", async ({
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

  await addCourseFromProductPage(page, course._id, 2);
  await page.goto('/cart');
  await expect(page.getByText(prerequisiteMissing(WORKSHOP, COURSE))).toHaveCount(0);
  await expect(page.getByTestId('cart-total')).toHaveText(money(course.price + workshop.price + FEE));
  await expect(page.getByRole('link', { name: 'PROCEDER AL PAGO' })).toBeVisible();
});
