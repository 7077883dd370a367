// Cart arithmetic (docs/product.md → Cart): the cart is { productId: { day: quantity } }.

export type CartData = Record<string, Record<string, number>>;

/** Sums positive quantities. */
export function cartCount(cart: CartData): number {
  let count = 0;
  for (const days of Object.values(cart)) {
    for (const qty of Object.values(days)) if (qty > 0) count += qty;
  }
  return count;
}

/** Sums price × quantity (centavos) over products found in the list; others are ignored. */
export function cartAmountCentavos(cart: CartData, priceCentavosById: ReadonlyMap<string, number>): number {
  let total = 0;
  for (const [id, days] of Object.entries(cart)) {
    const price = priceCentavosById.get(id);
    if (price === undefined) continue;
    for (const qty of Object.values(days)) if (qty > 0) total += price * qty;
  }
  return total;
}

/** The (product, day) pairs with a positive quantity. */
export function cartLines(cart: CartData): { productId: string; day: string; quantity: number }[] {
  const lines: { productId: string; day: string; quantity: number }[] = [];
  for (const [productId, days] of Object.entries(cart)) {
    for (const [day, quantity] of Object.entries(days)) {
      if (quantity > 0) lines.push({ productId, day, quantity });
    }
  }
  return lines;
}

/** Adds one of (product, day), never beyond maxQuantity. Returns a new cart. */
export function addToCart(cart: CartData, productId: string, day: string, maxQuantity = 1): CartData {
  const current = cart[productId]?.[day] ?? 0;
  return setCartQuantity(cart, productId, day, Math.min(current + 1, maxQuantity));
}

/** Sets the quantity of (product, day); 0 removes it. Returns a new cart. */
export function setCartQuantity(cart: CartData, productId: string, day: string, quantity: number): CartData {
  const next: CartData = { ...cart, [productId]: { ...(cart[productId] ?? {}) } };
  const days = next[productId]!;
  if (quantity > 0) days[day] = quantity;
  else delete days[day];
  if (Object.keys(days).length === 0) delete next[productId];
  return next;
}

/**
 * The cart quantity input (docs/product.md → Validation rules): min 1, max 1; empty or 0 is ignored (null = ignore).
 */
export function parseQuantityInput(raw: string, maxQuantity = 1): number | null {
  if (raw.trim() === '') return null;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) return null;
  return Math.min(Math.max(1, Math.floor(n)), maxQuantity);
}
