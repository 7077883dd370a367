// Accounts made for someone else carry no password (users.password_hash is null) until their
// owner chooses one, on PGlite and PostgreSQL: a person named for a team place (CSV) and a
// colleague who receives a day get such an account; signing in to it with any password is
// refused exactly like a wrong password; the e-mailed set-password link works, and so does
// "¿Olvidaste tu contraseña?" once the link is lost or expired.

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@store/shared/messages';
import { GROUP_MSG } from '@store/shared/group-messages';
import { AFTER_SALE_MSG } from '@store/shared/after-sale-messages';
import { emailOutbox, professionalProfiles, users } from '../../db/schema';
import { createProduct, mexicoCityTime } from '../../../test/factories';
import { startPaymentsHarness, type PaymentsHarness } from '../../../test/payments-helpers';
import {
  ADDRESS,
  addToCart,
  createUser,
  placeOrder,
  post,
  TEST_PASSWORD,
  type TestUser,
} from '../../../test/store-helpers';

let h: PaymentsHarness;
beforeAll(async () => {
  h = await startPaymentsHarness({ RATE_LIMIT_LOGIN_MAX: '1000', RATE_LIMIT_RESET_MAX: '1000' });
});
afterAll(() => h.close());

const STREAM = 'https://www.youtube.com/watch?v=secretosecr';
const newEmail = (tag: string) => `${tag}-${Math.random().toString(16).slice(2, 10)}@hospital.mx`;
const NEW_PASSWORD = 'una-clave-nueva-segura-9';

function oneDay(daysAhead: number) {
  return [
    {
      label: 'Día 1',
      seatCapacity: 10,
      streamUrl: STREAM,
      startsAt: mexicoCityTime(daysAhead, '09:00'),
      endsAt: mexicoCityTime(daysAhead, '18:00'),
    },
  ];
}

async function userByEmail(email: string) {
  const [row] = await h.ctx.database.db.select().from(users).where(eq(users.email, email));
  return row;
}

