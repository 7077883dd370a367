// What an order bought, day by day, and its amounts, method and provider ids.
import type { ReactNode } from 'react';
import { ORDER_STATUS_LABELS, PAYMENT_METHOD_LABELS } from '@store/shared/constants';
import type { AdminOrderDetail } from '@store/shared/schemas/admin/orders';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { money } from '../../../../lib/admin/format';
import { formatDateTime } from '@store/shared/domain/time';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-1.5">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right font-medium text-ink tabular-nums">{children}</dd>
    </div>
  );
}

export function OrderLinesCard({ order }: { order: AdminOrderDetail }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          {order.kind === 'grupo'
            ? `Compra para un equipo · ${order.places ?? 0} lugares por día`
            : 'Eventos y días'}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {order.kind === 'grupo' && (
          <p className="mb-2 text-sm text-slate-700">
            Compró {order.customer.name}
            {order.institution ? ` para ${order.institution} (factura a la institución)` : ''}.
          </p>
        )}
        <ul className="divide-y divide-slate-200">
          {order.lines.map((l) => (
            <li
              key={`${l.productDayId}-${l.place ?? 1}`}
              className="flex items-start justify-between gap-4 py-2"
            >
              <div className="min-w-0">
                <p className="font-medium text-ink">{l.productName}</p>
                <p className="text-sm text-slate-600">
                  {l.day}
                  {l.place !== undefined && ` · Lugar ${l.place}`}
                </p>
                {l.place !== undefined && (
                  <p className="text-sm break-words text-slate-700">
                    {l.assignee ? `${l.assignee.name} · ${l.assignee.email}` : 'Sin asignar'}
                  </p>
                )}
              </div>
              <div className="text-right">
                <p className="tabular-nums">{money(l.price)}</p>
                <p className="text-xs text-slate-500">{ORDER_STATUS_LABELS[l.status]}</p>
              </div>
            </li>
          ))}
        </ul>
        <dl className="mt-4 border-t border-slate-200 pt-2 text-sm">
          <Row label="Subtotal">{money(order.subtotal)}</Row>
          {order.discount > 0 && (
            <Row label={order.couponCode ? `Descuento (${order.couponCode})` : 'Descuento'}>
              −{money(order.discount)}
            </Row>
          )}
          <Row label="Precio de servicio">{money(order.fee)}</Row>
          <Row label="Total">{order.amount === 0 ? 'GRATIS' : money(order.amount)}</Row>
          {order.refunded > 0 && <Row label="Reembolsado">−{money(order.refunded)}</Row>}
          <Row label="Método">{PAYMENT_METHOD_LABELS[order.paymentMethod]}</Row>
          {order.paidAt && <Row label="Pagada">{formatDateTime(order.paidAt)}</Row>}
          {order.providerPayment && (
            <Row label={`${PAYMENT_METHOD_LABELS[order.paymentMethod]} (referencia)`}>
              {order.providerPayment.externalId}
            </Row>
          )}
          {order.providerPayment?.captureId && (
            <Row label={`${PAYMENT_METHOD_LABELS[order.paymentMethod]} (cobro)`}>
              {order.providerPayment.captureId}
            </Row>
          )}
          {order.expiresAt && order.status === 'pendiente' && (
            <Row label="Vence si no se paga">{formatDateTime(order.expiresAt)}</Row>
          )}
        </dl>
      </CardContent>
    </Card>
  );
}
