// The fee schedule charged as published: the course sold as a whole at the buyer's tier
// (early bird before the cut-off, the full price from it), scholarships, hospital staff free,
// workshops that require the course, and a step that ends while the buyer pays. The clock is
// moved with fake timers; PayPal is the local fake.

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { SERVICE_FEE_CENTAVOS, type UserType } from '@store/shared/constants';
import { centavosToDecimalString, formatPrice, toPesos } from '@store/shared/domain/money';
import { fromMexicoCityLocal } from '@store/shared/domain/time';
import { MSG, prerequisiteMissing, priceStepChanged, wholeEventRequired } from '@store/shared/messages';
import { cartLines as cartLinesTable, orderDays, orders, priceTiers, scholarships } from '../../db/schema';
import { createProduct } from '../../../test/factories';
import { addToCart, ADDRESS, createUser, post, type TestUser } from '../../../test/store-helpers';
import { orderRow, startPaymentsHarness, type PaymentsHarness } from '../../../test/payments-helpers';

const at = (v: string) => fromMexicoCityLocal(v)!;
const CUTOFF = at('2030-05-16T00:00'); // "hasta el 15 de mayo, 23:59"
const BEFORE = at('2030-05-15T23:59:59');
const SPECIALIST_EARLY = 250_000;
const SPECIALIST = 300_000;
const RESIDENT = 200_000;
const BECA = 150_000;
const WORKSHOP = 100_000;

let h: PaymentsHarness;
beforeAll(async () => {
  h = await startPaymentsHarness();
});
afterAll(() => h.close());
afterEach(() => vi.useRealTimers());

const db = () => h.ctx.database.db;
const setNow = (t: Date | number) => vi.setSystemTime(t);

const COURSE_DAYS = ['Jueves 29 de mayo', 'Viernes 30 de mayo', 'Sábado 31 de mayo'];

async function course() {
  const { product, days } = await createProduct(db(), {
    name: 'Curso de anestesia cardiovascular',
    price: 3000,
    saleMode: 'completo',
    days: COURSE_DAYS.map((label, i) => ({
      label,
      startsAt: at(`2030-05-${29 + i}T09:00`),
      endsAt: at(`2030-05-${29 + i}T18:00`),
    })),
  });
  const flat = (userType: UserType, priceCentavos: number, beca: number | null = null) => ({
    productId: product.id,
    userType,
    untilAt: null,
    priceCentavos,
    scholarshipPriceCentavos: beca,
  });
  await db()
    .insert(priceTiers)
    .values([
      { ...flat('especialista', SPECIALIST_EARLY), untilAt: CUTOFF },
      flat('especialista', SPECIALIST),
      flat('general', SPECIALIST),
      flat('residente', RESIDENT, BECA),
      flat('personal_hospital', 0),
    ]);
  return { product, days };
}

async function workshop(courseId: string) {
  return createProduct(db(), {
    name: 'Taller de ecocardiografía',
    price: toPesos(WORKSHOP),
    requiresProductId: courseId,
    days: [
      { label: 'Taller', startsAt: at('2030-05-29T14:30'), endsAt: at('2030-05-29T19:30'), seatCapacity: 20 },
    ],
  });
}

async function cartLines(user: TestUser) {
  const res = await post(h.ctx, '/api/cart/get', user.token, {});
  return res.json().cartData as Record<string, Record<string, number>>;
}

function body(lines: { productId: string; day: string }[], amountCentavos: number) {
  return {
    address: ADDRESS,
    items: lines.map((l) => ({ _id: l.productId, days: l.day, quantity: 1 })),
    amount: toPesos(amountCentavos),
    discount: 0,
  };
}

const courseLines = (productId: string) => COURSE_DAYS.map((day) => ({ productId, day }));

