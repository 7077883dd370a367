// Every query of the products module.

import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { productDays, products } from '../../db/schema';

export type ProductRow = typeof products.$inferSelect;
export type ProductDayRow = typeof productDays.$inferSelect;
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

/** Active products, newest first, with their day options in order. */
export async function listActiveProducts(db: Queryable): Promise<ProductWithDays[]> {
  const rows = await db
    .select()
    .from(products)
    .where(eq(products.active, true))
    .orderBy(desc(products.createdAt), desc(products.id));
  if (rows.length === 0) return [];
  const days = await db
    .select()
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
    .select()
    .from(productDays)
    .where(eq(productDays.productId, id))
    .orderBy(asc(productDays.position));
  return { product, days };
}
