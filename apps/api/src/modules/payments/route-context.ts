// What every payments route plugin shares: the providers and the database (`deps`), the
// error answers of a payment call, and the guard of an order-creating call (rate limited per
// IP and per user, signed in). Built once by paymentRoutes (routes.ts) and passed down.

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '@store/shared/messages';
import { errorResponse } from '@store/shared/schemas/common';
import type { OrderLineInput } from '@store/shared/schemas/order';
import { seatLineChecks } from '../seats/board';
import { AppError } from '../../lib/errors';
import { errorResponses } from '../../lib/route-schemas';
import { requireUser } from '../../plugins/auth';
import type { RateLimitName, RouteRateLimit } from '../../plugins/rate-limit';
import type { PaymentDeps } from './settle';

export const paymentErrors = { ...errorResponses(400, 401, 403, 404, 409, 429, 503), 402: errorResponse };

/**
 * The seat board's part in a payment's checkout call (docs/on-sale.md): a sold-out refusal
 * makes it read again, a hold near the end of a day too. It never refuses a payment itself:
 * the buyer may be paying for the very seat that filled the day (their own hold), which only
 * the database knows; the board's refusal comes earlier, when the day is added to the cart.
 */
export const seatBoardChecks = seatLineChecks(
  (req: { server: FastifyInstance; body: { items: readonly OrderLineInput[] } }) =>
    req.body.items
      .filter((i) => i.quantity === undefined || i.quantity > 0)
      .map((i) => ({ productId: i._id, label: i.days })),
  { refuse: false },
);

export interface PaymentRouteContext {
  deps: PaymentDeps;
  limits: Record<RateLimitName, RouteRateLimit>;
  /** onRequest hooks and rate-limit config of an order-creating call (a fresh object per route). */
  ordering: () => {
    onRequest: ((req: FastifyRequest, reply: FastifyReply) => Promise<void>)[];
    config: { rateLimit: RouteRateLimit };
  };
}

/**
 * One per-IP counter shared by every order-creating call (before auth: floods of bad tokens
 * count too); each route also counts per user, after auth, through its route config. The
 * rate-limit plugin runs one route limit per request, so the IP counter is a plain hook.
 */
export function orderingGuard(
  ipCounter: ReturnType<FastifyInstance['createRateLimit']>,
  limits: Record<RateLimitName, RouteRateLimit>,
): PaymentRouteContext['ordering'] {
  const orderPerIp = async (req: FastifyRequest) => {
    const result = await ipCounter(req);
    if (!result.isAllowed && result.isExceeded) throw new AppError('too_many_requests', MSG.rateLimited);
  };
  // A fresh object per route: the rate-limit plugin appends its hook to the route's array.
  return () => ({ onRequest: [orderPerIp, requireUser], config: { rateLimit: limits.order } });
}
