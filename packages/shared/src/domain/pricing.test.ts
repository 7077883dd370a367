import { describe, expect, it } from 'vitest';
import { USER_TYPES, type UserType } from '../constants';
import {
  choosePrice,
  currentStep,
  splitCentavos,
  stepLastMinute,
  tierProblem,
  type Buyer,
  type PriceTier,
} from './pricing';
import { fromMexicoCityLocal, mexicoCityOffsetMinutes, mexicoCityWallClock } from './time';

const at = (local: string): number => {
  const d = fromMexicoCityLocal(local);
  if (!d) throw new Error(`not a Mexico City wall time: ${local}`);
  return d.getTime();
};

/** The association's published course fees, with the early-bird step ending at `cutoff`. */
function courseTiers(cutoff: number): PriceTier[] {
  const flat = (userType: UserType, price: number, beca: number | null = null): PriceTier => ({
    userType,
    untilAt: null,
    priceCentavos: price,
    scholarshipPriceCentavos: beca,
  });
  return [
    { userType: 'especialista', untilAt: cutoff, priceCentavos: 250_000, scholarshipPriceCentavos: null },
    flat('especialista', 300_000),
    flat('general', 300_000),
    flat('residente', 200_000, 150_000),
    flat('enfermeria', 200_000, 150_000),
    flat('estudiante', 200_000, 150_000),
    flat('personal_hospital', 0),
  ];
}

const buyer = (userType: UserType, over: Partial<Buyer> = {}): Buyer => ({
  userType,
  verified: true,
  becado: false,
  ...over,
});

const BASE = 900_000;

describe('choosePrice: every type on both sides of the early-bird cut-off', () => {
  // "Until 15 May 23:59" = the step ends at 16 May 00:00:00 Mexico City.
  const cutoff = at('2025-05-16T00:00:00');
  const tiers = courseTiers(cutoff);
  const before = at('2025-05-15T23:59:59');
  const expected: Record<UserType, [number, number]> = {
    general: [300_000, 300_000],
    especialista: [250_000, 300_000],
    residente: [200_000, 200_000],
    enfermeria: [200_000, 200_000],
    estudiante: [200_000, 200_000],
    personal_hospital: [0, 0],
  };

  it('the instants are the Mexico City wall times they claim', () => {
    expect(mexicoCityWallClock(before)).toMatchObject({ day: 15, hour: 23, minute: 59, second: 59 });
    expect(mexicoCityWallClock(cutoff)).toMatchObject({ day: 16, hour: 0, minute: 0, second: 0 });
    expect(cutoff - before).toBe(1000);
  });

  for (const type of USER_TYPES) {
    it(`${type}: 23:59:59 on the last early-bird day, then 00:00:00 the next day`, () => {
      const [early, late] = expected[type];
      expect(
        choosePrice({ basePriceCentavos: BASE, tiers, buyer: buyer(type), now: before }).priceCentavos,
      ).toBe(early);
      expect(
        choosePrice({ basePriceCentavos: BASE, tiers, buyer: buyer(type), now: cutoff }).priceCentavos,
      ).toBe(late);
    });
  }

  it('the early-bird choice names its step; the later one is open-ended', () => {
    const early = choosePrice({ basePriceCentavos: BASE, tiers, buyer: buyer('especialista'), now: before });
    expect(early).toEqual({
      priceCentavos: 250_000,
      userType: 'especialista',
      untilAt: cutoff,
      scholarship: false,
      fromTier: true,
    });
    expect(mexicoCityWallClock(stepLastMinute(cutoff))).toMatchObject({ day: 15, hour: 23, minute: 59 });
  });
});

describe('choosePrice: a cut-off on the day clocks used to change (before Mexico dropped DST in 2022)', () => {
  // Daylight saving started on Sunday 4 April 2021 at 02:00 (clocks jumped to 03:00).
  const cutoff = at('2021-04-05T00:00:00');
  const tiers = courseTiers(cutoff);

  it('the day of the change is 23 hours long and the offsets differ on each side', () => {
    expect(mexicoCityOffsetMinutes(at('2021-04-03T12:00'))).toBe(-360);
    expect(mexicoCityOffsetMinutes(at('2021-04-05T12:00'))).toBe(-300);
    expect(at('2021-04-05T00:00') - at('2021-04-04T00:00')).toBe(23 * 3_600_000);
  });

  it('23:59:59 of 4 April is still early bird; 00:00:00 of 5 April is not', () => {
    const last = at('2021-04-04T23:59:59');
    expect(cutoff - last).toBe(1000);
    for (const type of USER_TYPES) {
      const early = choosePrice({ basePriceCentavos: BASE, tiers, buyer: buyer(type), now: last });
      const late = choosePrice({ basePriceCentavos: BASE, tiers, buyer: buyer(type), now: cutoff });
      expect(early.priceCentavos).toBe(type === 'especialista' ? 250_000 : late.priceCentavos);
      expect(late.priceCentavos).toBe(type === 'especialista' ? 300_000 : early.priceCentavos);
    }
  });

  it('a cut-off at 03:00 on the change day (02:00 never happened) is one hour after 01:59:59', () => {
    const threeAm = at('2021-04-04T03:00:00');
    const tiers3 = courseTiers(threeAm);
    const oneFiftyNine = at('2021-04-04T01:59:59');
    expect(threeAm - oneFiftyNine).toBe(1000);
    expect(
      choosePrice({ basePriceCentavos: BASE, tiers: tiers3, buyer: buyer('especialista'), now: oneFiftyNine })
        .priceCentavos,
    ).toBe(250_000);
    expect(
      choosePrice({ basePriceCentavos: BASE, tiers: tiers3, buyer: buyer('especialista'), now: threeAm })
        .priceCentavos,
    ).toBe(300_000);
  });
});

