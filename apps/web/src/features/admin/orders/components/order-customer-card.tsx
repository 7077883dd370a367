// Who placed an order: the account (name, e-mail, user type) and the checkout address.
import { USER_TYPE_LABELS } from '@store/shared/constants';
import type { AdminOrderDetail } from '@store/shared/schemas/admin/orders';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';

export function OrderCustomerCard({ order }: { order: AdminOrderDetail }) {
  const a = order.address;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Cliente</CardTitle>
      </CardHeader>
      <CardContent className="space-y-1 text-sm">
        <p className="font-medium text-ink">{order.customer.name}</p>
        <p className="break-all">{order.customer.email}</p>
        <p className="text-slate-600">{USER_TYPE_LABELS[order.customer.userType]}</p>
        <div className="mt-3 border-t border-slate-200 pt-3 text-slate-700">
          <p>
            {a.firstName} {a.lastName}
          </p>
          <p>{a.street}</p>
          <p>
            {a.city}
            {a.state ? `, ${a.state}` : ''} {a.zipcode}
          </p>
          <p>{a.country}</p>
          <p>Tel. {a.phone}</p>
          <p className="break-all">{a.email}</p>
        </div>
      </CardContent>
    </Card>
  );
}
