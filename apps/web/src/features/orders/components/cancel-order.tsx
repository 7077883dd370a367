// "Cancelar compra" on a paid order in Mis Productos (docs/after-sale.md): a dialog that
// asks the server what each day, or the whole order, would refund by the terms (paid minus
// the 20 % charge, until 15 calendar days before), then asks for confirmation before the
// refund goes through PayPal. What the server refuses is shown as it says it.
import { useState } from 'react';
import { CalendarX2 } from 'lucide-react';
import { CURRENCY_LABEL } from '@store/shared/constants';
import { formatPrice } from '@store/shared/domain/money';
import { formatDateLong, formatDayRange, startOfMexicoCityDay } from '@store/shared/domain/time';
import type { CancellationDay, CancellationQuote } from '@store/shared/schemas/after-sale';
import type { Order } from '@store/shared/schemas/order';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage, notify } from '../../../lib/notify';
import { useCancellationQuote, useCancelOrder } from '../api/cancel-order';

const price = (pesos: number) => formatPrice(pesos, CURRENCY_LABEL);

interface Choice {
  /** Absent: every active day. */
  productDayIds?: string[];
  what: string;
  figures: { paid: number; charge: number; refund: number };
}

export function CancelOrderButton({ order }: { order: Order }) {
  const [open, setOpen] = useState(false);
  // The server says whether anything can be cancelled now (a paid day inside its window, no
  // refund in flight); an order whose days were all transferred or cancelled shows nothing.
  if (order.status !== 'pagado' || order.cancellable === false) return null;
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
        <CalendarX2 aria-hidden="true" className="h-4 w-4" /> Cancelar compra
      </Button>
      <CancelOrderDialog orderId={order._id} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

function CancelOrderDialog({
  orderId,
  open,
  onClose,
}: {
  orderId: string;
  open: boolean;
  onClose: () => void;
}) {
  const quote = useCancellationQuote(orderId, open);
  const cancel = useCancelOrder();
  const [choice, setChoice] = useState<Choice | null>(null);

  const close = () => {
    setChoice(null);
    cancel.reset();
    onClose();
  };

  const confirm = (c: Choice) =>
    cancel.mutate(
      { orderId, ...(c.productDayIds ? { productDayIds: c.productDayIds } : {}) },
      {
        onSuccess: (res) => {
          notify.success(res.message);
          close();
        },
      },
    );

  return (
    <Dialog
      open={open}
      onClose={close}
      title={choice ? 'Confirma la cancelación' : 'Cancelar compra'}
      description={
        quote.data
          ? `Puedes cancelar hasta ${quote.data.noticeDays} días naturales antes de cada día del evento. Te reembolsamos lo pagado menos un cargo administrativo del ${quote.data.chargePercent} %.`
          : undefined
      }
    >
      {quote.isError ? (
        <Alert tone="error" title={quote.error.message} />
      ) : !quote.data ? (
        <div className="space-y-3" aria-busy="true">
          <p className="sr-only" role="status">
            Calculando tu reembolso…
          </p>
          <Skeleton className="h-16 w-full rounded-xl" />
          <Skeleton className="h-16 w-full rounded-xl" />
        </div>
      ) : choice ? (
        <Confirmation
          choice={choice}
          pending={cancel.isPending}
          error={cancel.isError ? errorMessage(cancel.error, 'No pudimos cancelar tu compra.') : null}
          onBack={() => {
            cancel.reset();
            setChoice(null);
          }}
          onConfirm={() => confirm(choice)}
        />
      ) : (
        <Options quote={quote.data} onChoose={setChoice} />
      )}
    </Dialog>
  );
}

function Figures({ figures }: { figures: Choice['figures'] }) {
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
      <dt className="text-slate-600">Pagado</dt>
      <dd className="text-right tabular-nums">{price(figures.paid)}</dd>
      <dt className="text-slate-600">Cargo administrativo</dt>
      <dd className="text-right tabular-nums">−{price(figures.charge)}</dd>
      <dt className="font-semibold">Reembolso</dt>
      <dd className="text-right font-semibold tabular-nums">{price(figures.refund)}</dd>
    </dl>
  );
}

function dayName(d: CancellationDay) {
  return `${d.productName} · ${d.label}`;
}

