// /verify?success=…&orderId=… (docs/product.md → Card payment): back from card checkout, the server asks Stripe
// whether the order was paid (the query string proves nothing). Paid: empty cart, /orders, and
// the message says the meses-sin-intereses plan when the buyer chose one on Stripe's page (the
// order's `installments`). Otherwise: back to /cart with the error message.
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { MSG } from '@store/shared/messages';
import { Seo } from '../../components/layout/seo';
import { Container } from '../../components/ui/container';
import { Spinner } from '../../components/ui/spinner';
import { RequireAuth } from '../../features/account/components/require-auth';
import { useCart } from '../../features/cart/hooks/use-cart';
import { paidInstallments, verifyStripe } from '../../features/payments/api/verify-stripe';
import { getToken } from '../../lib/auth-token';
import { errorMessage, notify } from '../../lib/notify';
import { userQueryKeys } from '../../lib/query-keys';

export function Component() {
  return (
    <RequireAuth>
      <Verify />
    </RequireAuth>
  );
}

function Verify() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { clearCart } = useCart();
  const success = params.get('success') ?? '';
  const orderId = params.get('orderId') ?? '';
  // One verification per visit, even when React mounts effects twice in development.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = getToken();
    const done = async () => {
      if (!orderId) throw new Error(MSG.paymentError);
      return verifyStripe({ success, orderId });
    };
    done()
      .then(async (res) => {
        const months = await paidInstallments(orderId);
        notify.success(
          months ? `${res.message}. Pagado con tarjeta a ${months} meses sin intereses.` : res.message,
        );
        clearCart();
        // The server emptied the cart: a cart load still in flight must not bring it back.
        void queryClient.invalidateQueries({ queryKey: userQueryKeys.cart(token) });
        void queryClient.invalidateQueries({ queryKey: userQueryKeys.orders(token) });
        navigate('/orders', { replace: true });
      })
      .catch((err: unknown) => {
        notify.error(errorMessage(err, MSG.paymentError));
        void queryClient.invalidateQueries({ queryKey: userQueryKeys.cart(token) });
        navigate('/cart', { replace: true });
      });
  }, [success, orderId, clearCart, navigate, queryClient]);

  return (
    <main>
      <Seo title="Verificando pago" description="Estamos verificando el pago de tu orden." noindex />
      <Container narrow className="py-16 text-center">
        <h1 className="text-2xl font-bold">Verificando pago</h1>
        <Spinner label={MSG.paymentVerifying} className="mt-6" />
      </Container>
    </main>
  );
}
