// A table of orders (list page, dashboard): reference, date, customer, events, total, status.
import { Link } from 'react-router';
import { PAYMENT_METHOD_LABELS } from '@store/shared/constants';
import type { AdminOrderSummary } from '@store/shared/schemas/admin';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '../../../components/ui/table';
import { formatDateTime, money, orderRef } from '../utils/format';
import { OrderStatusBadge } from './status-badges';

export function OrdersTable({ orders, label }: { orders: AdminOrderSummary[]; label: string }) {
  return (
    <Table label={label}>
      <TableHead>
        <TableRow>
          <TableHeaderCell>Orden</TableHeaderCell>
          <TableHeaderCell>Cliente</TableHeaderCell>
          <TableHeaderCell>Eventos</TableHeaderCell>
          <TableHeaderCell className="text-right">Total</TableHeaderCell>
          <TableHeaderCell>Estado</TableHeaderCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {orders.map((o) => (
          <TableRow key={o._id}>
            <TableCell className="whitespace-nowrap">
              <Link
                to={`/admin/orders/${o._id}`}
                className="font-mono font-semibold text-brand-700 underline-offset-2 hover:underline"
              >
                {orderRef(o._id)}
              </Link>
              <span className="block text-xs text-slate-500">{formatDateTime(o.date)}</span>
            </TableCell>
            <TableCell className="max-w-56">
              <span className="block truncate font-medium text-ink">{o.customer.name}</span>
              <span className="block truncate text-xs text-slate-500">{o.customer.email}</span>
            </TableCell>
            <TableCell className="min-w-48">
              {o.items.map((i) => (
                <span key={i.productId} className="block">
                  {i.name} <span className="text-slate-500">· {i.days.join(', ')}</span>
                </span>
              ))}
            </TableCell>
            <TableCell className="text-right whitespace-nowrap tabular-nums">
              {o.amount === 0 ? 'GRATIS' : money(o.amount)}
              <span className="block text-xs text-slate-500">{PAYMENT_METHOD_LABELS[o.paymentMethod]}</span>
            </TableCell>
            <TableCell>
              <OrderStatusBadge status={o.status} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
