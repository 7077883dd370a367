// Rate limiting (@fastify/rate-limit) with `global: false`: a route opts in with
// `config: { rateLimit: rateLimits(app.config).login }`. Counters live in memory, or in
// Redis when REDIS_URL is set so several replicas share them. Limits come from config
// (RATE_LIMIT_*) so tests can set them low; a 429 goes through the one error handler,
// which answers MSG.rateLimited.

import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config';

export type RateLimitName =
  'login' | 'register' | 'resetRequest' | 'coupon' | 'contact' | 'admin' | 'order' | 'orderPerIp' | 'webhook';

export interface RouteRateLimit {
  max: number;
  timeWindow: number;
  /** Counter key; default the client IP. */
  keyGenerator?: (req: FastifyRequest) => string;
}

/** The per-IP limit of each protected call, from config. */
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
      keyGenerator: (req) => `user:${req.user?.id ?? req.ip}`,
    },
    orderPerIp: {
      max: config.RATE_LIMIT_ORDER_MAX * 5,
      timeWindow,
      keyGenerator: (req) => `order-ip:${req.ip}`,
    },
    webhook: { max: config.RATE_LIMIT_WEBHOOK_MAX, timeWindow },
  };
}

export async function registerRateLimit(app: FastifyInstance, config: Config): Promise<void> {
  let redis: Redis | undefined;
  if (config.REDIS_URL) {
    redis = new Redis(config.REDIS_URL, {
      // Fail fast: a request must not hang on an unreachable Redis.
      connectTimeout: 1000,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
    });
    // Connection errors are reported per request (skipOnError); keep them out of the crash path.
    redis.on('error', (err: Error) => app.log.warn({ err: err.message }, 'redis'));
    app.addHook('onClose', async () => {
      await redis?.quit().catch(() => redis?.disconnect());
    });
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'store-rl:' } : {}),
    // With Redis down we let requests through rather than lock every customer out.
    skipOnError: Boolean(redis),
  });
}
