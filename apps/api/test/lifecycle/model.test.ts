// Model-based test of the order lifecycle (docs/after-sale.md → Invariants and the model
// test): fast-check drives the real API (app.inject, the fake PayPal) with random sequences
// of six buyers, an administrator and PayPal's notifications — buy (PayPal, cash, free claim),
// buy places for a team (assign, reassign, cancel a place),
// let a hold expire or abandon it, pay it (capture call, or only PayPal's webhook), cancel
// (whole or one day), transfer a day, admin cancel and refund (with and without revoking
// access, and with a refund of the same amount made in PayPal's dashboard while the admin's is
// in flight), refund and reversal webhooks, waiting list (join, leave, claim, offer expiry),
// capacity changes — some of them run at once. After every step the invariants are checked
// with SQL, and every 4xx answer must have changed nothing.
//
// On PostgreSQL (project api-postgres) it runs LIFECYCLE_MODEL_RUNS runs of up to
// LIFECYCLE_MODEL_STEPS steps (defaults below); on PGlite, a short smoke run: its single
// connection serialises the concurrent steps, so the races are only exercised on PostgreSQL.
// A failure prints the seed, the path and the shrunk shortest sequence of steps; replay with
// LIFECYCLE_MODEL_SEED, LIFECYCLE_MODEL_PATH and LIFECYCLE_MODEL_REPLAY (its replayPath).

import { appendFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toPesos } from '@store/shared/domain/money';
import { MSG } from '@store/shared/messages';
import type { AdminEvent } from '@store/shared/schemas/admin/events';
import { cartLines, emailOutbox, orderDays, paymentSettings, waitlistEntries } from '../../src/db/schema';
import { sweepExpiredOrders } from '../../src/modules/payments/expiry';
import { sweepWaitlist } from '../../src/modules/waitlist/service';
import { createProduct, mexicoCityTime } from '../factories';
import { deliver } from '../payments-helpers';
import { createUser } from '../store-helpers';
import { streamedCall, until, type LineMessage } from '../line-client';
import {
  dayFingerprint,
  expireHold,
  invariantViolations,
  newEmail,
  orderBody,
  request,
  rows,
  startLifecycleHarness,
  type Client,
  type DayRef,
  type PaymentsHarness,
} from './lifecycle-helpers';

const onPostgres = process.env.TEST_DB === 'postgres';
const envInt = (name: string, fallback: number) => {
  const v = process.env[name];
  return v && /^\d+$/.test(v) ? Number(v) : fallback;
};
const RUNS = envInt('LIFECYCLE_MODEL_RUNS', onPostgres ? 75 : 4);
const STEPS = envInt('LIFECYCLE_MODEL_STEPS', onPostgres ? 150 : 25);
const SEED = process.env.LIFECYCLE_MODEL_SEED ? Number(process.env.LIFECYCLE_MODEL_SEED) : undefined;
const PATH = process.env.LIFECYCLE_MODEL_PATH;
/** The counterexample's `replayPath` (printed in its comment): the commands exactly as they ran. */
const REPLAY = process.env.LIFECYCLE_MODEL_REPLAY;
// A long run on a busy machine may need more than the default 30 minutes:
// LIFECYCLE_MODEL_TIMEOUT_MIN.

/** LIFECYCLE_MODEL_STATS=1: print how often each call got each answer (is the model reaching the states?). */
const STATS = process.env.LIFECYCLE_MODEL_STATS === '1' ? new Map<string, number>() : null;

/** LIFECYCLE_MODEL_TRACE=<file>: each step appended to that file as it starts (a run that hangs). */
const trace = (line: string) => {
  if (process.env.LIFECYCLE_MODEL_TRACE) appendFileSync(process.env.LIFECYCLE_MODEL_TRACE, `${line}\n`);
};

const BUYERS = 6;
/** What a buyer can buy in one order: one day of the course, both, the workshop, the free talk. */
const TARGETS = ['C1', 'C2', 'C1+C2', 'T', 'G'] as const;
/** The days: the course (30 and 31 days ahead, cancellable), the workshop (8 days ahead, in its transfer window), the free talk. */
const DAYS = ['C1', 'C2', 'T', 'G'] as const;
/** What a team's buyer can buy places of: one day of the course, both, the workshop. */
const TEAM_TARGETS = ['C1', 'C1+C2', 'T'] as const;
/** Unpaid team seats (places × limited days) one account may hold (docs/groups.md → Seats). */
const TEAM_SEATS_PER_ACCOUNT = 4;
type DayName = (typeof DAYS)[number];

