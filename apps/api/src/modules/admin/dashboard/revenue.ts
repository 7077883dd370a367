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
