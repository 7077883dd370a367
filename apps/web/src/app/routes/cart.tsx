// Cart (docs/product.md → Routes): lines, totals, and the way on to /place-order.
import { ShoppingCart } from 'lucide-react';
import { cartLines } from '@store/shared/domain/cart';
import { MSG } from '@store/shared/messages';
import { Seo } from '../../components/layout/seo';
import { ButtonLink } from '../../components/ui/button';
import { Container } from '../../components/ui/container';
import { EmptyState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { useProducts } from '../../features/catalog/api/get-products';
import { CartLine } from '../../features/cart/components/cart-line';
import { CartTotals } from '../../features/cart/components/cart-totals';
import { useCart } from '../../features/cart/hooks/use-cart';
import { useToken } from '../../lib/auth-token';

export function Component() {
  const token = useToken();
  const { cart, amount, updateQuantity, isLoading } = useCart();
  const products = useProducts();
  const byId = new Map((products.data ?? []).map((p) => [p._id, p]));
  // Lines whose product is no longer listed are left out, as they are of the amount.
  const lines = cartLines(cart).flatMap((l) => {
    const product = byId.get(l.productId);
    return product ? [{ ...l, product }] : [];
  });
  const loading = isLoading || products.isPending;

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
              {lines.map((l) => (
                <CartLine
                  key={`${l.productId}|${l.day}`}
                  product={l.product}
                  day={l.day}
                  quantity={l.quantity}
                  onQuantityChange={(q) => void updateQuantity(l.productId, l.day, q)}
                />
              ))}
            </ul>
            <div className="lg:sticky lg:top-24">
              <CartTotals subtotal={amount} />
              <ButtonLink to="/place-order" size="lg" fullWidth className="mt-4">
                PROCEDER AL PAGO
              </ButtonLink>
            </div>
          </div>
        )}
      </Container>
    </main>
  );
}
