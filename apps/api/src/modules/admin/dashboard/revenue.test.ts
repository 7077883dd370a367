// Revenue per day: a refund comes off the days it ended, so a cancellation's charge stays on
// the cancelled day and never spreads over the order's other days.
import { describe, expect, it } from 'vitest';
import { lineRevenue } from './revenue';

const lines = [
  { id: 'a', productDayId: 'd1', priceCentavos: 100_000 },
  { id: 'b', productDayId: 'd2', priceCentavos: 100_000 },
  { id: 'c', productDayId: 'd3', priceCentavos: 100_000 },
];
const order = (refunded: number, discount = 0) => ({
  subtotalCentavos: 300_000,
  discountCentavos: discount,
  refundedCentavos: refunded,
});

describe('lineRevenue', () => {
  it('a cancelled day keeps its 20 % charge; the other days keep their price', () => {
    const refund = { amountCentavos: 80_000, productDayIds: ['d1'], orderDayIds: [] };
    expect(lineRevenue(order(80_000), lines, [refund])).toEqual([20_000, 100_000, 100_000]);
  });

  it('two cancellations, each on its own day', () => {
    const refunds = [
      { amountCentavos: 80_000, productDayIds: ['d1'], orderDayIds: [] },
      { amountCentavos: 80_000, productDayIds: ['d3'], orderDayIds: [] },
    ];
    expect(lineRevenue(order(160_000), lines, refunds)).toEqual([20_000, 100_000, 20_000]);
  });

  it('a team place: the refund names the order_days row, not the day', () => {
    const places = [
      { id: 'p1', productDayId: 'd1', priceCentavos: 50_000 },
      { id: 'p2', productDayId: 'd1', priceCentavos: 50_000 },
    ];
    const refund = { amountCentavos: 40_000, productDayIds: ['d1'], orderDayIds: ['p2'] };
    const o = { subtotalCentavos: 100_000, discountCentavos: 0, refundedCentavos: 40_000 };
    expect(lineRevenue(o, places, [refund])).toEqual([50_000, 10_000]);
  });

  it('money only (no day ended) comes off every day in proportion; a discount too', () => {
    const refund = { amountCentavos: 30_000, productDayIds: [], orderDayIds: [] };
    expect(lineRevenue(order(30_000), lines, [refund])).toEqual([90_000, 90_000, 90_000]);
    expect(lineRevenue(order(0, 150_000), lines, [])).toEqual([50_000, 50_000, 50_000]);
  });

  it('a whole refund that also returned the fee leaves nothing, never less', () => {
    const refund = { amountCentavos: 301_000, productDayIds: ['d1', 'd2', 'd3'], orderDayIds: [] };
    expect(lineRevenue(order(301_000), lines, [refund])).toEqual([0, 0, 0]);
  });

  it('the parts always add up to the order’s net', () => {
    const refunds = [
      { amountCentavos: 33_333, productDayIds: ['d2'], orderDayIds: [] },
      { amountCentavos: 1_001, productDayIds: [], orderDayIds: [] },
    ];
    const parts = lineRevenue(order(34_334, 7), lines, refunds);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(300_000 - 7 - 34_334);
    expect(parts[1]).toBeLessThan(parts[0]!);
  });
});
