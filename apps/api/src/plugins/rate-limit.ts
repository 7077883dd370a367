// Rate limiting (@fastify/rate-limit) with `global: false`: a route opts in with
// `config: { rateLimit: rateLimits(app.config).login }`; the admin scope applies
// `rateLimits().admin` to all its routes itself. Counters live in memory, or in Redis when
// REDIS_URL is set so several replicas share them (in memory again while Redis is down).
// Limits come from config (RATE_LIMIT_*) so tests can set them low; a 429 goes through the
// one error handler, which answers MSG.rateLimited. Per-IP counters key an IPv6 client by its
// /64 (ipKey): one customer line gets a whole /64, so its addresses are one client.
// `app.rateCounters` are plain counters in the same store (Redis or memory, the same fallback)
// for a budget that counts what a request asks rather than the request itself (the coupon
// look-ups' budget, modules/coupons/lookup-budget.ts).

import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
// The plugin's own stores, combined below; they ship without type declarations.
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { Config } from '../config';

declare module 'fastify' {
  interface FastifyInstance {
    /** Counters in the rate limits' store, shared by replicas through Redis (RateCounters). */
    rateCounters: RateCounters;
  }
}

/**
 * Counters in the rate limits' store: Redis when REDIS_URL is set (this process's memory while
 * it does not answer), else memory. A key's window starts with its first count and is not
 * moved by later ones; use the same window for a key every time.
 */
export interface RateCounters {
  /** Counts one more for `key`; the count in its window, this one included. */
  add(key: string, windowMs: number): Promise<number>;
  /** The count of `key` in its window (0 once the window is over), without counting. */
  read(key: string, windowMs: number): Promise<number>;
}

/** Keys the counters keep in memory (the plugin keeps 5,000 per route limit). */
const COUNTER_KEYS_IN_MEMORY = 100_000;

