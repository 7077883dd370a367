// The fixes an organiser can make to one order (mark a cash order paid, cancel, record a
// refund), each behind a confirmation with a note that goes to the order's history.
import { useState } from 'react';
import { Ban, BadgeCheck, Undo2 } from 'lucide-react';
import type { AdminOrderDetail } from '@store/shared/schemas/admin/orders';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { Checkbox, TextareaField, TextField } from '../../../../components/ui/input';
import { parseAmount } from '../../../../lib/form-resolver';
import { errorMessage, notify } from '../../../../lib/notify';
import { useOrderAction, type OrderAction } from '../api/order-actions';
import { money } from '../../../../lib/admin/format';
import { ConfirmDialog } from '../../../../components/admin/confirm-dialog';

type Dialog = 'mark-paid' | 'cancel' | 'refund' | null;

export function OrderActionsCard({ order }: { order: AdminOrderDetail }) {
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
