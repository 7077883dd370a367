// What a buyer's hot calls answer, held in memory per user so a second visit makes no database
// trip: "my orders" (order/userorders) as its serialised bytes with gzip/brotli copies and a
// strong ETag, and values other modules read from the same tables under a key of their own
// (product/single: per event the buyer's paid days with their stream links and scholarship).
//
// Dropped at once when anything in them changes: triggers on orders, order_days,
// order_refunds, day_transfers and scholarships (migration orders_notify) send NOTIFY
// "orders_changed" with the id of each user concerned, and a change of a catalogue day's
// date, position, label or stream link (or its removal) sends it without an id: every user
// (seats sold, which change the catalogue at every payment, do not drop anyone). Every process
// LISTENs, so a change made through one replica is seen by the others. Time alone changes
// "cancellable": a snapshot is kept only until the earliest instant at which one of its days
// stops being cancellable, then rebuilt.
//
// As with the session cache: nothing is held while the listening connection is down, and a
// read that was in flight when a change arrived is not kept (docs/speed.md). And nothing is
// held longer than USER_VIEWS_MAX_AGE_MS whatever the notifications say: a listening connection
// that died without closing (a NAT's idle timeout, a failover, a transaction-mode pooler) is
// found by its health check (db/client.ts) within about 40 s, which drops everything; should
// even that fail, a refunded buyer keeps a stream link at most this long.

import { cancellableUntil, canCancelDay } from '@store/shared/domain/cancellation';
import { userOrdersResponse } from '@store/shared/schemas/order';
import type { Queryable, Subscription } from '../../db/client';
import { fastSerializerCompiler } from '../../lib/fast-serializer';
import { cachedBody, compressedBody, type CachedBody, type CompressedBody } from '../../lib/http-cache';
import { listUserOrdersWithDetails } from './repo';
import { toApiOrders } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** A buyer's "my orders" and stream access held in memory (modules/orders/user-views). */
    userViews: UserViews;
  }
}

export const ORDERS_CHANNEL = 'orders_changed';

/** At most this many users held at once; the oldest goes first. */
export const USER_VIEWS_MAX = 20_000;
/** At most this many bytes of answers held (bodies and their compressed copies). */
export const USER_VIEWS_MAX_BYTES = 128 * 1024 * 1024;
/**
 * No answer or value is held longer than this, even if no change notification drops it: the
 * backstop behind the listening connection's health check (found dead within about 40 s). Five
 * minutes, so the stream warm-up (every 30 s) rebuilds a buyer's answers only that often.
 */
export const USER_VIEWS_MAX_AGE_MS = 5 * 60_000;
/** At most this many keyed values held per user (all dropped beyond). */
const VALUES_PER_USER = 64;
/** Smaller answers are sent as they are: compressing them saves less than a packet. */
const COMPRESS_FROM_BYTES = 1024;

/** A user's "my orders" answer as JSON text, and until when the clock leaves it true. */
export interface OrdersAnswer {
  text: string;
  /** Epoch ms at which some field would read differently (Infinity: never by time alone). */
  validUntil: number;
}

interface HeldOrders {
  body: CachedBody;
  /** The answer holds for now in [from, until). */
  from: number;
  until: number;
}

interface Held {
  orders: HeldOrders | null;
  /** Each value with the instant (epoch ms) it was read. */
  values: Map<string, { value: unknown; at: number }>;
  bytes: number;
}

const serializeUserOrders = fastSerializerCompiler({
  schema: userOrdersResponse,
  method: 'GET',
  url: '/api/order/userorders',
  httpStatus: '200',
} as never);

/** The user's "my orders" answer, serialised from the response schema as the route would. */
export async function ordersAnswer(db: Queryable, userId: string, now: Date): Promise<OrdersAnswer> {
  const rows = await listUserOrdersWithDetails(db, userId);
  let validUntil = Infinity;
  for (const { days } of rows) {
    for (const d of days) {
      if (canCancelDay(now, d.startsAt))
        validUntil = Math.min(validUntil, cancellableUntil(d.startsAt).getTime());
    }
  }
  return { text: serializeUserOrders({ success: true, orders: toApiOrders(rows, now) }), validUntil };
}

export class UserViews {
  private readonly users = new Map<string, Held>();
  private bytes = 0;
  /** Bumped by every change notification: a read started before one is not kept. */
  private generation = 0;
  private subscriptions: readonly Pick<Subscription, 'live' | 'flush'>[] = [];
  /**
   * Tests: every answer served from memory is also built afresh and compared; a difference
   * not explained by a change announced meanwhile is an error (a stale snapshot).
   */
  verify = false;

  constructor(
    /** Builds a user's "my orders" answer at `now` (ordersAnswer on the app's database). */
    private readonly loadOrders: (userId: string, now: Date) => Promise<OrdersAnswer>,
    private readonly maxUsers = USER_VIEWS_MAX,
    private readonly maxBytes = USER_VIEWS_MAX_BYTES,
    private readonly maxAgeMs = USER_VIEWS_MAX_AGE_MS,
  ) {}

