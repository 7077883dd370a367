// One purchased event in "Mis Productos" (docs/product.md → My products): in-person events say Evento Presencial;
// online ones say Listo para ver, with a button to the stream. Orders not (or no longer) paid
// show their status; a pending one says what happens next (one waiting for cash at OXXO or a
// SPEI transfer: until when, and the way to its payment page); a card payment in meses sin
// intereses says in how many months.
import type { ReactNode } from 'react';
import { CalendarDays, MapPin, PlayCircle } from 'lucide-react';
import { ORDER_STATUS_LABELS, PAYMENT_METHOD_LABELS } from '@store/shared/constants';
import { orderReference } from '@store/shared/domain/order-reference';
import { formatDateLong } from '@store/shared/domain/time';
import { MSG } from '@store/shared/messages';
import type { Order, OrderItem } from '@store/shared/schemas/order';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EventCover } from '../../../components/ui/event-cover';
import { PaymentNote } from './payment-note';

const STATUS_TONES: Record<Order['status'], BadgeTone> = {
  pendiente: 'warning',
  pagado: 'success',
  cancelado: 'neutral',
  reembolsado: 'neutral',
  reembolso_parcial: 'neutral',
  transferido: 'neutral',
};

/**
 * When and how: an item's list price is per day and before discounts, so it would mislead
 * here; the date and the method say what the customer needs to recognise the purchase.
 */
function purchaseLine(order: Order): string {
  const date = formatDateLong(order.date);
  if (order.status === 'pendiente')
    return `Pedido el ${date} · ${PAYMENT_METHOD_LABELS[order.paymentMethod]}`;
  if (order.amount === 0) return `Reclamado el ${date} · Sin costo`;
  return `Comprado el ${date} · ${PAYMENT_METHOD_LABELS[order.paymentMethod]}`;
}

export interface OrderItemCardProps {
  order: Order;
  item: OrderItem;
  onWatch: (order: Order, item: OrderItem) => void;
  /** More actions on the order (cancellation), under the status. */
  actions?: ReactNode;
  /** What to show beside each bought day (its state: en vivo, empieza en…, finalizado). */
  dayNote?: (day: string) => ReactNode;
  /** About the whole order, under the purchase line (what was refunded). */
  note?: ReactNode;
}

export function OrderItemCard({ order, item, onWatch, actions, dayNote, note }: OrderItemCardProps) {
  // A paid order whose days of this event were all cancelled or transferred: no stream.
  const own = order.dayStatuses?.filter((d) => d.productId === item._id) ?? [];
  const held = own.length === 0 || own.some((d) => d.status === 'pagado');
  const paid = order.status === 'pagado' && held;
  const badgeStatus: Order['status'] =
    order.status === 'pagado' && !held
      ? own.every((d) => d.status === 'transferido')
        ? 'transferido'
        : 'cancelado'
      : order.status;
  const pending = order.status === 'pendiente';
  return (
    <li className="grid gap-4 py-5 sm:grid-cols-[7rem_1fr_auto] sm:items-center">
      <EventCover
        src={item.image[0]}
        alt=""
        width={112}
        height={84}
        loading="lazy"
        className="hidden aspect-[4/3] w-28 rounded-lg bg-slate-100 object-cover sm:block"
      />
      <div className="min-w-0">
        <h2 className="font-semibold">{item.name}</h2>
        <ul className="mt-2 flex flex-wrap gap-2" aria-label="Días adquiridos">
          {item.days.map((d) => (
            <li
              key={d}
              className="inline-flex flex-wrap items-center gap-1 rounded-md border border-slate-200 bg-slate-50 px-2 py-0.5 text-sm"
            >
              <CalendarDays aria-hidden="true" className="h-3.5 w-3.5 text-slate-500" />
              {d}
              {dayNote?.(d)}
            </li>
          ))}
        </ul>
        <p className="mt-2 text-sm text-slate-600">
          Orden {orderReference(order._id)} · {purchaseLine(order)}
        </p>
        {note}
        <PaymentNote order={order} />
        {pending && !order.pendingPayment && (
          <p className="mt-2 text-sm text-amber-800">{MSG.orderPendingHint}</p>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-3 sm:flex-col sm:items-end">
        {!paid ? (
          <Badge tone={STATUS_TONES[badgeStatus]}>{ORDER_STATUS_LABELS[badgeStatus]}</Badge>
        ) : item.isPresential ? (
          <Badge tone="info">
            <MapPin aria-hidden="true" className="h-3.5 w-3.5" /> Evento Presencial
          </Badge>
        ) : (
          <>
            <Badge tone="success">Listo para ver</Badge>
            <Button size="sm" onClick={() => onWatch(order, item)}>
              <PlayCircle aria-hidden="true" className="h-4 w-4" /> Ver transmisión
            </Button>
          </>
        )}
        {actions}
      </div>
    </li>
  );
}
