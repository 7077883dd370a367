// Shared by the order-lifecycle scenarios and the model test (docs/after-sale.md → Invariants
// and the model test): an app on the fake PayPal with limits raised, buying through the real
// API, a fingerprint of every table an after-sale action writes, and the invariants checked
// with SQL after each step.

import { randomBytes } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import { expect } from 'vitest';
import { SERVICE_FEE_CENTAVOS } from '@store/shared/constants';
import { toPesos } from '@store/shared/domain/money';
import { cartLines, orders } from '../../src/db/schema';
import type { Db } from '../../src/db/client';
import { startPaymentsHarness, type PaymentsHarness } from '../payments-helpers';
import { ADDRESS, type TestUser } from '../store-helpers';
import { throughLine } from '../line-client';

export type { PaymentsHarness };

/** The fake PayPal app with limits no test run reaches, and cash orders on. */
export function startLifecycleHarness(env: Record<string, string> = {}): Promise<PaymentsHarness> {
  return startPaymentsHarness({
    RATE_LIMIT_ORDER_MAX: '1000000',
    RATE_LIMIT_ADMIN_MAX: '1000000',
    RATE_LIMIT_WEBHOOK_MAX: '1000000',
    RATE_LIMIT_COUPON_MAX: '1000000',
    CASH_ORDERS_ENABLED: 'true',
    ...env,
  });
}

export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A client: its session and the address its requests come from. */
export interface Client {
  user: TestUser;
  ip: string;
}

export function request(
  h: PaymentsHarness,
  client: Client | TestUser,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
) {
  const user = 'user' in client ? client.user : client;
  const ip = 'ip' in client ? client.ip : '127.0.0.1';
  return h.ctx.app
    .inject({
      method,
      url,
      remoteAddress: ip,
      headers: { token: user.token },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    })
    .then(throughLine);
}

export interface DayRef {
  productId: string;
  productDayId: string;
  label: string;
  /** List price in centavos. */
  priceCentavos: number;
}

/** The body create-order / order/place expect for these days (one order, fee once). */
export function orderBody(days: readonly DayRef[]) {
  const subtotal = days.reduce((s, d) => s + d.priceCentavos, 0);
  const total = subtotal > 0 ? subtotal + SERVICE_FEE_CENTAVOS : 0;
  return {
    address: ADDRESS,
    items: days.map((d) => ({ _id: d.productId, days: d.label, quantity: 1 })),
    amount: toPesos(total),
    discount: 0,
  };
}

/** Empties the cart (test set-up, not a behaviour under test) and adds the days through the API. */
export async function fillCart(h: PaymentsHarness, client: Client, days: readonly DayRef[]) {
  await h.ctx.database.db.delete(cartLines).where(eq(cartLines.userId, client.user.id));
  for (const d of days) {
    const res = await request(h, client, 'POST', '/api/cart/add', { itemId: d.productId, days: d.label });
    if (res.statusCode !== 200) return res;
  }
  return null;
}

/** A PayPal hold: cart, then create-order. Answers the API reply (and the ids when created). */
export async function holdPaypal(h: PaymentsHarness, client: Client, days: readonly DayRef[]) {
  const refused = await fillCart(h, client, days);
  if (refused) return { res: refused, orderId: null, paypalOrderId: null };
  const res = await request(h, client, 'POST', '/api/paypal/create-order', orderBody(days));
  if (res.statusCode !== 200) return { res, orderId: null, paypalOrderId: null };
  const { id, orderId } = res.json() as { id: string; orderId: string };
  return { res, orderId, paypalOrderId: id };
}

/** The buyer approves in PayPal's window and the store captures. */
export function payPaypalHold(
  h: PaymentsHarness,
  client: Client,
  days: readonly DayRef[],
  paypalOrderId: string,
) {
  if (h.paypal.orders.has(paypalOrderId)) h.paypal.approve(paypalOrderId);
  return request(h, client, 'POST', '/api/order/paypal', {
    ...orderBody(days),
    couponCode: null,
    paypalOrderId,
    paypalPayerId: 'FAKEPAYER01',
  });
}

/** Buys the days through the fake PayPal; throws when any step is refused. */
export async function buyPaypal(h: PaymentsHarness, client: Client, days: readonly DayRef[]) {
  const hold = await holdPaypal(h, client, days);
  if (!hold.orderId) throw new Error(`hold ${hold.res.statusCode}: ${hold.res.body}`);
  const paid = await payPaypalHold(h, client, days, hold.paypalOrderId!);
  if (paid.statusCode !== 200) throw new Error(`order/paypal ${paid.statusCode}: ${paid.body}`);
  return { orderId: hold.orderId, paypalOrderId: hold.paypalOrderId! };
}

