// Product detail (docs/product.md → Routes): gallery, name, dates, price, description, day options, add to
// cart (login and a day required, docs/product.md → Cart; greyed out as AGOTADO, with the reason, when
// no day left on sale has a seat), and up to 5 related events. A finished event's
// page stays reachable (from the finished list) with "Finalizado" and nothing to add. An event
// not yet published is unknown to visitors and members; staff see it as a preview, under a
// «Vista previa — borrador» banner and with nothing to buy (docs/product.md → Drafts and
// publishing). What other features own comes in from the route module: the days the member owns, their waiting-list
// state and panel, their participant-type request, adding to the cart and opening a related event.
import { useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  Ban,
  CalendarDays,
  MapPin,
  MonitorPlay,
  PackageCheck,
  Pencil,
  ShoppingCart,
  Users,
} from 'lucide-react';
import { RELATED_PRODUCT_COUNT } from '@store/shared/constants';
import { ENDED_LABEL, hasEnded } from '@store/shared/domain/event-days';
import { formatDateRange, MX_TIME_ZONE_LABEL } from '@store/shared/domain/time';
import { MSG } from '@store/shared/messages';
import type { ParticipantTypeRequest } from '@store/shared/schemas/participant-types';
import type { DayOption } from '@store/shared/schemas/product';
import type { WaitlistDayState } from '@store/shared/schemas/waitlist';
import { Seo } from '../../../components/layout/seo';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Container } from '../../../components/ui/container';
import { Skeleton } from '../../../components/ui/skeleton';
import { useFinishedProducts } from '../api/get-finished-products';
import { useProducts } from '../api/get-products';
import { useMyPrice } from '../api/get-my-price';
import { DayOptions } from './day-options';
import { PriceBlock } from './price-block';
import { ProductGallery } from './product-gallery';
import { ProductGrid, type ProductGridProps } from './product-grid';
import { VenueBlock } from './venue-block';
import { relatedProducts } from '../utils/filter-products';
import { soldOutReason, withOfferedSeats } from '../utils/sold-out';
import { useNow } from '../../../lib/use-now';
import { GROUP_MSG } from '@store/shared/group-messages';

export interface ProductPageProps {
  productId: string;
  /** Days of this event the member already owns (undefined while unknown or signed out). */
  owned: ReadonlySet<string> | undefined;
  /** The member's waiting-list state per limited day (undefined for visitors and while loading). */
  waitlist: readonly WaitlistDayState[] | undefined;
  /** The member's participant-type request (a pending one changes the price shown). */
  pendingRequest: ParticipantTypeRequest | null | undefined;
  addToCart: (productId: string, days: string | readonly string[]) => Promise<unknown>;
  /** Opening a related event (an owned one goes to /orders). */
  onOpen: ProductGridProps['onOpen'];
  /** The waiting-list panel for the event's sold-out days. */
  renderWaitlist: (panel: {
    productId: string;
    options: readonly DayOption[];
    states: readonly WaitlistDayState[] | undefined;
    signedIn: boolean;
    owned: ReadonlySet<string> | undefined;
    now: number;
  }) => ReactNode;
}

