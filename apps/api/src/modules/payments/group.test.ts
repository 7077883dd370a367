// Places for a team (docs/groups.md), on PGlite and PostgreSQL: the quote (price per place,
// seats left, coupon), the purchase through the fake PayPal as one order taking a seat per
// place, assignment by hand and by CSV (accounts, e-mails, audit, access), the refusals with
// their Spanish messages (nothing changed), reassignment (and when it is refused), the
// cancellation of one place by the terms, and the individual flows refused on a group order.

import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENCY_LABEL, MAX_GROUP_PLACES, SERVICE_FEE_CENTAVOS } from '@store/shared/constants';
import { cancellationCharge } from '@store/shared/domain/cancellation';
import { formatPrice, toPesos } from '@store/shared/domain/money';
import { extractText } from 'unpdf';
import { ADMIN_MSG } from '@store/shared/admin-messages';
import { MSG, holdNetworkLimit } from '@store/shared/messages';
import { holdPlaces } from '../lifecycle';
import { findOrderForInvoice } from '../invoices/repo';
import { invoiceInput } from '../invoices/worker';
import {
  auditLog,
  emailOutbox,
  cfdiDocuments,
  orderDays,
  orderRefunds,
  passwordResetTokens,
  productDays,
  streamWatch,
  users,
} from '../../db/schema';
import { createProduct, mexicoCityTime, type ProductSpec } from '../../../test/factories';
import {
  grants,
  orderRow,
  seatsTaken,
  settlePendingRefund,
  startPaymentsHarness,
  type PaymentsHarness,
} from '../../../test/payments-helpers';
import { ADDRESS, createCoupon, createUser, post, type TestUser } from '../../../test/store-helpers';
import { GROUP_MSG, groupSeatsShort, placesCsvLine } from '@store/shared/group-messages';

let h: PaymentsHarness;
beforeAll(async () => {
  h = await startPaymentsHarness();
});
afterAll(() => h.close());

const STREAM = 'https://www.youtube.com/watch?v=secretosecr';
const newEmail = (tag = 'residente') => `${tag}-${Math.random().toString(16).slice(2, 10)}@hospital.mx`;

function days(daysAhead: number, count = 1, capacity: number | null = 10): ProductSpec['days'] {
  return Array.from({ length: count }, (_, i) => ({
    label: `Día ${i + 1}`,
    seatCapacity: capacity,
    streamUrl: STREAM,
    startsAt: mexicoCityTime(daysAhead + i, '09:00'),
    endsAt: mexicoCityTime(daysAhead + i, '18:00'),
  }));
}

async function product(spec: ProductSpec = {}) {
  return createProduct(h.ctx.database.db, { price: 1000, days: days(30), ...spec });
}

/** The buyer's paid group order of `places` places of the product's first day (or every day). */
async function buyGroup(
  buyer: TestUser,
  p: Awaited<ReturnType<typeof product>>,
  places: number,
  extra: Record<string, unknown> = {},
) {
  const body = { productId: p.product.id, days: [p.days[0]!.label], places, ...extra };
  const quote = await post(h.ctx, '/api/group/quote', buyer.token, body);
  if (quote.statusCode !== 200) throw new Error(`quote ${quote.statusCode}: ${quote.body}`);
  const created = await post(h.ctx, '/api/group/paypal/create-order', buyer.token, {
    ...body,
    address: ADDRESS,
    amount: quote.json().quote.total,
  });
  if (created.statusCode !== 200) throw new Error(`create ${created.statusCode}: ${created.body}`);
  const { paypalOrderId, orderId } = created.json() as { paypalOrderId: string; orderId: string };
  h.paypal.approve(paypalOrderId);
  const paid = await post(h.ctx, '/api/group/paypal/capture', buyer.token, { paypalOrderId });
  if (paid.statusCode !== 200) throw new Error(`capture ${paid.statusCode}: ${paid.body}`);
  return { orderId, quote: quote.json().quote };
}

async function placesOf(buyer: TestUser, orderId: string) {
  const res = await post(h.ctx, '/api/group/places', buyer.token, { orderId });
  expect(res.statusCode).toBe(200);
  return res.json().group as {
    places: {
      placeId: string;
      state: string;
      assignee: { name: string; email: string } | null;
      assignable: boolean;
      cancellable: boolean;
      refund: number;
    }[];
  };
}

