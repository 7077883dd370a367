// A filter of an admin list: one of a list of choices, or all of them ("Todos los …").
import { Select } from '../ui/input';

export function ChoiceFilter<T extends string>({
  label,
  allLabel,
  choices,
  labels,
  value,
  onChange,
}: {
  label: string;
  allLabel: string;
  choices: readonly T[];
  labels: Record<T, string>;
  value: T | '';
  onChange: (value: T | '') => void;
}) {
  return (
    <Select aria-label={label} value={value} onChange={(e) => onChange(e.target.value as T | '')}>
      <option value="">{allLabel}</option>
      {choices.map((c) => (
        <option key={c} value={c}>
          {labels[c]}
        </option>
      ))}
    </Select>
  );
}
