// Payment method choice (docs/product.md → Checkout and payment method, Free claim): PayPal by default; when the payable amount after discount
// is 0 the options become a single 'Reclamar Gratis' and the button reads RECLAMAR AHORA;
// a way to pay that brings its own controls (PayPal's buttons) shows them from `slots`; any
// other submits with COLOCAR ORDEN.
import type { ReactNode } from 'react';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '@store/shared/constants';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';

export interface PaymentOptionsProps {
  isFree: boolean;
  /** Methods offered when the order has a cost (docs/product.md → Checkout and payment method: only PayPal in the interface). */
  methods: readonly PaymentMethod[];
  method: PaymentMethod;
  onMethodChange: (m: PaymentMethod) => void;
  submitting: boolean;
  /** What stands in for the submit button while that way to pay is chosen (PayPal's buttons). */
  slots: Partial<Record<PaymentMethod, ReactNode>>;
}

/** The method in effect: 'free' whenever the order is free. */
export function effectiveMethod(isFree: boolean, chosen: PaymentMethod): PaymentMethod {
  return isFree ? 'free' : chosen;
}

export function PaymentOptions({
  isFree,
  methods,
  method,
  onMethodChange,
  submitting,
  slots,
}: PaymentOptionsProps) {
  const offered: readonly PaymentMethod[] = isFree ? ['free'] : methods;
  const current = effectiveMethod(isFree, method);
  return (
    <div>
      <fieldset>
        <legend className="text-lg font-bold tracking-tight">
          MÉTODO DE <span className="text-brand-700">PAGO</span>
        </legend>
        <div className="mt-3 flex flex-col gap-2 sm:flex-row">
          {offered.map((m) => (
            <label
              key={m}
              className={cn(
                'flex min-h-11 flex-1 cursor-pointer items-center gap-3 rounded-lg border px-4 py-2 text-sm font-semibold',
                current === m ? 'border-brand-700 bg-brand-50' : 'border-slate-300',
              )}
            >
              <input
                type="radio"
                name="payment-method"
                value={m}
                checked={current === m}
                onChange={() => onMethodChange(m)}
                className="h-4 w-4 accent-brand-700"
              />
              {PAYMENT_METHOD_LABELS[m]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="mt-6">
        {slots[current] ?? (
          <Button type="submit" size="lg" fullWidth loading={submitting}>
            {isFree ? 'RECLAMAR AHORA' : 'COLOCAR ORDEN'}
          </Button>
        )}
      </div>
    </div>
  );
}