let h: PaymentsHarness;
let base: string;
let admin: Client;
let executed = 0;
/** What happens while PayPal holds a refund of this capture (taken, not answered yet). */
const whileRefunding = new Map<string, () => Promise<void>>();
beforeAll(async () => {
  // Two checkouts at once: the line's steps fill it (docs/on-sale.md → The line).
  h = await startLifecycleHarness({
    CHECKOUT_CONCURRENCY: '2',
    MAX_OPEN_TEAM_SEATS_PER_ACCOUNT: String(TEAM_SEATS_PER_ACCOUNT),
  });
  // OXXO vouchers and SPEI transfers on (docs/payments.md), as an association would have them.
  await h.ctx.database.db.insert(paymentSettings).values({
    id: 'store',
    oxxoEnabled: true,
    oxxoExpiresAfterDays: 3,
    speiEnabled: true,
    speiHoldDays: 3,
  });
  await h.ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(h.ctx.app.server.address() as AddressInfo).port}`;
  admin = { user: await createUser(h.ctx, { role: 'admin' }), ip: '127.0.0.1' };
  h.paypal.refundGate = async (refund) => {
    const meanwhile = whileRefunding.get(refund.captureId);
    whileRefunding.delete(refund.captureId);
    if (meanwhile) await meanwhile();
  };
});
afterAll(() => h.close());

/** One run's world: its own events and buyers on the shared app. */
interface World {
  buyers: Client[];
  days: Record<DayName, DayRef>;
  dayIds: string[];
  /** False while steps run at once: then a 4xx cannot be told apart from the others' writes. */
  sequential: boolean;
  /** The fingerprint of the days as they are now, when known (taken before a call that was then refused). */
  fp: string | null;
}

async function newWorld(): Promise<World> {
  const db = h.ctx.database.db;
  const at = (ahead: number, from: string, to: string) => ({
    startsAt: mexicoCityTime(ahead, from),
    endsAt: mexicoCityTime(ahead, to),
  });
  const course = await createProduct(db, {
    name: 'Curso modelo',
    price: 1000,
    days: [
      { label: 'Día 1', seatCapacity: 2, ...at(30, '09:00', '18:00') },
      { label: 'Día 2', seatCapacity: 2, ...at(31, '09:00', '18:00') },
    ],
  });
  const workshop = await createProduct(db, {
    name: 'Taller modelo',
    price: 500,
    days: [{ label: 'Taller', seatCapacity: 2, ...at(8, '09:00', '14:00') }],
  });
  const talk = await createProduct(db, {
    name: 'Plática modelo',
    price: 0,
    days: [{ label: 'Plática', seatCapacity: 1, ...at(30, '10:00', '12:00') }],
  });
  const ref = (p: typeof course, i: number): DayRef => ({
    productId: p.product.id,
    productDayId: p.days[i]!.id,
    label: p.days[i]!.label,
    priceCentavos: p.product.priceCentavos,
  });
  const days = { C1: ref(course, 0), C2: ref(course, 1), T: ref(workshop, 0), G: ref(talk, 0) };
  const buyers: Client[] = [];
  for (let i = 0; i < BUYERS; i += 1) {
    buyers.push({ user: await createUser(h.ctx), ip: `203.0.113.${i + 1}` });
  }
  return { buyers, days, dayIds: Object.values(days).map((d) => d.productDayId), sequential: true, fp: null };
}

function targetDays(w: World, t: number): DayRef[] {
  const name = TARGETS[t]!;
  if (name === 'C1+C2') return [w.days.C1, w.days.C2];
  return [w.days[name]];
}

// ---- Steps -------------------------------------------------------------------------------

type Action =
  | { k: 'buy'; b: number; t: number; via: 'paypal' | 'hold' | 'cash' | 'oxxo' | 'spei' }
  /** A team's places (1 or 2 of each day), paid through PayPal or left held. */
  | { k: 'team'; b: number; t: number; places: number; pay: boolean }
  /** The team's buyer names someone (another buyer, or a new colleague) for a place, or another person for a held one. */
  | { k: 'assign'; b: number; n: number; i: number; to: number }
  /** The team's buyer cancels one place by the terms. */
  | { k: 'cancelPlace'; b: number; n: number; i: number }
  /**
   * Stripe confirms an OXXO voucher's cash or a whole SPEI transfer (its signed webhook): while
   * the order waits, or `late`, after it ended (payLate: honoured if the seats are free, else
   * refunded — by Stripe for SPEI, by the association for OXXO cash).
   */
  | { k: 'cash'; b: number; late: boolean }
  /** The buyer gives Stripe a bank account: their SPEI refunds waiting for it complete. */
  | { k: 'refundAccount'; b: number }
  | { k: 'pay'; b: number }
  | { k: 'captureWebhook'; b: number }
  | { k: 'expire'; b: number }
  | { k: 'abandon'; b: number }
  | { k: 'cancel'; b: number; n: number; one: boolean }
  | { k: 'transfer'; b: number; to: number }
  | { k: 'adminCancel'; b: number; n: number }
  | {
      k: 'adminRefund';
      b: number;
      n: number;
      part: 'some' | 'rest' | 'over';
      revoke: boolean;
      /** While PayPal holds the admin's refund, one of the same amount is made in its dashboard. */
      outside: boolean;
    }
  | { k: 'providerRefund'; b: number; n: number; reversal: boolean; full: boolean }
  | { k: 'join'; b: number; d: number }
  | { k: 'leave'; b: number; d: number }
  | { k: 'claim'; b: number }
  | { k: 'expireOffer'; b: number }
  | { k: 'capacity'; d: number; delta: number }
  | { k: 'sweep' }
  /**
   * A checkout that waits in the checkout line (every slot busy): admitted when the slots
   * free, the buyer leaving while in line, leaving while the call already runs, or the day
   * filling while they wait (told at once, nothing of theirs runs).
   */
  | { k: 'line'; b: number; t: number; out: 'admitted' | 'left' | 'leftRunning' | 'fills' };

function describeAction(a: Action): string {
  const b = 'b' in a ? `b${a.b}${'n' in a ? ` order#${a.n}` : ''}` : '';
  switch (a.k) {
    case 'buy':
      return `buy(${b}, ${TARGETS[a.t]}, ${TARGETS[a.t] === 'G' ? 'free' : a.via})`;
    case 'cancel':
      return `cancel(${b}, ${a.one ? 'one day' : 'whole'})`;
    case 'transfer':
      return `transfer(${b} → ${a.to < 0 || a.to === a.b ? 'new colleague' : `b${a.to}`})`;
    case 'adminRefund':
      return `adminRefund(${b}, ${a.part}, ${a.revoke ? 'revoke' : 'keep access'}${a.outside ? ', outside refund meanwhile' : ''})`;
    case 'providerRefund':
      return `${a.reversal ? 'reversalWebhook' : 'refundWebhook'}(${b}, ${a.full ? 'full' : 'partial'})`;
    case 'join':
    case 'leave':
      return `${a.k}(${b}, ${DAYS[a.d]})`;
    case 'capacity':
      return `capacity(${DAYS[a.d]}, ${a.delta > 0 ? '+1' : '-1'})`;
    case 'sweep':
      return 'sweep()';
    case 'cash':
      return `${a.late ? 'cashLate' : 'cash'}(${b})`;
    case 'line':
      return `line(${b}, ${TARGETS[a.t]}, ${a.out})`;
    case 'team':
      return `team(${b}, ${a.places} × ${TEAM_TARGETS[a.t]}, ${a.pay ? 'paypal' : 'hold'})`;
    case 'assign':
      return `assign(${b}, place ${a.i} → ${a.to < 0 || a.to === a.b ? 'new colleague' : `b${a.to}`})`;
    case 'cancelPlace':
      return `cancelPlace(${b}, place ${a.i})`;
    default:
      return `${a.k}(${b})`;
  }
}

/**
 * A call of the API; a 4xx must be a Spanish refusal and (when alone) change nothing, unless
 * `refusalCloses` names the one refusal whose documented effect is a change: then the call
 * must have made exactly that change (checked by `refusalCloses` itself) and nothing else is
 * compared.
 */
async function api(
  w: World,
  who: Client,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
  refusalCloses?: { status: number; message: string; check: () => Promise<void> },
) {
  const db = h.ctx.database.db;
  const before = w.sequential && method !== 'GET' ? (w.fp ?? (await dayFingerprint(db, w.dayIds))) : null;
  w.fp = null;
  const res = await request(h, who, method, url, payload);
  if (STATS) {
    const key = `${method} ${url.replace(/[0-9a-f-]{36}/g, ':id')} ${res.statusCode}${res.statusCode >= 400 ? ` ${String(JSON.parse(res.body).message).slice(0, 60)}` : ''}`;
    STATS.set(key, (STATS.get(key) ?? 0) + 1);
  }
  if (res.statusCode >= 500) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body}`);
  if (res.statusCode >= 400) {
    const body = JSON.parse(res.body) as { success?: unknown; message?: unknown };
    if (body.success !== false || typeof body.message !== 'string' || body.message.trim().length < 4) {
      throw new Error(`${method} ${url} answered ${res.statusCode} without a message: ${res.body}`);
    }
    if (refusalCloses && res.statusCode === refusalCloses.status && body.message === refusalCloses.message) {
      w.fp = null;
      await refusalCloses.check();
    } else if (before !== null) {
      const after = await dayFingerprint(db, w.dayIds);
      w.fp = after;
      if (after !== before) {
        const [x, y] = [JSON.parse(before), JSON.parse(after)] as Record<string, string>[];
        const changed = Object.keys(x!).filter((k) => x![k] !== y![k]);
        throw new Error(
          `${method} ${url} answered ${res.statusCode} («${body.message}») but changed ${changed.join(', ')}`,
        );
      }
    }
  }
  return res;
}

