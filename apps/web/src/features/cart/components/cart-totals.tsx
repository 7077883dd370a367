// Order totals (docs/product.md → Fees, Totals): subtotal, discount, 'Precio de servicio'
// (GRATIS when the amount after discount is 0) and total. Pesos in; arithmetic in centavos via the shared domain.
import { computeTotals } from '@store/shared/domain/totals';
import { formatPrice, toCentavos, toPesos } from '@store/shared/domain/money';
import { cn } from '../../../components/ui/cn';

export interface CartTotalsProps {
  /** Pesos. */
  subtotal: number;
  /** Pesos. */
  discount?: number;
  couponCode?: string | null;
  className?: string;
}

export function CartTotals({ subtotal, discount = 0, couponCode, className }: CartTotalsProps) {
  const t = computeTotals(toCentavos(subtotal), toCentavos(discount));
  return (
    <section
      aria-labelledby="totales"
      className={cn('rounded-xl border border-slate-200 bg-white p-5', className)}
    >
      <h2 id="totales" className="text-lg font-bold tracking-tight">
        TOTAL DEL <span className="text-brand-700">CARRITO</span>
      </h2>
      <dl className="mt-4 space-y-3 text-sm">
        <div className="flex justify-between gap-4">
          <dt>Subtotal</dt>
          <dd>{formatPrice(toPesos(t.subtotal))}</dd>
        </div>
        {t.discount > 0 && (
          <div className="flex justify-between gap-4 text-emerald-800">
            <dt>Descuento{couponCode ? ` (${couponCode})` : ''}</dt>
            <dd>−{formatPrice(toPesos(t.discount))}</dd>
          </div>
        )}
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-3">
          <dt>Precio de servicio</dt>
          <dd>
            {t.isFree ? <strong className="text-emerald-800">GRATIS</strong> : formatPrice(toPesos(t.fee))}
          </dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-3 text-base font-bold">
          <dt>Total</dt>
          <dd data-testid="cart-total">{formatPrice(toPesos(t.total))}</dd>
        </div>
      </dl>
    </section>
  );
}
