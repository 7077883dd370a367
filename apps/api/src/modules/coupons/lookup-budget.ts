// The coupon look-ups' budget (docs/security.md → Coupon codes cannot be guessed): every call
// in which a buyer names a coupon code (the coupon check, a team's quote, every call that
// opens an order with a code) is admitted here before the code is looked up, through one
// preHandler, countCouponLookup. What counts is a distinct code: the first look-up of a code
// by an account in RATE_LIMIT_COUPON_WINDOW_MS takes one from the account's budget and one
// from its network's (networkOf: an IPv4 address, an IPv6 /64) unless that network already
// looked the code up; RATE_LIMIT_COUPON_MAX each. Past either, 429 MSG.couponLookupsExceeded.
//
// A code the account already looked up (for a day, or the window when longer) is admitted
// without counting and never refused, whatever the counters say and whatever its answer was:
// the same code says nothing new, so a buyer who re-quotes with the coupon applied, changes
// the cart or the places, or pays for what they checked, is never locked out, not even when
// someone else used up their network's budget. A payment already under way (PayPal's capture,
// Stripe's checks, the webhooks) reads the code stored on its order and is no look-up at all.
//
// Counters live in the rate limits' store (app.rateCounters: Redis when REDIS_URL is set,
// shared by replicas, else memory); keys hold a digest of the code, never the code. Calls of
// one account with one code at once (a double click) wait for the first one's admission in
// this process rather than each counting.

import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { MSG } from '@store/shared/messages';
import type { Config } from '../../config';
import { AppError } from '../../lib/errors';
import { networkOf } from '../../lib/network';
import { currentUser } from '../../plugins/auth';
import type { RateCounters } from '../../plugins/rate-limit';

const DAY = 24 * 60 * 60 * 1000;

export interface CouponLookup {
  userId: string;
  /** The client's network (networkOf); null when unknown. */
  network: string | null;
  /** As the buyer typed it: compared trimmed and in capitals, as the coupons are. */
  code: string | null | undefined;
}

export interface CouponLookupBudget {
  /** Admits this look-up or throws AppError 429; a blank code is no look-up. */
  admit(lookup: CouponLookup): Promise<void>;
}

type BudgetConfig = Pick<Config, 'RATE_LIMIT_COUPON_MAX' | 'RATE_LIMIT_COUPON_WINDOW_MS'>;

export function couponLookupBudget(counters: RateCounters, config: BudgetConfig): CouponLookupBudget {
  const max = config.RATE_LIMIT_COUPON_MAX;
  const windowMs = config.RATE_LIMIT_COUPON_WINDOW_MS;
  const knownMs = Math.max(windowMs, DAY);
  const refused = () => new AppError('too_many_requests', MSG.couponLookupsExceeded);
  /** Admissions under way in this process, by account and code. */
  const underWay = new Map<string, Promise<void>>();

  async function admitNew(account: string, net: string | null, digest: string): Promise<void> {
    const [netKnown, netCount] = net
      ? await Promise.all([counters.read(`${net}:${digest}`, knownMs), counters.read(net, windowMs)])
      : [1, 0];
    // The network's count, unless it already looked this code up.
    const netToCount = netKnown === 0 ? net : null;
    // A network already past its budget refuses before the account's own count is spent.
    if (netToCount && netCount >= max) throw refused();
    if ((await counters.add(account, windowMs)) > max) throw refused();
    if (netToCount && (await counters.add(netToCount, windowMs)) > max) throw refused();
    await Promise.all([
      counters.add(`${account}:${digest}`, knownMs),
      net ? counters.add(`${net}:${digest}`, knownMs) : null,
    ]);
  }

  return {
    async admit({ userId, network, code }) {
      const normal = code?.trim().toUpperCase();
      if (!normal) return;
      const digest = createHash('sha256').update(normal).digest('base64url').slice(0, 22);
      const account = `coupon-lookups:user:${userId}`;
      const net = network ? `coupon-lookups:net:${network}` : null;
      const mine = `${account}:${digest}`;
      const pending = underWay.get(mine);
      if (pending) return pending;
      if ((await counters.read(mine, knownMs)) > 0) return;
      const again = underWay.get(mine);
      if (again) return again;
      const admission = admitNew(account, net, digest).finally(() => underWay.delete(mine));
      underWay.set(mine, admission);
      return admission;
    },
  };
}

/** One budget per app (its counters), so calls at once share what is under way. */
const budgets = new WeakMap<RateCounters, CouponLookupBudget>();

function budgetOf(counters: RateCounters, config: BudgetConfig): CouponLookupBudget {
  let budget = budgets.get(counters);
  if (!budget) {
    budget = couponLookupBudget(counters, config);
    budgets.set(counters, budget);
  }
  return budget;
}

/**
 * preHandler of a buyer's call whose body names a coupon code in `field` (after requireUser):
 * the look-up is admitted by the budget before the handler, or the call is answered 429.
 */
export function countCouponLookup(field: 'code' | 'couponCode') {
  return async (req: FastifyRequest): Promise<void> => {
    const value = (req.body as Record<string, unknown> | undefined)?.[field];
    if (typeof value !== 'string' || !value.trim()) return;
    await budgetOf(req.server.rateCounters, req.server.config).admit({
      userId: currentUser(req).id,
      network: networkOf(req.ip),
      code: value,
    });
  };
}
