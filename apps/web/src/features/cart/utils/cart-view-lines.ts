// The cart as the pages show it: each line with its event and whether its day has ended at
// `now`. A line whose event is not in the lists given (archived, or its list not loaded) is
// left out, as it is of the amount (docs/product.md → Cart). Lines whose day ended stay visible, marked, so
// the buyer removes them; checkout refuses them rather than charge something else.
import { cartLines, type CartData } from '@store/shared/domain/cart';
import { hasEnded } from '@store/shared/domain/event-days';
import type { Product } from '@store/shared/schemas/product';

export interface CartViewLine {
  productId: string;
  day: string;
  quantity: number;
  product: Product;
  /** The day (or, when it is no longer an option, the whole event) has ended. */
  ended: boolean;
}

export function cartViewLines(cart: CartData, products: readonly Product[], now: number): CartViewLine[] {
  const byId = new Map(products.map((p) => [p._id, p]));
  return cartLines(cart).flatMap((l) => {
    const product = byId.get(l.productId);
    if (!product) return [];
    const option = product.dayOptions.find((o) => o.label === l.day);
    return [{ ...l, product, ended: hasEnded(option ?? product, now) }];
  });
}

/** True when some line's event is missing from the upcoming list (it may have finished). */
export function cartHasUnlistedEvents(cart: CartData, upcoming: readonly Product[] | undefined): boolean {
  if (!upcoming) return false;
  const ids = new Set(upcoming.map((p) => p._id));
  return cartLines(cart).some((l) => !ids.has(l.productId));
}
