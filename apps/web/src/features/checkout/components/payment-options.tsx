// Payment method choice (docs/product.md → Checkout and payment method, Free claim): PayPal by default; when the payable amount after discount
// is 0 the options become a single 'Reclamar Gratis' and the button reads RECLAMAR AHORA;
// a way to pay that brings its own controls (PayPal's buttons) shows them from `slots`; any
// other submits with its own label (COLOCAR ORDEN unless told). A way with `details` (what the
// buyer should know: meses sin intereses, the OXXO voucher's days, the SPEI hold) lists the
// options one under the other; a `disabled` one cannot be chosen (over OXXO's cash limit).
import { useId, type ReactNode } from 'react';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '@store/shared/constants';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';

type PerMethod<T> = Partial<Record<PaymentMethod, T>>;

export interface PaymentOptionsProps {
  isFree: boolean;
  /** Methods offered when the order has a cost (PayPal, and the ways the association turned on). */
  methods: readonly PaymentMethod[];
  method: PaymentMethod;
  onMethodChange: (m: PaymentMethod) => void;
  submitting: boolean;
  /** What stands in for the submit button while that way to pay is chosen (PayPal's buttons). */
  slots: PerMethod<ReactNode>;
  /** The option's name, when not PAYMENT_METHOD_LABELS' ('Tarjeta de crédito o débito'). */
  labels?: PerMethod<string>;
  /** What the buyer should know of an option, under its name. */
  details?: PerMethod<ReactNode>;
  /** Options shown but not selectable now (their details say why). */
  disabled?: PerMethod<boolean>;
  /** The submit button's text for that way to pay (default COLOCAR ORDEN). */
  submitLabels?: PerMethod<string>;
  /** What the chosen way asks further, under the options (SPEI with an invoice: when it is stamped). */
  followUp?: ReactNode;
  /** Shown above the button: the server's refusal of the last attempt. */
  notice?: ReactNode;
}

/**
 * The method in effect: 'free' whenever the order is free; otherwise the chosen one while it is
 * offered and selectable, else the first that is (PayPal).
 */
export function effectiveMethod(
  isFree: boolean,
  chosen: PaymentMethod,
  methods: readonly PaymentMethod[] = [chosen],
  disabled: PerMethod<boolean> = {},
): PaymentMethod {
  if (isFree) return 'free';
  const selectable = methods.filter((m) => !disabled[m]);
  return selectable.includes(chosen) ? chosen : (selectable[0] ?? chosen);
}

export function PaymentOptions({
  isFree,
  methods,
  method,
  onMethodChange,
  submitting,
  slots,
  labels = {},
  details = {},
  disabled = {},
  submitLabels = {},
  followUp,
  notice,
}: PaymentOptionsProps) {
  const id = useId();
  const offered: readonly PaymentMethod[] = isFree ? ['free'] : methods;
  const current = effectiveMethod(isFree, method, offered, disabled);
  const stacked = offered.some((m) => Boolean(details[m]));
  return (
    <div>
      <fieldset>
        <legend className="text-lg font-bold tracking-tight">
          MÉTODO DE <span className="text-brand-700">PAGO</span>
        </legend>
        <div className={cn('mt-3 flex flex-col gap-2', !stacked && 'sm:flex-row')}>
          {offered.map((m) => {
            const off = Boolean(disabled[m]);
            const detail = details[m];
            const described = Boolean(detail);
            return (
              <label
                key={m}
                className={cn(
                  'flex min-h-11 flex-1 gap-3 rounded-lg border px-4 text-sm font-semibold',
                  described ? 'items-start py-3' : 'items-center py-2',
                  off ? 'cursor-not-allowed border-slate-200 bg-slate-50' : 'cursor-pointer',
                  current === m ? 'border-brand-700 bg-brand-50' : !off && 'border-slate-300',
                )}
              >
                <input
                  type="radio"
                  name="payment-method"
                  value={m}
                  checked={current === m}
                  disabled={off}
                  onChange={() => onMethodChange(m)}
                  aria-labelledby={described ? `${id}-${m}` : undefined}
                  aria-describedby={described ? `${id}-${m}-detail` : undefined}
                  className={cn('h-4 w-4 shrink-0 accent-brand-700', described && 'mt-0.5')}
                />
                {described ? (
                  <span className="min-w-0">
                    <span id={`${id}-${m}`} className={cn('block', off && 'text-slate-500')}>
                      {labels[m] ?? PAYMENT_METHOD_LABELS[m]}
                    </span>
                    <span
                      id={`${id}-${m}-detail`}
                      className="mt-1 block text-sm font-normal text-pretty text-slate-700"
                    >
                      {detail}
                    </span>
                  </span>
                ) : (
                  (labels[m] ?? PAYMENT_METHOD_LABELS[m])
                )}
              </label>
            );
          })}
        </div>
      </fieldset>
      {followUp && <div className="mt-4">{followUp}</div>}
      {notice && <div className="mt-4">{notice}</div>}
      <div className="mt-6">
        {slots[current] ?? (
          <Button type="submit" size="lg" fullWidth loading={submitting}>
            {isFree ? 'RECLAMAR AHORA' : (submitLabels[current] ?? 'COLOCAR ORDEN')}
          </Button>
        )}
      </div>
    </div>
  );
}
