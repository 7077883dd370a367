// Search state shared by the header's search icon and /collection (docs/product.md → Routes,
// Header and footer): the search text and the search-visible flag. A tiny external store so
// both read the same values without a provider; /collection mirrors the text into its URL.
import { useSyncExternalStore } from 'react';

interface SearchState {
  search: string;
  showSearch: boolean;
}

const listeners = new Set<() => void>();
let state: SearchState = { search: '', showSearch: false };

function update(patch: Partial<SearchState>) {
  const next = { ...state, ...patch };
  if (next.search === state.search && next.showSearch === state.showSearch) return;
  state = next;
  for (const l of listeners) l();
}

export function setSearch(search: string): void {
  update({ search });
}

export function setShowSearch(showSearch: boolean): void {
  update({ showSearch });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getState = () => state;

/** The current values outside React (for effects that must not read a stale render). */
export function getSearchState(): SearchState {
  return state;
}

export function useSearch() {
  const { search, showSearch } = useSyncExternalStore(subscribe, getState, getState);
  return { search, setSearch, showSearch, setShowSearch };
}
