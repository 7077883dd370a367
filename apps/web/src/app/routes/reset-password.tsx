// /reset-password?token=… (docs/product.md → Routes, Set-password links): set a new password with
// the link's token. The page first reads the link: an invalid or spent one is said at once; an
// account the store made for the person (a team place, a transfer, an import) is welcomed by name
// with the events it holds, and choosing the first password signs them in and opens Mis
// Productos. A reset goes on to sign in with the new password.
import { useNavigate, useSearchParams } from 'react-router';
import { MSG } from '@store/shared/messages';
import type { PasswordLinkResponse } from '@store/shared/schemas/user';
import { Seo } from '../../components/layout/seo';
import { Alert } from '../../components/ui/alert';
import { ButtonLink } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Container } from '../../components/ui/container';
import { Skeleton } from '../../components/ui/skeleton';
import { resetPassword, usePasswordLink } from '../../features/account/api/reset-password';
import { AccountCardHeading } from '../../features/account/components/account-card-heading';
import { ResetPasswordForm } from '../../features/account/components/reset-password-form';
import { useAuth } from '../../features/account/hooks/use-auth';
import { ApiError } from '../../lib/api-client';
import { dayDateNote } from '../../lib/day-date';
import { notify } from '../../lib/notify';

/** «ANA RUIZ» or «Ana Ruiz» → «Ana»: the first name as one greets a person. */
export function firstName(name: string): string {
  const first = name.trim().split(/\s+/)[0] ?? '';
  return first.charAt(0).toLocaleUpperCase('es-MX') + first.slice(1).toLocaleLowerCase('es-MX');
}

function Welcome({ link }: { link: PasswordLinkResponse }) {
  return (
    <>
      <AccountCardHeading title={`Te damos la bienvenida, ${firstName(link.name)}`}>
        Creamos tu cuenta con este correo. Elige tu contraseña para entrar.
      </AccountCardHeading>
      {link.events.length > 0 && (
        <section
          aria-labelledby="welcome-events"
          className="mt-6 rounded-xl border border-slate-200 bg-slate-50 p-4"
        >
          <h2 id="welcome-events" className="text-sm font-semibold text-ink">
            Tienes lugar en
          </h2>
          <ul className="mt-2 space-y-3">
            {link.events.map((e) => (
              <li key={e.name}>
                <p className="font-semibold text-ink">{e.name}</p>
                <ul className="mt-1 space-y-0.5 text-sm text-slate-700">
                  {e.days.map((d) => (
                    <li key={`${d.label}-${d.startsAt}`}>
                      {[d.label, dayDateNote(d.label, d.startsAt)].filter(Boolean).join(' · ')}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
          <p className="mt-3 text-sm text-slate-600">
            Al guardar tu contraseña entras a Mis Productos, donde verás la transmisión de cada día.
          </p>
        </section>
      )}
    </>
  );
}

export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const auth = useAuth();
  const token = params.get('token') ?? '';
  const link = usePasswordLink(token);
  const invalid = token === '' || link.data?.kind === 'invalid';
  const welcome = link.data?.kind === 'welcome';

  const onSubmit = async (newPassword: string) => {
    try {
      const res = await resetPassword({ token, newPassword });
      if (res.token) {
        auth.login(res.token);
        notify.success(res.message);
        navigate('/orders', { replace: true });
        return;
      }
      notify.success(MSG.resetDone);
      navigate('/login', { replace: true });
    } catch (err) {
      notify.error(err instanceof ApiError && err.status > 0 ? err.message : MSG.resetError);
    }
  };

  return (
    <main>
      <Seo
        title={welcome ? 'Bienvenida' : 'Restablecer contraseña'}
        description="Elige una nueva contraseña para tu cuenta."
        noindex
      />
      {/* The token must not leak to other sites through the Referer header. */}
      <meta name="referrer" content="no-referrer" />
      <Container className="flex justify-center py-10 sm:py-16">
        <Card className="w-full max-w-md">
          <CardContent>
            {invalid ? (
              <>
                <AccountCardHeading title="Nueva contraseña" />
                <div className="mt-6 space-y-6">
                  <Alert tone="error" live>
                    {MSG.resetTokenInvalid}
                  </Alert>
                  <p className="text-sm text-slate-700">
                    En Acceder, «¿Olvidaste tu contraseña?» te envía un enlace nuevo a tu correo.
                  </p>
                  <ButtonLink to="/login" fullWidth>
                    Ir a Acceder
                  </ButtonLink>
                </div>
              </>
            ) : link.isPending ? (
              <div aria-busy="true" aria-label="Cargando">
                <Skeleton className="mx-auto h-9 w-3/4" />
                <Skeleton className="mt-6 h-40 w-full rounded-xl" />
              </div>
            ) : (
              <>
                {welcome && link.data ? (
                  <Welcome link={link.data} />
                ) : (
                  <AccountCardHeading title="Nueva contraseña">
                    Elige una contraseña nueva para tu cuenta.
                  </AccountCardHeading>
                )}
                <div className="mt-6">
                  <ResetPasswordForm onSubmit={onSubmit} first={welcome} />
                </div>
              </>
            )}
          </CardContent>
        </Card>
      </Container>
    </main>
  );
}
