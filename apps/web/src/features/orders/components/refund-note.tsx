// What went back to the buyer of an order (docs/after-sale.md): one line per refund, with its
// amount and date, "en proceso" while PayPal has not confirmed it (also a refund PayPal took
// as PENDING), or "no realizado" when PayPal failed it (docs/providers.md).
import { RotateCcw } from 'lucide-react';
import { CURRENCY_LABEL } from '@store/shared/constants';
import { formatPrice } from '@store/shared/domain/money';
import { formatDateLong } from '@store/shared/domain/time';
import type { Order } from '@store/shared/schemas/order';

export function RefundNote({ order }: { order: Order }) {
  // A failed refund is shown while it is the latest word (a later attempt replaces it).
  const all = order.refunds ?? [];
  const refunds = all.filter((r, i) => r.status !== 'fallido' || i === all.length - 1);
  if (refunds.length === 0) return null;
  return (
    <ul aria-label="Reembolsos" className="mt-2 space-y-1 text-sm text-slate-700">
      {refunds.map((r, i) => (
        <li key={i} className="flex items-start gap-1.5">
          <RotateCcw aria-hidden="true" className="mt-1 h-3.5 w-3.5 shrink-0 text-slate-500" />
          {r.status === 'pendiente'
            ? `Reembolso en proceso: ${formatPrice(r.amount, CURRENCY_LABEL)} (solicitado el ${formatDateLong(r.date)})`
            : r.status === 'fallido'
              ? `Reembolso no realizado: ${formatPrice(r.amount, CURRENCY_LABEL)} (${formatDateLong(r.date)}). PayPal no pudo devolverlo; conservas tu acceso. Escríbenos para ayudarte.`
              : `Reembolsado: ${formatPrice(r.amount, CURRENCY_LABEL)} el ${formatDateLong(r.date)}`}
        </li>
      ))}
    </ul>
  );
}
