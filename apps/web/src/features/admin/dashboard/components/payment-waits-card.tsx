// The dashboard's «Pagos en espera de efectivo o transferencia»: orders held for cash at OXXO
// or a SPEI transfer, with the buyer, the way, the amount, what arrived (a partial transfer)
// and until when the seat is held, each linked to the order's page. Nothing waiting: no card.
import { Badge } from '../../../../components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { OrderRef } from '../../../../components/admin/order-ref';
import { formatDateTime } from '@store/shared/domain/time';
import { toPesos } from '@store/shared/domain/money';
import { money } from '../../../../lib/admin/format';
import { usePaymentWaits } from '../api/payment-waits';

export function PaymentWaitsCard({ now = Date.now() }: { now?: number }) {
  const waits = usePaymentWaits();
  const list = waits.data?.waits ?? [];
  if (list.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Pagos en espera de efectivo o transferencia</CardTitle>
        <p className="text-sm text-slate-600">
          El lugar queda apartado hasta la fecha límite; si no llega el pago, la orden se cancela sola.
        </p>
      </CardHeader>
      <CardContent>
        <ul aria-label="Pagos en espera" className="divide-y divide-slate-200">
          {list.map((w) => {
            const overdue = w.expiresAt !== null && w.expiresAt < now;
            return (
              <li key={w.orderId} className="flex flex-wrap items-start justify-between gap-3 py-2.5">
                <div className="min-w-0 flex-1">
                  <OrderRef id={w.orderId} date={w.createdAt} className="text-sm" />
                  <p className="text-sm break-words text-ink">
                    {w.buyerName}
                    {w.kind === 'grupo' && <span className="text-slate-600"> · compra para equipo</span>}
                  </p>
                  <p className="truncate text-xs text-slate-500">{w.buyerEmail}</p>
                </div>
                <div className="shrink-0 text-right">
                  <Badge tone="info">{w.method === 'oxxo' ? 'OXXO' : 'SPEI'}</Badge>
                  <p className="mt-1 text-sm tabular-nums">{money(toPesos(w.amountCentavos))}</p>
                  {w.receivedCentavos > 0 && (
                    <p className="text-xs text-slate-600 tabular-nums">
                      Recibido {money(toPesos(w.receivedCentavos))}
                    </p>
                  )}
                  <p className={overdue ? 'text-xs font-medium text-amber-900' : 'text-xs text-slate-500'}>
                    {w.expiresAt === null ? 'Sin fecha límite' : `Límite ${formatDateTime(w.expiresAt)}`}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
