// The fee schedule (docs/fees.md): which price a buyer pays for an event at a given instant.
// Pure, centavos in and out; "now" is always the caller's.
//
// An event has a base price (products.price_centavos) and optional price tiers: one row per
// (participant type, step). A step is valid while now < untilAt (untilAt = null: no end), so
// "early bird until 15 May 23:59 Mexico City" is stored as untilAt = 16 May 00:00:00 Mexico City.
// The buyer's type counts only once verified; otherwise the general tier applies. A member
// the association marked as becado pays the step's scholarship price when it has one.

import type { UserType } from '../constants';

type Instant = Date | number;
const ms = (t: Instant): number => (typeof t === 'number' ? t : t.getTime());

export interface PriceTier {
  userType: UserType;
  /** Epoch ms; the step applies while now < untilAt. null = the step never ends. */
  untilAt: number | null;
  priceCentavos: number;
  /** What a becado member pays on this step; null = no scholarship price. */
  scholarshipPriceCentavos: number | null;
}

export interface Buyer {
  userType: UserType;
  /** Whether the association verified the buyer's participant type. */
  verified: boolean;
  /** Whether the association granted the buyer a scholarship for this event. */
  becado: boolean;
}

export interface PriceChoice {
  priceCentavos: number;
  /** The participant type whose tier applied ('general' for the base price). */
  userType: UserType;
  /** The step's end (epoch ms) or null; null also for the base price. */
  untilAt: number | null;
  /** The scholarship price applied. */
  scholarship: boolean;
  /** false = no tier applied: the event's base price. */
  fromTier: boolean;
}

/** The step of `userType` valid at `now`: the earliest-ending one that has not ended. */
export function currentStep(tiers: readonly PriceTier[], userType: UserType, now: Instant): PriceTier | null {
  const t = ms(now);
  const open = tiers.filter((s) => s.userType === userType && (s.untilAt === null || t < s.untilAt));
  open.sort((a, b) => (a.untilAt ?? Infinity) - (b.untilAt ?? Infinity));
  return open[0] ?? null;
}

/** The buyer's type as pricing sees it: an unverified type pays as general. */
export function pricingType(buyer: Pick<Buyer, 'userType' | 'verified'>): UserType {
  return buyer.userType !== 'general' && !buyer.verified ? 'general' : buyer.userType;
}

/**
 * The price the buyer pays for the event at `now`: the current step of their (verified) type,
 * else the current general step, else the base price; a becado buyer pays the step's
 * scholarship price when it has one.
 */
export function choosePrice(input: {
  basePriceCentavos: number;
  tiers: readonly PriceTier[];
  buyer: Buyer;
  now: Instant;
}): PriceChoice {
  const type = pricingType(input.buyer);
  const step =
    currentStep(input.tiers, type, input.now) ??
    (type === 'general' ? null : currentStep(input.tiers, 'general', input.now));
  if (!step) {
    return {
      priceCentavos: input.basePriceCentavos,
      userType: 'general',
      untilAt: null,
      scholarship: false,
      fromTier: false,
    };
  }
  const scholarship = input.buyer.becado && step.scholarshipPriceCentavos !== null;
  return {
    priceCentavos: scholarship ? (step.scholarshipPriceCentavos as number) : step.priceCentavos,
    userType: step.userType,
    untilAt: step.untilAt,
    scholarship,
    fromTier: true,
  };
}

/**
 * Splits `total` centavos over `parts` days so the parts sum to exactly `total`: the first
 * `total mod parts` days carry one centavo more.
 */
export function splitCentavos(total: number, parts: number): number[] {
  if (!Number.isInteger(parts) || parts <= 0) throw new RangeError('parts must be a positive integer');
  const base = Math.floor(total / parts);
  const extra = total - base * parts;
  return Array.from({ length: parts }, (_, i) => base + (i < extra ? 1 : 0));
}

export type TierProblem = 'negative' | 'overlap' | 'noPrice';

/**
 * What is wrong with a tier list, or null: a negative price; two steps of one type ending at
 * the same instant (two open-ended steps included), which would make the price ambiguous; or,
 * when the event has no base price of its own (`basePriceCentavos` null), no `general` step
 * without an end: a visitor would have no price once every step ended.
 */
export function tierProblem(
  tiers: readonly PriceTier[],
  basePriceCentavos: number | null = 0,
): TierProblem | null {
  for (const t of tiers) {
    if (t.priceCentavos < 0 || (t.scholarshipPriceCentavos !== null && t.scholarshipPriceCentavos < 0)) {
      return 'negative';
    }
  }
  if (basePriceCentavos !== null && basePriceCentavos < 0) return 'negative';
  const seen = new Set<string>();
  for (const t of tiers) {
    const key = `${t.userType}|${t.untilAt ?? 'open'}`;
    if (seen.has(key)) return 'overlap';
    seen.add(key);
  }
  if (basePriceCentavos === null && openGeneralStep(tiers) === null) return 'noPrice';
  return null;
}

/** The `general` step without an end: the event's price when no base price is given. */
export function openGeneralStep(tiers: readonly PriceTier[]): PriceTier | null {
  return tiers.find((t) => t.userType === 'general' && t.untilAt === null) ?? null;
}

/** The instant to show as "hasta el …" for a step: its last minute (untilAt − 1 minute). */
export function stepLastMinute(untilAt: number): number {
  return untilAt - 60_000;
}
