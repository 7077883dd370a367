// The catalogue's search bar (docs/product.md → Routes): shown only on /collection and only while search is
// on; the close button turns search off.
import { useEffect, useRef } from 'react';
import { Search, X } from 'lucide-react';
import { useSearch } from '../../../lib/search-store';

export function SearchBar() {
  const { search, setSearch, showSearch, setShowSearch } = useSearch();
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (showSearch) inputRef.current?.focus();
  }, [showSearch]);
  if (!showSearch) return null;
  return (
    <div role="search" className="border-b border-slate-200 bg-slate-50 py-4">
      <div className="mx-auto flex max-w-xl items-center gap-2 px-4">
        <div className="relative flex-1">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-3 left-3 h-5 w-5 text-slate-500"
          />
          <input
            ref={inputRef}
            type="search"
            aria-label="Buscar eventos por nombre"
            placeholder="Buscar eventos"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className="h-11 w-full rounded-full border border-slate-300 bg-white pr-4 pl-10 text-base shadow-sm focus:border-brand-600 [&::-webkit-search-cancel-button]:appearance-none"
          />
        </div>
        <button
          type="button"
          onClick={() => {
            setShowSearch(false);
            setSearch('');
          }}
          aria-label="Cerrar búsqueda"
          className="flex h-11 w-11 items-center justify-center rounded-full text-slate-600 hover:bg-slate-200 hover:text-ink"
        >
          <X aria-hidden="true" className="h-5 w-5" />
        </button>
      </div>
    </div>
  );
}
