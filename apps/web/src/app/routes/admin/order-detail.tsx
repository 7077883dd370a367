// /admin/orders/:orderId: the order, its customer and lines, and the fixes an organiser
// needs: mark a cash order paid, cancel (access ends, seats freed), record a refund.
import { useState } from 'react';
import { useParams } from 'react-router';
import { ArrowLeft, Ban, BadgeCheck, Undo2 } from 'lucide-react';
import { ORDER_STATUS_LABELS, PAYMENT_METHOD_LABELS, USER_TYPE_LABELS } from '@store/shared/constants';
import { orderReference } from '@store/shared/domain/order-reference';
import type { AdminOrderDetail } from '@store/shared/schemas/admin/orders';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Checkbox, TextareaField, TextField } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { useAdminOrder } from '../../../features/admin/api/get-order';
import { useOrderAction, type OrderAction } from '../../../features/admin/api/order-actions';
import { AdminPageHeader } from '../../../features/admin/components/admin-page-header';
import { ConfirmDialog } from '../../../features/admin/components/confirm-dialog';
import { OrderStatusBadge } from '../../../features/admin/components/status-badges';
import { auditActionLabel, auditSummary } from '../../../features/admin/utils/audit';
import { formatDateTime, money } from '../../../features/admin/utils/format';
import { parseAmount } from '../../../lib/form-resolver';
import { errorMessage, notify } from '../../../lib/notify';

type Dialog = 'mark-paid' | 'cancel' | 'refund' | null;

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-1.5">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right font-medium text-ink tabular-nums">{children}</dd>
    </div>
  );
}

function Actions({ order }: { order: AdminOrderDetail }) {
  const action = useOrderAction(order._id);
  const [open, setOpen] = useState<Dialog>(null);
  const [note, setNote] = useState('');
  const [amount, setAmount] = useState('');
  const [revokeAccess, setRevokeAccess] = useState(true);
  const [error, setError] = useState<string>();
  const refundable = order.amount - order.refunded;

  const close = () => {
    setOpen(null);
    setError(undefined);
  };
  const run = async (a: OrderAction) => {
    setError(undefined);
    try {
      const res = await action.mutateAsync(a);
      notify.success(res.message ?? 'Listo');
      setNote('');
      setAmount('');
      close();
    } catch (err) {
      setError(errorMessage(err, 'No se pudo completar la acción'));
    }
  };

  const canMarkPaid = order.status === 'pendiente' && order.paymentMethod === 'cod';
  const canCancel = order.status === 'pendiente' || order.status === 'pagado';
  const canRefund = order.status === 'pagado' && refundable > 0;
  if (!canMarkPaid && !canCancel && !canRefund) return null;

  const noteField = (
    <TextareaField
      label="Nota (queda en el historial)"
      rows={2}
      value={note}
      onChange={(e) => setNote(e.target.value)}
    />
  );
  const errorAlert = error && (
    <Alert tone="error" className="mt-3" live>
      {error}
    </Alert>
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Acciones</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        {canMarkPaid && (
          <Button onClick={() => setOpen('mark-paid')}>
            <BadgeCheck aria-hidden="true" className="h-4 w-4" />
            Marcar como pagada
          </Button>
        )}
        {canRefund && (
          <Button variant="secondary" onClick={() => setOpen('refund')}>
            <Undo2 aria-hidden="true" className="h-4 w-4" />
            Registrar reembolso
          </Button>
        )}
        {canCancel && (
          <Button variant="danger" onClick={() => setOpen('cancel')}>
            <Ban aria-hidden="true" className="h-4 w-4" />
            Cancelar orden
          </Button>
        )}
      </CardContent>

      <ConfirmDialog
        open={open === 'mark-paid'}
        title="¿Marcar la orden como pagada?"
        description={`Confirma que recibiste ${money(order.amount)} en efectivo. El cliente obtiene acceso y recibe su correo de confirmación.`}
        confirmLabel="Marcar como pagada"
        busy={action.isPending}
        onConfirm={() => void run({ kind: 'mark-paid', note })}
        onClose={close}
      >
        {noteField}
        {errorAlert}
      </ConfirmDialog>
      <ConfirmDialog
        open={open === 'cancel'}
        title="¿Cancelar la orden?"
        description="El cliente pierde el acceso a las transmisiones de esta orden, sus lugares quedan libres y, si usó un cupón, el uso se devuelve. Si hubo un cobro, registra aparte el reembolso que hagas."
        confirmLabel="Cancelar orden"
        danger
        busy={action.isPending}
        onConfirm={() => void run({ kind: 'cancel', note })}
        onClose={close}
      >
        {noteField}
        {errorAlert}
      </ConfirmDialog>
      <ConfirmDialog
        open={open === 'refund'}
        title="Registrar un reembolso"
        description={`Anota un reembolso que ya hiciste fuera de la tienda (p. ej. en PayPal). Máximo ${money(refundable)}.`}
        confirmLabel="Registrar reembolso"
        danger={revokeAccess}
        busy={action.isPending}
        onConfirm={() => void run({ kind: 'refund', amount: parseAmount(amount), note, revokeAccess })}
        onClose={close}
      >
        <div className="space-y-4">
          <TextField
            label="Monto reembolsado (MXN$)"
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            data-autofocus
          />
          <Checkbox
            label="Termina el acceso y libera los lugares (la orden queda como reembolsada)"
            checked={revokeAccess}
            onChange={(e) => setRevokeAccess(e.target.checked)}
          />
          {noteField}
        </div>
        {errorAlert}
      </ConfirmDialog>
    </Card>
  );
}

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
  const a = order.address;
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
          <Card>
            <CardHeader>
              <CardTitle>Eventos y días</CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="divide-y divide-slate-200">
                {order.lines.map((l) => (
                  <li key={l.productDayId} className="flex items-start justify-between gap-4 py-2">
                    <div>
                      <p className="font-medium text-ink">{l.productName}</p>
                      <p className="text-sm text-slate-600">{l.day}</p>
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
                {order.paypalOrderId && <Row label="PayPal (orden)">{order.paypalOrderId}</Row>}
                {order.paypalCaptureId && <Row label="PayPal (cobro)">{order.paypalCaptureId}</Row>}
                {order.expiresAt && order.status === 'pendiente' && (
                  <Row label="Vence si no se paga">{formatDateTime(order.expiresAt)}</Row>
                )}
              </dl>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Historial</CardTitle>
            </CardHeader>
            <CardContent>
              {order.history.length === 0 ? (
                <p className="text-sm text-slate-600">Sin cambios desde la administración.</p>
              ) : (
                <ol className="space-y-3 text-sm">
                  {order.history.map((h) => (
                    <li key={h._id}>
                      <p className="font-medium text-ink">{auditActionLabel(h.action)}</p>
                      <p className="text-slate-600">{auditSummary(h)}</p>
                      <p className="text-xs text-slate-500">
                        {formatDateTime(h.date)} · {h.actor?.email ?? 'Cuenta eliminada'}
                      </p>
                    </li>
                  ))}
                </ol>
              )}
            </CardContent>
          </Card>
        </div>
        <div className="order-1 space-y-6 lg:order-2">
          <Actions order={order} />
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
        </div>
      </div>
    </>
  );
}