export function ProductPage({
  productId,
  owned,
  waitlist,
  pendingRequest,
  addToCart,
  onOpen: openProduct,
  renderWaitlist,
}: ProductPageProps) {
  const products = useProducts();
  const current = products.data?.find((p) => p._id === productId);
  // Not among the upcoming events: it may have finished (the page stays reachable).
  const finished = useFinishedProducts({ enabled: products.isSuccess && !current });
  const now = useNow();
  // product/single: the member's price, and for staff an event not yet published (its preview).
  const { myPrice, signedIn, draft, pending: memberPending } = useMyPrice(productId);
  // Keyed by product so moving to a related event starts with no day chosen.
  const [choice, setChoice] = useState<{ productId: string; days: string[] }>({ productId, days: [] });
  const days = choice.productId === productId ? choice.days : [];
  const toggleDay = (d: string) =>
    setChoice({ productId, days: days.includes(d) ? days.filter((x) => x !== d) : [...days, d] });
  const [adding, setAdding] = useState(false);

  const listed = current ?? finished.data?.find((p) => p._id === productId);
  const product = listed ?? draft;
  const preview = !listed && draft !== undefined;
  const related = useMemo(
    () =>
      product && products.data
        ? relatedProducts(
            products.data.filter((p) => !hasEnded(p, now)),
            product,
            RELATED_PRODUCT_COUNT,
          )
        : [],
    [product, products.data, now],
  );
  const fullForMe = useMemo(() => new Set(waitlist?.filter((d) => d.soldOut).map((d) => d.day)), [waitlist]);

  if (products.isError || finished.isError) {
    return (
      <main>
        <Seo title="Evento" />
        <Container className="py-12">
          <Alert tone="error" live>
            {MSG.productsLoadError}
          </Alert>
        </Container>
      </main>
    );
  }
  // Not in either list: unknown (a draft, for anyone but staff), once product/single has answered.
  if (products.data && !product && finished.isSuccess && !memberPending) {
    return (
      <main>
        <Seo title="Evento no encontrado" noindex />
        <Container narrow className="py-20 text-center">
          <h1 className="text-2xl font-bold">{MSG.productNotFound}</h1>
          <ButtonLink to="/collection" className="mt-8">
            Ver todos los eventos
          </ButtonLink>
        </Container>
      </main>
    );
  }
  if (!product) return <ProductSkeleton />;

  // Owned and ended days stay listed (disabled); when every day is owned there is nothing to
  // add, and a finished event (every day ended) can no longer be bought.
  const ownedCount = product.dayOptions.filter((o) => owned?.has(o.label)).length;
  const allOwned = ownedCount > 0 && ownedCount === product.dayOptions.length;
  const ended = hasEnded(product, now);
  // A seat offered to this member from the waiting list is theirs to buy, not «Agotado».
  const myOptions = withOfferedSeats(product.dayOptions, signedIn ? waitlist : undefined);
  const soldOut = soldOutReason({ ...product, dayOptions: myOptions }, { now, owned, fullForMe });

  const onAdd = async () => {
    setAdding(true);
    try {
      // An event sold as a whole needs no day choice: any day adds them all.
      const wholeDay = product.dayOptions.find((o) => !hasEnded(o, now))?.label ?? '';
      // Several days of a per-day event go in together, in the event's order.
      const chosen = product.dayOptions.map((o) => o.label).filter((l) => days.includes(l));
      await addToCart(product._id, product.saleMode === 'completo' ? wholeDay : chosen);
    } finally {
      setAdding(false);
    }
  };

  // A preview sells nothing: what a buyer would act on is left out.
  const onSale = !ended && !preview;

  return (
    <main>
      <Seo
        title={product.name}
        description={product.description}
        image={product.image[0]}
        type="product"
        noindex={preview}
      />
      <Container className="py-8 lg:py-12">
        {preview && (
          <Alert tone="warning" title={MSG.draftPreviewTitle} className="mb-6 lg:mb-8">
            <p>{MSG.draftPreviewBody}</p>
            <Link
              to={`/admin/events/${product._id}`}
              className="mt-2 inline-flex items-center gap-1.5 font-semibold underline underline-offset-2"
            >
              <Pencil aria-hidden="true" className="h-4 w-4" />
              Editar el evento
            </Link>
          </Alert>
        )}
        <div className="grid gap-8 lg:grid-cols-2 lg:gap-12">
          <ProductGallery images={product.image} name={product.name} />
          <div>
            <div className="flex flex-wrap gap-2">
              <Badge tone="brand">{product.category}</Badge>
              <Badge>{product.subCategory}</Badge>
              <Badge tone="info">
                {product.isPresential ? (
                  <>
                    <MapPin aria-hidden="true" className="h-3.5 w-3.5" /> Presencial
                  </>
                ) : product.venue ? (
                  // Streamed and with a venue: a hybrid event.
                  <>
                    <MapPin aria-hidden="true" className="h-3.5 w-3.5" /> Presencial y en línea
                  </>
                ) : (
                  <>
                    <MonitorPlay aria-hidden="true" className="h-3.5 w-3.5" /> En línea
                  </>
                )}
              </Badge>
              {ended && <Badge tone="neutral">{ENDED_LABEL}</Badge>}
            </div>
            <h1 className="mt-3 text-2xl font-bold tracking-tight text-balance sm:text-3xl">
              {product.name}
            </h1>
            <p className="mt-2 flex items-center gap-2 font-medium text-slate-700">
              <CalendarDays aria-hidden="true" className="h-5 w-5 shrink-0 text-brand-700" />
              {formatDateRange(product.startsAt, product.endsAt)}
              <span className="sr-only"> ({MX_TIME_ZONE_LABEL})</span>
            </p>
            <PriceBlock
              product={product}
              myPrice={myPrice}
              signedIn={signedIn}
              now={now}
              compact={ended}
              pendingType={pendingRequest?.status === 'solicitada' ? pendingRequest.requestedType : null}
            />
            <p className="mt-5 text-pretty text-slate-700">{product.description}</p>
            {product.venue && <VenueBlock venue={product.venue} isPresential={product.isPresential} />}
            {ended && (
              <Alert tone="info" className="mt-6" title="Este evento ya terminó">
                Ya no está a la venta.{' '}
                <Link to="/collection" className="font-semibold underline underline-offset-2">
                  Ver los próximos eventos
                </Link>
              </Alert>
            )}
            {ownedCount > 0 && (
              <Alert tone="success" className="mt-6">
                {allOwned
                  ? 'Ya tienes acceso a todos los días de este evento.'
                  : `Ya tienes acceso a ${ownedCount} ${ownedCount === 1 ? 'día' : 'días'} de este evento; puedes agregar los demás.`}{' '}
                <Link to="/orders" className="font-semibold underline underline-offset-2">
                  Ir a Mis Productos
                </Link>
              </Alert>
            )}
            <div className="mt-6">
              <DayOptions
                options={myOptions}
                selected={days}
                onToggle={toggleDay}
                owned={owned}
                soldOut={fullForMe}
                now={now}
                whole={product.saleMode === 'completo'}
              />
            </div>
            {onSale &&
              renderWaitlist({
                productId: product._id,
                options: product.dayOptions,
                states: signedIn ? waitlist : undefined,
                signedIn,
                owned,
                now,
              })}
            {!onSale ? null : allOwned ? (
              <ButtonLink to="/orders" size="lg" className="mt-6 w-full sm:w-auto">
                <PackageCheck aria-hidden="true" className="h-5 w-5" />
                VER EN MIS PRODUCTOS
              </ButtonLink>
            ) : soldOut ? (
              <Button
                size="lg"
                variant="unavailable"
                className="mt-6 w-full sm:w-auto"
                disabled
                aria-describedby="agotado"
              >
                <Ban aria-hidden="true" className="h-5 w-5" />
                AGOTADO
              </Button>
            ) : (
              <Button size="lg" className="mt-6 w-full sm:w-auto" onClick={onAdd} loading={adding}>
                <ShoppingCart aria-hidden="true" className="h-5 w-5" />
                AGREGAR AL CARRITO
              </Button>
            )}
            {onSale && (
              <ButtonLink
                to={signedIn ? `/equipo/${product._id}` : '/login'}
                variant="secondary"
                size="lg"
                className="mt-3 w-full sm:ml-3 sm:w-auto"
              >
                <Users aria-hidden="true" className="h-5 w-5" />
                {GROUP_MSG.groupBuy.toUpperCase()}
              </ButtonLink>
            )}
            {onSale && !allOwned && soldOut && (
              <p id="agotado" className="mt-3 max-w-prose text-sm text-slate-700">
                {soldOut}
              </p>
            )}
            {onSale && (
              <ul className="mt-8 space-y-1 border-t border-slate-200 pt-6 text-sm text-slate-600">
                <li>Pago seguro con PayPal en pesos mexicanos (MXN).</li>
                <li>
                  {product.isPresential
                    ? 'Evento presencial: tu lugar queda reservado al confirmar el pago.'
                    : 'Acceso a la transmisión desde «Mis Productos» al confirmar el pago.'}
                </li>
              </ul>
            )}
          </div>
        </div>

        {related.length > 0 && (
          <section aria-labelledby="relacionados" className="mt-16">
            <h2 id="relacionados" className="text-2xl font-bold tracking-tight">
              EVENTOS <span className="text-brand-700">RELACIONADOS</span>
            </h2>
            <ProductGrid products={related} skeletons={0} onOpen={openProduct} className="mt-8" />
          </section>
        )}
      </Container>
    </main>
  );
}

function ProductSkeleton() {
  return (
    <main aria-busy="true">
      <Seo title="Evento" />
      <Container className="py-8 lg:py-12">
        <p className="sr-only" role="status">
          Cargando evento…
        </p>
        <div className="grid gap-8 lg:grid-cols-2 lg:gap-12">
          <Skeleton className="aspect-[4/3] rounded-xl" />
          <div className="space-y-4">
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-9 w-full" />
            <Skeleton className="h-9 w-32" />
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-11 w-full" />
            <Skeleton className="h-12 w-56" />
          </div>
        </div>
      </Container>
    </main>
  );
}
