// Live stream (docs/product.md → Routes): needs the order in router state, else 'No hay información de
// transmisión disponible' and back to /orders. The order is re-read from the server so a
// stale or edited history entry cannot show what is not paid.
import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { ORDER_STATUS_LABELS } from '@store/shared/constants';
import { MSG } from '@store/shared/messages';
import { Seo } from '../../components/layout/seo';
import { Alert } from '../../components/ui/alert';
import { Container } from '../../components/ui/container';
import { Skeleton } from '../../components/ui/skeleton';
import { RequireAuth } from '../../features/account/components/require-auth';
import { orderQueryOptions } from '../../features/orders/api/get-order';
import { WatchTracker } from '../../features/attendance/components/watch-tracker';
import { ProductStreams } from '../../features/streams/components/product-streams';
import { parseLiveStreamState, type LiveStreamState } from '../../features/streams/utils/live-stream-state';
import { notify } from '../../lib/notify';

export function Component() {
  return (
    <RequireAuth>
      <LiveStream />
    </RequireAuth>
  );
}

function LiveStream() {
  const location = useLocation();
  const navigate = useNavigate();
  const state = parseLiveStreamState(location.state);

  useEffect(() => {
    if (!state) {
      notify.error(MSG.noStreamInfo);
      navigate('/orders', { replace: true });
    }
  }, [state, navigate]);

  return (
    <main>
      <Seo
        title="Transmisión en vivo"
        description="La transmisión en vivo de cada día de los eventos que adquiriste."
        noindex
      />
      <Container className="py-8 lg:py-12">
        <Link
          to="/orders"
          className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Mis Productos
        </Link>
        <h1 className="mt-3 text-2xl font-bold tracking-tight sm:text-3xl">
          TRANSMISIÓN <span className="text-brand-700">EN VIVO</span>
        </h1>
        {state ? <Streams state={state} /> : <p className="mt-6 text-slate-600">{MSG.noStreamInfo}</p>}
      </Container>
    </main>
  );
}

function Streams({ state }: { state: LiveStreamState }) {
  if ('item' in state) {
    return (
      <div className="mt-8 space-y-12">
        <ProductStreams
          item={state.item}
          renderTracker={(it, player) => <WatchTracker productId={it._id} {...player} />}
        />
      </div>
    );
  }
  return <OrderStreams state={state} />;
}

function OrderStreams({ state }: { state: Extract<LiveStreamState, { order: unknown }> }) {
  const order = useQuery(orderQueryOptions(state.order._id));
  const failed = order.isError;
  useEffect(() => {
    if (failed) notify.error(MSG.orderFetchError);
  }, [failed]);

  if (failed)
    return (
      <Alert tone="error" className="mt-6">
        {MSG.orderFetchError}
      </Alert>
    );
  if (order.isPending) {
    return (
      <div className="mt-8 space-y-4" aria-busy="true">
        <p className="sr-only" role="status">
          Cargando transmisión…
        </p>
        <Skeleton className="h-7 w-2/3" />
        <Skeleton className="aspect-video max-h-[28rem] w-full rounded-xl" />
      </div>
    );
  }
  if (order.data.status !== 'pagado') {
    return (
      <Alert className="mt-6" title={ORDER_STATUS_LABELS[order.data.status]}>
        {MSG.noStreamInfo}
      </Alert>
    );
  }
  const items = order.data.items.filter(
    (i) => !i.isPresential && (!state.productId || i._id === state.productId),
  );
  if (items.length === 0) return <Alert className="mt-6">{MSG.noDaysInfo}</Alert>;
  return (
    <div className="mt-8 space-y-12">
      {items.map((item) => (
        <ProductStreams
          key={item._id}
          item={item}
          renderTracker={(it, player) => <WatchTracker productId={it._id} {...player} />}
        />
      ))}
    </div>
  );
}