/** A free claim or a cash hold (order/place) of the days. */
export async function place(h: PaymentsHarness, client: Client, days: readonly DayRef[]) {
  const refused = await fillCart(h, client, days);
  if (refused) return { res: refused, orderId: null };
  const res = await request(h, client, 'POST', '/api/order/place', orderBody(days));
  return { res, orderId: res.statusCode === 200 ? (res.json().orderId as string) : null };
}

/** Moves the order's payment window into the past (the expiry sweep then ends it). */
export async function expireHold(h: PaymentsHarness, orderId: string) {
  await h.ctx.database.db
    .update(orders)
    .set({ expiresAt: new Date(Date.now() - 60_000) })
    .where(eq(orders.id, orderId));
}

export const newEmail = () => `colega-${randomBytes(5).toString('hex')}@prueba.mx`;

/**
 * A digest of everything an order-lifecycle action may write: orders, order_days, seats,
 * refunds, transfers, waiting list, outbox (the message, not its delivery state). A refused
 * action must leave it unchanged.
 */
export async function fingerprint(db: Db): Promise<string> {
  const [row] = await rows<Record<string, string>>(
    db,
    sql`select
      (select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) from orders t) as orders,
      (select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) from order_days t) as order_days,
      (select md5(coalesce(string_agg(t.id || ':' || t.seats_taken || ':' || coalesce(t.seat_capacity::text, '-'), '|' order by t.id), '')) from product_days t) as product_days,
      (select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) from order_refunds t) as order_refunds,
      (select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) from day_transfers t) as day_transfers,
      (select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) from waitlist_entries t) as waitlist_entries,
      (select md5(coalesce(string_agg(t.id || ':' || t."to" || ':' || t.subject || ':' || coalesce(t.dedupe_key, '-'), '|' order by t.id), '')) from email_outbox t) as email_outbox`,
  );
  return JSON.stringify(row);
}

/** A refusal: 4xx, `{ success: false, message }` with a Spanish sentence. */
export function expectRefusal(res: { statusCode: number; body: string }, statuses: number[] = [409]) {
  expect(statuses, res.body).toContain(res.statusCode);
  const body = JSON.parse(res.body) as { success?: unknown; message?: unknown };
  expect(body.success).toBe(false);
  expect(typeof body.message).toBe('string');
  expect((body.message as string).trim().length).toBeGreaterThan(3);
}

const inList = (ids: readonly string[]) =>
  ids.length
    ? sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )
    : sql`NULL::uuid`;

/** `select coalesce(json_agg(x), '[]') from (query) x`: a query's rows as one JSON column. */
const asJson = (query: SQL) => sql`(select coalesce(json_agg(x), '[]'::json) from (${query}) x)`;

interface Facts {
  seats: {
    label: string;
    seats_taken: number;
    seat_capacity: number | null;
    paid: number;
    pending: number;
    offers: number;
  }[];
  states: { order_id: string; order_status: string; day_status: string; label: string }[];
  refunded_and_moved: { order_id: string; label: string; status: string }[];
  money: {
    id: string;
    amount: number;
    refunded: number;
    ours: number;
    via_provider: number;
    capture: string | null;
    provider: string | null;
  }[];
  refund_rows: { id: string; provider_refund_id: string | null; status: string }[];
  chains: { root: string; label: string; live: number; paid: number }[];
  twice: { user_id: string; n: number }[];
  dup_mail: { k: string }[];
}

/**
 * Every invariant of docs/after-sale.md → Invariants, for the given days (and the orders that
 * hold them), read in one query. Answers the violations found, each a readable line; empty
 * when all hold.
 */
