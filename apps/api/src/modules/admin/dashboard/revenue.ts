// Splits what an order collected for its events (subtotal − discount − refunds, fee excluded)
// over its (event, day) lines in proportion to their prices, to the centavo: the parts always
// add up to the whole (largest remainder), so per-event figures add up to the total.

export function allocateCentavos(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (total <= 0 || weights.length === 0) return weights.map(() => 0);
  if (sum <= 0) {
    // All lines free: share equally.
    return allocateCentavos(
      total,
      weights.map(() => 1),
    );
  }
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map(Math.floor);
  let rest = total - parts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((x, i) => ({ i, frac: x - Math.floor(x) }))
    .sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (rest <= 0) break;
    parts[i]! += 1;
    rest -= 1;
  }
  return parts;
}

/** What an order collected for its events: net of discount and refunds, without the fee. */
export function orderEventNet(o: {
  subtotalCentavos: number;
  discountCentavos: number;
  refundedCentavos: number;
}): number {
  return Math.max(0, o.subtotalCentavos - o.discountCentavos - o.refundedCentavos);
}

/** One of an order's (event, day) lines, whatever became of it (paid, cancelled, transferred). */
export interface RevenueLine {
  /** The order_days row (a team order has one per place). */
  id: string;
  productDayId: string;
  priceCentavos: number;
}

/** A completed refund of the order and the lines it ended (none: money only). */
export interface RevenueRefund {
  amountCentavos: number;
  productDayIds: readonly string[];
  orderDayIds: readonly string[];
}

/**
 * What each line of an order kept, to the centavo: the order's event net (`orderEventNet`) split
 * so that a refund comes off the days it ended. A cancellation that refunds 80 % of a day leaves
 * that day its 20 % charge; the other days keep their own price, untouched. A refund that ended
 * no day (money only) comes off every line in proportion. The parts add up to the order's net.
 */
export function lineRevenue(
  order: { subtotalCentavos: number; discountCentavos: number; refundedCentavos: number },
  lines: readonly RevenueLine[],
  refunds: readonly RevenueRefund[],
): number[] {
  const gross = Math.max(0, order.subtotalCentavos - order.discountCentavos);
  const remaining = allocateCentavos(
    gross,
    lines.map((l) => l.priceCentavos),
  );
  let left = gross - orderEventNet(order);
  const takeOff = (indexes: readonly number[], amount: number) => {
    const available = indexes.reduce((s, i) => s + remaining[i]!, 0);
    const amt = Math.min(amount, left, available);
    if (amt <= 0) return;
    const shares = allocateCentavos(
      amt,
      indexes.map((i) => remaining[i]!),
    );
    indexes.forEach((i, k) => (remaining[i]! -= shares[k]!));
    left -= amt;
  };
  for (const r of refunds) {
    const targets = lines
      .map((l, i) => ({ l, i }))
      .filter(({ l }) =>
        r.orderDayIds.length > 0 ? r.orderDayIds.includes(l.id) : r.productDayIds.includes(l.productDayId),
      )
      .map(({ i }) => i);
    if (targets.length > 0) takeOff(targets, r.amountCentavos);
  }
  // Refunds that ended no day, and whatever a targeted refund could not take from its days
  // (a refund of the fee too): off every line in proportion to what it still holds.
  takeOff(
    lines.map((_, i) => i),
    left,
  );
  return remaining;
}
