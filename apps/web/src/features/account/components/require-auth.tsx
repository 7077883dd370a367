// Pages that need a session (checkout, orders, streams): without a token, go to /login.
// No toast here: logging out from one of these pages lands on /login the same way.
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useToken } from '../../../lib/auth-token';

export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useToken();
  if (!token) return <Navigate to="/login" replace />;
  return children;
}