export async function invariantViolations(
  h: PaymentsHarness,
  scope: { productDayIds: readonly string[]; now?: Date },
): Promise<string[]> {
  const db = h.ctx.database.db;
  const days = inList(scope.productDayIds);
  const now = (scope.now ?? new Date()).toISOString();
  const scoped = sql`(select distinct order_id from order_days where product_day_id in (${days}))`;
  const [facts] = await rows<Facts>(
    db,
    sql`select
      ${asJson(sql`select pd.label, pd.seats_taken, pd.seat_capacity,
        (select count(*)::int from order_days od where od.product_day_id = pd.id and od.status = 'pagado') as paid,
        (select count(*)::int from order_days od join orders o on o.id = od.order_id
          where od.product_day_id = pd.id and od.status = 'pendiente' and o.status = 'pendiente') as pending,
        (select count(*)::int from waitlist_entries w
          where w.product_day_id = pd.id and w.status = 'ofrecido' and w.offer_expires_at > ${now}::timestamptz
            and not exists (select 1 from order_days od join orders o on o.id = od.order_id
              where od.product_day_id = pd.id and od.user_id = w.user_id
                and (od.status = 'pagado' or (od.status = 'pendiente' and o.status = 'pendiente')))) as offers
        from product_days pd where pd.id in (${days})`)} as seats,
      ${asJson(sql`select o.id as order_id, o.status as order_status, od.status as day_status, od.day as label
        from order_days od join orders o on o.id = od.order_id
        where od.product_day_id in (${days})
          and ((od.status = 'pendiente' and o.status <> 'pendiente')
            or (od.status = 'pagado' and o.status <> 'pagado')
            or (o.status = 'pendiente' and od.status <> 'pendiente'))`)} as states,
      ${asJson(sql`select r.order_id, od.day as label, od.status
        from order_refunds r
        cross join lateral unnest(r.product_day_ids) as d(id)
        join order_days od on od.order_id = r.order_id and od.product_day_id = d.id
          -- A refund of some places of a team's order names their rows: only those ended.
          and (cardinality(r.order_day_ids) = 0 or od.id = any(r.order_day_ids))
        where r.status = 'completado' and od.product_day_id in (${days})
          and (od.status in ('transferido', 'pagado')
            or exists (select 1 from day_transfers t where t.from_order_id = r.order_id and t.product_day_id = d.id))`)} as refunded_and_moved,
      ${asJson(sql`select o.id, o.amount_centavos as amount, o.refunded_centavos as refunded,
        coalesce((select sum(r.amount_centavos)::int from order_refunds r
          where r.order_id = o.id and r.status = 'completado'), 0) as ours,
        coalesce((select sum(r.amount_centavos)::int from order_refunds r
          where r.order_id = o.id and r.status = 'completado' and r.kind <> 'manual'), 0) as via_provider,
        (select p.capture_id from order_payments p where p.order_id = o.id) as capture,
        (select p.provider::text from order_payments p where p.order_id = o.id) as provider
        from orders o where o.id in ${scoped}`)} as money,
      ${asJson(sql`select id, provider_refund_id, status from order_refunds where order_id in ${scoped}`)} as refund_rows,
      ${asJson(sql`select t.root_order_id as root, min(od.day) as label,
        count(*) filter (where od.status <> 'transferido')::int as live,
        count(*) filter (where od.status = 'pagado')::int as paid
        from (select root_order_id, product_day_id, root_order_id as order_id from day_transfers
              union select root_order_id, product_day_id, to_order_id from day_transfers) t
        join order_days od on od.order_id = t.order_id and od.product_day_id = t.product_day_id
        where t.product_day_id in (${days})
        group by t.root_order_id, t.product_day_id`)} as chains,
      ${asJson(sql`select user_id, count(*)::int as n from order_days
        where status = 'pagado' and user_id is not null and product_day_id in (${days}) group by user_id, product_day_id having count(*) > 1`)} as twice,
      ${asJson(sql`select dedupe_key as k from email_outbox where dedupe_key is not null
        group by dedupe_key having count(*) > 1`)} as dup_mail`,
  );
  const f = facts!;
  const out: string[] = [];

  // Seats: the counter is the paid rows plus the holds of pending orders; with open offers of
  // members who hold nothing, never beyond the capacity.
  for (const d of f.seats) {
    if (d.seats_taken !== d.paid + d.pending) {
      out.push(
        `seats: day ${d.label} seats_taken=${d.seats_taken} but ${d.paid} paid + ${d.pending} pending rows`,
      );
    }
    if (d.seat_capacity !== null && d.paid + d.pending + d.offers > d.seat_capacity) {
      out.push(
        `capacity: day ${d.label} has ${d.paid} paid + ${d.pending} pending + ${d.offers} open offers > capacity ${d.seat_capacity}`,
      );
    }
  }

  // Each day of an order in one state that agrees with its order: a pending row only in a
  // pending order, a paid row only in a paid order.
  for (const r of f.states) {
    out.push(
      `state: order ${r.order_id.slice(0, 8)} is ${r.order_status} but its day ${r.label} is ${r.day_status}`,
    );
  }

  // A day is never both refunded (a completed refund ended it) and passed on, and a refunded
  // day gives no access.
  for (const r of f.refunded_and_moved) {
    out.push(
      `refund+transfer: day ${r.label} of order ${r.order_id.slice(0, 8)} was refunded and is ${r.status} (or was passed on)`,
    );
  }

  // Money per order (docs/lifecycle.md → Money): never more back than paid; every refund is a
  // completed order_refunds row (asked of PayPal, recorded by an admin, or reported by PayPal),
  // their sum is what the order says was refunded, and what went through PayPal is exactly
  // what PayPal gave back.
  const toCents = (v: string) => Math.round(Number(v) * 100);
  const captures = new Set(f.money.flatMap((o) => (o.capture ? [o.capture] : [])));
  const fakeRefunds = h.paypal.refunds.filter((r) => captures.has(r.captureId));
  const fakeByCapture = new Map<string, { total: number; outside: number }>();
  for (const r of fakeRefunds) {
    const e = fakeByCapture.get(r.captureId) ?? { total: 0, outside: 0 };
    e.total += toCents(r.amount.value);
    if (r.requestId.startsWith('outside:')) e.outside += toCents(r.amount.value);
    fakeByCapture.set(r.captureId, e);
  }
  for (const o of f.money) {
    const ref = o.id.slice(0, 8);
    if (o.refunded > o.amount) out.push(`money: order ${ref} refunded ${o.refunded} > paid ${o.amount}`);
    if (o.refunded !== o.ours) {
      out.push(
        `money: order ${ref} refunded_centavos=${o.refunded} but its completed refunds add up to ${o.ours}`,
      );
    }
    if (!o.capture) {
      if (o.via_provider > 0) {
        out.push(`money: order ${ref} has ${o.via_provider} refunded through PayPal but no capture`);
      }
      continue;
    }
    if (o.provider === 'oxxo' || o.provider === 'spei') {
      // Stripe: what its refunds of the PaymentIntent gave back is what the store recorded.
      const back = [...h.stripe.refunds.values()]
        .filter((r) => r.payment_intent === o.capture && r.status === 'succeeded')
        .reduce((s, r) => s + r.amount, 0);
      if (back !== o.via_provider) {
        out.push(`money: Stripe gave back ${back} on order ${ref} but the store recorded ${o.via_provider}`);
      }
      continue;
    }
    const fake = fakeByCapture.get(o.capture) ?? { total: 0, outside: 0 };
    if (fake.total !== o.via_provider) {
      out.push(
        `money: PayPal gave back ${fake.total} on order ${ref} but the store recorded ${o.via_provider}`,
      );
    }
  }

  // Each refund asked through the API went to PayPal once, for a row that is completed with it.
  const requestIds = fakeRefunds.map((r) => r.requestId);
  if (new Set(requestIds).size !== requestIds.length) out.push('refunds: a PayPal-Request-Id was used twice');
  const byRequest = new Map(f.refund_rows.map((r) => [`refund-${r.id}`, r]));
  for (const r of fakeRefunds) {
    if (!r.requestId.startsWith('refund-')) continue;
    const row = byRequest.get(r.requestId);
    if (!row || row.status !== 'completado' || row.provider_refund_id !== r.id) {
      out.push(
        `refunds: PayPal refund ${r.id} (${r.requestId}) is ${row ? row.status : 'unknown'} in the store`,
      );
    }
  }

  // A passed-on day: along its chain every holder but the last is `transferido`, one at most
  // holds it paid.
  for (const c of f.chains) {
    if (c.live !== 1 || c.paid > 1) {
      out.push(
        `transfer: day ${c.label} of order ${c.root.slice(0, 8)} has ${c.live} holders not transferido (${c.paid} paid)`,
      );
    }
  }

  // Nobody holds a day twice; no e-mail is queued twice.
  for (const t of f.twice) out.push(`holders: user ${t.user_id.slice(0, 8)} holds a day ${t.n} times`);
  for (const m of f.dup_mail) out.push(`outbox: dedupe key ${m.k} queued twice`);
  return out;
}

