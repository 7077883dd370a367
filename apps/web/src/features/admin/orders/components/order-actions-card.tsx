// The fixes an organiser can make to one order (mark a cash order paid, refund, cancel), each
// behind a dialog that says what the store will do for this order's way of paying — the store
// refunds a PayPal payment itself, so nobody refunds it again by hand — and, for a refund, a
// second step that repeats the amount and the customer before anything moves. The note goes
// to the order's history; the customer gets an e-mail of every refund and cancellation.
import { useState } from 'react';
import { Ban, BadgeCheck, Undo2 } from 'lucide-react';
import { ADMIN_MSG } from '@store/shared/admin-messages';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHOD_PHRASES } from '@store/shared/constants';
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

type Dialog = 'mark-paid' | 'cancel' | 'refund' | 'refund-confirm' | null;

/** «Ana López (ana@hospital.mx)» */
const customerOf = (order: AdminOrderDetail) => `${order.customer.name} (${order.customer.email})`;

/** What a cancellation does to this order, in the dialog's words. */
function cancelText(order: AdminOrderDetail, refundable: number): string {
  const who = customerOf(order);
  if (order.status === 'pendiente') {
    return `La orden de ${who} está pendiente de pago: se liberan los lugares que apartaba, el cupón (si usó uno) se devuelve y ya no podrá pagarla. Le avisaremos por correo.`;
  }
  const ends = `${who} pierde el acceso a las transmisiones de esta orden, sus lugares quedan libres y, si usó un cupón, el uso se devuelve. Le avisaremos por correo.`;
  if (refundable <= 0) return `${ends} No queda dinero por devolver.`;
  if (order.refundsOnline) {
    return `${ends} Cancelar no devuelve dinero: para devolverle lo pagado (hasta ${money(refundable)}) a su cuenta de ${PAYMENT_METHOD_LABELS[order.paymentMethod]}, usa «Reembolsar» con «Termina el acceso» marcado en lugar de cancelar; la tienda hace el reembolso.`;
  }
  return `${ends} Cancelar no devuelve dinero: la tienda no puede reembolsar un pago ${PAYMENT_METHOD_PHRASES[order.paymentMethod]}. Si le devuelves dinero por fuera, regístralo con «Registrar reembolso».`;
}

export function OrderActionsCard({ order }: { order: AdminOrderDetail }) {
  const action = useOrderAction(order._id);
  const [open, setOpen] = useState<Dialog>(null);
  const [note, setNote] = useState('');
  const [amount, setAmount] = useState('');
  const [revokeAccess, setRevokeAccess] = useState(true);
  const [error, setError] = useState<string>();
  const refundable = Math.round((order.amount - order.refunded) * 100) / 100;
  const provider = PAYMENT_METHOD_LABELS[order.paymentMethod];
  const online = order.refundsOnline;

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
  const refundAmount = parseAmount(amount);
  const toConfirm = () => {
    const cents = refundAmount * 100;
    if (!(refundAmount > 0) || Math.abs(Math.round(cents) - cents) > 1e-6) {
      setError(ADMIN_MSG.orderRefundInvalid);
      return;
    }
    if (refundAmount > refundable) {
      setError(ADMIN_MSG.orderRefundTooLarge);
      return;
    }
    setError(undefined);
    setOpen('refund-confirm');
  };

  const canMarkPaid = order.status === 'pendiente' && order.confirmedByStaff;
  const canCancel = order.status === 'pendiente' || order.status === 'pagado';
  const canRefund = order.status === 'pagado' && refundable > 0;
  if (!canMarkPaid && !canCancel && !canRefund) return null;

  const noteField = (
    <TextareaField
      label="Nota interna (queda en el historial; el cliente no la ve)"
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
  const refundLabel = online ? 'Reembolsar' : 'Registrar reembolso';

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
            {refundLabel}
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
        description={`Confirma que recibiste ${money(order.amount)} en efectivo de ${customerOf(order)}. Obtiene acceso y recibe su correo de confirmación.`}
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
        description={cancelText(order, refundable)}
        confirmLabel="Cancelar orden"
        danger
        busy={action.isPending}
        onConfirm={() => void run({ kind: 'cancel', note })}
        onClose={close}
      >
        {noteField}
        {errorAlert}
      </ConfirmDialog>
      {/* One dialog for both steps: closing one <dialog> to open another would report a close. */}
      <ConfirmDialog
        open={open === 'refund' || open === 'refund-confirm'}
        {...(open === 'refund-confirm'
          ? {
              title: online ? '¿Confirmas el reembolso?' : '¿Confirmas el registro del reembolso?',
              description: (
                <>
                  {online
                    ? `La tienda devolverá ${money(refundAmount)} a la cuenta de ${provider} de ${customerOf(order)}.`
                    : `Quedará registrado que le devolviste ${money(refundAmount)} a ${customerOf(order)} fuera de la tienda; la tienda no mueve dinero.`}{' '}
                  {revokeAccess
                    ? 'Pierde el acceso a esta orden y sus lugares quedan libres.'
                    : 'Conserva su acceso.'}{' '}
                  Le enviaremos un correo con el detalle.
                </>
              ),
              confirmLabel: online
                ? `Sí, devolver ${money(refundAmount)}`
                : `Sí, registrar ${money(refundAmount)}`,
              danger: revokeAccess,
              busy: action.isPending,
              onConfirm: () => void run({ kind: 'refund', amount: refundAmount, note, revokeAccess }),
              onBack: () => {
                setError(undefined);
                setOpen('refund');
              },
            }
          : {
              title: online
                ? `Reembolsar por ${provider}`
                : 'Registrar un reembolso hecho fuera de la tienda',
              description: online
                ? `La tienda devolverá el monto que indiques a la cuenta de ${provider} de ${customerOf(order)}: no lo hagas también en ${provider}, o el cliente recibiría el dinero dos veces. Máximo ${money(refundable)}.`
                : `La tienda no puede devolver este pago (${provider}): registra aquí el dinero que ya le devolviste a ${customerOf(order)} por fuera (transferencia, efectivo, el panel del procesador). Máximo ${money(refundable)}.`,
              confirmLabel: 'Continuar',
              onConfirm: toConfirm,
            })}
        onClose={close}
      >
        {open === 'refund' && (
          <div className="space-y-4">
            <TextField
              label={online ? 'Monto a devolver (MXN$)' : 'Monto que devolviste (MXN$)'}
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
        )}
        {errorAlert}
      </ConfirmDialog>
    </Card>
  );
}
