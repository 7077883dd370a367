// Sort selector (SPEC §9: relavent, low-high, high-low).
import { SORT_VALUES, type SortValue } from '@store/shared/constants';
import { Select } from '../../../components/ui/input';

const LABELS: Record<SortValue, string> = {
  relavent: 'Ordenar por: Relevancia',
  'low-high': 'Ordenar por: Precio de menor a mayor',
  'high-low': 'Ordenar por: Precio de mayor a menor',
};

export function SortSelect({ value, onChange }: { value: SortValue; onChange: (v: SortValue) => void }) {
  return (
    <Select
      aria-label="Ordenar eventos"
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
  );
}
