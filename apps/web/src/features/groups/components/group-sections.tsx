// Mis Productos (docs/groups.md): the buyer's purchases for a team, each with a link to name its
// places, and the places other people bought and assigned to me, with their streams.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MonitorPlay, Users } from 'lucide-react';
import { ORDER_STATUS_LABELS } from '@store/shared/constants';
import { formatPrice } from '@store/shared/domain/money';
import { orderReference } from '@store/shared/domain/order-reference';
import { formatDateLong } from '@store/shared/domain/time';
import type { AssignedPlace } from '@store/shared/schemas/group';
import type { Order, OrderItem } from '@store/shared/schemas/order';
import { Badge } from '../../../components/ui/badge';
import { Button, ButtonLink } from '../../../components/ui/button';
import { useAssignedPlaces } from '../api/group';

/** The buyer's group orders (paid or waiting for payment). */
export function GroupOrdersSection({
  orders,
  actions,
  note,
}: {
  orders: readonly Order[];
  actions?: (order: Order) => ReactNode;
  /** Under the order's details: how it is being paid (a transfer's deadline, what arrived). */
  note?: (order: Order) => ReactNode;
}) {
  const groups = orders.filter((o) => o.kind === 'grupo' && (o.payment || o.status === 'pendiente'));
  if (groups.length === 0) return null;
  return (
    <section aria-labelledby="team-orders" className="mt-10">
      <h2 id="team-orders" className="text-xl font-bold tracking-tight">
        COMPRAS PARA TU <span className="text-brand-700">EQUIPO</span>
      </h2>
      <ul className="mt-4 divide-y divide-slate-200 border-y border-slate-200">
        {groups.map((o) => {
          const item = o.items[0];
          return (
            <li key={o._id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-4">
              <Users aria-hidden="true" className="h-6 w-6 shrink-0 text-brand-700" />
              <div className="min-w-0 grow">
                <p className="font-semibold">{item?.name}</p>
                <p className="text-sm text-slate-600">
                  {item?.places} {item?.places === 1 ? 'lugar' : 'lugares'} · {item?.days.join(', ')} · Orden{' '}
                  {orderReference(o._id)} · {formatPrice(o.amount)}
                </p>
                {note?.(o)}
              </div>
              <Badge tone={o.status === 'pagado' ? 'success' : 'warning'}>
                {ORDER_STATUS_LABELS[o.status]}
              </Badge>
              <div className="flex flex-wrap gap-2">
                {o.payment && (
                  <ButtonLink to={`/orders/${o._id}/lugares`} size="sm">
                    Lugares del equipo
                  </ButtonLink>
                )}
                {actions?.(o)}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Places bought by someone else and assigned to me. */
export function AssignedPlacesSection({
  onWatch,
  action,
}: {
  onWatch: (item: OrderItem) => void;
  /** Another action on a place (its registration questions). */
  action?: (place: AssignedPlace) => ReactNode;
}) {
  const places = useAssignedPlaces();
  if (!places.data || places.data.length === 0) return null;
  return (
    <section aria-labelledby="assigned-places" className="mt-10">
      <h2 id="assigned-places" className="text-xl font-bold tracking-tight">
        LUGARES QUE TE <span className="text-brand-700">ASIGNARON</span>
      </h2>
      <ul className="mt-4 divide-y divide-slate-200 border-y border-slate-200">
        {places.data.map((p: AssignedPlace) => (
          <li key={p.placeId} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-4">
            <div className="min-w-0 grow">
              <p className="font-semibold">
                <Link to={`/product/${p.productId}`} className="hover:underline">
                  {p.productName}
                </Link>
              </p>
              <p className="text-sm text-slate-600">
                {p.days.map((d) => `${d.label} (${formatDateLong(d.startsAt)})`).join(', ')} · Pagado por{' '}
                {p.paidBy}
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-3">
              {action?.(p)}
              {!p.item.isPresential && (
                <Button size="sm" onClick={() => onWatch(p.item)}>
                  <MonitorPlay aria-hidden="true" className="h-4 w-4" /> Ver transmisión
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