export async function expectInvariants(h: PaymentsHarness, productDayIds: readonly string[]) {
  expect(await invariantViolations(h, { productDayIds })).toEqual([]);
}

/**
 * `fingerprint` for the rows of these days only (and a count of the outbox), cheap enough
 * to take around every call of the model test.
 */
export async function dayFingerprint(db: Db, productDayIds: readonly string[]): Promise<string> {
  const days = inList(productDayIds);
  const [row] = await rows<Record<string, string>>(
    db,
    sql`with o as (select distinct order_id as id from order_days where product_day_id in (${days}))
    select
      (select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) from orders t where t.id in (select id from o)) as orders,
      (select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) from order_days t where t.order_id in (select id from o)) as order_days,
      (select md5(coalesce(string_agg(t.id || ':' || t.seats_taken || ':' || coalesce(t.seat_capacity::text, '-'), '|' order by t.id), '')) from product_days t where t.id in (${days})) as product_days,
      (select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) from order_refunds t where t.order_id in (select id from o)) as order_refunds,
      (select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) from day_transfers t where t.product_day_id in (${days})) as day_transfers,
      (select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) from waitlist_entries t where t.product_day_id in (${days})) as waitlist_entries,
      (select count(*)::text from email_outbox) as email_outbox`,
  );
  return JSON.stringify(row);
}
