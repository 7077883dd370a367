// "Transferir a un colega" on a bought event in Mis Productos (docs/after-sale.md →
// Transfers): offered while one of its days can no longer be cancelled and has not ended.
// The dialog asks the server which days can move (and why not), then the colleague's e-mail
// and name and a confirmation; what the server refuses is shown as it says it.
import { useState, type FormEvent } from 'react';
import { UserRoundPlus } from 'lucide-react';
import { transferWindow } from '@store/shared/domain/transfer';
import { formatDayRange } from '@store/shared/domain/time';
import { sanitizeNameInput } from '@store/shared/domain/validation';
import { MSG } from '@store/shared/messages';
import type { Order, OrderItem } from '@store/shared/schemas/order';
import type { TransferOptions } from '@store/shared/schemas/transfer';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Checkbox, TextField } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage, notify } from '../../../lib/notify';
import { useTransferDay, useTransferOptions } from '../api/transfer-day';
import type { DayTimes } from './day-status';
import { AFTER_SALE_MSG } from '@store/shared/after-sale-messages';

/** True when a still-held day of the item is inside the transfer window at `now`. */
export function canOfferTransfer(
  order: Order,
  item: OrderItem,
  timesOf: (day: string) => DayTimes | undefined,
  now: number,
): boolean {
  if (order.status !== 'pagado') return false;
  return item.days.some((day) => {
    const own = order.dayStatuses?.find((d) => d.productId === item._id && d.day === day)?.status;
    const t = timesOf(day);
    return (
      (own ?? 'pagado') === 'pagado' &&
      t !== undefined &&
      transferWindow(now, t.startsAt, t.endsAt) === 'open'
    );
  });
}

export function TransferDayButton({ order, item }: { order: Order; item: OrderItem }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        <UserRoundPlus aria-hidden="true" className="h-4 w-4" /> Transferir a un colega
      </Button>
      <TransferDayDialog
        orderId={order._id}
        productId={item._id}
        open={open}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

export function TransferDayDialog({
  orderId,
  productId,
  open,
  onClose,
}: {
  orderId: string;
  productId: string;
  open: boolean;
  onClose: () => void;
}) {
  const options = useTransferOptions(orderId, productId, open);
  const transfer = useTransferDay();
  const close = () => {
    transfer.reset();
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      title="Transferir a un colega"
      description="Tu colega recibe el acceso a la transmisión, tu lugar y la constancia a su nombre. Tú pierdes el acceso; tu pago no cambia (no hay reembolso)."
    >
      {options.isError ? (
        <Alert tone="error" title={options.error.message} />
      ) : !options.data ? (
        <div className="space-y-3" aria-busy="true">
          <p className="sr-only" role="status">
            Revisando qué días puedes transferir…
          </p>
          <Skeleton className="h-16 w-full rounded-xl" />
        </div>
      ) : (
        <TransferForm
          options={options.data}
          pending={transfer.isPending}
          error={transfer.isError ? errorMessage(transfer.error, 'No pudimos transferir el día.') : null}
          onSubmit={(body) =>
            transfer.mutate(
              { orderId, ...body, confirm: true },
              {
                onSuccess: (res) => {
                  notify.success(res.message);
                  close();
                },
              },
            )
          }
          onCancel={close}
        />
      )}
    </Dialog>
  );
}

function TransferForm({
  options,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  options: TransferOptions;
  pending: boolean;
  error: string | null;
  onSubmit: (body: { productDayId: string; email: string; name: string }) => void;
  onCancel: () => void;
}) {
  const transferable = options.days.filter((d) => d.transferable);
  const [dayId, setDayId] = useState(transferable[0]?.productDayId ?? '');
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const [invalid, setInvalid] = useState<{ email?: string; name?: string; confirm?: string }>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = {
      ...(/^\S+@\S+\.\S+$/.test(email.trim()) ? {} : { email: MSG.invalidEmail }),
      ...(name.trim() ? {} : { name: MSG.required }),
      ...(confirmed ? {} : { confirm: AFTER_SALE_MSG.transferConfirmRequired }),
    };
    setInvalid(next);
    if (Object.keys(next).length === 0)
      onSubmit({ productDayId: dayId, email: email.trim(), name: name.trim() });
  };

  const chosen = options.together ? transferable : transferable.filter((d) => d.productDayId === dayId);
  const what = `${options.productName} · ${chosen.map((d) => d.label).join(', ')}`;

  return (
    <form className="mt-4 space-y-4" onSubmit={submit} noValidate>
      <ul
        className="divide-y divide-slate-200 rounded-xl border border-slate-200"
        aria-label="Días del evento"
      >
        {options.days.map((d) => (
          <li key={d.productDayId} className="flex items-start gap-3 p-3">
            {!options.together && transferable.length > 1 && d.transferable && (
              <input
                type="radio"
                name="transfer-day"
                className="mt-1 h-4 w-4 accent-brand-700"
                aria-label={`Transferir ${d.label}`}
                checked={dayId === d.productDayId}
                onChange={() => setDayId(d.productDayId)}
              />
            )}
            <div className="min-w-0">
              <p className="font-medium">{d.label}</p>
              <p className="text-sm text-slate-600">{formatDayRange(d.startsAt, d.endsAt)}</p>
              {d.status === 'transferido' ? (
                <p className="text-sm text-slate-600">Ya transferido</p>
              ) : d.status !== 'pagado' ? (
                <p className="text-sm text-slate-600">Cancelado</p>
              ) : (
                d.reason && <p className="text-sm text-amber-800">{d.reason}</p>
              )}
            </div>
          </li>
        ))}
      </ul>
      {transferable.length === 0 ? (
        <div className="flex justify-end">
          <Button variant="secondary" onClick={onCancel}>
            Cerrar
          </Button>
        </div>
      ) : (
        <>
          {options.together && (
            <Alert tone="info">
              Este evento se vende completo: todos sus días pendientes pasan juntos a tu colega.
            </Alert>
          )}
          <TextField
            label="Correo electrónico de tu colega"
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={invalid.email}
            required
            data-autofocus
          />
          <TextField
            label="Nombre completo de tu colega"
            hint="Como debe aparecer en su constancia. Si ya tiene cuenta, se usa el nombre de su cuenta."
            autoComplete="off"
            value={name}
            onChange={(e) => setName(sanitizeNameInput(e.target.value))}
            error={invalid.name}
            required
          />
          <Checkbox
            label={`Entiendo que ${what} pasa a mi colega y yo pierdo el acceso. No se puede deshacer.`}
            checked={confirmed}
            onChange={(e) => setConfirmed(e.target.checked)}
            error={invalid.confirm}
          />
          {error && <Alert tone="error" live title={error} />}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onCancel} disabled={pending}>
              Volver
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? 'Transfiriendo…' : 'Transferir'}
            </Button>
          </div>
        </>
      )}
    </form>
  );
}