/** The token of the newest set-password or reset link e-mailed to `email`. */
async function linkTokenTo(email: string): Promise<string> {
  const mails = await h.ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
  const withLink = mails.filter((m) => m.text.includes('/reset-password?token='));
  const newest = withLink.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).at(-1);
  const token = /reset-password\?token=([^\s"&]+)/.exec(newest?.text ?? '')?.[1];
  if (!token) throw new Error(`no set-password link was e-mailed to ${email}`);
  return decodeURIComponent(token);
}

const login = (email: string, password: string) =>
  post(h.ctx, '/api/user/login', undefined, { email, password });

/** The answer to a wrong password of an account that has one: what a passwordless account must get. */
async function wrongPasswordAnswer() {
  const someone = await createUser(h.ctx);
  const res = await login(someone.email, 'no-es-su-clave');
  expect(res.statusCode).toBe(401);
  return { status: res.statusCode, body: res.json() };
}

/** A paid team order of `places` places of a new event's day, through the fake PayPal. */
async function paidTeamOrder(buyer: TestUser, places: number) {
  const p = await createProduct(h.ctx.database.db, { price: 1000, days: oneDay(30) });
  const body = { productId: p.product.id, days: ['Día 1'], places };
  const quote = await post(h.ctx, '/api/group/quote', buyer.token, body);
  expect(quote.statusCode, quote.body).toBe(200);
  const created = await post(h.ctx, '/api/group/paypal/create-order', buyer.token, {
    ...body,
    address: ADDRESS,
    amount: quote.json().quote.total,
  });
  expect(created.statusCode, created.body).toBe(200);
  const { paypalOrderId, orderId } = created.json() as { paypalOrderId: string; orderId: string };
  h.paypal.approve(paypalOrderId);
  const paid = await post(h.ctx, '/api/group/paypal/capture', buyer.token, { paypalOrderId });
  expect(paid.statusCode, paid.body).toBe(200);
  return orderId;
}

describe('a person named for a team place by CSV', () => {
  it('gets an account with no password: every password is refused as a wrong one; the link sets one', async () => {
    const buyer = await createUser(h.ctx);
    const orderId = await paidTeamOrder(buyer, 2);
    const ana = newEmail('ana');
    const beto = newEmail('beto');
    const res = await post(h.ctx, '/api/group/assign-csv', buyer.token, {
      orderId,
      csv: `nombre,correo\nAna Ruiz Pérez,${ana}\nBeto Paz,${beto}\n`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(GROUP_MSG.placesAssignedMany);

    for (const email of [ana, beto]) {
      const row = (await userByEmail(email))!;
      expect(row.passwordHash).toBeNull();
      expect(row.mustChangePassword).toBe(false);
    }

    // Any password, the empty-looking ones too, answers what a wrong password answers.
    const wrong = await wrongPasswordAnswer();
    expect(wrong.body).toEqual({ success: false, message: MSG.invalidCredentials });
    for (const password of ['x', 'null', TEST_PASSWORD, 'dummy-0.5']) {
      const refused = await login(ana, password);
      expect({ status: refused.statusCode, body: refused.json() }).toEqual(wrong);
    }

    // The link's page welcomes her by name and names the event whose day she holds.
    const token = await linkTokenTo(ana);
    const info = await post(h.ctx, '/api/user/password-link', undefined, { token });
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json()).toMatchObject({
      success: true,
      kind: 'welcome',
      name: 'ANA RUIZ PEREZ',
      events: [{ name: expect.any(String), days: [{ label: 'Día 1', startsAt: expect.any(Number) }] }],
    });

    // The e-mailed link sets the password and signs her in at once; the link is spent.
    const set = await post(h.ctx, '/api/user/reset-password', undefined, {
      token,
      newPassword: NEW_PASSWORD,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().message).toBe(MSG.welcomePasswordSet);
    const session = set.json().token as string;
    const profile = await h.ctx.app.inject({
      method: 'GET',
      url: '/api/user/profile',
      headers: { token: session },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json().user.email).toBe(ana);
    expect((await userByEmail(ana))!.passwordHash).toMatch(/^\$argon2id\$/);
    expect((await post(h.ctx, '/api/user/password-link', undefined, { token })).json()).toEqual({
      success: true,
      kind: 'invalid',
      name: '',
      events: [],
    });
    const signedIn = await login(ana, NEW_PASSWORD);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().token).toBeTruthy();
    const again = await post(h.ctx, '/api/user/reset-password', undefined, {
      token,
      newPassword: 'otra-clave-larga-7',
    });
    expect(again.json().message).toBe(MSG.resetTokenInvalid);

    // The other person lost the link: "¿Olvidaste tu contraseña?" sends a new one, which works.
    const asked = await post(h.ctx, '/api/user/reset-password-request', undefined, { email: beto });
    expect(asked.statusCode).toBe(200);
    expect(asked.json().message).toBe(MSG.resetRequestSent);
    const resetToken = await linkTokenTo(beto);
    const reset = await post(h.ctx, '/api/user/reset-password', undefined, {
      token: resetToken,
      newPassword: NEW_PASSWORD,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await login(beto, NEW_PASSWORD)).statusCode).toBe(200);

    // A reset of an account that has a password: the page says «restablecer», no session.
    const again2 = await post(h.ctx, '/api/user/reset-password-request', undefined, { email: beto });
    expect(again2.statusCode).toBe(200);
    const secondToken = await linkTokenTo(beto);
    const resetInfo = await post(h.ctx, '/api/user/password-link', undefined, { token: secondToken });
    expect(resetInfo.json()).toMatchObject({ kind: 'reset', events: [] });
    const plain = await post(h.ctx, '/api/user/reset-password', undefined, {
      token: secondToken,
      newPassword: 'otra-clave-nueva-segura-8',
    });
    expect(plain.json()).toEqual({ success: true, message: MSG.resetDone });
  });

  it('an account that already exists keeps its password', async () => {
    const buyer = await createUser(h.ctx);
    const orderId = await paidTeamOrder(buyer, 1);
    const existing = await createUser(h.ctx);
    const res = await post(h.ctx, '/api/group/assign-csv', buyer.token, {
      orderId,
      csv: `nombre,correo\nCliente De Prueba,${existing.email}\n`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await login(existing.email, TEST_PASSWORD)).statusCode).toBe(200);
  });
});

describe('a colleague who receives a day', () => {
  it('gets an account with no password, refused as a wrong one until the link sets it', async () => {
    const giver = await createUser(h.ctx);
    // A free day 10 days ahead: no longer cancellable by the terms, so it can be transferred.
    const { product, days } = await createProduct(h.ctx.database.db, { price: 0, days: oneDay(10) });
    await addToCart(h.ctx, giver, product.id, 'Día 1');
    const placed = await placeOrder(h.ctx, giver, [{ productId: product.id, day: 'Día 1' }]);
    expect(placed.statusCode, placed.body).toBe(200);
    const email = newEmail('colega');
    const res = await post(h.ctx, '/api/order/transfer', giver.token, {
      orderId: placed.json().orderId,
      productDayId: days[0]!.id,
      email,
      name: 'Ana Colega Ruiz',
      confirm: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(AFTER_SALE_MSG.transferDone);

    expect((await userByEmail(email))!.passwordHash).toBeNull();
    const wrong = await wrongPasswordAnswer();
    const refused = await login(email, 'cualquier-clave');
    expect({ status: refused.statusCode, body: refused.json() }).toEqual(wrong);

    const set = await post(h.ctx, '/api/user/reset-password', undefined, {
      token: await linkTokenTo(email),
      newPassword: NEW_PASSWORD,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('both are greeted and named by the accented names they set for their constancias', async () => {
    const giver = await createUser(h.ctx);
    const colleague = await createUser(h.ctx);
    await h.ctx.database.db.insert(professionalProfiles).values([
      {
        userId: giver.id,
        certificateName: 'Begoña Ibáñez',
        cedula: '1234567',
        specialty: 'Anestesiología',
        institution: 'Hospital',
      },
      {
        userId: colleague.id,
        certificateName: 'José Peña',
        cedula: '7654321',
        specialty: 'Anestesiología',
        institution: 'Hospital',
      },
    ]);
    const { product, days } = await createProduct(h.ctx.database.db, { price: 0, days: oneDay(10) });
    await addToCart(h.ctx, giver, product.id, 'Día 1');
    const placed = await placeOrder(h.ctx, giver, [{ productId: product.id, day: 'Día 1' }]);
    const res = await post(h.ctx, '/api/order/transfer', giver.token, {
      orderId: placed.json().orderId,
      productDayId: days[0]!.id,
      email: colleague.email,
      name: 'Jose Pena',
      confirm: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const outbox = await h.ctx.database.db.select().from(emailOutbox);
    const received = outbox.find((m) => m.to === colleague.email && m.subject.includes('transfirió'))!;
    expect(received.text).toContain('Hola José Peña');
    expect(received.text).toContain('Begoña Ibáñez');
    const sent = outbox.find((m) => m.to === giver.email && m.subject.startsWith('Transferencia'))!;
    expect(sent.text).toContain('Hola Begoña Ibáñez');
  });
});
