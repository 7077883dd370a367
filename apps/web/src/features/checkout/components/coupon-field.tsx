// Coupon code entry: applies a code, shows the applied one with a way to remove it.
import { useId, useState, type FormEvent } from 'react';
import { TicketPercent, X } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';

export interface CouponFieldProps {
  applied: string | null;
  /** Why the last code was refused, shown under the field; null for none. */
  error?: string | null;
  /** The code is being changed (the refusal no longer applies). */
  onEdit?: () => void;
  /** Resolves true when the code was accepted. */
  onApply: (code: string) => Promise<boolean>;
  onRemove: () => void;
}

export function CouponField({ applied, error = null, onApply, onEdit, onRemove }: CouponFieldProps) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();

  const apply = async (e?: FormEvent) => {
    e?.preventDefault();
    const trimmed = code.trim();
    if (!trimmed || busy) return;
    setBusy(true);
    try {
      if (await onApply(trimmed)) setCode('');
    } finally {
      setBusy(false);
    }
  };

  if (applied) {
    return (
      <div className="flex items-center justify-between gap-3 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
        <span className="flex items-center gap-2">
          <TicketPercent aria-hidden="true" className="h-5 w-5" />
          Cupón <strong>{applied}</strong> aplicado
        </span>
        <button
          type="button"
          onClick={onRemove}
          aria-label={`Quitar el cupón ${applied}`}
          className="flex h-9 w-9 items-center justify-center rounded-lg hover:bg-emerald-100"
        >
          <X aria-hidden="true" className="h-4 w-4" />
        </button>
      </div>
    );
  }

  // Not a nested <form>: it sits inside the checkout form, so Enter is handled here.
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        Cupón de descuento
      </label>
      <div className="mt-1 flex gap-2">
        <Input
          id={id}
          value={code}
          autoComplete="off"
          autoCapitalize="characters"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => {
            setCode(e.target.value.toUpperCase());
            if (error) onEdit?.();
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void apply(e);
          }}
          className="flex-1"
        />
        <Button variant="secondary" onClick={() => void apply()} loading={busy} disabled={!code.trim()}>
          Aplicar
        </Button>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
