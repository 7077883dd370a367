// /login (docs/product.md → Login form, First login): Acceso or Registro, the reset-request view, and the first-login
// redirect to /reset-password. After signing in or registering the visitor returns to `?next=` (a same-site path,
// lib/pending-add.ts) with the day chosen before signing in added to the cart; a signed-in visitor goes straight there.
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { MSG } from '@store/shared/messages';
import { Seo } from '../../components/layout/seo';
import { Card, CardContent } from '../../components/ui/card';
import { Container } from '../../components/ui/container';
import { login } from '../../features/account/api/login';
import { register } from '../../features/account/api/register';
import { requestPasswordReset } from '../../features/account/api/request-password-reset';
import { AuthForm } from '../../features/account/components/auth-form';
import { ResetRequestForm } from '../../features/account/components/reset-request-form';
import { useAuth } from '../../features/account/hooks/use-auth';
import type { LoginFormValues, RegisterFormValues } from '../../features/account/utils/auth-schemas';
import { addCartItem } from '../../features/cart/api/add-cart-item';
import { ApiError } from '../../lib/api-client';
import { errorMessage, notify } from '../../lib/notify';
import { safeReturnPath, takePendingAdd } from '../../lib/pending-add';

/** docs/product.md → Login form: the server's message when there is one, else 'Error en el proceso'. */
function authError(err: unknown): string {
  return err instanceof ApiError && err.status > 0 ? err.message : MSG.genericProcessError;
}

/**
 * Adds the day chosen before signing in, with the new session before the app adopts it (so the
 * cart is read with the line in it); the toast says whether it is in the cart.
 */
async function addPendingChoice(token: string, openCart: () => void): Promise<void> {
  const pending = takePendingAdd();
  if (!pending) return;
  // The explanation shown on the way here has been acted on.
  notify.dismiss(MSG.loginRequiredToAdd);
  try {
    for (const day of pending.days) await addCartItem({ itemId: pending.itemId, days: day }, token);
    notify.successWithAction(MSG.cartAddDone, { label: 'Ver carrito', onClick: openCart });
  } catch (err) {
    notify.error(errorMessage(err, MSG.serverError));
  }
}

export function Component() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeReturnPath(params.get('next')) ?? '/';
  const [view, setView] = useState<'auth' | 'reset'>('auth');
  // Set while a successful sign-in navigates, so the redirect for signed-in visitors
  // does not race it.
  const [done, setDone] = useState(false);

  if (auth.isLoggedIn && !done) return <Navigate to={next} replace />;

  const onLogin = async (values: LoginFormValues) => {
    try {
      const res = await login(values);
      if (res.isFirstLogin && res.resetToken) {
        notify.info(MSG.firstLoginChangePassword);
        navigate(`/reset-password?token=${encodeURIComponent(res.resetToken)}`);
        return;
      }
      if (!res.token) throw new ApiError(res.message ?? MSG.genericProcessError, 200);
      setDone(true);
      await addPendingChoice(res.token, () => navigate('/cart'));
      auth.login(res.token);
      notify.success(MSG.loginDone);
      navigate(next);
    } catch (err) {
      notify.error(authError(err));
    }
  };

  const onRegister = async (values: RegisterFormValues) => {
    try {
      const res = await register({ name: values.name, email: values.email, password: values.password });
      if (!res.token) throw new ApiError(res.message ?? MSG.genericProcessError, 200);
      setDone(true);
      await addPendingChoice(res.token, () => navigate('/cart'));
      auth.login(res.token);
      notify.success(MSG.registerDone);
      navigate(next);
    } catch (err) {
      notify.error(authError(err));
    }
  };

  const onResetRequest = async (email: string) => {
    try {
      await requestPasswordReset(email);
      notify.success(MSG.resetRequestSent);
      setView('auth');
    } catch (err) {
      notify.error(err instanceof ApiError && err.status > 0 ? err.message : MSG.resetRequestError);
    }
  };

  return (
    <main>
      {view === 'reset' ? (
        <Seo
          title="Restablecer contraseña"
          description="Te enviamos por correo un enlace para elegir una nueva contraseña."
          noindex
        />
      ) : (
        <Seo
          title="Acceder"
          description="Inicia sesión o regístrate para comprar eventos y ver tus transmisiones en vivo."
          noindex
        />
      )}
      <Container className="flex justify-center py-10 sm:py-16">
        <Card className="w-full max-w-md">
          <CardContent>
            {view === 'reset' ? (
              <ResetRequestForm onSubmit={onResetRequest} onBack={() => setView('auth')} />
            ) : (
              <AuthForm onLogin={onLogin} onRegister={onRegister} onForgotPassword={() => setView('reset')} />
            )}
          </CardContent>
        </Card>
      </Container>
    </main>
  );
}
