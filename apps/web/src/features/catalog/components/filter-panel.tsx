// The catalogue's filter panel (docs/product.md → Routes): category and level checkboxes, and whether to show
// finished events. Collapsible on small screens, always open beside the grid on wide ones.
import { useId, useState } from 'react';
import { ChevronDown, SlidersHorizontal } from 'lucide-react';
import { CATEGORIES, LEVELS, type Category, type Level } from '@store/shared/constants';
import { Checkbox } from '../../../components/ui/input';
import { cn } from '../../../components/ui/cn';

export interface FilterPanelProps {
  categories: readonly Category[];
  levels: readonly Level[];
  onToggleCategory: (c: Category) => void;
  onToggleLevel: (l: Level) => void;
  showFinished: boolean;
  onToggleFinished: () => void;
  workshopsOnly: boolean;
  onToggleWorkshops: () => void;
  onClear: () => void;
}

export function FilterPanel({
  categories,
  levels,
  onToggleCategory,
  onToggleLevel,
  showFinished,
  onToggleFinished,
  workshopsOnly,
  onToggleWorkshops,
  onClear,
}: FilterPanelProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const active = categories.length + levels.length + (showFinished ? 1 : 0) + (workshopsOnly ? 1 : 0);
  return (
    <div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className="flex min-h-11 w-full items-center justify-between gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold lg:hidden"
      >
        <span className="flex items-center gap-2">
          <SlidersHorizontal aria-hidden="true" className="h-4 w-4" />
          FILTROS{active > 0 && ` (${active})`}
        </span>
        <ChevronDown
          aria-hidden="true"
          className={cn('h-4 w-4 transition-transform', open && 'rotate-180')}
        />
      </button>
      <div id={panelId} className={cn('mt-3 space-y-4 lg:mt-0 lg:block', open ? 'block' : 'hidden')}>
        <p className="hidden text-sm font-semibold tracking-wide lg:block">FILTROS</p>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
          <FilterGroup
            legend="Categorías"
            options={CATEGORIES}
            checked={categories}
            onToggle={onToggleCategory}
          />
          <FilterGroup legend="Nivel" options={LEVELS} checked={levels} onToggle={onToggleLevel} />
          <fieldset className="rounded-xl border border-slate-200 p-4">
            <legend className="px-1 text-sm font-semibold">Tipo</legend>
            <div className="mt-1">
              <Checkbox label="Solo talleres" checked={workshopsOnly} onChange={onToggleWorkshops} />
            </div>
          </fieldset>
          <fieldset className="rounded-xl border border-slate-200 p-4">
            <legend className="px-1 text-sm font-semibold">Fechas</legend>
            <div className="mt-1">
              <Checkbox
                label="Mostrar eventos finalizados"
                checked={showFinished}
                onChange={onToggleFinished}
              />
            </div>
          </fieldset>
        </div>
        {active > 0 && (
          <button
            type="button"
            onClick={onClear}
            className="text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
          >
            Quitar filtros
          </button>
        )}
      </div>
    </div>
  );
}

function FilterGroup<T extends string>({
  legend,
  options,
  checked,
  onToggle,
}: {
  legend: string;
  options: readonly T[];
  checked: readonly T[];
  onToggle: (option: T) => void;
}) {
  return (
    <fieldset className="rounded-xl border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold">{legend}</legend>
      <div className="mt-1 space-y-2">
        {options.map((o) => (
          <Checkbox key={o} label={o} checked={checked.includes(o)} onChange={() => onToggle(o)} />
        ))}
      </div>
    </fieldset>
  );
}