interface OrderPick {
  id: string;
  kind: string;
  status: string;
  payment_method: string;
  paypal_order_id: string | null;
  paypal_capture_id: string | null;
  amount_centavos: number;
  refunded_centavos: number;
}

/** The buyer's orders of this world in these statuses, newest first. */
async function ordersOf(w: World, b: number, statuses: string[]): Promise<OrderPick[]> {
  const days = sql.join(
    w.dayIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const wanted = sql.join(
    statuses.map((s) => sql`${s}`),
    sql`, `,
  );
  return rows<OrderPick>(
    h.ctx.database.db,
    sql`select o.id, o.kind::text as kind, o.status, o.payment_method, p.external_id as paypal_order_id,
        p.capture_id as paypal_capture_id, o.amount_centavos, o.refunded_centavos
      from orders o left join order_payments p on p.order_id = o.id and p.provider = 'paypal'
      where o.user_id = ${w.buyers[b]!.user.id} and o.status::text in (${wanted})
        and exists (select 1 from order_days od where od.order_id = o.id and od.product_day_id in (${days}))
      order by o.created_at desc, o.id`,
  );
}

/** What PayPal would still refund of the order's capture (centavos; 0 without one). */
function paypalLeft(order: OrderPick): number {
  const capture = order.paypal_order_id ? h.paypal.orders.get(order.paypal_order_id)?.captures[0] : undefined;
  if (!capture) return 0;
  const cents = (v: string) => Math.round(Number(v) * 100);
  return (
    cents(capture.amount.value) -
    h.paypal.refunds.filter((r) => r.captureId === capture.id).reduce((s, r) => s + cents(r.amount.value), 0)
  );
}

/** The list starting at its n-th element (modulo its length): which of the buyer's orders. */
function rotate<T>(list: T[], n: number): T[] {
  if (list.length === 0) return list;
  const at = n % list.length;
  return [...list.slice(at), ...list.slice(0, at)];
}

async function daysOf(w: World, orderId: string, status?: string): Promise<DayRef[]> {
  const found = await h.ctx.database.db
    .select({ productDayId: orderDays.productDayId, status: orderDays.status })
    .from(orderDays)
    .where(eq(orderDays.orderId, orderId));
  const all = Object.values(w.days);
  return found
    .filter((d) => !status || d.status === status)
    .flatMap((d) => all.filter((r) => r.productDayId === d.productDayId));
}

/** The administrator sets the day's seat limit (the event form, everything else as it is). */
async function setCapacity(w: World, day: DayRef, capacity: (current: number | null) => number | null) {
  const got = await api(w, admin, 'GET', `/api/admin/events/${day.productId}`);
  const ev = got.json().event as AdminEvent;
  return api(w, admin, 'PUT', `/api/admin/events/${day.productId}`, {
    name: ev.name,
    description: ev.description,
    price: ev.price,
    image: ev.image,
    category: ev.category,
    subCategory: ev.subCategory,
    isPresential: ev.isPresential,
    days: ev.days.map((d) => ({
      _id: d._id,
      label: d.label,
      startsAt: new Date(d.startsAt).toISOString(),
      endsAt: new Date(d.endsAt).toISOString(),
      streamUrl: d.streamUrl,
      seatCapacity: d._id === day.productDayId ? capacity(d.seatCapacity) : d.seatCapacity,
    })),
  });
}

/**
 * The administrator lowers the day's limit to the seats it has taken while a buyer waits: the
 * day is full now. False when it cannot be (nothing taken, or open waiting-list offers).
 */
async function fillWhileWaiting(w: World, day: DayRef): Promise<boolean> {
  const [row] = await rows<{ taken: number; offers: number }>(
    h.ctx.database.db,
    sql`select seats_taken as taken, (select count(*)::int from waitlist_entries e
        where e.product_day_id = ${day.productDayId} and e.status = 'ofrecido') as offers
      from product_days where id = ${day.productDayId}`,
  );
  if (!row || row.taken < 1 || row.offers > 0) return false;
  return (await setCapacity(w, day, () => row.taken)).statusCode === 200;
}

/** Until the world's days stop changing (two looks, longer apart than PayPal's latency, agree). */
async function quiet(w: World): Promise<void> {
  let last = await dayFingerprint(h.ctx.database.db, w.dayIds);
  for (let i = 0; i < 25; i++) {
    await new Promise((r) => setTimeout(r, 400));
    const now = await dayFingerprint(h.ctx.database.db, w.dayIds);
    if (now === last) return;
    last = now;
  }
}

/** A checkout through the line, as a browser makes it (docs/on-sale.md → The line). */
async function throughTheLine(w: World, a: Extract<Action, { k: 'line' }>): Promise<void> {
  const db = h.ctx.database.db;
  const who = w.buyers[a.b]!;
  const days = targetDays(w, a.t);
  await db.delete(cartLines).where(eq(cartLines.userId, who.user.id));
  // A day that fills is refused to those waiting to add it to their cart (a payment waits for
  // its turn: only the database knows whether the buyer's own hold filled it).
  const fills = a.out === 'fills';
  for (const d of fills ? [] : days) {
    const added = await api(w, who, 'POST', '/api/cart/add', { itemId: d.productId, days: d.label });
    if (added.statusCode !== 200) return;
  }
  const free = TARGETS[a.t] === 'G';
  const line = h.ctx.app.checkoutLine;
  const before = w.sequential ? await dayFingerprint(db, w.dayIds) : null;
  // Every slot busy with someone else's checkout: this buyer is told their place at once.
  const blockers = Array.from({ length: line.capacity }, () => line.join(null));
  // A blocker still waiting leaves; one admitted (at once, or since) finishes.
  const release = () =>
    blockers.forEach((p) => {
      p.leave();
      p.done();
    });
  try {
    const left = line.figures().left;
    const call = fills
      ? streamedCall(base, '/api/cart/add', who.user.token, {
          itemId: days[0]!.productId,
          days: days[0]!.label,
        })
      : streamedCall(base, free ? '/api/order/place' : '/api/paypal/create-order', who.user.token, {
          ...orderBody(days),
        });
    let first;
    try {
      first = await call.firstLine;
    } catch (err) {
      release();
      throw err;
    }
    if (first.status !== 202) {
      release();
      // Refused before the line (the seat board knows the day is full): a plain refusal.
      const body = first.line.body as { message?: unknown } | undefined;
      if (first.status === 409 && typeof body?.message === 'string') {
        STATS?.set(
          `LINE refused at once ${body.message.slice(0, 40)}`,
          (STATS.get(`LINE refused at once ${body.message.slice(0, 40)}`) ?? 0) + 1,
        );
        return;
      }
      throw new Error(`a checkout beyond the limit answered ${first.status}: ${JSON.stringify(first.line)}`);
    }
    if (!('fila' in first.line)) {
      release();
      throw new Error(`a checkout in line was not told its place: ${JSON.stringify(first.line)}`);
    }
    if (fills && (await fillWhileWaiting(w, days[0]!))) {
      // Beside other steps a seat may come back at once (a cancellation): the call then waits
      // for its turn, which comes once the line's slots are free again. Alone too, a hold an
      // earlier step let go of may be given back just after the day filled (a buyer who left
      // while their PayPal order was being opened): once a seat is free again, the call may
      // have its turn.
      if (!w.sequential) release();
      const dayId = days[0]!.productDayId;
      let seatBack = false;
      const watch = setInterval(() => {
        void rows<{ free: boolean }>(
          db,
          sql`select seat_capacity is null or seats_taken + (select count(*)::int from waitlist_entries e
              where e.product_day_id = ${dayId} and e.status = 'ofrecido') < seat_capacity as free
            from product_days where id = ${dayId}`,
        ).then(([r]) => {
          if (r?.free && !seatBack) {
            seatBack = true;
            release();
          }
        });
      }, 250);
      let answer: LineMessage[];
      try {
        answer = await Promise.race([
          call.rest,
          new Promise<never>((_, reject) =>
            setTimeout(
              () => reject(new Error('a day filled while waiting, and the buyer was never told')),
              10_000,
            ),
          ),
        ]);
      } finally {
        clearInterval(watch);
      }
      release();
      STATS?.set('LINE filled while waiting', (STATS.get('LINE filled while waiting') ?? 0) + 1);
      const last = answer.at(-1) as { status?: number; body?: { message?: unknown } } | undefined;
      // Alone, it must be the refusal; beside other steps a seat may have come back meanwhile.
      const refused = last?.status === 409 && last.body?.message === MSG.seatsSoldOut;
      if (w.sequential && !seatBack && (answer.some((l) => 'turno' in l) || !refused)) {
        throw new Error(`a day filled while waiting, but the buyer was answered ${JSON.stringify(answer)}`);
      }
      await until(() => line.figures().running === 0, 'the checkout calls to finish');
      return;
    }
    if (a.out === 'left') {
      const finishedBefore = line.figures().finished;
      call.abort();
      // Beside other steps the call may get its turn first (a returning buyer goes ahead of the
      // blockers when another step's call frees a slot): it then runs and finishes instead.
      await until(
        () => line.figures().left > left || (!w.sequential && line.figures().finished > finishedBefore),
        'the buyer leaving the line',
      );
      STATS?.set('LINE left', (STATS.get('LINE left') ?? 0) + 1);
      release();
      await call.rest;
      if (before !== null && (await dayFingerprint(db, w.dayIds)) !== before) {
        throw new Error('a buyer who left the line changed something');
      }
      return;
    }
    const finished = line.figures().finished;
    const gone = a.out === 'leftRunning' && !free;
    // PayPal takes its time, so the buyer who leaves is gone before the payment is opened.
    if (gone) h.paypal.latencyMs = 150;
    let answer: { status?: number; body?: { message?: unknown } } | undefined;
    try {
      release();
      if (gone) {
        await call.seen((l) => 'turno' in l);
        call.abort();
      }
      answer = (await call.rest).at(-1) as typeof answer;
      // Whatever the buyer did, the call has finished before the next step looks.
      await until(() => line.figures().finished > finished, 'the checkout call to finish');
      // A payment gives its slot back once its seat is held, before PayPal answers: the call of
      // a buyer who left still opens the PayPal order and then gives the hold back. Nothing of
      // it may land in the next step's turn.
      if (gone) await quiet(w);
    } finally {
      if (gone) h.paypal.latencyMs = 0;
    }
    if (STATS) {
      const key = `LINE ${a.out} ${answer?.status ?? 'closed'} ${String(answer?.body?.message ?? '').slice(0, 40)}`;
      STATS.set(key, (STATS.get(key) ?? 0) + 1);
    }
    if (gone) {
      // The buyer left: nothing of theirs stays held for these days (given back at once). Beside
      // other steps (which may hold for the same buyer) the invariants alone are checked.
      if (w.sequential)
        await until(async () => {
          const held = await rows<{ n: number }>(
            db,
            sql`select count(*)::int as n from order_days
            where user_id = ${who.user.id} and status = 'pendiente'
              and product_day_id in (${sql.join(
                days.map((d) => sql`${d.productDayId}::uuid`),
                sql`, `,
              )})`,
          );
          return held[0]!.n === 0;
        }, 'the hold of a buyer who left while it ran to be given back');
      return;
    }
    if (!answer?.status || answer.status >= 500)
      throw new Error(`the line answered ${JSON.stringify(answer)}`);
    if (answer.status >= 400 && typeof answer.body?.message !== 'string') {
      throw new Error(`the line's refusal has no message: ${JSON.stringify(answer)}`);
    }
  } finally {
    // Whatever happened, the slots taken to fill the line are given back.
    release();
  }
}

async function perform(w: World, a: Action): Promise<void> {
  const db = h.ctx.database.db;
  switch (a.k) {
    case 'line':
      return throughTheLine(w, a);
    case 'buy': {
      const who = w.buyers[a.b]!;
      const days = targetDays(w, a.t);
      await db.delete(cartLines).where(eq(cartLines.userId, who.user.id));
      for (const d of days) {
        const added = await api(w, who, 'POST', '/api/cart/add', { itemId: d.productId, days: d.label });
        if (added.statusCode !== 200) return;
      }
      if (TARGETS[a.t] === 'G' || a.via === 'cash') {
        await api(w, who, 'POST', '/api/order/place', orderBody(days));
        return;
      }
      if (a.via === 'oxxo' || a.via === 'spei') {
        await api(w, who, 'POST', `/api/order/${a.via}`, orderBody(days));
        return;
      }
      const created = await api(w, who, 'POST', '/api/paypal/create-order', orderBody(days));
      if (created.statusCode !== 200 || a.via === 'hold') return;
      const { id } = created.json() as { id: string };
      h.paypal.approve(id);
      await api(w, who, 'POST', '/api/order/paypal', {
        ...orderBody(days),
        couponCode: null,
        paypalOrderId: id,
        paypalPayerId: 'FAKEPAYER01',
      });
      return;
    }
    case 'team': {
      const who = w.buyers[a.b]!;
      const name = TEAM_TARGETS[a.t]!;
      const days = name === 'C1+C2' ? [w.days.C1, w.days.C2] : [w.days[name]];
      const body = { productId: days[0]!.productId, days: days.map((d) => d.label), places: a.places };
      const quote = await api(w, who, 'POST', '/api/group/quote', body);
      if (quote.statusCode !== 200) return;
      const created = await api(w, who, 'POST', '/api/group/paypal/create-order', {
        ...body,
        address: orderBody(days).address,
        amount: (quote.json() as { quote: { total: number } }).quote.total,
      });
      if (created.statusCode !== 200 || !a.pay) return;
      const { paypalOrderId } = created.json() as { paypalOrderId: string };
      h.paypal.approve(paypalOrderId);
      await api(w, who, 'POST', '/api/group/paypal/capture', { paypalOrderId });
      return;
    }
    case 'assign':
    case 'cancelPlace': {
      // Any buyer's paid team order (few buyers have one): the n-th, from buyer b on.
      const teams = [];
      for (let k = 0; k < BUYERS; k += 1) {
        const b = (a.b + k) % BUYERS;
        for (const o of await ordersOf(w, b, ['pagado'])) if (o.kind === 'grupo') teams.push({ o, b });
      }
      const [picked] = rotate(teams, a.n);
      if (!picked) return;
      const { o: order } = picked;
      const who = w.buyers[picked.b]!;
      const view = await api(w, who, 'POST', '/api/group/places', { orderId: order.id });
      const places = (view.json() as { group: { places: TeamPlace[] } }).group.places;
      const place = places[a.i % places.length];
      if (!place) return;
      if (a.k === 'cancelPlace') {
        await api(w, who, 'POST', '/api/group/cancel', { orderId: order.id, placeIds: [place.placeId] });
        return;
      }
      const to = a.to < 0 || a.to === a.b ? null : w.buyers[a.to]!;
      const person = { name: 'Persona Del Modelo', email: to ? to.user.email : newEmail() };
      if (place.assignee) {
        await api(w, who, 'POST', '/api/group/reassign', {
          orderId: order.id,
          placeIds: [place.placeId],
          currentEmail: place.assignee.email,
          ...person,
        });
        return;
      }
      // A free place's whole row: the same place number on every day of the order.
      const row = places.filter((p) => p.place === place.place && p.state === 'sin_asignar');
      await api(w, who, 'POST', '/api/group/assign', {
        orderId: order.id,
        placeIds: row.map((p) => p.placeId),
        ...person,
      });
      return;
    }
    case 'pay': {
      const [order] = await ordersOf(w, a.b, ['pendiente']);
      if (!order) return;
      if (order.payment_method === 'cod') {
        await api(w, admin, 'POST', `/api/admin/orders/${order.id}/mark-paid`, { note: 'Pagó en caja' });
        return;
      }
      if (!order.paypal_order_id) return;
      if (h.paypal.orders.has(order.paypal_order_id)) h.paypal.approve(order.paypal_order_id);
      if (order.kind === 'grupo') {
        await api(w, w.buyers[a.b]!, 'POST', '/api/group/paypal/capture', {
          paypalOrderId: order.paypal_order_id,
        });
        return;
      }
      await api(
        w,
        w.buyers[a.b]!,
        'POST',
        '/api/order/paypal',
        {
          ...orderBody(await daysOf(w, order.id)),
          couponCode: null,
          paypalOrderId: order.paypal_order_id,
          paypalPayerId: 'FAKEPAYER01',
        },
        // The buyer got the day meanwhile (a transfer, a team place, another order): the
        // capture is refused before PayPal is asked, and the hold it no longer needs is closed
        // as a duplicate, its seats given back (docs/lifecycle.md). Nothing is charged.
        {
          status: 409,
          message: MSG.alreadyOwned,
          check: async () => {
            // Beside other steps another one may have closed it first, for its own reason.
            if (!w.sequential) return;
            const [closed] = await rows<Record<string, unknown>>(
              h.ctx.database.db,
              sql`select o.status, o.closed_reason, p.capture_id as paypal_capture_id
                from orders o left join order_payments p on p.order_id = o.id where o.id = ${order.id}`,
            );
            expect(closed).toEqual({
              status: 'cancelado',
              closed_reason: 'duplicado',
              paypal_capture_id: null,
            });
          },
        },
      );
      return;
    }
    case 'captureWebhook': {
      // The buyer paid in PayPal's window and only the webhook tells the store (its capture
      // call never came); also after the hold was cancelled.
      const [order] = await ordersOf(w, a.b, ['pendiente', 'cancelado']);
      const id = order?.paypal_order_id;
      if (!id || !h.paypal.orders.has(id)) return;
      if (h.paypal.orders.get(id)!.captures.length === 0) h.paypal.captureDirect(id);
      const res = await deliver(h.ctx, '/api/paypal/webhook', h.paypal.captureEvent(id));
      if (res.statusCode !== 200) throw new Error(`webhook answered ${res.statusCode}: ${res.body}`);
      return;
    }
    case 'abandon': {
      // The buyer closed PayPal's window without paying.
      const [order] = await ordersOf(w, a.b, ['pendiente']);
      if (order?.paypal_order_id) {
        await api(w, w.buyers[a.b]!, 'POST', '/api/paypal/cancel-order', {
          paypalOrderId: order.paypal_order_id,
        });
      }
      return;
    }
    case 'expire': {
      const [order] = await ordersOf(w, a.b, ['pendiente']);
      if (!order) return;
      await expireHold(h, order.id);
      await sweepExpiredOrders(h.deps);
      return;
    }
    case 'cancel': {
      for (const order of rotate(await ordersOf(w, a.b, ['pagado']), a.n)) {
        const live = await daysOf(w, order.id, 'pagado');
        if (live.length === 0) continue;
        await api(w, w.buyers[a.b]!, 'POST', '/api/order/cancel', {
          orderId: order.id,
          ...(a.one ? { productDayIds: [live[0]!.productDayId] } : {}),
        });
        return;
      }
      return;
    }
    case 'transfer': {
      // Only the workshop is in its transfer window.
      for (const order of await ordersOf(w, a.b, ['pagado'])) {
        const live = await daysOf(w, order.id, 'pagado');
        const day = live.find((d) => d.productDayId === w.days.T.productDayId);
        if (!day) continue;
        const to = a.to < 0 || a.to === a.b ? null : w.buyers[a.to]!;
        await api(w, w.buyers[a.b]!, 'POST', '/api/order/transfer', {
          orderId: order.id,
          productDayId: day.productDayId,
          email: to ? to.user.email : newEmail(),
          name: 'Colega Del Modelo',
          confirm: true,
        });
        return;
      }
      return;
    }
    case 'adminCancel': {
      const [order] = rotate(await ordersOf(w, a.b, ['pagado', 'pendiente']), a.n);
      if (order) await api(w, admin, 'POST', `/api/admin/orders/${order.id}/cancel`, { note: 'Prueba' });
      return;
    }
    case 'adminRefund': {
      const [order] = rotate(
        (await ordersOf(w, a.b, ['pagado', 'reembolso_parcial', 'reembolsado'])).filter(
          (o) => o.amount_centavos > 0,
        ),
        a.n,
      );
      if (!order) return;
      const left = order.amount_centavos - order.refunded_centavos;
      const centavos =
        a.part === 'some'
          ? Math.max(100, Math.min(left, 10_000))
          : a.part === 'rest'
            ? Math.max(100, left)
            : left + 10_000;
      const capture = a.outside ? order.paypal_capture_id : null;
      const meanwhile = async () => {
        // A refund of the same amount made in PayPal's dashboard, its webhook first.
        const left = paypalLeft(order);
        if (left <= 0) return;
        const delivery = h.paypal.outsideRefund(order.paypal_order_id!, {
          value: (Math.min(left, centavos) / 100).toFixed(2),
        });
        const res = await deliver(h.ctx, '/api/paypal/webhook', delivery);
        if (res.statusCode !== 200) throw new Error(`webhook answered ${res.statusCode}: ${res.body}`);
      };
      if (capture && order.paypal_order_id && h.paypal.orders.has(order.paypal_order_id)) {
        whileRefunding.set(capture, meanwhile);
      }
      try {
        await api(w, admin, 'POST', `/api/admin/orders/${order.id}/refund`, {
          amount: toPesos(centavos),
          note: 'Prueba',
          revokeAccess: a.revoke,
        });
      } finally {
        if (capture && whileRefunding.get(capture) === meanwhile) whileRefunding.delete(capture);
      }
      return;
    }
    case 'providerRefund': {
      const orders = rotate(
        (await ordersOf(w, a.b, ['pagado', 'reembolso_parcial', 'reembolsado', 'cancelado'])).filter(
          (o) => o.paypal_capture_id && o.paypal_order_id && h.paypal.orders.has(o.paypal_order_id),
        ),
        a.n,
      );
      for (const order of orders) {
        const left = paypalLeft(order);
        if (left <= 0) continue;
        const value = a.full ? left : Math.min(left, 10_000);
        const delivery = h.paypal.outsideRefund(order.paypal_order_id!, {
          value: (value / 100).toFixed(2),
          eventType: a.reversal ? 'PAYMENT.CAPTURE.REVERSED' : 'PAYMENT.CAPTURE.REFUNDED',
        });
        const res = await deliver(h.ctx, '/api/paypal/webhook', delivery);
        if (res.statusCode !== 200) throw new Error(`webhook answered ${res.statusCode}: ${res.body}`);
        return;
      }
      return;
    }
    case 'cash':
      return confirmStripeMoney(w, a.b, a.late);
    case 'refundAccount': {
      const waiting = await rows<{ id: string }>(
        db,
        sql`select r.provider_refund_id as id from order_refunds r join orders o on o.id = r.order_id
          where o.user_id = ${w.buyers[a.b]!.user.id} and o.payment_method = 'spei'
            and r.status = 'pendiente' and r.provider_refund_id is not null`,
      );
      for (const { id } of waiting) {
        if (h.stripe.refunds.get(id)?.status !== 'requires_action') continue;
        h.stripe.completeRefund(id);
        const refund = await h.deps.clients.stripe!.refunds.retrieve(id);
        const res = await deliver(h.ctx, '/api/stripe/webhook', h.stripe.event('refund.updated', refund));
        if (res.statusCode !== 200) throw new Error(`webhook answered ${res.statusCode}: ${res.body}`);
      }
      return;
    }
    case 'join':
    case 'leave': {
      const day = w.days[DAYS[a.d]!];
      await api(w, w.buyers[a.b]!, 'POST', `/api/waitlist/${a.k}`, {
        productId: day.productId,
        day: day.label,
      });
      return;
    }
    case 'claim': {
      const who = w.buyers[a.b]!;
      const mails = await db
        .select({ text: emailOutbox.text })
        .from(emailOutbox)
        .where(and(eq(emailOutbox.to, who.user.email), like(emailOutbox.subject, 'Se liberó un lugar%')))
        .orderBy(emailOutbox.createdAt);
      const token = mails.length
        ? /reclamar\?token=([A-Za-z0-9_-]+)/.exec(mails.at(-1)!.text)?.[1]
        : undefined;
      if (token) await api(w, who, 'POST', '/api/waitlist/claim', { token });
      return;
    }
    case 'expireOffer': {
      await db
        .update(waitlistEntries)
        .set({ offerExpiresAt: new Date(Date.now() - 60_000) })
        .where(
          and(
            eq(waitlistEntries.userId, w.buyers[a.b]!.user.id),
            eq(waitlistEntries.status, 'ofrecido'),
            inArray(waitlistEntries.productDayId, w.dayIds),
          ),
        );
      await sweepWaitlist(db, h.ctx.app.mailSettings);
      return;
    }
    case 'capacity': {
      await setCapacity(w, w.days[DAYS[a.d]!], (current) => Math.max(1, (current ?? 1) + a.delta));
      return;
    }
    case 'sweep': {
      await sweepExpiredOrders(h.deps);
      await sweepWaitlist(db, h.ctx.app.mailSettings);
      return;
    }
  }
}

/**
 * The buyer pays their newest OXXO voucher at the counter, or transfers the rest of a SPEI
 * payment, and Stripe's signed `payment_intent.succeeded` reaches the store. An intent the
 * store cancelled at Stripe (a replaced attempt) takes no money: nothing to deliver.
 */
async function confirmStripeMoney(w: World, b: number, late: boolean): Promise<void> {
  const days = sql.join(
    w.dayIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const [order] = await rows<{ method: string; intent: string }>(
    h.ctx.database.db,
    sql`select o.payment_method::text as method, p.external_id as intent
      from orders o join order_payments p on p.order_id = o.id
      where o.user_id = ${w.buyers[b]!.user.id} and o.payment_method in ('oxxo', 'spei')
        and o.status = ${late ? 'cancelado' : 'pendiente'} and not o.payment
        and exists (select 1 from order_days od where od.order_id = o.id and od.product_day_id in (${days}))
      order by o.created_at desc, o.id limit 1`,
  );
  if (!order) return;
  const stripe = h.deps.clients.stripe!;
  const before = await stripe.paymentIntents.retrieve(order.intent);
  if (before.status !== 'requires_action' && before.status !== 'requires_payment_method') return;
  if (order.method === 'oxxo') h.stripe.payOxxo(order.intent);
  else {
    const left = before.next_action?.display_bank_transfer_instructions?.amount_remaining ?? before.amount;
    h.stripe.fundSpei(order.intent, left);
  }
  const paid = await stripe.paymentIntents.retrieve(order.intent);
  if (paid.status !== 'succeeded') return;
  const res = await deliver(h.ctx, '/api/stripe/webhook', h.stripe.event('payment_intent.succeeded', paid));
  if (res.statusCode !== 200) throw new Error(`webhook answered ${res.statusCode}: ${res.body}`);
}

interface TeamPlace {
  placeId: string;
  place: number;
  state: string;
  assignee: { name: string; email: string } | null;
}

async function verify(w: World, step: string): Promise<void> {
  executed += 1;
  const violations = await invariantViolations(h, { productDayIds: w.dayIds });
  // No account holds more unpaid team seats of limited days than the cap (docs/groups.md → Seats).
  const teamSeats = await rows<{ user_id: string; n: number }>(
    h.ctx.database.db,
    sql`select o.user_id, count(*)::int as n from order_days od join orders o on o.id = od.order_id
      join product_days pd on pd.id = od.product_day_id
      where o.kind = 'grupo' and o.status = 'pendiente' and od.status = 'pendiente'
        and pd.seat_capacity is not null and o.user_id in (${sql.join(
          w.buyers.map((b) => sql`${b.user.id}::uuid`),
          sql`, `,
        )})
      group by o.user_id having count(*) > ${TEAM_SEATS_PER_ACCOUNT}`,
  );
  for (const t of teamSeats) violations.push(`an account holds ${t.n} unpaid team seats`);
  if (violations.length) throw new Error(`after ${step}:\n  ${violations.join('\n  ')}`);
}

type Model = Record<string, never>;

class Step implements fc.AsyncCommand<Model, World> {
  constructor(readonly action: Action) {}
  check = () => true;
  async run(_m: Model, w: World): Promise<void> {
    w.fp = null;
    trace(`step ${this.toString()}`);
    await perform(w, this.action);
    await verify(w, this.toString());
  }
  toString = () => describeAction(this.action);
}

/** Up to three steps at once (their races), then the invariants; shrinks down to one. */
class Together implements fc.AsyncCommand<Model, World> {
  constructor(readonly actions: Action[]) {}
  check = () => true;
  async run(_m: Model, w: World): Promise<void> {
    trace(this.toString());
    w.sequential = false;
    w.fp = null;
    try {
      await Promise.all(this.actions.map((a) => perform(w, a)));
    } finally {
      w.sequential = true;
    }
    await verify(w, this.toString());
  }
  toString = () => `together(${this.actions.map(describeAction).join(', ')})`;
}

const buyer = fc.integer({ min: 0, max: BUYERS - 1 });
const dayIndex = fc.integer({ min: 0, max: DAYS.length - 1 });
const nth = fc.nat(2);
const action: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      k: fc.constant('buy' as const),
      b: buyer,
      t: fc.integer({ min: 0, max: TARGETS.length - 1 }),
      via: fc.constantFrom(
        'paypal' as const,
        'paypal' as const,
        'hold' as const,
        'cash' as const,
        'oxxo' as const,
        'spei' as const,
      ),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      k: fc.constant('team' as const),
      b: buyer,
      t: fc.integer({ min: 0, max: TEAM_TARGETS.length - 1 }),
      places: fc.integer({ min: 1, max: 2 }),
      pay: fc.boolean(),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      k: fc.constant('assign' as const),
      b: buyer,
      n: nth,
      i: fc.nat(3),
      to: fc.integer({ min: -1, max: BUYERS - 1 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ k: fc.constant('cancelPlace' as const), b: buyer, n: nth, i: fc.nat(3) }),
  },
  { weight: 3, arbitrary: fc.record({ k: fc.constant('pay' as const), b: buyer }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('captureWebhook' as const), b: buyer }) },
  { weight: 3, arbitrary: fc.record({ k: fc.constant('cash' as const), b: buyer, late: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('refundAccount' as const), b: buyer }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('expire' as const), b: buyer }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('abandon' as const), b: buyer }) },
  {
    weight: 4,
    arbitrary: fc.record({ k: fc.constant('cancel' as const), b: buyer, n: nth, one: fc.boolean() }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      k: fc.constant('transfer' as const),
      b: buyer,
      to: fc.integer({ min: -1, max: BUYERS - 1 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('adminCancel' as const), b: buyer, n: nth }) },
  {
    weight: 3,
    arbitrary: fc.record({
      k: fc.constant('adminRefund' as const),
      b: buyer,
      n: nth,
      part: fc.constantFrom('some' as const, 'rest' as const, 'over' as const),
      revoke: fc.boolean(),
      outside: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      k: fc.constant('providerRefund' as const),
      b: buyer,
      n: nth,
      reversal: fc.boolean(),
      full: fc.boolean(),
    }),
  },
  { weight: 3, arbitrary: fc.record({ k: fc.constant('join' as const), b: buyer, d: dayIndex }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('leave' as const), b: buyer, d: dayIndex }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('claim' as const), b: buyer }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('expireOffer' as const), b: buyer }) },
  {
    weight: 1,
    arbitrary: fc.record({ k: fc.constant('capacity' as const), d: dayIndex, delta: fc.constantFrom(1, -1) }),
  },
  { weight: 1, arbitrary: fc.constant({ k: 'sweep' as const }) },
  {
    weight: 2,
    arbitrary: fc.record({
      k: fc.constant('line' as const),
      b: buyer,
      t: fc.integer({ min: 0, max: TARGETS.length - 1 }),
      out: fc.constantFrom('admitted' as const, 'left' as const, 'leftRunning' as const, 'fills' as const),
    }),
  },
);

