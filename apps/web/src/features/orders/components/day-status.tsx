// Per bought day in Mis Productos (docs/after-sale.md): "En vivo" while it happens,
// "Empieza en …" before, "Finalizado" after (Mexico City instants from the catalogue, judged
// with the browser's clock, re-rendered each minute), "Cancelado" for a day cancelled on
// its own, or "Transferido a <nombre> (<correo>)" for a day passed on to a colleague.
import { dayPhase, formatTimeUntil } from '@store/shared/domain/time';
import type { Order } from '@store/shared/schemas/order';

export interface DayTimes {
  startsAt: number;
  endsAt: number;
}

export function DayStatus({
  order,
  productId,
  day,
  times,
  now,
}: {
  order: Order;
  productId: string;
  day: string;
  times: DayTimes | undefined;
  now: number;
}) {
  if (order.status !== 'pagado') return null;
  const entry = order.dayStatuses?.find((d) => d.productId === productId && d.day === day);
  const own = entry?.status;
  if (own === 'transferido') {
    const to = entry?.transferredTo;
    return (
      <span className="text-xs font-semibold text-slate-600">
        · Transferido{to ? ` a ${to.name} (${to.email})` : ''}
      </span>
    );
  }
  if (own && own !== 'pagado') {
    return <span className="text-xs font-semibold text-slate-500">· Cancelado</span>;
  }
  if (!times) return null;
  const phase = dayPhase(now, times.startsAt, times.endsAt);
  if (phase === 'live') {
    return (
      <span className="inline-flex items-center gap-1 text-xs font-semibold text-red-700">
        <span aria-hidden="true" className="h-2 w-2 animate-pulse rounded-full bg-red-600" />
        En vivo
      </span>
    );
  }
  if (phase === 'ended') return <span className="text-xs text-slate-500">· Finalizado</span>;
  return <span className="text-xs text-slate-600">· Empieza en {formatTimeUntil(now, times.startsAt)}</span>;
}
