// «¿Cuándo necesitas la factura?», shown by the checkout and the team purchase when a SPEI
// transfer pays an order with an invoice (docs/cfdi.md → PPD): the CFDI once the money arrives
// (PUE, the default) or at once, before paying, with its payment complement after the transfer
// (PPD). Only those two pages import it, so it travels in their shared chunk (docs/speed.md).
import { useId } from 'react';
import type { PlaceOrderBody } from '@store/shared/schemas/order';
import { INVOICE_PLAN_LABELS, INVOICE_PLAN_QUESTION, INVOICE_PPD_NOTE } from '../../lib/mx-payment-texts';
import { cn } from '../ui/cn';

export type InvoicePlan = NonNullable<PlaceOrderBody['invoicePlan']>;

const PLANS: readonly InvoicePlan[] = ['PUE', 'PPD'];

export function InvoicePlanChoice({
  value,
  onChange,
  className,
}: {
  value: InvoicePlan;
  onChange: (plan: InvoicePlan) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <fieldset className={className}>
      <legend className="text-sm font-semibold text-ink">{INVOICE_PLAN_QUESTION}</legend>
      <div className="mt-2 flex flex-col gap-2">
        {PLANS.map((plan) => (
          <label
            key={plan}
            className={cn(
              'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border px-4 py-2 text-sm font-medium',
              value === plan ? 'border-brand-700 bg-brand-50' : 'border-slate-300',
            )}
          >
            <input
              type="radio"
              name={`${id}-plan`}
              value={plan}
              checked={value === plan}
              onChange={() => onChange(plan)}
              aria-describedby={plan === 'PPD' ? `${id}-note` : undefined}
              className="h-4 w-4 shrink-0 accent-brand-700"
            />
            {INVOICE_PLAN_LABELS[plan]}
          </label>
        ))}
      </div>
      <p id={`${id}-note`} className="mt-2 text-sm text-pretty text-slate-600">
        {INVOICE_PPD_NOTE}
      </p>
    </fieldset>
  );
}