export type RateLimitName =
  | 'login'
  | 'register'
  | 'resetRequest'
  | 'coupon'
  | 'contact'
  | 'admin'
  | 'order'
  | 'orderPerIp'
  | 'webhook'
  | 'heartbeat'
  | 'proofUpload'
  | 'waitlistJoin';

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a dotted IPv4 tail split in two). */
function ipv6Groups(ip: string): number[] {
  let addr = ip.split('%')[0]!.toLowerCase();
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(addr);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    addr = `${addr.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = addr.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * The client a per-IP counter counts: the IPv4 address as is; an IPv6 address by its /64
 * (`2001:db8:1:2::/64`), since every home or mobile line gets at least a /64 and could
 * otherwise take a fresh address, and a fresh counter, for each request. An IPv4-mapped
 * address (`::ffff:203.0.113.5`) counts as its IPv4.
 */
export function ipKey(ip: string): string {
  if (isIP(ip) !== 6) return ip;
  const groups = ipv6Groups(ip);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** A per-account counter's key: the signed-in user (the route's auth hook runs first). */
const perUser = (name: string) => (req: FastifyRequest) =>
  `${name}:${req.user ? `user:${req.user.id}` : `ip:${ipKey(req.ip)}`}`;

export interface RouteRateLimit {
  max: number;
  timeWindow: number;
  /** Counter key; default the client IP. */
  keyGenerator?: (req: FastifyRequest) => string;
}

const HOUR = 60 * 60 * 1000;

/** The limit of each protected call (per IP unless its keyGenerator says otherwise), from config. */
export function rateLimits(config: Config): Record<RateLimitName, RouteRateLimit> {
  const timeWindow = config.RATE_LIMIT_WINDOW_MS;
  return {
    login: { max: config.RATE_LIMIT_LOGIN_MAX, timeWindow },
    register: { max: config.RATE_LIMIT_REGISTER_MAX, timeWindow },
    resetRequest: { max: config.RATE_LIMIT_RESET_MAX, timeWindow },
    coupon: { max: config.RATE_LIMIT_COUPON_MAX, timeWindow },
    contact: { max: config.RATE_LIMIT_CONTACT_MAX, timeWindow },
    admin: { max: config.RATE_LIMIT_ADMIN_MAX, timeWindow },
    // Order-creating calls, counted per signed-in user (changing address does not help; the
    // route's auth hook runs first) and, through one handler shared by those routes, per IP
    // with room for a hospital network behind one address.
    order: {
      max: config.RATE_LIMIT_ORDER_MAX,
      timeWindow,
      keyGenerator: (req) => `user:${req.user?.id ?? ipKey(req.ip)}`,
    },
    orderPerIp: {
      max: config.RATE_LIMIT_ORDER_MAX * 5,
      timeWindow,
      keyGenerator: (req) => `order-ip:${ipKey(req.ip)}`,
    },
    webhook: { max: config.RATE_LIMIT_WEBHOOK_MAX, timeWindow },
    // Per account, sized for honest use: a player beats twice a minute (a few tabs or
    // devices fit); a proof or a waiting-list join is a handful of clicks an hour.
    heartbeat: { max: config.RATE_LIMIT_HEARTBEAT_MAX, timeWindow, keyGenerator: perUser('heartbeat') },
    proofUpload: { max: config.RATE_LIMIT_PROOF_MAX, timeWindow: HOUR, keyGenerator: perUser('proof') },
    waitlistJoin: {
      max: config.RATE_LIMIT_WAITLIST_MAX,
      timeWindow: HOUR,
      keyGenerator: perUser('waitlist-join'),
    },
  };
}

type StoreCallback = (err: Error | null, res?: { current: number; ttl: number }) => void;
interface LimitStore {
  incr(key: string, cb: StoreCallback, timeWindow: number, max: number): void;
  read(key: string, cb: StoreCallback, timeWindow: number, max: number): void;
  child(routeOptions: Record<string, unknown>): LimitStore;
}
type StoreConstructor = FastifyRateLimitStoreCtor;

/**
 * The store for @fastify/rate-limit: Redis while it answers, this process's memory while it
 * does not. Failing open (letting every request through) would switch the limits off for
 * whoever can make Redis unreachable; failing closed would lock every customer out. Counting
 * in memory keeps each instance limited on its own until Redis is back.
 */
function fallbackStore(redis: Redis, redisAvailable: () => boolean, onRedisError: (err: Error) => void) {
  function wrap(shared: LimitStore, local: LimitStore): LimitStore {
    const run =
      (method: 'incr' | 'read') => (key: string, cb: StoreCallback, timeWindow: number, max: number) => {
        if (!redisAvailable()) return local[method](key, cb, timeWindow, max);
        shared[method](
          key,
          (err, res) => {
            if (!err) return cb(null, res);
            onRedisError(err);
            local[method](key, cb, timeWindow, max);
          },
          timeWindow,
          max,
        );
      };
    return {
      incr: run('incr'),
      read: run('read'),
      child: (routeOptions) => wrap(shared.child(routeOptions), local.child(routeOptions)),
    };
  }
  return class {
    constructor(globalParams: { continueExceeding?: boolean; exponentialBackoff?: boolean; cache?: number }) {
      const { continueExceeding, exponentialBackoff, cache } = globalParams;
      const shared = new (RedisStore as unknown as new (...a: unknown[]) => LimitStore)(
        continueExceeding,
        exponentialBackoff,
        redis,
        'store-rl:',
      );
      const local = new (LocalStore as unknown as new (...a: unknown[]) => LimitStore)(
        continueExceeding,
        exponentialBackoff,
        cache,
      );
      return wrap(shared, local);
    }
  } as unknown as StoreConstructor;
}

/** RateCounters over one store of the plugin's kind (its `max` only matters to route limits). */
function rateCounters(store: LimitStore): RateCounters {
  const call = (method: 'incr' | 'read', key: string, windowMs: number) =>
    new Promise<number>((resolve, reject) => {
      store[method](
        key,
        (err, res) => (err ? reject(err) : resolve(res?.current ?? 0)),
        windowMs,
        Number.MAX_SAFE_INTEGER,
      );
    });
  return {
    add: (key, windowMs) => call('incr', key, windowMs),
    read: (key, windowMs) => call('read', key, windowMs),
  };
}

export async function registerRateLimit(app: FastifyInstance, config: Config): Promise<void> {
  let store: StoreConstructor | undefined;
  if (config.REDIS_URL) {
    const redis = new Redis(config.REDIS_URL, {
      // Fail fast: a request must not hang on an unreachable or stuck Redis.
      connectTimeout: 1000,
      commandTimeout: 500,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
    });
    // One line when Redis goes away and one when it is back, not one per request.
    let down = false;
    const markDown = (err?: Error) => {
      if (down) return;
      down = true;
      app.log.warn(
        { err: err?.message },
        'Redis no responde (REDIS_URL): los límites de peticiones se cuentan en la memoria de esta instancia hasta que vuelva',
      );
    };
    redis.on('error', (err: Error) => markDown(err));
    redis.on('close', () => markDown());
    redis.on('ready', () => {
      app.log.info(
        down
          ? 'Redis disponible de nuevo: los límites de peticiones vuelven a compartirse'
          : 'Redis conectado (REDIS_URL): los límites de peticiones se comparten entre instancias',
      );
      down = false;
    });
    app.addHook('onClose', async () => {
      // Closed on purpose at shutdown: not an outage to report.
      down = true;
      await redis.quit().catch(() => redis.disconnect());
    });
    store = fallbackStore(redis, () => redis.status === 'ready', markDown);
  }
  await app.register(rateLimit, {
    global: false,
    keyGenerator: (req) => ipKey(req.ip),
    ...(store ? { store } : {}),
  });
  const counterStore = store
    ? new (store as unknown as new (params: { cache: number }) => LimitStore)({
        cache: COUNTER_KEYS_IN_MEMORY,
      })
    : new (LocalStore as unknown as new (...a: unknown[]) => LimitStore)(
        false,
        false,
        COUNTER_KEYS_IN_MEMORY,
      );
  app.decorate('rateCounters', rateCounters(counterStore));
}