/** Creates the PayPal order and captures it with the fake; returns our order row. */
async function payWithPaypal(
  user: TestUser,
  lines: { productId: string; day: string }[],
  amountCentavos: number,
) {
  const created = await post(h.ctx, '/api/paypal/create-order', user.token, body(lines, amountCentavos));
  expect(created.statusCode, created.body).toBe(200);
  const { id, orderId } = created.json() as { id: string; orderId: string };
  h.paypal.approve(id);
  const paid = await post(h.ctx, '/api/order/paypal', user.token, {
    ...body(lines, amountCentavos),
    couponCode: null,
    paypalOrderId: id,
    paypalPayerId: 'FAKEPAYER01',
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return orderRow(h.ctx, orderId);
}

async function daysOf(orderId: string) {
  return db().select().from(orderDays).where(eq(orderDays.orderId, orderId));
}

describe('the course, sold as a whole at the buyer tier', () => {
  it('one day chosen puts every day in the cart; removing one removes the event', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    setNow(at('2030-05-01T12:00'));
    const { product } = await course();
    const user = await createUser(h.ctx, { userType: 'especialista' });
    await addToCart(h.ctx, user, product.id, COURSE_DAYS[1]);
    expect(Object.keys((await cartLines(user))[product.id] ?? {}).sort()).toEqual([...COURSE_DAYS].sort());
    await post(h.ctx, '/api/cart/update', user.token, {
      itemId: product.id,
      days: COURSE_DAYS[0],
      quantity: 0,
    });
    expect((await cartLines(user))[product.id]).toBeUndefined();
  });

  it('a specialist pays the early-bird price until 23:59:59 and the full price from 00:00:00', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    setNow(BEFORE);
    const { product } = await course();
    const early = await createUser(h.ctx, { userType: 'especialista' });
    await addToCart(h.ctx, early, product.id, COURSE_DAYS[0]);
    const order = await payWithPaypal(
      early,
      courseLines(product.id),
      SPECIALIST_EARLY + SERVICE_FEE_CENTAVOS,
    );
    expect(order.status).toBe('pagado');
    expect(order.amountCentavos).toBe(SPECIALIST_EARLY + SERVICE_FEE_CENTAVOS);
    const rows = await daysOf(order.id);
    expect(rows).toHaveLength(3);
    expect(rows.reduce((s, r) => s + r.priceCentavos, 0)).toBe(SPECIALIST_EARLY);
    expect(order.items[0]!.total).toBe(toPesos(SPECIALIST_EARLY));

    setNow(CUTOFF);
    const late = await createUser(h.ctx, { userType: 'especialista' });
    await addToCart(h.ctx, late, product.id, COURSE_DAYS[0]);
    const lateOrder = await payWithPaypal(late, courseLines(product.id), SPECIALIST + SERVICE_FEE_CENTAVOS);
    expect(lateOrder.amountCentavos).toBe(SPECIALIST + SERVICE_FEE_CENTAVOS);
  });

  it('a resident pays the resident price, or the scholarship price when becado; general pays general', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    setNow(at('2030-05-01T12:00'));
    const { product } = await course();
    const resident = await createUser(h.ctx, { userType: 'residente' });
    await addToCart(h.ctx, resident, product.id, COURSE_DAYS[0]);
    expect(
      (await payWithPaypal(resident, courseLines(product.id), RESIDENT + SERVICE_FEE_CENTAVOS)).status,
    ).toBe('pagado');

    const becado = await createUser(h.ctx, { userType: 'residente' });
    await db().insert(scholarships).values({ userId: becado.id, productId: product.id });
    await addToCart(h.ctx, becado, product.id, COURSE_DAYS[0]);
    expect(
      (await payWithPaypal(becado, courseLines(product.id), BECA + SERVICE_FEE_CENTAVOS)).amountCentavos,
    ).toBe(BECA + SERVICE_FEE_CENTAVOS);

    const general = await createUser(h.ctx);
    await addToCart(h.ctx, general, product.id, COURSE_DAYS[0]);
    const wrong = await post(
      h.ctx,
      '/api/paypal/create-order',
      general.token,
      body(courseLines(product.id), RESIDENT + SERVICE_FEE_CENTAVOS),
    );
    expect(wrong.statusCode).toBe(409);
    // No step ended: another total is a changed cart, not a price step.
    expect(wrong.json().message).toBe(MSG.cartChanged);
  });

  it('hospital staff claim the course for free', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    setNow(at('2030-05-01T12:00'));
    const { product } = await course();
    const staff = await createUser(h.ctx, { userType: 'personal_hospital' });
    await addToCart(h.ctx, staff, product.id, COURSE_DAYS[0]);
    const res = await post(h.ctx, '/api/order/place', staff.token, body(courseLines(product.id), 0));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MSG.freeClaimDone);
    const [row] = await db().select().from(orders).where(eq(orders.userId, staff.id));
    expect(row).toMatchObject({ status: 'pagado', paymentMethod: 'free', amountCentavos: 0 });
    expect(await daysOf(row!.id)).toHaveLength(3);
  });

  it('refuses a cart holding only some days of an event sold as a whole', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    setNow(at('2030-05-01T12:00'));
    const { product } = await course();
    const user = await createUser(h.ctx, { userType: 'especialista' });
    // A line left from before the event was sold as a whole.
    await addToCart(h.ctx, user, product.id, COURSE_DAYS[0]);
    await post(h.ctx, '/api/cart/update', user.token, { itemId: product.id, days: 'x', quantity: 0 });
    await db()
      .insert(cartLinesTable)
      .values({ userId: user.id, productId: product.id, day: COURSE_DAYS[0]!, quantity: 1 });
    const res = await post(
      h.ctx,
      '/api/paypal/create-order',
      user.token,
      body([{ productId: product.id, day: COURSE_DAYS[0]! }], SPECIALIST_EARLY + SERVICE_FEE_CENTAVOS),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(wholeEventRequired(product.name));
  });
});

