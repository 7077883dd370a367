// /admin/* frame: checks the admin session (server-side role check on every call; this only
// decides what to show), offers the back office's own sign-in, then the sidebar shell.
import { Suspense, useState } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { MSG } from '@store/shared/messages';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { login } from '../../../features/account/api/login';
import { useAdminSession } from '../../../lib/admin/get-admin-session';
import { AdminShell } from '../../../components/admin/admin-shell';
import { AdminForbidden, AdminSignIn } from '../../../components/admin/admin-sign-in';
import { ApiError } from '../../../lib/api-client';
import { setToken, useToken } from '../../../lib/auth-token';
import { clearLocalCart } from '../../../lib/cart-store';
import { notify } from '../../../lib/notify';

export function Component() {
  const token = useToken();
  const session = useAdminSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [signInError, setSignInError] = useState<string>();

  const logout = () => {
    setToken(null);
    clearLocalCart();
    queryClient.clear();
  };

  const signIn = async (email: string, password: string) => {
    setSignInError(undefined);
    try {
      const res = await login({ email, password });
      if (res.isFirstLogin && res.resetToken) {
        notify.info(MSG.firstLoginChangePassword);
        navigate(`/reset-password?token=${encodeURIComponent(res.resetToken)}`);
        return;
      }
      if (!res.token) throw new ApiError(res.message ?? MSG.genericProcessError, 200);
      queryClient.clear();
      setToken(res.token);
    } catch (err) {
      setSignInError(err instanceof ApiError && err.status > 0 ? err.message : MSG.genericProcessError);
    }
  };

  const status = session.error instanceof ApiError ? session.error.status : null;
  if (!token || status === 401) return <AdminSignIn onSubmit={signIn} error={signInError} />;
  if (status === 403) return <AdminForbidden onLogout={logout} />;
  if (session.isPending) return <Spinner label="Cargando la administración…" className="min-h-screen" />;
  if (session.isError) {
    return (
      <main className="mx-auto max-w-md px-4 py-20">
        <Alert tone="error" title="No pudimos abrir la administración" live>
          {session.error.message}
        </Alert>
      </main>
    );
  }
  return (
    <AdminShell email={session.data.email} onLogout={logout}>
      <Suspense fallback={<Spinner label="Cargando la administración…" />}>
        <Outlet />
      </Suspense>
    </AdminShell>
  );
}
