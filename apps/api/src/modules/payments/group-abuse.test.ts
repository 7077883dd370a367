// Places for a team against abuse and lost updates (docs/groups.md → Seats, → Assigning):
// unpaid team seats capped in seats per account and per network, the renewal rule of holds,
// team holds racing individual buyers and abandon/re-hold loops, and two coordinators
// assigning the same free place at once. Runs on PGlite and PostgreSQL (api-postgres).

import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_FEE_CENTAVOS } from '@store/shared/constants';
import { toPesos } from '@store/shared/domain/money';
import { holdRenewalWait } from '@store/shared/messages';
import { GROUP_MSG, groupSeatsNetworkLimit, groupSeatsUnpaidLimit } from '@store/shared/group-messages';
import { emailOutbox, orderDays, orders, users, waitlistEntries } from '../../db/schema';
import { sweepExpiredOrders } from './expiry';
import { createProduct, mexicoCityTime } from '../../../test/factories';
import { seatsTaken, startPaymentsHarness, type PaymentsHarness } from '../../../test/payments-helpers';
import { ADDRESS, createUser, post, type TestUser } from '../../../test/store-helpers';

const PER_ACCOUNT = 6;
const PER_NETWORK = 10;
let h: PaymentsHarness;
beforeAll(async () => {
  h = await startPaymentsHarness({
    MAX_OPEN_TEAM_SEATS_PER_ACCOUNT: String(PER_ACCOUNT),
    MAX_OPEN_TEAM_SEATS_PER_NETWORK: String(PER_NETWORK),
    MAX_OPEN_HOLDS_PER_NETWORK: '100',
  });
});
afterAll(() => h.close());

const STREAM = 'https://www.youtube.com/watch?v=secretosecr';
const newEmail = (tag = 'residente') => `${tag}-${Math.random().toString(16).slice(2, 10)}@hospital.mx`;
let networks = 0;
/** A network of its own for each test (the caps are per network). */
const newNetwork = () => `198.51.100.${(networks += 1)}`;

async function product(capacity: number | null = 30, count = 2) {
  return createProduct(h.ctx.database.db, {
    price: 1000,
    days: Array.from({ length: count }, (_, i) => ({
      label: `Día ${i + 1}`,
      seatCapacity: capacity,
      streamUrl: STREAM,
      startsAt: mexicoCityTime(30 + i, '09:00'),
      endsAt: mexicoCityTime(30 + i, '18:00'),
    })),
  });
}
type Product = Awaited<ReturnType<typeof product>>;

function postFrom(ip: string, url: string, user: TestUser, payload: Record<string, unknown>) {
  return h.ctx.app.inject({
    method: 'POST',
    url,
    headers: { token: user.token },
    payload,
    remoteAddress: ip,
  });
}

/** A team's PayPal hold of `places` places of the days, from the network: the answer. */
async function holdTeam(
  buyer: TestUser,
  p: Product,
  places: number,
  ip: string,
  days = p.days.map((d) => d.label),
) {
  const body = { productId: p.product.id, days, places };
  const amount = toPesos(1000_00 * places * days.length + SERVICE_FEE_CENTAVOS);
  return postFrom(ip, '/api/group/paypal/create-order', buyer, { ...body, address: ADDRESS, amount });
}

/** Unpaid team seats of limited days from the network, as the database holds them. */
async function openTeamSeats(where: { network: string } | { userId: string }) {
  const rows = await h.ctx.database.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(orderDays)
    .innerJoin(orders, eq(orders.id, orderDays.orderId))
    .where(
      and(
        eq(orders.kind, 'grupo'),
        eq(orderDays.status, 'pendiente'),
        'network' in where ? eq(orders.clientNetwork, where.network) : eq(orders.userId, where.userId),
      ),
    );
  return rows[0]?.n ?? 0;
}

