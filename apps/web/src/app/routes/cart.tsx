// Cart (docs/product.md → Routes): lines, totals, and the way on to /place-order. A line whose day has ended
// is shown as such and must be removed before paying (the server refuses it too).
import { ShoppingCart } from 'lucide-react';
import { MSG } from '@store/shared/messages';
import { Seo } from '../../components/layout/seo';
import { Alert } from '../../components/ui/alert';
import { Button, ButtonLink } from '../../components/ui/button';
import { Container } from '../../components/ui/container';
import { EmptyState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { useFinishedProducts } from '../../features/catalog/api/get-finished-products';
import { useProducts } from '../../features/catalog/api/get-products';
import { CartLine } from '../../features/cart/components/cart-line';
import { CartTotals } from '../../features/cart/components/cart-totals';
import { useCart } from '../../features/cart/hooks/use-cart';
import { cartHasUnlistedEvents, cartViewLines } from '../../features/cart/utils/cart-view-lines';
import { linePriceViews } from '../../features/cart/utils/line-prices';
import { useToken } from '../../lib/auth-token';
import { useNow } from '../../lib/use-now';

export function Component() {
  const token = useToken();
  const { cart, amount, updateQuantity, isLoading, linePrice, problem } = useCart();
  const products = useProducts();
  const unlisted = cartHasUnlistedEvents(cart, products.data);
  const finished = useFinishedProducts({ enabled: unlisted });
  const now = useNow();
  const lines = cartViewLines(cart, [...(products.data ?? []), ...(finished.data ?? [])], now);
  const ended = lines.filter((l) => l.ended);
  const priceViews = linePriceViews(lines, linePrice);
  const loading = isLoading || products.isPending || (unlisted && finished.isPending);

  return (
    <main>
      <Seo
        title="Carrito"
        description="Revisa los eventos y días de tu carrito y continúa al pago."
        noindex
      />
      <Container className="py-8 lg:py-12">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
          TU <span className="text-brand-700">CARRITO</span>
        </h1>
        {loading ? (
          <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_22rem]" aria-busy="true">
            <p className="sr-only" role="status">
              Cargando carrito…
            </p>
            <div className="space-y-4">
              {[0, 1].map((i) => (
                <Skeleton key={i} className="h-20 w-full" />
              ))}
            </div>
            <Skeleton className="h-56 w-full rounded-xl" />
          </div>
        ) : lines.length === 0 ? (
          <EmptyState
            icon={ShoppingCart}
            title={MSG.emptyCart}
            actions={
              <>
                <ButtonLink to="/collection">Ver eventos</ButtonLink>
                {!token && (
                  <ButtonLink to="/login" variant="secondary">
                    Acceder
                  </ButtonLink>
                )}
              </>
            }
          >
            {token
              ? 'Elige un evento y el día que te interesa.'
              : 'Inicia sesión para agregar eventos a tu carrito.'}
          </EmptyState>
        ) : (
          <div className="mt-6 grid items-start gap-8 lg:grid-cols-[1fr_22rem]">
            <ul
              className="divide-y divide-slate-200 border-y border-slate-200"
              aria-label="Productos en el carrito"
            >
              {lines.map((l, i) => {
                const view = priceViews[i]!;
                // An event sold as a whole is one line (its first day's), with all its days.
                if (view.whole === 'included') return null;
                const days =
                  view.whole === 'first'
                    ? lines.filter((o) => o.productId === l.productId).map((o) => o.day)
                    : undefined;
                return (
                  <CartLine
                    {...view}
                    key={`${l.productId}|${l.day}`}
                    product={l.product}
                    day={l.day}
                    days={days}
                    quantity={l.quantity}
                    ended={l.ended}
                    onQuantityChange={(q) => void updateQuantity(l.productId, l.day, q)}
                  />
                );
              })}
            </ul>
            <div className="lg:sticky lg:top-24">
              {/* With a problem the server has no price to show: checkout would refuse the cart. */}
              {(!problem || ended.length > 0) && <CartTotals subtotal={amount} />}
              {problem && ended.length === 0 && (
                <Alert tone="error" live>
                  {problem}
                </Alert>
              )}
              {ended.length > 0 || problem ? (
                <>
                  {ended.length > 0 && (
                    <Alert tone="error" className="mt-4" live>
                      {ended.length === 1
                        ? 'Un día de tu carrito ya terminó y no se puede comprar. Quítalo para continuar.'
                        : `${ended.length} días de tu carrito ya terminaron y no se pueden comprar. Quítalos para continuar.`}
                    </Alert>
                  )}
                  <Button size="lg" fullWidth className="mt-4" disabled>
                    PROCEDER AL PAGO
                  </Button>
                </>
              ) : (
                <ButtonLink to="/place-order" size="lg" fullWidth className="mt-4">
                  PROCEDER AL PAGO
                </ButtonLink>
              )}
            </div>
          </div>
        )}
      </Container>
    </main>
  );
}