const commands = fc.commands(
  [
    action.map((a) => new Step(a)),
    action.map((a) => new Step(a)),
    action.map((a) => new Step(a)),
    fc.array(action, { minLength: 1, maxLength: 3 }).map((as) => new Together(as)),
  ],
  { maxCommands: STEPS, size: 'max', ...(REPLAY ? { replayPath: REPLAY } : {}) },
);

describe('the order lifecycle under random interleavings', () => {
  it(
    `keeps every invariant over ${RUNS} runs of up to ${STEPS} steps (${onPostgres ? 'PostgreSQL' : 'PGlite smoke run'})`,
    async () => {
      const started = Date.now();
      await fc.assert(
        fc.asyncProperty(commands, async (cmds) => {
          await fc.asyncModelRun(async () => ({ model: {} as Model, real: await newWorld() }), cmds);
        }),
        { numRuns: RUNS, ...(SEED !== undefined ? { seed: SEED } : {}), ...(PATH ? { path: PATH } : {}) },
      );
      console.info(
        `lifecycle model: ${executed} steps in ${RUNS} runs, ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
      if (STATS) {
        console.info(
          [...STATS]
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([k, n]) => `${n}\t${k}`)
            .join('\n'),
        );
      }
      expect(executed).toBeGreaterThan(0);
    },
    envInt('LIFECYCLE_MODEL_TIMEOUT_MIN', 30) * 60_000,
  );
});
