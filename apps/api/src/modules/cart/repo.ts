// Every query of the cart module. A user's cart is their cart_lines rows: one per
// (product, day), quantity always 1.

import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { cartLines, productDays, products } from '../../db/schema';

export type ProductRow = typeof products.$inferSelect;
export type ProductDayRow = typeof productDays.$inferSelect;

/** A cart line that is still buyable: its product is on sale and its day still exists. */
export interface CartLineDetail {
  productId: string;
  day: string;
  quantity: number;
  product: ProductRow;
  productDay: ProductDayRow;
}

/**
 * The user's buyable lines, oldest first. Lines whose product or day went away (archived,
 * taken back to draft, removed) are left out.
 */
export async function findCartLines(db: Queryable, userId: string): Promise<CartLineDetail[]> {
  const rows = await db
    .select({ line: cartLines, product: products, productDay: productDays })
    .from(cartLines)
    .innerJoin(
      products,
      and(eq(products.id, cartLines.productId), eq(products.active, true), eq(products.draft, false)),
    )
    .innerJoin(
      productDays,
      and(eq(productDays.productId, cartLines.productId), eq(productDays.label, cartLines.day)),
    )
    .where(eq(cartLines.userId, userId))
    .orderBy(asc(cartLines.createdAt), asc(productDays.position));
  return rows.map((r) => ({
    productId: r.line.productId,
    day: r.line.day,
    quantity: r.line.quantity,
    product: r.product,
    productDay: r.productDay,
  }));
}

/** Adds the line; an existing line stays as it is (quantity never exceeds 1). */
export async function upsertCartLine(db: Queryable, userId: string, productId: string, day: string) {
  await db.insert(cartLines).values({ userId, productId, day, quantity: 1 }).onConflictDoNothing();
}

export async function deleteCartLine(db: Queryable, userId: string, productId: string, day: string) {
  await db
    .delete(cartLines)
    .where(and(eq(cartLines.userId, userId), eq(cartLines.productId, productId), eq(cartLines.day, day)));
}

/** Removes every line of the product from the user's cart. */
export async function deleteProductLines(db: Queryable, userId: string, productId: string) {
  await db.delete(cartLines).where(and(eq(cartLines.userId, userId), eq(cartLines.productId, productId)));
}

/** The product's day options in order. */
export async function findProductDays(db: Queryable, productId: string): Promise<ProductDayRow[]> {
  return db
    .select()
    .from(productDays)
    .where(eq(productDays.productId, productId))
    .orderBy(asc(productDays.position));
}

/** Removes the given (product, day) pairs from the user's cart. */
export async function deleteCartLines(
  db: Queryable,
  userId: string,
  pairs: readonly { productId: string; day: string }[],
): Promise<void> {
  if (pairs.length === 0) return;
  await db
    .delete(cartLines)
    .where(
      and(
        eq(cartLines.userId, userId),
        or(...pairs.map((p) => and(eq(cartLines.productId, p.productId), eq(cartLines.day, p.day)))),
      ),
    );
}

/** The product (any state) and the day option with this label, or null. */
export async function findProductDay(db: Queryable, productId: string, label: string) {
  const [row] = await db
    .select({ product: products, productDay: productDays })
    .from(productDays)
    .innerJoin(products, eq(products.id, productDays.productId))
    .where(and(eq(productDays.productId, productId), eq(productDays.label, label)));
  return row ?? null;
}

export async function productExists(db: Queryable, productId: string): Promise<ProductRow | null> {
  const [row] = await db.select().from(products).where(eq(products.id, productId));
  return row ?? null;
}

export async function findProductNames(db: Queryable, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(inArray(products.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.name]));
}