const assign = (buyer: TestUser, body: Record<string, unknown>) =>
  post(h.ctx, '/api/group/assign', buyer.token, body);
const reassign = (buyer: TestUser, body: Record<string, unknown>) =>
  post(h.ctx, '/api/group/reassign', buyer.token, body);
const assignCsv = (buyer: TestUser, orderId: string, csv: string) =>
  post(h.ctx, '/api/group/assign-csv', buyer.token, { orderId, csv });

async function userByEmail(email: string) {
  const [row] = await h.ctx.database.db.select().from(users).where(eq(users.email, email));
  return row;
}

async function mailsTo(email: string) {
  return h.ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
}

async function holders(orderId: string) {
  const rows = await h.ctx.database.db.select().from(orderDays).where(eq(orderDays.orderId, orderId));
  return rows.map((r) => r.userId).filter((u): u is string => u !== null);
}

describe('quote', () => {
  it('prices each place at the general price, adds one fee, applies a coupon, refuses more places than seats', async () => {
    const buyer = await createUser(h.ctx, { userType: 'residente' });
    const p = await product({ days: days(30, 2, 4) });
    const body = { productId: p.product.id, days: ['Día 1', 'Día 2'], places: 3 };
    const res = await post(h.ctx, '/api/group/quote', buyer.token, body);
    expect(res.statusCode).toBe(200);
    expect(res.json().quote).toMatchObject({
      places: 3,
      pricePerPlace: 2000,
      subtotal: 6000,
      fee: toPesos(SERVICE_FEE_CENTAVOS),
      total: 6000 + toPesos(SERVICE_FEE_CENTAVOS),
    });

    const coupon = await createCoupon(h.ctx, { discountType: 'percent', discountValue: 10 });
    const withCoupon = await post(h.ctx, '/api/group/quote', buyer.token, {
      ...body,
      couponCode: coupon.code,
    });
    expect(withCoupon.json().quote).toMatchObject({
      discount: 600,
      total: 5400 + toPesos(SERVICE_FEE_CENTAVOS),
    });

    const tooMany = await post(h.ctx, '/api/group/quote', buyer.token, { ...body, places: 5 });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe(groupSeatsShort('Día 1', 4));

    for (const places of [0, MAX_GROUP_PLACES + 1, 2.5]) {
      const bad = await post(h.ctx, '/api/group/quote', buyer.token, { ...body, places });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(GROUP_MSG.groupPlacesInvalid);
    }
    const noDays = await post(h.ctx, '/api/group/quote', buyer.token, { ...body, days: [] });
    expect(noDays.json().message).toBe(GROUP_MSG.groupDaysRequired);
    const anon = await post(h.ctx, '/api/group/quote', undefined, body);
    expect(anon.statusCode).toBe(401);
  });

  it('an event sold whole: every day is in each place, the price split over them', async () => {
    const buyer = await createUser(h.ctx);
    const p = await product({ saleMode: 'completo', price: 3001, days: days(30, 2) });
    const res = await post(h.ctx, '/api/group/quote', buyer.token, { productId: p.product.id, places: 2 });
    expect(res.json().quote).toMatchObject({ pricePerPlace: 3001, subtotal: 6002 });
    expect(res.json().quote.days.map((d: { pricePerPlace: number }) => d.pricePerPlace)).toEqual([
      1500.5, 1500.5,
    ]);
  });
});

