// The catalogue's view rules (docs/product.md → Routes, Sort): category and level checkboxes, name search
// (case-insensitive, only while search is on), «Solo talleres», sort by relevance, date (soonest
// first) or price, and whether finished events are shown. Pure, so the rules are tested without a browser.
import {
  CATEGORIES,
  LEVELS,
  SORT_VALUES,
  type Category,
  type Level,
  type SortValue,
} from '@store/shared/constants';
import { hasEnded } from '@store/shared/domain/event-days';
import type { Product } from '@store/shared/schemas/product';

export interface CatalogFilters {
  categories: readonly Category[];
  levels: readonly Level[];
  sort: SortValue;
  /** "Mostrar eventos finalizados". */
  showFinished: boolean;
  /** "Solo talleres": events that are workshops (`isWorkshop`). */
  workshopsOnly: boolean;
  /** Applied only when non-empty. */
  search: string;
}

/** Case- and accent-insensitive, so 'cardiaca' finds 'cardíaca'. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/**
 * A workshop (taller): the data has no flag, so an event is one when its name has the word
 * «taller» or «talleres» (accent- and case-insensitive) — how the association names its
 * hands-on, limited-seat sessions (docs/product.md → Catalogue).
 */
export function isWorkshop(product: Pick<Product, 'name'>): boolean {
  return /\btaller(es)?\b/.test(fold(product.name));
}

/** When the event next happens at `now`: its first day not yet ended (its end once finished). */
function nextStart(p: Product, now: number): number {
  return p.dayOptions.find((o) => !hasEnded(o, now))?.startsAt ?? p.startsAt;
}

export function filterProducts(products: readonly Product[], f: CatalogFilters, now = Date.now()): Product[] {
  const needle = fold(f.search);
  const result = products.filter(
    (p) =>
      (f.categories.length === 0 || f.categories.includes(p.category)) &&
      (f.levels.length === 0 || f.levels.includes(p.subCategory)) &&
      (!f.workshopsOnly || isWorkshop(p)) &&
      (needle === '' || fold(p.name).includes(needle)),
  );
  if (f.sort === 'low-high') result.sort((a, b) => a.price - b.price);
  else if (f.sort === 'high-low') result.sort((a, b) => b.price - a.price);
  else if (f.sort === 'date') {
    // Upcoming events soonest first; finished ones (when shown) after them, latest first.
    result.sort((a, b) => {
      const endedA = hasEnded(a, now);
      const endedB = hasEnded(b, now);
      if (endedA !== endedB) return endedA ? 1 : -1;
      return endedA ? b.endsAt - a.endsAt : nextStart(a, now) - nextStart(b, now);
    });
  }
  return result;
}

/**
 * The events the catalogue shows at `now`: the upcoming ones in the server's order, then,
 * when asked, the finished ones (most recently ended first). An event that ended while the
 * page was open moves from the first group to the second.
 */
export function catalogueProducts(
  upcoming: readonly Product[],
  finished: readonly Product[] | undefined,
  showFinished: boolean,
  now: number,
): Product[] {
  const open = upcoming.filter((p) => !hasEnded(p, now));
  if (!showFinished) return open;
  const seen = new Set(open.map((p) => p._id));
  const ended = [...upcoming.filter((p) => hasEnded(p, now)), ...(finished ?? [])]
    .filter((p) => !seen.has(p._id) && (seen.add(p._id), true))
    .sort((a, b) => b.endsAt - a.endsAt);
  return [...open, ...ended];
}

/** Up to `limit` other events of the same category and level (docs/product.md → Routes). */
export function relatedProducts(products: readonly Product[], current: Product, limit: number): Product[] {
  return products
    .filter(
      (p) =>
        p._id !== current._id && p.category === current.category && p.subCategory === current.subCategory,
    )
    .slice(0, limit);
}

const CATEGORY_PARAM = 'categoria';
const LEVEL_PARAM = 'nivel';
const SORT_PARAM = 'orden';
const FINISHED_PARAM = 'finalizados';
const KIND_PARAM = 'tipo';
const WORKSHOP_KIND = 'taller';
export const SEARCH_PARAM = 'q';

/** Reads the filters from the URL, ignoring values that are not in the lists. */
export function filtersFromParams(params: URLSearchParams): Omit<CatalogFilters, 'search'> {
  const sort = params.get(SORT_PARAM);
  return {
    categories: CATEGORIES.filter((c) => params.getAll(CATEGORY_PARAM).includes(c)),
    levels: LEVELS.filter((l) => params.getAll(LEVEL_PARAM).includes(l)),
    sort: SORT_VALUES.find((s) => s === sort) ?? 'relavent',
    showFinished: params.get(FINISHED_PARAM) === '1',
    workshopsOnly: params.get(KIND_PARAM) === WORKSHOP_KIND,
  };
}

/** Writes the filters into a copy of the URL's params (the default sort is left out). */
export function filtersToParams(
  current: URLSearchParams,
  f: Omit<CatalogFilters, 'search'>,
): URLSearchParams {
  const next = new URLSearchParams(current);
  next.delete(CATEGORY_PARAM);
  next.delete(LEVEL_PARAM);
  next.delete(SORT_PARAM);
  next.delete(FINISHED_PARAM);
  next.delete(KIND_PARAM);
  for (const c of f.categories) next.append(CATEGORY_PARAM, c);
  for (const l of f.levels) next.append(LEVEL_PARAM, l);
  if (f.sort !== 'relavent') next.set(SORT_PARAM, f.sort);
  if (f.showFinished) next.set(FINISHED_PARAM, '1');
  if (f.workshopsOnly) next.set(KIND_PARAM, WORKSHOP_KIND);
  return next;
}
