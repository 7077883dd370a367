// The price each cart line shows: the server's price for the line (the member's fee tier).
// An event sold as a whole shows its whole price on its first day and "included" on the others.
import { toCentavos, toPesos } from '@store/shared/domain/money';
import type { CartViewLine } from './cart-view-lines';

export interface LinePriceView {
  price?: number;
  whole?: 'first' | 'included';
}

export function linePriceViews(
  lines: readonly Pick<CartViewLine, 'productId' | 'day' | 'product'>[],
  linePrice: (productId: string, day: string) => number | undefined,
): LinePriceView[] {
  const seen = new Set<string>();
  return lines.map((l) => {
    if (l.product.saleMode !== 'completo') return { price: linePrice(l.productId, l.day) };
    if (seen.has(l.productId)) return { whole: 'included' };
    seen.add(l.productId);
    const parts = lines.filter((o) => o.productId === l.productId).map((o) => linePrice(o.productId, o.day));
    const known = parts.every((p) => p !== undefined);
    return {
      whole: 'first',
      price: known ? toPesos(parts.reduce<number>((sum, p) => sum + toCentavos(p!), 0)) : undefined,
    };
  });
}
