// Every query of the products module.

import { and, asc, desc, eq, getTableColumns, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
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

/** What product/single adds to the public event for one buyer. */
export interface BuyerView {
  /** The days the buyer holds a paid place for, in day order, with their stream links. */
  paidDays: { label: string; streamUrl: string | null }[];
  /** The buyer holds a scholarship for this event (or for every event). */
  becado: boolean;
}

// One statement on order_days_user_product_idx and scholarships_user_product_idx.
function buyerViewQuery(db: Queryable) {
  const q = sql.raw;
  return db
    .select({
      paidDays: sql<BuyerView['paidDays']>`coalesce((
        select json_agg(json_build_object('label', d.label, 'streamUrl', d.stream_url) order by d.position)
        from (
          select distinct pd.id, pd.label, pd.stream_url, pd.position
          from order_days od join product_days pd on pd.id = od.product_day_id
          where od.user_id = ${sql.placeholder('userId')} and od.product_id = ${sql.placeholder('productId')}
            and od.status = 'pagado'
        ) d), '[]'::json)`,
      becado: sql<boolean>`exists (
        select 1 from scholarships s
        where s.user_id = ${sql.placeholder('userId')}
          and (s.product_id is null or s.product_id = ${sql.placeholder('productId')}))`,
    })
    .from(q('(select 1) as one'))
    .prepare('buyer_view');
}

const preparedBuyerViews = new WeakMap<Queryable, ReturnType<typeof buyerViewQuery>>();

/** The buyer's paid days of the event (with their links) and scholarship: one prepared statement. */
export async function findBuyerView(db: Queryable, userId: string, productId: string): Promise<BuyerView> {
  let query = preparedBuyerViews.get(db);
  if (!query) preparedBuyerViews.set(db, (query = buyerViewQuery(db)));
  const [row] = await query.execute({ userId, productId });
  return row!;
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
 * Products on sale (active, published: drafts are seen only by staff) with their day options in order. `proximos`: at least one day not ended at
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
    .where(and(eq(products.active, true), eq(products.draft, false), when[state]))
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

/** One product (active, archived or a draft) with its day options, or null. */
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
