// An on/off switch (role="switch"): a button whose state is aria-checked, labelled by the text
// beside it; `describedBy` points at what explains it (why it cannot be turned on).
import { cn } from './cn';

export function Switch({
  checked,
  onChange,
  label,
  disabled,
  describedBy,
  className,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  disabled?: boolean;
  describedBy?: string;
  className?: string;
}) {
  return (
    <label
      className={cn(
        'inline-flex min-h-11 items-center gap-3 text-sm font-medium',
        disabled ? 'cursor-not-allowed text-slate-500' : 'cursor-pointer text-ink',
        className,
      )}
    >
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby={describedBy}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className={cn(
          'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors disabled:cursor-not-allowed disabled:opacity-50',
          checked ? 'bg-brand-700' : 'bg-slate-300',
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            'inline-block h-5 w-5 rounded-full bg-white shadow transition-transform',
            checked ? 'translate-x-5.5' : 'translate-x-0.5',
          )}
        />
      </button>
      {label}
    </label>
  );
}
