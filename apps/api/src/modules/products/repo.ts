// Every query of the products module.

import { and, asc, desc, eq, getTableColumns, gt, inArray, lte, type SQL } from 'drizzle-orm';
import type { ProductListState } from '@store/shared/schemas/product';
import type { Queryable } from '../../db/client';
import { productDays, products } from '../../db/schema';
import { heldByOffers } from '../seats/repo';

export type ProductRow = typeof products.$inferSelect;
/** A day option with the seats its open waiting-list offers hold. */
export type ProductDayRow = typeof productDays.$inferSelect & { seatsHeld: number };
export interface ProductWithDays {
  product: ProductRow;
  days: ProductDayRow[];
}

function attachDays(rows: ProductRow[], days: ProductDayRow[]): ProductWithDays[] {
  const byProduct = new Map<string, ProductDayRow[]>();
  for (const d of days) {
    const list = byProduct.get(d.productId) ?? [];
    list.push(d);
    byProduct.set(d.productId, list);
  }
  return rows.map((product) => ({ product, days: byProduct.get(product.id) ?? [] }));
}

/** A day's columns and the seats its open waiting-list offers hold at `now` (the seats module's count). */
function dayColumns(now: Date) {
  return { ...getTableColumns(productDays), seatsHeld: heldByOffers(null, now).mapWith(Number) };
}

/**
 * Active products with their day options in order. `proximos`: at least one day not ended at
 * `now`, newest first; `finalizados`: every day ended, most recently ended first; `todos`:
 * both, newest first. One condition on products.ends_at (indexed with active).
 */
export async function listActiveProducts(
  db: Queryable,
  state: ProductListState,
  now: Date,
): Promise<ProductWithDays[]> {
  const when: Record<ProductListState, SQL | undefined> = {
    proximos: gt(products.endsAt, now),
    finalizados: lte(products.endsAt, now),
    todos: undefined,
  };
  const rows = await db
    .select()
    .from(products)
    .where(and(eq(products.active, true), when[state]))
    .orderBy(
      ...(state === 'finalizados'
        ? [desc(products.endsAt), desc(products.id)]
        : [desc(products.createdAt), desc(products.id)]),
    );
  if (rows.length === 0) return [];
  const days = await db
    .select(dayColumns(now))
    .from(productDays)
    .where(
      inArray(
        productDays.productId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(productDays.position));
  return attachDays(rows, days);
}

/** One product (active or archived) with its day options, or null. */
export async function findProductWithDays(db: Queryable, id: string): Promise<ProductWithDays | null> {
  const [product] = await db.select().from(products).where(eq(products.id, id));
  if (!product) return null;
  const days = await db
    .select(dayColumns(new Date()))
    .from(productDays)
    .where(eq(productDays.productId, id))
    .orderBy(asc(productDays.position));
  return { product, days };
}

/** Names of these products (any state), by id. */
export async function findProductNames(db: Queryable, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(inArray(products.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.name]));
}