describe('unpaid team seats', () => {
  it('are capped in seats (places × days) per account: a second hold past the cap is refused, nothing taken', async () => {
    const buyer = await createUser(h.ctx);
    const p = await product();
    const ip = newNetwork();
    expect((await holdTeam(buyer, p, 3, ip)).statusCode).toBe(200); // 3 × 2 = 6 seats
    const more = await holdTeam(buyer, p, 1, ip, ['Día 1']);
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toBe(groupSeatsUnpaidLimit(PER_ACCOUNT));
    expect(await seatsTaken(h.ctx, p.days[0]!.id)).toBe(3);
    // Days without a seat limit are not what farming holds: not counted.
    const open = await product(null, 1);
    expect((await holdTeam(buyer, open, 5, ip)).statusCode).toBe(200);
  });

  it('are capped per network across accounts, also when the holds arrive at once', async () => {
    const p = await product(50, 1);
    const ip = newNetwork();
    const buyers = await Promise.all(Array.from({ length: 6 }, () => createUser(h.ctx)));
    // 6 accounts × 3 seats = 18 asked at once; the network may hold 10.
    const answers = await Promise.all(buyers.map((b) => holdTeam(b, p, 3, ip)));
    const ok = answers.filter((a) => a.statusCode === 200).length;
    expect(ok).toBe(Math.floor(PER_NETWORK / 3));
    for (const a of answers.filter((x) => x.statusCode !== 200)) {
      expect(a.statusCode).toBe(409);
      expect(a.json().message).toBe(groupSeatsNetworkLimit(PER_NETWORK));
    }
    expect(await openTeamSeats({ network: ip })).toBe(ok * 3);
    expect(await seatsTaken(h.ctx, p.days[0]!.id)).toBe(ok * 3);
  });

  it('follow the renewal rule: abandoned, the window is not extended; expired, the day waits one period', async () => {
    const buyer = await createUser(h.ctx);
    const p = await product(10, 1);
    const ip = newNetwork();
    const first = await holdTeam(buyer, p, 2, ip);
    expect(first.statusCode).toBe(200);
    const firstOrder = (
      await h.ctx.database.db.select().from(orders).where(eq(orders.id, first.json().orderId))
    )[0]!;
    // The buyer closes PayPal: the seats come back at once, and a new hold keeps the old window.
    const cancel = await postFrom(ip, '/api/paypal/cancel-order', buyer, {
      paypalOrderId: first.json().paypalOrderId,
    });
    expect(cancel.statusCode).toBe(200);
    expect(await seatsTaken(h.ctx, p.days[0]!.id)).toBe(0);
    const again = await holdTeam(buyer, p, 2, ip);
    expect(again.statusCode).toBe(200);
    const second = (
      await h.ctx.database.db.select().from(orders).where(eq(orders.id, again.json().orderId))
    )[0]!;
    expect(second.expiresAt!.getTime()).toBeLessThanOrEqual(firstOrder.expiresAt!.getTime());
    // It expires unpaid: the same account waits a whole period before holding the day again.
    await h.ctx.database.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, second.id));
    await sweepExpiredOrders(h.deps);
    expect(await seatsTaken(h.ctx, p.days[0]!.id)).toBe(0);
    const renewed = await holdTeam(buyer, p, 2, ip);
    expect(renewed.statusCode).toBe(409);
    expect(renewed.json().message).toMatch(holdRenewalWait(30).replace(/30 minutos\.$/, ''));
    // Someone else may hold them meanwhile.
    expect((await holdTeam(await createUser(h.ctx), p, 2, newNetwork())).statusCode).toBe(200);
  });

  it('team holds racing individual buyers and abandon/re-hold loops never pass the caps nor the capacity', async () => {
    const capacity = 12;
    const p = await product(capacity, 1);
    const ip = newNetwork();
    const teams = await Promise.all(Array.from({ length: 3 }, () => createUser(h.ctx)));
    const people = await Promise.all(Array.from({ length: 8 }, () => createUser(h.ctx)));
    const violations: string[] = [];
    const check = async (when: string) => {
      const taken = await seatsTaken(h.ctx, p.days[0]!.id);
      if (taken > capacity) violations.push(`${when}: ${taken} seats of ${capacity}`);
      const net = await openTeamSeats({ network: ip });
      if (net > PER_NETWORK) violations.push(`${when}: the network holds ${net} team seats`);
      for (const t of teams) {
        const mine = await openTeamSeats({ userId: t.id });
        if (mine > PER_ACCOUNT) violations.push(`${when}: an account holds ${mine} team seats`);
      }
    };
    const loop = async (team: TestUser, round: number) => {
      for (let i = 0; i < 4; i += 1) {
        const res = await holdTeam(team, p, 2 + ((round + i) % 3), ip);
        if (res.statusCode === 200 && (round + i) % 2 === 0) {
          await postFrom(ip, '/api/paypal/cancel-order', team, { paypalOrderId: res.json().paypalOrderId });
        }
        await check(`team ${round} step ${i}`);
      }
    };
    const individual = async (person: TestUser) => {
      await post(h.ctx, '/api/cart/add', person.token, { itemId: p.product.id, days: 'Día 1' });
      await post(h.ctx, '/api/paypal/create-order', person.token, {
        address: ADDRESS,
        items: [{ _id: p.product.id, days: 'Día 1', quantity: 1 }],
        amount: toPesos(1000_00 + SERVICE_FEE_CENTAVOS),
        discount: 0,
      });
    };
    await Promise.all([...teams.map((t, i) => loop(t, i)), ...people.map(individual)]);
    await check('end');
    expect(violations).toEqual([]);
    // Every seat is one live row: the counter and the rows agree.
    const live = await h.ctx.database.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(orderDays)
      .where(
        and(eq(orderDays.productDayId, p.days[0]!.id), inArray(orderDays.status, ['pendiente', 'pagado'])),
      );
    expect(live[0]!.n).toBe(await seatsTaken(h.ctx, p.days[0]!.id));
  });
});

