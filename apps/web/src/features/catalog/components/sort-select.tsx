// Sort selector (docs/product.md → Sort: relavent, date, low-high, high-low).
import { useId } from 'react';
import { SORT_VALUES, type SortValue } from '@store/shared/constants';
import { Select } from '../../../components/ui/input';

const LABELS: Record<SortValue, string> = {
  relavent: 'Relevancia',
  date: 'Próximos primero',
  'low-high': 'Precio: de menor a mayor',
  'high-low': 'Precio: de mayor a menor',
};

export function SortSelect({ value, onChange }: { value: SortValue; onChange: (v: SortValue) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="shrink-0 text-sm font-medium text-slate-700">
        Ordenar por
      </label>
      <Select
        id={id}
        value={value}
        onChange={(e) => {
          const next = SORT_VALUES.find((s) => s === e.target.value);
          if (next) onChange(next);
        }}
        className="w-full sm:w-auto"
      >
        {SORT_VALUES.map((s) => (
          <option key={s} value={s}>
            {LABELS[s]}
          </option>
        ))}
      </Select>
    </div>
  );
}
