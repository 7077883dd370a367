// The days of one order passed on to a colleague, or received from one (docs/after-sale.md →
// Transfers), and "Permitir otra transferencia": each day of the paid order may then be
// transferred once more by whoever holds it.
import { useState } from 'react';
import { ArrowRightLeft } from 'lucide-react';
import { orderReference } from '@store/shared/domain/order-reference';
import { formatDateTime } from '@store/shared/domain/time';
import type { AdminOrderDetail } from '@store/shared/schemas/admin/orders';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { TextareaField } from '../../../../components/ui/input';
import { errorMessage, notify } from '../../../../lib/notify';
import { useOrderAction } from '../api/order-actions';
import { ConfirmDialog } from '../../../../components/admin/confirm-dialog';

export function OrderTransfersCard({ order }: { order: AdminOrderDetail }) {
  const action = useOrderAction(order._id);
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  if (order.transfers.length === 0) return null;

  const allow = async () => {
    setError(undefined);
    try {
      const res = await action.mutateAsync({ kind: 'allow-transfer', note });
      notify.success(res.message ?? 'Listo');
      setNote('');
      setOpen(false);
    } catch (err) {
      setError(errorMessage(err, 'No se pudo completar la acción'));
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Transferencias</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <ol className="space-y-3 text-sm">
          {order.transfers.map((t) => (
            <li key={`${t.fromOrderId}|${t.day}|${t.seq}`}>
              <p className="font-medium text-ink">
                {t.day}: {t.fromOrderId === order._id ? 'transferido a' : 'recibido por'} {t.name} ({t.email})
              </p>
              <p className="text-xs text-slate-500">
                {formatDateTime(t.at)} · de la orden {orderReference(t.fromOrderId)} a la orden{' '}
                {orderReference(t.toOrderId)} · transferencia {t.seq}
              </p>
            </li>
          ))}
        </ol>
        {order.status === 'pagado' && (
          <Button variant="secondary" onClick={() => setOpen(true)}>
            <ArrowRightLeft aria-hidden="true" className="h-4 w-4" />
            Permitir otra transferencia
          </Button>
        )}
      </CardContent>
      <ConfirmDialog
        open={open}
        title="¿Permitir otra transferencia?"
        description="Cada día de esta compra podrá transferirse una vez más a un colega, por quien lo tenga ahora."
        confirmLabel="Permitir"
        busy={action.isPending}
        onConfirm={() => void allow()}
        onClose={() => {
          setOpen(false);
          setError(undefined);
        }}
      >
        <TextareaField
          label="Nota (queda en el historial)"
          rows={2}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
        {error && (
          <Alert tone="error" className="mt-3" live>
            {error}
          </Alert>
        )}
      </ConfirmDialog>
    </Card>
  );
}
