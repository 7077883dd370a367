import { describe, expect, it } from 'vitest';
import { CANCELLATION_NOTICE_DAYS } from '../constants';
import {
  allocateByWeight,
  canCancelDay,
  cancellationCharge,
  cancellationFigures,
  cancellationRefund,
  lastCancellationDate,
  paidPerDay,
} from './cancellation';
import { fromMexicoCityLocal } from './time';

const at = (local: string) => fromMexicoCityLocal(local)!;

describe('cancellation by the terms', () => {
  it('keeps 20 % to the centavo and refunds the rest', () => {
    expect(cancellationCharge(101000)).toBe(20200);
    expect(cancellationRefund(101000)).toBe(80800);
    expect(cancellationRefund(1)).toBe(1);
    expect(cancellationRefund(3)).toBe(2);
    for (const paid of [0, 1, 99, 12345, 250000]) {
      expect(cancellationRefund(paid) + cancellationCharge(paid)).toBe(paid);
    }
  });

  it('counts Mexico City calendar days: open until the 15th day before, whatever the hour', () => {
    const start = at('2025-05-29T09:00');
    expect(lastCancellationDate(start)).toBe('2025-05-14');
    expect(canCancelDay(at('2025-05-14T23:59'), start)).toBe(true);
    expect(canCancelDay(at('2025-05-15T00:00'), start)).toBe(false);
    expect(canCancelDay(at('2025-05-01T00:00'), start)).toBe(true);
    expect(CANCELLATION_NOTICE_DAYS).toBe(15);
  });

  it('splits an amount by weight with integer parts that add up', () => {
    expect(allocateByWeight(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocateByWeight(1000, [0, 0])).toEqual([500, 500]);
    expect(allocateByWeight(999, [300000, 100000]).reduce((a, b) => a + b)).toBe(999);
    expect(allocateByWeight(5, [])).toEqual([]);
  });

  it('shares a discount between days and refunds the fee only with the last day', () => {
    const order = {
      amountCentavos: 180000 + 1000,
      feeCentavos: 1000,
      days: [
        { productDayId: 'a', priceCentavos: 100000, live: true },
        { productDayId: 'b', priceCentavos: 100000, live: true },
      ],
    };
    expect([...paidPerDay(order).values()]).toEqual([90000, 90000]);
    const one = cancellationFigures(order, ['a']);
    expect(one).toEqual({
      paidCentavos: 90000,
      chargeCentavos: 18000,
      refundCentavos: 72000,
      wholeOrder: false,
    });
    const rest = cancellationFigures(
      { ...order, days: [{ ...order.days[0]!, live: false }, order.days[1]!] },
      ['b'],
    );
    expect(rest.wholeOrder).toBe(true);
    expect(rest.paidCentavos).toBe(91000);
    expect(one.paidCentavos + rest.paidCentavos).toBe(order.amountCentavos);
  });
});
