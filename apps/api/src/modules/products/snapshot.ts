// The public catalogue held in memory: every active event, mapped to its public shape once,
// and the product/list answers serialised to bytes with an ETag. Rebuilt (lazily, on the next
// request) after the database says the catalogue changed: triggers on products,
// product_days and price_tiers NOTIFY "catalogue_changed" (migration catalogue_notify) and every process LISTENs, so an
// edit made through one replica is served by all of them. Time alone also moves events from
// "próximos" to "finalizados": the partition is recomputed from memory when the clock passes
// the next event end.
//
// What is held is public by construction: rows go through toPublicProducts and the response
// schema (which strips unknown keys), so no stream link and nothing about any user is in it.

import { productListResponse, type Product, type ProductListState } from '@store/shared/schemas/product';
import type { Queryable, Subscription } from '../../db/client';
import { compressedBody, type CachedBody } from '../../lib/http-cache';
import { toPublicProducts } from './public-products';
import { listActiveProducts } from './repo';

export const CATALOGUE_CHANNEL = 'catalogue_changed';

/** What derived answers (the sitemap, page previews) are built from. */
export interface CatalogueView {
  /** Active events, newest first (the order of product/list?estado=todos). */
  products: readonly Product[];
  byId: ReadonlyMap<string, Product>;
  /** Last change of each event (sitemap lastmod). */
  updatedAt: ReadonlyMap<string, Date>;
}

interface Partition {
  /** The answers hold for now in [from, until). */
  from: number;
  until: number;
  lists: Partial<Record<ProductListState, CachedBody>>;
}

interface Built extends CatalogueView {
  /** Every distinct event end, ascending: where the upcoming/finished split changes. */
  ends: number[];
  partition: Partition | null;
  derived: Map<string, unknown>;
}

export class CatalogueSnapshot {
  private generation = 0;
  private built: Built | null = null;
  private building: { generation: number; promise: Promise<Built> } | null = null;
  private subscription: Pick<Subscription, 'live' | 'flush'> | null = null;

  constructor(private readonly db: Queryable) {}

  /** Ties the snapshot to the database's change notifications. */
  follow(subscription: Pick<Subscription, 'live' | 'flush'>): void {
    this.subscription = subscription;
  }

  /** Whether change notifications arrive (readiness: a replica without them serves stale data or rebuilds on every call). */
  get following(): boolean {
    return this.subscription?.live ?? false;
  }

  /** The catalogue changed: the next request rebuilds. */
  invalidate(): void {
    this.generation++;
    this.built = null;
  }

  /** Waits until changes committed so far have been seen (tests on PostgreSQL). */
  async sync(): Promise<void> {
    await this.subscription?.flush();
  }

  /** product/list?estado=state at `now`, serialised. */
  async list(state: ProductListState, now = new Date()): Promise<CachedBody> {
    const built = await this.current();
    const partition = partitionAt(built, now.getTime());
    const cached = partition.lists[state];
    if (cached) return cached;
    const products = selectState(built.products, state, now.getTime());
    // The response schema strips any key it does not declare. Compressed once here (a list of
    // 1,000 events is 0.5 MB of JSON, about 30 KB in brotli), never per request.
    const body = compressedBody(JSON.stringify(productListResponse.parse({ success: true, products })));
    partition.lists[state] = body;
    return body;
  }

  /** The public shape of an active event, or undefined (unknown or archived). */
  async publicProduct(id: string): Promise<Product | undefined> {
    return (await this.current()).byId.get(id.toLowerCase());
  }

  /** A value computed once per snapshot from the catalogue (e.g. the sitemap's bytes). */
  async derived<T>(key: string, make: (view: CatalogueView) => T): Promise<T> {
    const built = await this.current();
    if (!built.derived.has(key)) built.derived.set(key, make(built));
    return built.derived.get(key) as T;
  }

  private async current(): Promise<Built> {
    // Without a live notification channel the snapshot cannot know it is stale: rebuild.
    const trusted = this.subscription?.live ?? true;
    if (this.built && trusted) return this.built;
    if (this.building && this.building.generation === this.generation) return this.building.promise;
    const generation = this.generation;
    const promise = this.load().then((built) => {
      // A change announced while loading may not be in what was read: keep it for this
      // request only.
      if (generation === this.generation && trusted) this.built = built;
      return built;
    });
    this.building = { generation, promise };
    try {
      return await promise;
    } finally {
      if (this.building?.promise === promise) this.building = null;
    }
  }

  private async load(): Promise<Built> {
    const rows = await listActiveProducts(this.db, 'todos', new Date());
    const products = await toPublicProducts(this.db, rows);
    return {
      products,
      byId: new Map(products.map((p) => [p._id, p])),
      updatedAt: new Map(rows.map((r) => [r.product.id, r.product.updatedAt])),
      ends: [...new Set(products.map((p) => p.endsAt))].sort((a, b) => a - b),
      partition: null,
      derived: new Map(),
    };
  }
}

/** The cached answers valid at `t`, recomputed when `t` crosses an event end. */
function partitionAt(built: Built, t: number): Partition {
  const p = built.partition;
  if (p && t >= p.from && t < p.until) return p;
  // ends[i - 1] <= t < ends[i]: an event is upcoming while t < its end.
  let i = 0;
  while (i < built.ends.length && built.ends[i]! <= t) i++;
  built.partition = {
    from: i > 0 ? built.ends[i - 1]! : -Infinity,
    until: i < built.ends.length ? built.ends[i]! : Infinity,
    lists: {},
  };
  return built.partition;
}

/** The rule of listActiveProducts (repo.ts), applied in memory. */
function selectState(products: readonly Product[], state: ProductListState, t: number): Product[] {
  if (state === 'todos') return [...products];
  if (state === 'proximos') return products.filter((p) => p.endsAt > t);
  return products
    .filter((p) => p.endsAt <= t)
    .sort((a, b) => b.endsAt - a.endsAt || (a._id < b._id ? 1 : a._id > b._id ? -1 : 0));
}