describe('a step that ends while the buyer pays', () => {
  it('a quote seen before the cut-off and sent after it is refused with the new total; nothing is created', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    setNow(BEFORE);
    const { product } = await course();
    const user = await createUser(h.ctx, { userType: 'especialista' });
    await addToCart(h.ctx, user, product.id, COURSE_DAYS[0]);
    setNow(CUTOFF);
    const res = await post(
      h.ctx,
      '/api/paypal/create-order',
      user.token,
      body(courseLines(product.id), SPECIALIST_EARLY + SERVICE_FEE_CENTAVOS),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      priceStepChanged(formatPrice(toPesos(SPECIALIST + SERVICE_FEE_CENTAVOS))),
    );
    expect(await db().select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(0);
  });

  it('an order placed before the cut-off and captured after it is charged the amount shown', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    setNow(at('2030-05-15T23:58'));
    const { product } = await course();
    const user = await createUser(h.ctx, { userType: 'especialista' });
    await addToCart(h.ctx, user, product.id, COURSE_DAYS[0]);
    const shown = SPECIALIST_EARLY + SERVICE_FEE_CENTAVOS;
    const created = await post(
      h.ctx,
      '/api/paypal/create-order',
      user.token,
      body(courseLines(product.id), shown),
    );
    expect(created.statusCode, created.body).toBe(200);
    const { id, orderId } = created.json() as { id: string; orderId: string };
    h.paypal.approve(id);
    setNow(CUTOFF.getTime() + 60_000);
    const paid = await post(h.ctx, '/api/order/paypal', user.token, {
      ...body(courseLines(product.id), shown),
      couponCode: null,
      paypalOrderId: id,
      paypalPayerId: 'FAKEPAYER01',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const order = await orderRow(h.ctx, orderId);
    expect(order).toMatchObject({ status: 'pagado', amountCentavos: shown });
    expect(h.paypal.orders.get(id)?.purchaseUnit.amount.value).toBe(centavosToDecimalString(shown));
  });
});

describe('workshops require the course', () => {
  it('refuses a workshop alone, with a message naming the course', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    setNow(at('2030-05-01T12:00'));
    const { product: c } = await course();
    const { product: w } = await workshop(c.id);
    const user = await createUser(h.ctx, { userType: 'especialista' });
    await addToCart(h.ctx, user, w.id, 'Taller');
    const res = await post(
      h.ctx,
      '/api/paypal/create-order',
      user.token,
      body([{ productId: w.id, day: 'Taller' }], WORKSHOP + SERVICE_FEE_CENTAVOS),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(prerequisiteMissing(w.name, c.name));
    expect(await db().select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(0);
  });

  it('accepts it with the course in the same cart, and later alone once the course is paid', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    setNow(at('2030-05-01T12:00'));
    const { product: c } = await course();
    const { product: w } = await workshop(c.id);
    const user = await createUser(h.ctx, { userType: 'especialista' });
    await addToCart(h.ctx, user, c.id, COURSE_DAYS[0]);
    await addToCart(h.ctx, user, w.id, 'Taller');
    const both = await payWithPaypal(
      user,
      [...courseLines(c.id), { productId: w.id, day: 'Taller' }],
      SPECIALIST_EARLY + WORKSHOP + SERVICE_FEE_CENTAVOS,
    );
    expect(both.status).toBe('pagado');

    const { product: w2 } = await workshop(c.id);
    await addToCart(h.ctx, user, w2.id, 'Taller');
    const alone = await payWithPaypal(
      user,
      [{ productId: w2.id, day: 'Taller' }],
      WORKSHOP + SERVICE_FEE_CENTAVOS,
    );
    expect(alone.status).toBe('pagado');
  });
});

describe('POST /api/order/quote: the cart at the buyer tier, as checkout will charge it', () => {
  it('prices each day of the whole course from the tier, and names a missing prerequisite', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    setNow(at('2030-05-01T12:00'));
    const { product: c } = await course();
    const { product: w } = await workshop(c.id);
    const resident = await createUser(h.ctx, { userType: 'residente' });
    expect((await post(h.ctx, '/api/order/quote', resident.token, {})).json()).toEqual({
      success: true,
      lines: [],
      subtotal: 0,
      problem: null,
    });

    await addToCart(h.ctx, resident, w.id, 'Taller');
    expect((await post(h.ctx, '/api/order/quote', resident.token, {})).json()).toEqual({
      success: true,
      lines: [],
      subtotal: null,
      problem: prerequisiteMissing(w.name, c.name),
    });

    await addToCart(h.ctx, resident, c.id, COURSE_DAYS[0]);
    const quote = (await post(h.ctx, '/api/order/quote', resident.token, {})).json();
    expect(quote.problem).toBeNull();
    expect(quote.subtotal).toBe(toPesos(RESIDENT + WORKSHOP));
    const coursePrices = quote.lines
      .filter((l: { _id: string }) => l._id === c.id)
      .map((l: { price: number }) => l.price);
    expect(coursePrices).toHaveLength(3);
    expect(coursePrices.reduce((a: number, b: number) => a + Math.round(b * 100), 0)).toBe(RESIDENT);
  });
});
