// The attendee list of /admin/attendees: name and e-mail, user type, day, order and payment date.
import { PAYMENT_METHOD_LABELS, USER_TYPE_LABELS } from '@store/shared/constants';
import type { AdminAttendee } from '@store/shared/schemas/admin/attendees';
import { formatDateTime } from '@store/shared/domain/time';
import { DataTable, type Column } from '../../../../components/admin/data-table';
import { OrderRef } from '../../../../components/admin/order-ref';

const COLUMNS: Column<AdminAttendee>[] = [
  {
    header: 'Nombre',
    className: 'max-w-64',
    cell: (a) => (
      <>
        <span className="block font-medium text-ink">{a.name}</span>
        <span className="block truncate text-xs text-slate-500">{a.email}</span>
      </>
    ),
  },
  { header: 'Tipo de usuario', cell: (a) => USER_TYPE_LABELS[a.userType] },
  { header: 'Día', className: 'min-w-40', cell: (a) => a.day },
  {
    header: 'Orden',
    className: 'whitespace-nowrap',
    cell: (a) => (
      <OrderRef
        id={a.orderId}
        detail={`${PAYMENT_METHOD_LABELS[a.paymentMethod]}${a.couponCode ? ` · ${a.couponCode}` : ''}`}
      />
    ),
  },
  { header: 'Fecha de pago', className: 'whitespace-nowrap', cell: (a) => formatDateTime(a.date) },
];

export function AttendeesTable({ attendees }: { attendees: AdminAttendee[] }) {
  return (
    <DataTable
      label="Asistentes"
      rows={attendees}
      rowKey={(a) => `${a.orderId}-${a.productDayId}`}
      columns={COLUMNS}
    />
  );
}
