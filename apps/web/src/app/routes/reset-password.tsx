// /reset-password?token=… (docs/product.md → Routes): set a new password with the link's token, then sign in.
import { useNavigate, useSearchParams } from 'react-router';
import { MSG } from '@store/shared/messages';
import { Seo } from '../../components/layout/seo';
import { Alert } from '../../components/ui/alert';
import { ButtonLink } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Container } from '../../components/ui/container';
import { resetPassword } from '../../features/account/api/reset-password';
import { AccountCardHeading } from '../../features/account/components/account-card-heading';
import { ResetPasswordForm } from '../../features/account/components/reset-password-form';
import { ApiError } from '../../lib/api-client';
import { notify } from '../../lib/notify';

export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';

  const onSubmit = async (newPassword: string) => {
    try {
      await resetPassword({ token, newPassword });
      notify.success(MSG.resetDone);
      navigate('/login', { replace: true });
    } catch (err) {
      notify.error(err instanceof ApiError && err.status > 0 ? err.message : MSG.resetError);
    }
  };

  return (
    <main>
      <Seo title="Restablecer contraseña" description="Elige una nueva contraseña para tu cuenta." noindex />
      {/* The token must not leak to other sites through the Referer header. */}
      <meta name="referrer" content="no-referrer" />
      <Container className="flex justify-center py-10 sm:py-16">
        <Card className="w-full max-w-md">
          <CardContent>
            {token ? (
              <>
                <AccountCardHeading title="Nueva contraseña">
                  Elige una contraseña nueva para tu cuenta.
                </AccountCardHeading>
                <div className="mt-6">
                  <ResetPasswordForm onSubmit={onSubmit} />
                </div>
              </>
            ) : (
              <>
                <AccountCardHeading title="Nueva contraseña" />
                <div className="mt-6 space-y-6">
                  <Alert tone="error">{MSG.resetTokenInvalid}</Alert>
                  <ButtonLink to="/login" fullWidth>
                    Ir a Acceder
                  </ButtonLink>
                </div>
              </>
            )}
          </CardContent>
        </Card>
      </Container>
    </main>
  );
}