function Options({ quote, onChoose }: { quote: CancellationQuote; onChoose: (c: Choice) => void }) {
  const live = quote.days.filter((d) => d.status === 'pagado');
  const free = quote.whole.paid === 0;
  return (
    <div className="mt-4 space-y-4">
      {!quote.online && quote.reason && <Alert tone="info">{quote.reason}</Alert>}
      <ul
        className="divide-y divide-slate-200 rounded-xl border border-slate-200"
        aria-label="Días de la orden"
      >
        {quote.days.map((d) => (
          <li key={d.productDayId} className="flex flex-wrap items-start justify-between gap-3 p-3">
            <div className="min-w-0">
              <p className="font-medium">{dayName(d)}</p>
              <p className="text-sm text-slate-600">{formatDayRange(d.startsAt, d.endsAt)}</p>
              {d.status !== 'pagado' ? (
                <p className="text-sm text-slate-600">Cancelado</p>
              ) : d.wholeEvent ? (
                // Sold as a whole: no refund or deadline of its own; its event's block says them.
                <p className="text-sm text-slate-600">Incluido en el evento completo</p>
              ) : d.cancellable ? (
                <p className="text-sm text-slate-600">
                  {free ? 'Sin costo' : `Reembolso: ${price(d.figures.refund)}`} · hasta el{' '}
                  {formatDateLong(startOfMexicoCityDay(d.lastCancellationDate))}
                </p>
              ) : (
                <p className="text-sm text-amber-800">
                  El plazo para cancelar terminó el{' '}
                  {formatDateLong(startOfMexicoCityDay(d.lastCancellationDate))}.
                </p>
              )}
            </div>
            {d.cancellable && live.length > 1 && !d.wholeEvent && (
              <Button
                variant="secondary"
                size="sm"
                onClick={() =>
                  onChoose({ productDayIds: [d.productDayId], what: dayName(d), figures: d.figures })
                }
              >
                Cancelar este día
              </Button>
            )}
          </li>
        ))}
      </ul>
      {quote.wholeEvents
        // The whole order is this one event: «Cancelar toda la orden» below says it.
        .filter((e) => e.productDayIds.length < live.length)
        .map((e) => (
          <div key={e.productId} className="space-y-3 rounded-xl border border-slate-200 p-4">
            <p className="font-semibold">{e.productName} · evento completo</p>
            <p className="text-sm text-slate-600">
              Se vende completo: su inscripción se cancela entera, con sus {e.productDayIds.length} días, no
              por día.
            </p>
            {!e.cancellable && (
              <p className="text-sm text-amber-800">El plazo para cancelar este evento terminó.</p>
            )}
            {e.cancellable && (
              <Button
                variant="secondary"
                onClick={() =>
                  onChoose({
                    productDayIds: e.productDayIds,
                    what: `${e.productName} (evento completo)`,
                    figures: e,
                  })
                }
              >
                Cancelar el evento completo
              </Button>
            )}
          </div>
        ))}
      {quote.whole.cancellable ? (
        <div className="space-y-3 rounded-xl bg-slate-50 p-4">
          <p className="font-semibold">Toda la orden</p>
          {free ? (
            <p className="text-sm text-slate-600">Esta compra no tuvo costo: no hay reembolso.</p>
          ) : (
            <Figures figures={quote.whole} />
          )}
          <Button
            variant="danger"
            fullWidth
            onClick={() => onChoose({ what: 'toda la orden', figures: quote.whole })}
          >
            Cancelar toda la orden
          </Button>
        </div>
      ) : (
        quote.online && (
          <Alert tone="info">
            Ya no se puede cancelar toda la orden. Según los términos, aún puedes transferir tu lugar a un
            colega con el botón Transferir a un colega de cada evento.
          </Alert>
        )
      )}
    </div>
  );
}

function Confirmation({
  choice,
  pending,
  error,
  onBack,
  onConfirm,
}: {
  choice: Choice;
  pending: boolean;
  error: string | null;
  onBack: () => void;
  onConfirm: () => void;
}) {
  return (
    <div className="mt-4 space-y-4">
      <p>
        Vas a cancelar <strong>{choice.what}</strong>. Perderás el acceso y liberaremos tu lugar. Esta acción
        no se puede deshacer.
      </p>
      {choice.figures.paid > 0 ? (
        <div className="rounded-xl bg-slate-50 p-4">
          <Figures figures={choice.figures} />
          <p className="mt-2 text-sm text-slate-600">PayPal abonará el reembolso a tu método de pago.</p>
        </div>
      ) : (
        <p className="text-sm text-slate-600">Esta compra no tuvo costo: no hay reembolso.</p>
      )}
      {error && <Alert tone="error" live title={error} />}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onBack} disabled={pending}>
          Volver
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={pending} data-autofocus>
          {pending ? 'Cancelando…' : 'Sí, cancelar'}
        </Button>
      </div>
    </div>
  );
}
