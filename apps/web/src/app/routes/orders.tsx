// My products (docs/product.md → Routes): every purchased event with its status and a way to its stream;
// which orders count as products is utils/visible-order-items.ts. An event whose registration
// questions wait for my answers says «Completa tu registro» (docs/questions.md).
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { PackageOpen } from 'lucide-react';
import type { Order, OrderItem } from '@store/shared/schemas/order';
import { Seo } from '../../components/layout/seo';
import { Alert } from '../../components/ui/alert';
import { Button, ButtonLink } from '../../components/ui/button';
import { Container } from '../../components/ui/container';
import { EmptyState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { RequireAuth } from '../../features/account/components/require-auth';
import { AttendanceSummarySection } from '../../features/attendance/components/attendance-summary-section';
import { ConstanciasSection } from '../../features/attendance/components/constancias-section';
import { TicketsSection } from '../../features/attendance/components/tickets-section';
import { MyWaitlistSection } from '../../features/waitlist/components/my-waitlist-section';
import { useUserOrders } from '../../features/orders/api/get-user-orders';
import { CancelOrderButton } from '../../features/orders/components/cancel-order';
import { PaymentNote } from '../../features/orders/components/payment-note';
import { RefundNote } from '../../features/orders/components/refund-note';
import { DayStatus, type DayTimes } from '../../features/orders/components/day-status';
import { ReceiptButton } from '../../features/orders/components/receipt-button';
import { CalendarButton } from '../../features/orders/components/calendar-button';
import { canOfferTransfer, TransferDayButton } from '../../features/orders/components/transfer-day';
import { allProductsQueryOptions } from '../../lib/products-query';
import { useNow } from '../../lib/use-now';
import { OrderItemCard } from '../../features/orders/components/order-item-card';
import { AssignedPlacesSection, GroupOrdersSection } from '../../features/groups/components/group-sections';
import { useAssignedPlaces } from '../../features/groups/api/group';
import { usePendingQuestions } from '../../features/questions/api/get-pending-questions';
import {
  PendingRegistrationBanner,
  RegistrationAction,
} from '../../features/questions/components/registration-status';
import { OrderInvoices } from '../../features/invoices/components/order-invoices';
import { visibleOrderItems } from '../../features/orders/utils/visible-order-items';
import type { LiveStreamState } from '../../features/streams/utils/live-stream-state';

export function Component() {
  return (
    <RequireAuth>
      <Orders />
    </RequireAuth>
  );
}

function Orders() {
  const navigate = useNavigate();
  const orders = useUserOrders();
  // Purchases for a team are listed on their own (their places are named on another page).
  const entries = useMemo(
    () => visibleOrderItems((orders.data ?? []).filter((o) => o.kind !== 'grupo')),
    [orders.data],
  );
  const hasGroups = (orders.data ?? []).some(
    (o) => o.kind === 'grupo' && (o.payment || o.status === 'pendiente'),
  );
  const hasAssigned = (useAssignedPlaces().data ?? []).length > 0;
  // When each day happens (the catalogue's day options, finished events too), for En vivo / Empieza en / Finalizado.
  const products = useQuery(allProductsQueryOptions());
  const times = useMemo(() => {
    const map = new Map<string, DayTimes>();
    for (const p of products.data ?? []) {
      for (const d of p.dayOptions) map.set(`${p._id}|${d.label}`, d);
    }
    return map;
  }, [products.data]);
  const now = useNow();
  // Events whose registration questions wait for my answers (docs/questions.md).
  const registrations = usePendingQuestions().data;
  const pending = registrations?.events ?? [];
  const isPending = (productId: string) => pending.some((e) => e.productId === productId);
  const editableUntil = (productId: string) =>
    registrations?.editable.find((e) => e.productId === productId)?.editableUntil ?? null;
  const upcoming = (productId: string, days: readonly string[]) =>
    days.some((d) => (times.get(`${productId}|${d}`)?.startsAt ?? 0) > now);
  /** The card's days I still hold (paid, not cancelled or transferred on their own). */
  const heldDays = (order: Order, item: OrderItem) =>
    order.status !== 'pagado'
      ? []
      : item.days.filter((day) => {
          const own = order.dayStatuses?.find((d) => d.productId === item._id && d.day === day);
          return !own || own.status === 'pagado';
        });

  return (
    <main>
      <Seo
        title="Mis Productos"
        description="Los eventos que adquiriste y el acceso a sus transmisiones en vivo."
        noindex
      />
      <Container className="py-8 lg:py-12">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
          MIS <span className="text-brand-700">PRODUCTOS</span>
        </h1>
        <PendingRegistrationBanner events={pending} className="mt-6" />
        {orders.isError ? (
          <Alert tone="error" className="mt-6" title={orders.error.message}>
            <Button variant="secondary" size="sm" className="mt-2" onClick={() => void orders.refetch()}>
              Reintentar
            </Button>
          </Alert>
        ) : orders.isPending ? (
          <div className="mt-6 space-y-4" aria-busy="true">
            <p className="sr-only" role="status">
              Cargando tus productos…
            </p>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-28 w-full rounded-xl" />
            ))}
          </div>
        ) : entries.length === 0 && !hasGroups && !hasAssigned ? (
          <EmptyState
            icon={PackageOpen}
            title="Aún no tienes productos."
            actions={<ButtonLink to="/collection">Ver eventos</ButtonLink>}
          >
            Los eventos que compres o reclames aparecerán aquí.
          </EmptyState>
        ) : entries.length === 0 ? null : (
          <ul aria-label="Mis productos" className="mt-6 divide-y divide-slate-200 border-y border-slate-200">
            {entries.map(({ order, item }, i) => (
              <OrderItemCard
                key={`${order._id}|${item._id}`}
                order={order}
                item={item}
                // One cancellation control per order, on its first card.
                actions={
                  <>
                    {heldDays(order, item).length > 0 && (
                      <RegistrationAction
                        productId={item._id}
                        productName={item.name}
                        pending={isPending(item._id)}
                        editableUntil={
                          upcoming(item._id, heldDays(order, item)) ? editableUntil(item._id) : null
                        }
                      />
                    )}
                    {canOfferTransfer(order, item, (day) => times.get(`${item._id}|${day}`), now) && (
                      <TransferDayButton order={order} item={item} />
                    )}
                    {entries[i - 1]?.order._id === order._id ? null : (
                      <>
                        {/* Only while one of its days is still to come. */}
                        {order.items.some((it) =>
                          it.days.some((d) => (times.get(`${it._id}|${d}`)?.endsAt ?? Infinity) > now),
                        ) && <CalendarButton order={order} />}
                        <ReceiptButton order={order} />
                        <CancelOrderButton order={order} />
                      </>
                    )}
                  </>
                }
                note={entries[i - 1]?.order._id === order._id ? null : <RefundNote order={order} />}
                dayNote={(day) => (
                  <DayStatus
                    order={order}
                    productId={item._id}
                    day={day}
                    times={times.get(`${item._id}|${day}`)}
                    now={now}
                  />
                )}
                onWatch={(o, i) => {
                  const state: LiveStreamState = { order: o, productId: i._id };
                  navigate('/live-stream', { state });
                }}
              />
            ))}
          </ul>
        )}
        {orders.data && (
          <GroupOrdersSection
            orders={orders.data}
            actions={(order) => <ReceiptButton order={order} />}
            // A transfer waiting: its deadline, what arrived, and the way to its data.
            note={(order) => <PaymentNote order={order} />}
          />
        )}
        <AssignedPlacesSection
          action={(place) => (
            <RegistrationAction
              productId={place.productId}
              productName={place.productName}
              pending={isPending(place.productId)}
              editableUntil={place.days.some((d) => d.startsAt > now) ? editableUntil(place.productId) : null}
            />
          )}
          onWatch={(item) => {
            const state: LiveStreamState = { item };
            navigate('/live-stream', { state });
          }}
        />
        <TicketsSection />
        <MyWaitlistSection />
        <AttendanceSummarySection />
        <ConstanciasSection />
        {orders.data && <OrderInvoices orders={orders.data} now={now} />}
      </Container>
    </main>
  );
}
