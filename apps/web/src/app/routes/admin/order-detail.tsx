// /admin/orders/:orderId: the order, its customer and lines, and the fixes an organiser
// needs: mark a cash order paid, cancel (access ends, seats freed), record a refund, allow
// another transfer of its days to a colleague.
import { useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { orderReference } from '@store/shared/domain/order-reference';
import { Alert } from '../../../components/ui/alert';
import { ButtonLink } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useAdminOrder } from '../../../features/admin/orders/api/get-order';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { OrderActionsCard } from '../../../features/admin/orders/components/order-actions-card';
import { OrderCustomerCard } from '../../../features/admin/orders/components/order-customer-card';
import { OrderHistoryCard } from '../../../features/admin/orders/components/order-history-card';
import { OrderLinesCard } from '../../../features/admin/orders/components/order-lines-card';
import { OrderTransfersCard } from '../../../features/admin/orders/components/order-transfers-card';
import { OrderStatusBadge } from '../../../components/admin/status-badges';
import { formatDateTime } from '@store/shared/domain/time';

export function Component() {
  const { orderId = '' } = useParams();
  const { data: order, isPending, isError, error } = useAdminOrder(orderId);
  const back = (
    <ButtonLink to="/admin/orders" variant="ghost" size="sm">
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      Órdenes
    </ButtonLink>
  );
  if (isPending) return <Spinner label="Cargando la orden…" />;
  if (isError) {
    return (
      <>
        <AdminPageHeader title="Orden" actions={back} />
        <Alert tone="error" live>
          {error.message}
        </Alert>
      </>
    );
  }
  return (
    <>
      <AdminPageHeader
        title={`Orden ${orderReference(order._id)}`}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <OrderStatusBadge status={order.status} />
            <span>{formatDateTime(order.date)}</span>
          </span>
        }
        actions={back}
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="order-2 space-y-6 lg:order-1">
          <OrderLinesCard order={order} />
          <OrderHistoryCard history={order.history} />
        </div>
        <div className="order-1 space-y-6 lg:order-2">
          <OrderActionsCard order={order} />
          <OrderTransfersCard order={order} />
          <OrderCustomerCard order={order} />
        </div>
      </div>
    </>
  );
}
