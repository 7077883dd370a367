// Session state (docs/product.md → Session token, Logout): the token adopted from local storage, login saves it, logout
// removes it, empties the cart and every cached user query, and goes to /login.
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { setToken, useToken } from '../../../lib/auth-token';
import { clearLocalCart } from '../../../lib/cart-store';
import { userQueryKeys } from '../../../lib/query-keys';

export function useAuth() {
  const token = useToken();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const dropUserData = useCallback(() => {
    clearLocalCart();
    for (const queryKey of userQueryKeys.all) queryClient.removeQueries({ queryKey });
  }, [queryClient]);

  const login = useCallback(
    (next: string) => {
      dropUserData();
      setToken(next);
    },
    [dropUserData],
  );

  const logout = useCallback(() => {
    setToken(null);
    dropUserData();
    navigate('/login');
  }, [dropUserData, navigate]);

  return { token, isLoggedIn: Boolean(token), login, logout };
}