  /**
   * Ties the views to the database's change notifications (every channel that can drop them);
   * while any of them is down nothing is held.
   */
  follow(...subscriptions: Pick<Subscription, 'live' | 'flush'>[]): void {
    this.subscriptions = subscriptions;
  }

  /** A user's orders, days or scholarships changed (payload: their id); no id: anyone's. */
  drop(userId?: string): void {
    this.generation++;
    if (!userId) {
      this.users.clear();
      this.bytes = 0;
      return;
    }
    const held = this.users.get(userId);
    if (!held) return;
    this.users.delete(userId);
    this.bytes -= held.bytes;
  }

  /** Waits until the changes committed so far have been seen (tests on PostgreSQL). */
  async sync(): Promise<void> {
    await Promise.all(this.subscriptions.map((s) => s.flush()));
  }

  /** Users held (tests). */
  get size(): number {
    return this.users.size;
  }

  /** Whether answers built now are kept (every change channel is listening). */
  keeping(): boolean {
    return this.live();
  }

  /** Whether the user's "my orders" answer is held. */
  holdsOrders(userId: string): boolean {
    return Boolean(this.users.get(userId)?.orders);
  }

  /** The user's "my orders" answer at `now`: from memory while it holds, else built and kept. */
  async orders(userId: string, now = new Date()): Promise<CachedBody> {
    const t = now.getTime();
    const held = this.live() ? this.users.get(userId)?.orders : undefined;
    if (held && t >= held.from && t < held.until) {
      if (!this.verify) return held.body;
      return this.checked(
        held.body,
        async () => bodyOf((await this.loadOrders(userId, now)).text),
        sameBytes,
      );
    }
    const generation = this.generation;
    const answer = await this.loadOrders(userId, now);
    const body = bodyOf(answer.text);
    if (this.keeps(generation)) {
      const entry = this.entry(userId);
      const size = bodySize(body);
      entry.bytes += size - (entry.orders ? bodySize(entry.orders.body) : 0);
      this.bytes += size - (entry.orders ? bodySize(entry.orders.body) : 0);
      entry.orders = { body, from: t, until: Math.min(answer.validUntil, t + this.maxAgeMs) };
      this.bound();
    }
    return body;
  }

  /**
   * A value read from what the orders notifications cover (orders, their days, refunds,
   * transfers, scholarships, and the catalogue days' date, position, label and stream link),
   * held for the user under `key` until one of them changes. `load` must read nothing else.
   */
  async value<T>(userId: string, key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const values = this.live() ? this.users.get(userId)?.values : undefined;
    const found = values?.get(key);
    if (found && now >= found.at && now - found.at < this.maxAgeMs) {
      const held = found.value as T;
      if (!this.verify) return held;
      return this.checked(held, load, sameJson);
    }
    const generation = this.generation;
    const value = await load();
    if (this.keeps(generation)) {
      const entry = this.entry(userId);
      if (entry.values.size >= VALUES_PER_USER) entry.values.clear();
      entry.values.set(key, { value, at: now });
    }
    return value;
  }

  private live(): boolean {
    return this.subscriptions.length > 0 && this.subscriptions.every((s) => s.live);
  }

  /** A read that started at `generation` may be kept: still live and no change since. */
  private keeps(generation: number): boolean {
    return this.live() && generation === this.generation;
  }

  /** The user's entry, created (as the newest) when absent. */
  private entry(userId: string): Held {
    let entry = this.users.get(userId);
    if (!entry) {
      entry = { orders: null, values: new Map(), bytes: 0 };
      this.users.set(userId, entry);
    }
    return entry;
  }

  /** Oldest users out until both bounds hold. */
  private bound(): void {
    while (this.users.size > this.maxUsers || (this.bytes > this.maxBytes && this.users.size > 1)) {
      const [oldest, held] = this.users.entries().next().value!;
      this.users.delete(oldest);
      this.bytes -= held.bytes;
    }
  }

  private async checked<T>(held: T, fresh: () => Promise<T>, same: (a: T, b: T) => boolean): Promise<T> {
    const generation = this.generation;
    const built = await fresh();
    if (same(held, built)) return held;
    // A change committed meanwhile explains the difference once its notification is seen.
    await this.sync();
    if (generation !== this.generation) return built;
    throw new Error('user-views: an answer held in memory differs from a fresh one');
  }
}

function bodyOf(text: string): CachedBody {
  return Buffer.byteLength(text) >= COMPRESS_FROM_BYTES ? compressedBody(text) : cachedBody(text);
}

function bodySize(body: CachedBody): number {
  if (!('gzip' in body)) return body.body.length;
  const compressed = body as CompressedBody;
  return compressed.body.length + compressed.gzip.length + compressed.brotli.length;
}

const sameBytes = (a: CachedBody, b: CachedBody) => a.etag === b.etag;
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
