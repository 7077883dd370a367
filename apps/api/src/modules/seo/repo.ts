// Every query of the seo module.

import { desc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { products } from '../../db/schema';

export interface SitemapProduct {
  id: string;
  updatedAt: Date;
}

/** Every event in the catalogue (archived ones are left out of search engines). */
export async function listActiveProductIds(db: Queryable): Promise<SitemapProduct[]> {
  return db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .where(eq(products.active, true))
    .orderBy(desc(products.createdAt), desc(products.id));
}
