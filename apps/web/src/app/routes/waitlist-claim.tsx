// /lista-de-espera/reclamar?token=… (docs/after-sale.md → Waiting list): the link of the
// waiting-list offer e-mail. Signed in as the offered member, the seat is claimed at once and
// the day goes into the cart; anyone else reads why not.
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { MSG } from '@store/shared/messages';
import { Seo } from '../../components/layout/seo';
import { Alert } from '../../components/ui/alert';
import { ButtonLink } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Container } from '../../components/ui/container';
import { Spinner } from '../../components/ui/spinner';
import { cartQueryOptions } from '../../features/cart/api/get-cart';
import { claimOffer } from '../../features/waitlist/api/claim-offer';
import { useToken } from '../../lib/auth-token';
import { errorMessage, notify } from '../../lib/notify';
import { AFTER_SALE_MSG } from '@store/shared/after-sale-messages';

export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const session = useToken();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (!token || !session || started.current) return;
    started.current = true;
    claimOffer(token)
      .then(async (res) => {
        // The cart is read again before leaving: an invalidation alone refetches only carts on
        // screen, so /cart would first show the cart as it was before the claim (empty). A read
        // begun before the claim (the header's) is dropped, not reused.
        const cart = cartQueryOptions(session);
        await qc.cancelQueries({ queryKey: cart.queryKey });
        await qc.fetchQuery({ ...cart, staleTime: 0 });
        await qc.invalidateQueries({ queryKey: ['waitlist'] });
        await qc.invalidateQueries({ queryKey: ['products'] });
        notify.success(res.message);
        navigate('/cart', { replace: true });
      })
      .catch((err: unknown) => setError(errorMessage(err, MSG.genericProcessError)));
  }, [token, session, qc, navigate]);

  return (
    <main>
      <Seo title="Lista de espera" description="Reclama el lugar que se liberó para ti." noindex />
      {/* The token must not leak to other sites through the Referer header. */}
      <meta name="referrer" content="no-referrer" />
      <Container className="flex justify-center py-10 sm:py-16">
        <Card className="w-full max-w-md">
          <CardContent>
            <h1 className="text-xl font-bold tracking-tight">Lista de espera</h1>
            <div className="mt-6 space-y-6">
              {!token ? (
                <Alert tone="error">{AFTER_SALE_MSG.waitlistClaimInvalid}</Alert>
              ) : !session ? (
                <>
                  <Alert tone="info">
                    Inicia sesión con la cuenta a la que llegó el correo y vuelve a abrir el enlace para
                    reclamar tu lugar.
                  </Alert>
                  <ButtonLink to="/login" fullWidth>
                    Ir a Acceder
                  </ButtonLink>
                </>
              ) : error ? (
                <>
                  <Alert tone="error" live>
                    {error}
                  </Alert>
                  <ButtonLink to="/collection" fullWidth variant="secondary">
                    Ver los eventos
                  </ButtonLink>
                </>
              ) : (
                <Spinner label="Reclamando tu lugar…" />
              )}
            </div>
          </CardContent>
        </Card>
      </Container>
    </main>
  );
}