describe('choosePrice: verification, scholarships and fall-backs', () => {
  const cutoff = at('2025-05-16T00:00');
  const tiers = courseTiers(cutoff);
  const now = at('2025-05-01T12:00');

  it('an unverified type pays the general price', () => {
    for (const type of USER_TYPES) {
      const choice = choosePrice({
        basePriceCentavos: BASE,
        tiers,
        buyer: buyer(type, { verified: false }),
        now,
      });
      expect(choice.priceCentavos).toBe(300_000);
      expect(choice.userType).toBe('general');
    }
  });

  it('a becado member pays the scholarship price where the step has one, else the step price', () => {
    const resident = choosePrice({
      basePriceCentavos: BASE,
      tiers,
      buyer: buyer('residente', { becado: true }),
      now,
    });
    expect(resident).toMatchObject({ priceCentavos: 150_000, scholarship: true });
    const specialist = choosePrice({
      basePriceCentavos: BASE,
      tiers,
      buyer: buyer('especialista', { becado: true }),
      now,
    });
    expect(specialist).toMatchObject({ priceCentavos: 250_000, scholarship: false });
  });

  it('a type without a tier pays the general tier; no tier at all = the base price', () => {
    const onlyGeneral: PriceTier[] = [
      { userType: 'general', untilAt: null, priceCentavos: 100_000, scholarshipPriceCentavos: null },
    ];
    expect(
      choosePrice({ basePriceCentavos: BASE, tiers: onlyGeneral, buyer: buyer('residente'), now })
        .priceCentavos,
    ).toBe(100_000);
    expect(choosePrice({ basePriceCentavos: BASE, tiers: [], buyer: buyer('residente'), now })).toEqual({
      priceCentavos: BASE,
      userType: 'general',
      untilAt: null,
      scholarship: false,
      fromTier: false,
    });
  });

  it('when every step of a type has ended, the general tier applies', () => {
    const ended: PriceTier[] = [
      { userType: 'especialista', untilAt: cutoff, priceCentavos: 250_000, scholarshipPriceCentavos: null },
      { userType: 'general', untilAt: null, priceCentavos: 300_000, scholarshipPriceCentavos: null },
    ];
    expect(currentStep(ended, 'especialista', cutoff)).toBeNull();
    expect(
      choosePrice({ basePriceCentavos: BASE, tiers: ended, buyer: buyer('especialista'), now: cutoff })
        .priceCentavos,
    ).toBe(300_000);
  });

  it('with several dated steps, the earliest one not ended applies', () => {
    const steps: PriceTier[] = [
      { userType: 'general', untilAt: null, priceCentavos: 3, scholarshipPriceCentavos: null },
      { userType: 'general', untilAt: 2000, priceCentavos: 2, scholarshipPriceCentavos: null },
      { userType: 'general', untilAt: 1000, priceCentavos: 1, scholarshipPriceCentavos: null },
    ];
    const price = (t: number) =>
      choosePrice({ basePriceCentavos: BASE, tiers: steps, buyer: buyer('general'), now: t }).priceCentavos;
    expect([price(999), price(1000), price(1999), price(2000)]).toEqual([1, 2, 2, 3]);
  });
});

describe('splitCentavos', () => {
  it('sums exactly and differs by at most one centavo', () => {
    for (const [total, parts] of [
      [300_000, 3],
      [250_000, 3],
      [100, 7],
      [0, 3],
      [1, 2],
    ] as const) {
      const split = splitCentavos(total, parts);
      expect(split).toHaveLength(parts);
      expect(split.reduce((a, b) => a + b, 0)).toBe(total);
      expect(Math.max(...split) - Math.min(...split)).toBeLessThanOrEqual(1);
    }
    expect(splitCentavos(250_000, 3)).toEqual([83_334, 83_333, 83_333]);
  });

  it('refuses zero parts', () => {
    expect(() => splitCentavos(100, 0)).toThrow(RangeError);
  });
});

describe('tierProblem', () => {
  const t = (
    userType: UserType,
    untilAt: number | null,
    price = 100,
    beca: number | null = null,
  ): PriceTier => ({
    userType,
    untilAt,
    priceCentavos: price,
    scholarshipPriceCentavos: beca,
  });
  it('accepts the published schedule', () => {
    expect(tierProblem(courseTiers(1000))).toBeNull();
  });
  it('refuses negative prices and two steps of a type ending together', () => {
    expect(tierProblem([t('general', null, -1)])).toBe('negative');
    expect(tierProblem([t('general', null, 1, -1)])).toBe('negative');
    expect(tierProblem([t('general', null), t('general', null)])).toBe('overlap');
    expect(tierProblem([t('general', 5), t('general', 5)])).toBe('overlap');
    expect(tierProblem([t('general', 5), t('residente', 5)])).toBeNull();
    expect(tierProblem([], -1)).toBe('negative');
  });
  it('needs a general price: the base price or a general step without an end', () => {
    // With a base price, any schedule (even none) leaves the event priced.
    expect(tierProblem([], 0)).toBeNull();
    expect(tierProblem([t('residente', null)], 300_000)).toBeNull();
    // Without one, only an open-ended general step prices the event once every step ended.
    expect(tierProblem([], null)).toBe('noPrice');
    expect(tierProblem([t('general', 5), t('residente', null)], null)).toBe('noPrice');
    expect(tierProblem([t('general', 5), t('general', null)], null)).toBeNull();
    // A negative price or an overlap is named first: it is what the admin has to fix.
    expect(tierProblem([t('residente', null, -1)], null)).toBe('negative');
    expect(tierProblem([t('residente', null), t('residente', null)], null)).toBe('overlap');
  });
});
