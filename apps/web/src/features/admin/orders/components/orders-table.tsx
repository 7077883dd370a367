// A table of orders (list page): reference, date, customer, events, total, status.
import { PAYMENT_METHOD_LABELS } from '@store/shared/constants';
import type { AdminOrderSummary } from '@store/shared/schemas/admin/orders';
import { orderAmount } from '../../../../lib/admin/format';
import { DataTable, type Column } from '../../../../components/admin/data-table';
import { OrderRef } from '../../../../components/admin/order-ref';
import { OrderStatusBadge } from '../../../../components/admin/status-badges';

const COLUMNS: Column<AdminOrderSummary>[] = [
  {
    header: 'Orden',
    className: 'whitespace-nowrap',
    cell: (o) => <OrderRef id={o._id} date={o.date} />,
  },
  {
    header: 'Cliente',
    className: 'max-w-56',
    cell: (o) => (
      <>
        <span className="block truncate font-medium text-ink">{o.customer.name}</span>
        <span className="block truncate text-xs text-slate-500">{o.customer.email}</span>
      </>
    ),
  },
  {
    header: 'Eventos',
    className: 'min-w-48',
    cell: (o) => (
      <>
        {o.kind === 'grupo' && (
          <span className="mb-1 inline-block rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-brand-200 ring-inset">
            Grupo · {o.places} {o.places === 1 ? 'lugar' : 'lugares'}
          </span>
        )}
        {o.items.map((i) => (
          <span key={i.productId} className="block">
            {i.name} <span className="text-slate-500">· {i.days.join(', ')}</span>
          </span>
        ))}
      </>
    ),
  },
  {
    header: 'Total',
    align: 'right',
    className: 'whitespace-nowrap tabular-nums',
    cell: (o) => (
      <>
        {orderAmount(o.amount)}
        <span className="block text-xs text-slate-500">{PAYMENT_METHOD_LABELS[o.paymentMethod]}</span>
      </>
    ),
  },
  { header: 'Estado', cell: (o) => <OrderStatusBadge status={o.status} /> },
];

export function OrdersTable({ orders, label }: { orders: AdminOrderSummary[]; label: string }) {
  return <DataTable label={label} rows={orders} rowKey={(o) => o._id} columns={COLUMNS} />;
}
