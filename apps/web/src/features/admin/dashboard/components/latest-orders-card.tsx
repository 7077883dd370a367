// The dashboard's latest orders: reference, customer, events, amount and status.
import type { AdminDashboardResponse as AdminDashboard } from '@store/shared/schemas/admin/dashboard';
import { ButtonLink } from '../../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { orderAmount } from '../../../../lib/admin/format';
import { OrderRef } from '../../../../components/admin/order-ref';
import { OrderStatusBadge } from '../../../../components/admin/status-badges';

export function LatestOrdersCard({ orders }: { orders: AdminDashboard['latestOrders'] }) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle>Últimas órdenes</CardTitle>
        <ButtonLink to="/admin/orders" variant="ghost" size="sm">
          Ver todas
        </ButtonLink>
      </CardHeader>
      <CardContent>
        {orders.length === 0 ? (
          <p className="text-sm text-slate-600">Todavía no hay órdenes.</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {orders.map((o) => (
              <li key={o._id} className="flex items-start justify-between gap-3 py-2.5">
                <div className="min-w-0">
                  <OrderRef id={o._id} date={o.date} className="text-sm" />
                  <p className="truncate text-sm text-ink">{o.customer.name}</p>
                  <p className="truncate text-xs text-slate-500">{o.items.map((i) => i.name).join(', ')}</p>
                </div>
                <div className="shrink-0 text-right">
                  <p className="text-sm tabular-nums">{orderAmount(o.amount)}</p>
                  <OrderStatusBadge status={o.status} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
