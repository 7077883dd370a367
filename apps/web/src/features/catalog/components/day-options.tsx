// Day options of an event (docs/product.md → Routes): one choice at a time. Sold-out days and days the user
// already owns are shown but cannot be chosen.
import type { DayOption } from '@store/shared/schemas/product';
import { cn } from '../../../components/ui/cn';

export interface DayOptionsProps {
  options: readonly DayOption[];
  selected: string;
  onSelect: (day: string) => void;
  owned?: ReadonlySet<string>;
}

export function seatsLeft(option: DayOption): number | null {
  return option.seatCapacity === null ? null : Math.max(0, option.seatCapacity - option.seatsSold);
}

export function DayOptions({ options, selected, onSelect, owned }: DayOptionsProps) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold">Selecciona una opción</legend>
      {/* Equal widths: a column on phones, two on wider screens, whatever the labels' length. */}
      <div className="mt-3 grid gap-2 sm:grid-cols-2">
        {options.map((o) => {
          const left = seatsLeft(o);
          const soldOut = left === 0;
          const isOwned = owned?.has(o.label) ?? false;
          const isSelected = o.label === selected;
          return (
            <button
              key={o.label}
              type="button"
              aria-pressed={isSelected}
              disabled={soldOut || isOwned}
              onClick={() => onSelect(isSelected ? '' : o.label)}
              className={cn(
                'min-h-11 rounded-lg border px-4 py-2 text-left text-sm transition-colors disabled:cursor-not-allowed disabled:opacity-60',
                isSelected
                  ? 'border-brand-700 bg-brand-50 font-semibold text-brand-800'
                  : 'border-slate-300 bg-white hover:border-slate-500',
              )}
            >
              <span className="block">{o.label}</span>
              {(isOwned || soldOut || (left !== null && left <= 10)) && (
                <span className="block text-xs text-slate-600">
                  {isOwned
                    ? 'Ya lo tienes'
                    : soldOut
                      ? 'Agotado'
                      : left === 1
                        ? 'Queda 1 lugar'
                        : `Quedan ${left} lugares`}
                </span>
              )}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
