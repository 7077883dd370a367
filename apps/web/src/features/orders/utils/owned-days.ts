// What the user already owns: the day options of each product covered by a paid order
// (docs/product.md → Order statuses: only `pagado` grants access).
import type { Order } from '@store/shared/schemas/order';

export function ownedDays(orders: readonly Order[], productId: string): Set<string> {
  const days = new Set<string>();
  for (const order of orders) {
    if (order.status !== 'pagado') continue;
    for (const item of order.items) if (item._id === productId) for (const d of item.days) days.add(d);
  }
  return days;
}

/** Owned = every day option of the product is paid for (a product with more days can still be bought). */
export function ownsProduct(
  orders: readonly Order[],
  productId: string,
  productDays: readonly string[],
): boolean {
  const owned = ownedDays(orders, productId);
  if (owned.size === 0) return false;
  return productDays.every((d) => owned.has(d));
}