describe('the institutional price', () => {
  it('set by the admin in the fee schedule, it prices each place; cleared, the general price does', async () => {
    const admin = await createUser(h.ctx, { role: 'admin' });
    const buyer = await createUser(h.ctx);
    const input = {
      name: 'Curso institucional',
      description: '',
      price: 1200,
      image: [],
      category: 'Conferencias',
      subCategory: 'Basico',
      isPresential: false,
      days: [
        {
          label: 'Día 1',
          startsAt: mexicoCityTime(40, '09:00').toISOString(),
          endsAt: mexicoCityTime(40, '18:00').toISOString(),
        },
      ],
      institutionalPrice: 950.5,
    };
    const send = (method: 'POST' | 'PUT', url: string, payload: unknown) =>
      h.ctx.app.inject({
        method,
        url,
        headers: { token: admin.token },
        payload: payload as Record<string, unknown>,
      });
    const created = await send('POST', '/api/admin/events', input);
    expect(created.statusCode, created.body).toBe(200);
    const event = created.json().event as {
      _id: string;
      institutionalPrice: number | null;
      days: { _id: string }[];
    };
    expect(event.institutionalPrice).toBe(950.5);
    const quote = (body: Record<string, unknown>) =>
      post(h.ctx, '/api/group/quote', buyer.token, {
        productId: event._id,
        days: ['Día 1'],
        places: 2,
        ...body,
      });
    expect((await quote({})).json().quote).toMatchObject({ pricePerPlace: 950.5, subtotal: 1901 });

    const bad = await send('PUT', `/api/admin/events/${event._id}`, { ...input, institutionalPrice: -5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(ADMIN_MSG.eventInstitutionalPriceInvalid);
    const days = [{ ...input.days[0], _id: event.days[0]!._id }];
    const kept = await send('PUT', `/api/admin/events/${event._id}`, {
      ...input,
      days,
      institutionalPrice: undefined,
    });
    expect(kept.json().event.institutionalPrice).toBe(950.5);
    const cleared = await send('PUT', `/api/admin/events/${event._id}`, {
      ...input,
      days,
      institutionalPrice: null,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().event.institutionalPrice).toBeNull();
    expect((await quote({})).json().quote).toMatchObject({ pricePerPlace: 1200 });
  });
});

describe('buying places for a team', () => {
  it('one order, one seat per place in one transaction, no place held by the buyer, one confirmation and one CFDI request', async () => {
    const buyer = await createUser(h.ctx);
    const p = await product();
    const fiscal = {
      rfc: 'IMS421231I45',
      razonSocial: 'INSTITUTO MEXICANO DEL SEGURO SOCIAL',
      regimenFiscal: '603',
      usoCfdi: 'G03',
      codigoPostal: '06600',
    };
    const { orderId, quote } = await buyGroup(buyer, p, 3, { invoice: fiscal });
    const order = await orderRow(h.ctx, orderId);
    expect(order).toMatchObject({ kind: 'grupo', status: 'pagado', amountCentavos: quote.total * 100 });
    expect(await seatsTaken(h.ctx, p.days[0]!.id)).toBe(3);
    const rows = await h.ctx.database.db.select().from(orderDays).where(eq(orderDays.orderId, orderId));
    expect(rows.map((r) => [r.place, r.userId, r.status]).sort()).toEqual([
      [1, null, 'pagado'],
      [2, null, 'pagado'],
      [3, null, 'pagado'],
    ]);
    expect(await grants(h.ctx, buyer.id)).toBe(0);
    // The receipt: one line for the day with its places and their sum.
    const receipt = await h.ctx.app.inject({
      method: 'GET',
      url: `/api/order/${orderId}/receipt`,
      headers: { token: buyer.token },
    });
    expect(receipt.statusCode).toBe(200);
    const { text } = await extractText(new Uint8Array(receipt.rawPayload), { mergePages: true });
    expect(text).toContain(`3 lugares × ${p.product.name} · ${p.days[0]!.label}`);
    expect(text).toContain(formatPrice(toPesos(300000), CURRENCY_LABEL));
    const [invoice] = await h.ctx.database.db
      .select()
      .from(cfdiDocuments)
      .where(and(eq(cfdiDocuments.orderId, orderId), eq(cfdiDocuments.kind, 'I')));
    expect(invoice).toMatchObject({ rfc: fiscal.rfc });
    // The CFDI: one line of 3 places at the place's price, the fee, adding up to what was paid.
    const cfdi = invoiceInput(invoice!, (await findOrderForInvoice(h.ctx.database.db, orderId))!, '31');
    expect(cfdi.customer).toMatchObject({ legal_name: fiscal.razonSocial, tax_id: fiscal.rfc });
    expect(cfdi.items.map((i) => [i.quantity, i.product.price, i.product.description])).toEqual([
      [3, 1000, `${p.product.name} (${p.days[0]!.label}) · 3 lugares`],
      [1, toPesos(SERVICE_FEE_CENTAVOS), 'Cargo por servicio'],
    ]);
    const confirmations = (await mailsTo(buyer.email)).filter((m) =>
      m.subject.includes(orderId.slice(0, 8).toUpperCase()),
    );
    expect(confirmations).toHaveLength(1);

    const view = await placesOf(buyer, orderId);
    expect(view.places.map((x) => x.state)).toEqual(['sin_asignar', 'sin_asignar', 'sin_asignar']);
    expect(view.places.every((x) => x.assignable && x.cancellable)).toBe(true);

    // The individual flows do not apply to a group order.
    const cancel = await post(h.ctx, '/api/order/cancel', buyer.token, { orderId });
    expect(cancel.json().message).toBe(GROUP_MSG.groupCancelByPlace);
    const transfer = await post(h.ctx, '/api/order/transfer', buyer.token, {
      orderId,
      productDayId: p.days[0]!.id,
      email: newEmail(),
      name: 'Ana Ruiz',
      confirm: true,
    });
    expect(transfer.json().message).toBe(GROUP_MSG.groupNoTransfer);
  });

  it('unpaid holds of limited days count against the network cap, like any hold', async () => {
    const buyer = await createUser(h.ctx);
    const p = await product();
    const hold = (maxHoldsPerNetwork: number) =>
      h.ctx.database.db.transaction((tx) =>
        holdPlaces(tx, {
          userId: buyer.id,
          group: { productId: p.product.id, days: [p.days[0]!.label], places: 2 },
          address: { ...ADDRESS, state: ADDRESS.state ?? '' },
          paymentMethod: 'paypal',
          expiresAt: new Date(Date.now() + 30 * 60_000),
          clientAmount: 2000 + toPesos(SERVICE_FEE_CENTAVOS),
          clientNetwork: '203.0.113.7',
          maxHoldsPerNetwork,
          now: new Date(),
        }),
      );
    await hold(1);
    await expect(hold(1)).rejects.toThrow(holdNetworkLimit(1));
    expect(await seatsTaken(h.ctx, p.days[0]!.id)).toBe(2);
    await hold(2);
    expect(await seatsTaken(h.ctx, p.days[0]!.id)).toBe(4);
  });

  it('a total that changed is refused before anything is taken', async () => {
    const buyer = await createUser(h.ctx);
    const p = await product();
    const res = await post(h.ctx, '/api/group/paypal/create-order', buyer.token, {
      productId: p.product.id,
      days: [p.days[0]!.label],
      places: 2,
      address: ADDRESS,
      amount: 1,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(GROUP_MSG.groupTotalChanged);
    expect(await seatsTaken(h.ctx, p.days[0]!.id)).toBe(0);
  });
});

describe('assigning places', () => {
  it('by hand: an account with a set-password link, e-mails to both, audit, access; then refusals change nothing', async () => {
    const buyer = await createUser(h.ctx);
    const p = await product();
    const { orderId } = await buyGroup(buyer, p, 3);
    const [first, second] = (await placesOf(buyer, orderId)).places;
    const email = newEmail();
    const res = await assign(buyer, {
      orderId,
      placeIds: [first!.placeId],
      name: 'Ana Ruiz Pérez',
      email: email.toUpperCase(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(GROUP_MSG.placeAssigned);

    const person = (await userByEmail(email))!;
    expect(person).toMatchObject({ name: 'ANA RUIZ PEREZ', role: 'customer' });
    const tokens = await h.ctx.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, person.id));
    expect(tokens).toHaveLength(1);
    const toPerson = await mailsTo(email);
    expect(toPerson).toHaveLength(1);
    expect(toPerson[0]!.text).toContain('/reset-password?token=');
    expect((await mailsTo(buyer.email)).some((m) => m.subject.startsWith('Lugar asignado'))).toBe(true);
    const audits = await h.ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, orderId), eq(auditLog.action, 'order.place_assigned')));
    expect(audits).toHaveLength(1);
    expect(await grants(h.ctx, person.id)).toBe(1);
    expect(await seatsTaken(h.ctx, p.days[0]!.id)).toBe(3);

    // The person sees the place in Mis Productos and the stream link on the event.
    const personToken = { ...buyer, id: person.id, email, token: await tokenOf(person.id) };
    const mine = await post(h.ctx, '/api/group/mine', personToken.token);
    expect(mine.json().places).toMatchObject([{ productId: p.product.id, days: [{ label: 'Día 1' }] }]);
    const single = await h.ctx.app.inject({
      method: 'GET',
      url: `/api/product/single/${p.product.id}`,
      headers: { token: personToken.token },
    });
    expect(JSON.stringify(single.json())).toContain(STREAM);

    // Refusals: nothing changes.
    const same = await assign(buyer, { orderId, placeIds: [second!.placeId], name: 'Ana Ruiz', email });
    expect(same.statusCode).toBe(409);
    // The same text as for an administrator's e-mail: nothing about someone else's account.
    expect(same.json().message).toBe(GROUP_MSG.placePersonUnavailable);
    const badEmail = await assign(buyer, {
      orderId,
      placeIds: [second!.placeId],
      name: 'Ana Ruiz',
      email: 'ana@',
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().message).toBe(MSG.invalidEmail);
    const badName = await assign(buyer, {
      orderId,
      placeIds: [second!.placeId],
      name: 'R2-D2',
      email: newEmail(),
    });
    expect(badName.json().message).toBe(MSG.invalidName);
    const admin = await createUser(h.ctx, { role: 'admin' });
    const toAdmin = await assign(buyer, {
      orderId,
      placeIds: [second!.placeId],
      name: 'Admin',
      email: admin.email,
    });
    expect(toAdmin.json().message).toBe(GROUP_MSG.placePersonUnavailable);
    const stranger = await createUser(h.ctx);
    const notMine = await assign(stranger, {
      orderId,
      placeIds: [second!.placeId],
      name: 'Ana Ruiz',
      email: newEmail(),
    });
    expect(notMine.statusCode).toBe(403);
    expect(await holders(orderId)).toEqual([person.id]);
  });

  it('by CSV: wrong columns and a bad line are refused naming them, all or nothing; a good list assigns every line', async () => {
    const buyer = await createUser(h.ctx);
    const p = await product();
    const { orderId } = await buyGroup(buyer, p, 3);
    const owner = await createUser(h.ctx);
    // A person who already holds the day through an individual purchase.
    const { orderId: otherOrder } = await buyGroup(owner, p, 1);
    const [other] = (await placesOf(owner, otherOrder)).places;
    const taken = newEmail('ocupado');
    expect(
      (
        await assign(owner, {
          orderId: otherOrder,
          placeIds: [other!.placeId],
          name: 'Luis Mora',
          email: taken,
        })
      ).statusCode,
    ).toBe(200);

    const header = await assignCsv(buyer, orderId, 'name,mail\nAna Ruiz,ana@hospital.mx');
    expect(header.statusCode).toBe(400);
    expect(header.json().message).toBe(GROUP_MSG.placesCsvHeader);

    const a = newEmail();
    const bad = await assignCsv(buyer, orderId, `nombre,correo\nAna Ruiz,${a}\nBeto Paz,beto@`);
    expect(bad.json().message).toBe(placesCsvLine(3, `${MSG.invalidEmail} (columna correo)`));
    const holder = await assignCsv(buyer, orderId, `nombre;correo\nAna Ruiz;${a}\nLuis Mora;${taken}`);
    expect(holder.statusCode).toBe(409);
    expect(holder.json().message).toBe(placesCsvLine(3, GROUP_MSG.placePersonUnavailable));
    expect(await holders(orderId)).toEqual([]);
    expect(await userByEmail(a)).toBeUndefined();

    const tooMany = await assignCsv(
      buyer,
      orderId,
      `nombre,correo\n${[1, 2, 3, 4].map((i) => `Persona Numero ${'ABCD'[i - 1]},${newEmail(`p${i}`)}`).join('\n')}`,
    );
    expect(tooMany.json().message).toBe(placesCsvLine(5, GROUP_MSG.placesNotEnough));

    const ok = await assignCsv(
      buyer,
      orderId,
      `\uFEFFnombre,correo\n"Ana Ruiz",${a}\nBeto Paz,${newEmail()}\n`,
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(GROUP_MSG.placesAssignedMany);
    const view = await placesOf(buyer, orderId);
    expect(view.places.map((x) => x.state)).toEqual(['asignado', 'asignado', 'sin_asignar']);
  });
});

describe('reassigning', () => {
  it('moves the place to another person (access leaves the first, e-mails to the three), refused once used or started', async () => {
    const buyer = await createUser(h.ctx);
    const p = await product();
    const { orderId } = await buyGroup(buyer, p, 2);
    const [first, second] = (await placesOf(buyer, orderId)).places;
    const a = newEmail('a');
    const b = newEmail('b');
    await assign(buyer, { orderId, placeIds: [first!.placeId], name: 'Ana Ruiz', email: a });
    // «Asignar» only takes a free place: this one is Ana's now.
    const again = await assign(buyer, { orderId, placeIds: [first!.placeId], name: 'Beto Paz', email: b });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(GROUP_MSG.placeInProgress);
    const move = { orderId, placeIds: [first!.placeId], currentEmail: a };
    const same = await reassign(buyer, { ...move, name: 'Ana Ruiz', email: a });
    expect(same.json().message).toBe(GROUP_MSG.placeSamePerson);
    // Someone else than the holder shown: another change was saved meanwhile.
    const stale = await reassign(buyer, { ...move, currentEmail: newEmail(), name: 'Beto Paz', email: b });
    expect(stale.json().message).toBe(GROUP_MSG.placeInProgress);
    const res = await reassign(buyer, { ...move, name: 'Beto Paz', email: b });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(GROUP_MSG.placeReassigned);
    const ana = (await userByEmail(a))!;
    const beto = (await userByEmail(b))!;
    expect(await grants(h.ctx, ana.id)).toBe(0);
    expect(await grants(h.ctx, beto.id)).toBe(1);
    expect(await seatsTaken(h.ctx, p.days[0]!.id)).toBe(2);
    expect((await mailsTo(a)).some((m) => m.subject.startsWith('Tu lugar fue reasignado'))).toBe(true);
    expect((await mailsTo(buyer.email)).some((m) => m.subject.startsWith('Lugar reasignado'))).toBe(true);
    const audits = await h.ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, orderId), like(auditLog.action, 'order.place_%')));
    expect(audits.map((x) => x.action).sort()).toEqual(['order.place_assigned', 'order.place_reassigned']);

    // Watched: used, no longer reassignable.
    await h.ctx.database.db
      .insert(streamWatch)
      .values({ userId: beto.id, productDayId: p.days[0]!.id, seconds: 120 });
    const used = await reassign(buyer, { ...move, currentEmail: b, name: 'Ana Ruiz', email: a });
    expect(used.json().message).toBe(GROUP_MSG.placeUsed);
    expect((await placesOf(buyer, orderId)).places[0]).toMatchObject({ state: 'usado', assignable: false });
    // Ana may still take the other place.
    expect(
      (await assign(buyer, { orderId, placeIds: [second!.placeId], name: 'Ana Ruiz', email: a })).statusCode,
    ).toBe(200);
  });

  it("a presential day: the QR ticket is the holder's, and follows a reassignment", async () => {
    const buyer = await createUser(h.ctx);
    const p = await product({ isPresential: true });
    const { orderId } = await buyGroup(buyer, p, 1);
    const [place] = (await placesOf(buyer, orderId)).places;
    const a = newEmail('a');
    const b = newEmail('b');
    await assign(buyer, { orderId, placeIds: [place!.placeId], name: 'Ana Ruiz', email: a });
    const tickets = async (userId: string) =>
      (
        await h.ctx.app.inject({
          method: 'GET',
          url: '/api/attendance/tickets',
          headers: { token: await tokenOf(userId) },
        })
      ).json().tickets as unknown[];
    const ana = (await userByEmail(a))!;
    expect(await tickets(ana.id)).toHaveLength(1);
    expect(await tickets(buyer.id)).toHaveLength(0);
    await reassign(buyer, {
      orderId,
      placeIds: [place!.placeId],
      currentEmail: a,
      name: 'Beto Paz',
      email: b,
    });
    expect(await tickets(ana.id)).toHaveLength(0);
    expect(await tickets((await userByEmail(b))!.id)).toHaveLength(1);
  });

  it('a day that started is not sold to a team, and its places cannot be assigned any more', async () => {
    const buyer = await createUser(h.ctx);
    const soon = [
      {
        label: 'Día 1',
        seatCapacity: 10,
        streamUrl: STREAM,
        startsAt: new Date(Date.now() + 3600_000),
        endsAt: new Date(Date.now() + 5 * 3600_000),
      },
    ];
    const p = await product({ days: soon });
    const { orderId } = await buyGroup(buyer, p, 1);
    const [place] = (await placesOf(buyer, orderId)).places;
    // The day starts.
    await h.ctx.database.db
      .update(productDays)
      .set({ startsAt: new Date(Date.now() - 60_000) })
      .where(eq(productDays.id, p.days[0]!.id));
    const quote = await post(h.ctx, '/api/group/quote', buyer.token, {
      productId: p.product.id,
      days: ['Día 1'],
      places: 1,
    });
    expect(quote.statusCode).toBe(409);
    expect(quote.json().message).toBe(GROUP_MSG.groupDayStarted);
    const res = await assign(buyer, {
      orderId,
      placeIds: [place!.placeId],
      name: 'Ana Ruiz',
      email: newEmail(),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(GROUP_MSG.placeDayStarted);
  });
});

describe('cancelling places', () => {
  it('one place (assigned or not) by the terms: its share minus the charge through PayPal, its seat back, the rest stands', async () => {
    const buyer = await createUser(h.ctx);
    const p = await product();
    const fiscal = {
      rfc: 'UNA2907227Y5',
      razonSocial: 'UNIVERSIDAD DE PRUEBA',
      regimenFiscal: '603',
      usoCfdi: 'G03',
      codigoPostal: '04510',
    };
    const { orderId } = await buyGroup(buyer, p, 3, { invoice: fiscal });
    const [first, , third] = (await placesOf(buyer, orderId)).places;
    const a = newEmail();
    await assign(buyer, { orderId, placeIds: [first!.placeId], name: 'Ana Ruiz', email: a });
    const ana = (await userByEmail(a))!;
    const share = 100000;
    const expected = share - cancellationCharge(share);
    expect(third!.refund).toBe(toPesos(expected));

    const res = await post(h.ctx, '/api/group/cancel', buyer.token, { orderId, placeIds: [first!.placeId] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ refunded: toPesos(expected) });
    expect(await grants(h.ctx, ana.id)).toBe(0);
    expect(await seatsTaken(h.ctx, p.days[0]!.id)).toBe(2);
    const order = await orderRow(h.ctx, orderId);
    expect(order).toMatchObject({ status: 'pagado', refundedCentavos: expected });
    const [refund] = await h.ctx.database.db
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, orderId));
    expect(refund).toMatchObject({ status: 'completado', orderDayIds: [first!.placeId] });
    // One CFDI for the order stands; the cancelled place gets a credit note for its refund.
    const [invoice] = await h.ctx.database.db
      .select()
      .from(cfdiDocuments)
      .where(and(eq(cfdiDocuments.orderId, orderId), eq(cfdiDocuments.kind, 'I')));
    expect(invoice).toMatchObject({ razonSocial: 'UNIVERSIDAD DE PRUEBA', cancelMotive: null });
    const notes = await h.ctx.database.db
      .select()
      .from(cfdiDocuments)
      .where(and(eq(cfdiDocuments.orderId, orderId), eq(cfdiDocuments.kind, 'E')));
    expect(notes.map((n) => n.amountCentavos)).toEqual([expected]);

    const unassigned = await post(h.ctx, '/api/group/cancel', buyer.token, {
      orderId,
      placeIds: [third!.placeId],
    });
    expect(unassigned.statusCode).toBe(200);
    expect(await seatsTaken(h.ctx, p.days[0]!.id)).toBe(1);
    const view = await placesOf(buyer, orderId);
    expect(view.places.map((x) => x.state)).toEqual(['cancelado', 'sin_asignar', 'cancelado']);
    const again = await post(h.ctx, '/api/group/cancel', buyer.token, {
      orderId,
      placeIds: [third!.placeId],
    });
    expect(again.json().message).toBe(GROUP_MSG.placeNotActive);
    const assignCancelled = await assign(buyer, {
      orderId,
      placeIds: [third!.placeId],
      name: 'Ana Ruiz',
      email: newEmail(),
    });
    expect(assignCancelled.json().message).toBe(GROUP_MSG.placeNotActive);
  });

  it('a refund PayPal answers PENDING: the buyer reads «en proceso», nothing ends until PayPal confirms it', async () => {
    const buyer = await createUser(h.ctx);
    const p = await product();
    const { orderId } = await buyGroup(buyer, p, 2);
    const [first] = (await placesOf(buyer, orderId)).places;
    h.paypal.scriptRefund({ kind: 'pending' });
    const res = await post(h.ctx, '/api/group/cancel', buyer.token, { orderId, placeIds: [first!.placeId] });
    expect(res.statusCode, res.body).toBe(200);
    // The same words as a single order's cancellation, and nothing refunded yet.
    expect(res.json()).toMatchObject({ message: MSG.refundInProcess, refunded: 0 });
    expect(await orderRow(h.ctx, orderId)).toMatchObject({ status: 'pagado', refundedCentavos: 0 });
    expect((await placesOf(buyer, orderId)).places.map((x) => x.state)).toEqual([
      'sin_asignar',
      'sin_asignar',
    ]);
    expect(await seatsTaken(h.ctx, p.days[0]!.id)).toBe(2);
    const cancelled = () =>
      mailsTo(buyer.email).then((m) => m.filter((x) => x.subject.startsWith('Cancelación')));
    expect(await cancelled()).toHaveLength(0);

    // PayPal moves the money and says so: the place ends, its seat comes back, the e-mail goes.
    const hook = await settlePendingRefund(h, orderId);
    expect(hook.statusCode).toBe(200);
    const share = 100000;
    expect(await orderRow(h.ctx, orderId)).toMatchObject({
      status: 'pagado',
      refundedCentavos: share - cancellationCharge(share),
    });
    expect((await placesOf(buyer, orderId)).places.map((x) => x.state)).toEqual(['cancelado', 'sin_asignar']);
    expect(await seatsTaken(h.ctx, p.days[0]!.id)).toBe(1);
    expect(await cancelled()).toHaveLength(1);
  });

  it('within 15 days a place cannot be cancelled', async () => {
    const buyer = await createUser(h.ctx);
    const p = await product({ days: days(5) });
    const { orderId } = await buyGroup(buyer, p, 1);
    const [place] = (await placesOf(buyer, orderId)).places;
    expect(place!.cancellable).toBe(false);
    const res = await post(h.ctx, '/api/group/cancel', buyer.token, { orderId, placeIds: [place!.placeId] });
    expect(res.json().message).toBe(GROUP_MSG.placeCancelWindowClosed);
    expect(await seatsTaken(h.ctx, p.days[0]!.id)).toBe(1);
  });
});

async function tokenOf(userId: string): Promise<string> {
  const { signSession } = await import('../../lib/jwt');
  const row = (await h.ctx.database.db.select().from(users).where(eq(users.id, userId)))[0]!;
  return signSession(h.ctx.config.JWT_SECRET, h.ctx.config.JWT_TTL, { sub: row.id, ver: row.tokenVersion });
}

describe('the back office', () => {
  it('shows a group order as such (places, assignees, institution), lists assignees with Pagado por, counts places', async () => {
    const admin = await createUser(h.ctx, { role: 'admin' });
    const buyer = await createUser(h.ctx);
    const p = await product();
    const fiscal = {
      rfc: 'IMS421231I45',
      razonSocial: 'HOSPITAL DE PRUEBA',
      regimenFiscal: '603',
      usoCfdi: 'G03',
      codigoPostal: '06600',
    };
    const { orderId } = await buyGroup(buyer, p, 3, { invoice: fiscal });
    const [first] = (await placesOf(buyer, orderId)).places;
    const email = newEmail();
    await assign(buyer, { orderId, placeIds: [first!.placeId], name: 'Ana Ruiz', email });

    const call = (url: string) => h.ctx.app.inject({ method: 'GET', url, headers: { token: admin.token } });
    const list = await call(`/api/admin/orders?search=${orderId.slice(0, 8)}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().orders[0]).toMatchObject({ _id: orderId, kind: 'grupo', places: 3 });
    const detail = await call(`/api/admin/orders/${orderId}`);
    expect(detail.json().order).toMatchObject({ kind: 'grupo', institution: 'HOSPITAL DE PRUEBA' });
    expect(
      detail.json().order.lines.map((l: { place: number; assignee: unknown }) => [l.place, l.assignee]),
    ).toEqual([
      [1, { name: 'ANA RUIZ', email }],
      [2, null],
      [3, null],
    ]);

    const csv = await call(`/api/admin/attendees/export?productId=${p.product.id}`);
    expect(csv.statusCode, csv.body).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toContain('Pagado por');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`ANA RUIZ,${email}`);
    expect(lines[1]).toContain(`,${buyer.name},`);

    const dashboard = await call('/api/admin/dashboard?days=7');
    const event = dashboard
      .json()
      .events.find((e: { productId?: string; name: string }) => e.name === p.product.name);
    expect(event).toMatchObject({ seatsSold: 3 });
  });
});