/** A paid team order of `places` places of every day of the product. */
async function paidTeam(buyer: TestUser, p: Product, places: number) {
  const res = await holdTeam(buyer, p, places, newNetwork());
  if (res.statusCode !== 200) throw new Error(`hold ${res.statusCode}: ${res.body}`);
  const { paypalOrderId, orderId } = res.json() as { paypalOrderId: string; orderId: string };
  h.paypal.approve(paypalOrderId);
  const paid = await post(h.ctx, '/api/group/paypal/capture', buyer.token, { paypalOrderId });
  if (paid.statusCode !== 200) throw new Error(`capture ${paid.statusCode}: ${paid.body}`);
  return orderId;
}

interface ViewPlace {
  placeId: string;
  place: number;
  days: string[];
  state: string;
  assignee: { name: string; email: string } | null;
}
async function placesOf(buyer: TestUser, orderId: string): Promise<ViewPlace[]> {
  const res = await post(h.ctx, '/api/group/places', buyer.token, { orderId });
  expect(res.statusCode).toBe(200);
  return res.json().group.places as ViewPlace[];
}
const mailsTo = (email: string) =>
  h.ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));

describe('assigning', () => {
  it('two coordinators assigning the same free place at once: exactly one wins, the other is told', async () => {
    const buyer = await createUser(h.ctx);
    const p = await product(30, 1);
    const orderId = await paidTeam(buyer, p, 2);
    for (let round = 0; round < 4; round += 1) {
      const free = (await placesOf(buyer, orderId)).find((x) => x.state === 'sin_asignar');
      if (!free) break;
      const [a, b] = [newEmail('a'), newEmail('b')];
      const answers = await Promise.all(
        [a, b].map((email) =>
          post(h.ctx, '/api/group/assign', buyer.token, {
            orderId,
            placeIds: [free.placeId],
            name: 'Persona Del Equipo',
            email,
          }),
        ),
      );
      const codes = answers.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, 409]);
      const loser = answers.find((r) => r.statusCode === 409)!;
      expect(loser.json().message).toBe(GROUP_MSG.placeInProgress);
      const winner = answers[0]!.statusCode === 200 ? a : b;
      const other = winner === a ? b : a;
      const now = (await placesOf(buyer, orderId)).find((x) => x.placeId === free.placeId)!;
      expect(now.assignee?.email).toBe(winner);
      // Only the winner heard of it; the other was never given the place (nor an account).
      expect(await mailsTo(winner)).toHaveLength(1);
      expect(await mailsTo(other)).toHaveLength(0);
      expect(await h.ctx.database.db.select().from(users).where(eq(users.email, other))).toHaveLength(0);
    }
  });

  it('one row per person: a CSV of 3 people for 2 days gives each a place on both days, with one summary to the buyer', async () => {
    const buyer = await createUser(h.ctx);
    const p = await product(30, 2);
    const orderId = await paidTeam(buyer, p, 3);
    const people = ['Ana Ruiz', 'Beto Paz', 'Carla Sol'].map((name) => ({ name, email: newEmail() }));
    const csv = `nombre,correo\n${people.map((x) => `${x.name},${x.email}`).join('\n')}`;
    const before = (await mailsTo(buyer.email)).length;
    const res = await post(h.ctx, '/api/group/assign-csv', buyer.token, { orderId, csv });
    expect(res.statusCode).toBe(200);
    const view = await placesOf(buyer, orderId);
    for (const person of people) {
      const held = view.filter((x) => x.assignee?.email === person.email);
      expect(held.map((x) => x.days[0]).sort()).toEqual(['Día 1', 'Día 2']);
      // The same place number on both days: one row of the buyer's list.
      expect(new Set(held.map((x) => x.place)).size).toBe(1);
      expect(await mailsTo(person.email)).toHaveLength(1);
    }
    const toBuyer = (await mailsTo(buyer.email)).slice(before);
    expect(toBuyer).toHaveLength(1);
    expect(toBuyer[0]!.subject).toContain('3 lugares asignados');
    // An online day: the e-mail promises no QR ticket.
    expect((await mailsTo(people[0]!.email))[0]!.text).not.toContain('código QR');
  });

  it('per-day columns choose the days; the whole list is checked before any write', async () => {
    const buyer = await createUser(h.ctx);
    const p = await product(30, 2);
    const orderId = await paidTeam(buyer, p, 2);
    const [a, b, c] = [newEmail('a'), newEmail('b'), newEmail('c')];
    // Line 4 asks for a third place of Día 1: refused, and nothing of lines 2–3 was written.
    const tooMany = await post(h.ctx, '/api/group/assign-csv', buyer.token, {
      orderId,
      csv: `nombre,correo,Día 1,Día 2\nAna Ruiz,${a},sí,no\nBeto Paz,${b},sí,sí\nCarla Sol,${c},x,`,
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toContain('Línea 4');
    expect((await placesOf(buyer, orderId)).every((x) => x.assignee === null)).toBe(true);
    const none = await h.ctx.database.db
      .select()
      .from(users)
      .where(inArray(users.email, [a, b, c]));
    expect(none).toHaveLength(0);
    const ok = await post(h.ctx, '/api/group/assign-csv', buyer.token, {
      orderId,
      csv: `nombre;correo;dia 1;DÍA 2\nAna Ruiz;${a};sí;no\nBeto Paz;${b};si;sí\nCarla Sol;${c};no;x`,
    });
    expect(ok.statusCode).toBe(200);
    const view = await placesOf(buyer, orderId);
    const daysOf = (email: string) =>
      view
        .filter((x) => x.assignee?.email === email)
        .map((x) => x.days[0])
        .sort();
    expect(daysOf(a)).toEqual(['Día 1']);
    expect(daysOf(b)).toEqual(['Día 1', 'Día 2']);
    expect(daysOf(c)).toEqual(['Día 2']);
  });

  it('shows the buyer the name they typed, never the account’s, and new accounts carry no password', async () => {
    const buyer = await createUser(h.ctx);
    const existing = await createUser(h.ctx); // named «CLIENTE DE PRUEBA» in their account
    const p = await product(30, 1);
    const orderId = await paidTeam(buyer, p, 2);
    const [first, second] = await placesOf(buyer, orderId);
    const fresh = newEmail();
    const r1 = await post(h.ctx, '/api/group/assign', buyer.token, {
      orderId,
      placeIds: [first!.placeId],
      name: 'Doctora Invitada',
      email: existing.email,
    });
    expect(r1.statusCode).toBe(200);
    await post(h.ctx, '/api/group/assign', buyer.token, {
      orderId,
      placeIds: [second!.placeId],
      name: 'Residente Nuevo',
      email: fresh,
    });
    const view = await placesOf(buyer, orderId);
    expect(view.map((x) => x.assignee?.name)).toEqual(['DOCTORA INVITADA', 'RESIDENTE NUEVO']);
    expect(JSON.stringify(view)).not.toContain('CLIENTE DE PRUEBA');
    const [made] = await h.ctx.database.db.select().from(users).where(eq(users.email, fresh));
    expect(made!.passwordHash).toBeNull();
  });

  it('a person whose waiting-list offer a place settled is back in line at their place when the place goes to someone else', async () => {
    const buyer = await createUser(h.ctx);
    const p = await product(3, 1);
    const orderId = await paidTeam(buyer, p, 2);
    const ana = await createUser(h.ctx);
    const day = p.days[0]!.id;
    // Ana was offered a seat of the day (one seat left, kept for her offer).
    const [entry] = await h.ctx.database.db
      .insert(waitlistEntries)
      .values({
        userId: ana.id,
        productId: p.product.id,
        productDayId: day,
        status: 'ofrecido',
        offeredAt: new Date(),
        offerExpiresAt: new Date(Date.now() + 3600_000),
        createdAt: new Date(Date.now() - 86_400_000),
      })
      .returning();
    const [first] = await placesOf(buyer, orderId);
    await post(h.ctx, '/api/group/assign', buyer.token, {
      orderId,
      placeIds: [first!.placeId],
      name: 'Ana Ruiz',
      email: ana.email,
    });
    const settled = (
      await h.ctx.database.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, entry!.id))
    )[0]!;
    expect(settled.status).toBe('reclamado');
    const res = await post(h.ctx, '/api/group/reassign', buyer.token, {
      orderId,
      placeIds: [first!.placeId],
      currentEmail: ana.email,
      name: 'Beto Paz',
      email: newEmail(),
    });
    expect(res.statusCode).toBe(200);
    const back = (
      await h.ctx.database.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, entry!.id))
    )[0]!;
    // In line again, first as before (her entry keeps its date); the day's free seat is hers again.
    expect(['esperando', 'ofrecido']).toContain(back.status);
    expect(back.createdAt.getTime()).toBe(entry!.createdAt.getTime());
    expect(await seatsTaken(h.ctx, day)).toBe(2);
  });
});
