// POST /api/user/reset-password: sets a new password with the token from the link (a first
// password also answers a session token); POST /api/user/password-link: what the link's page says.
import { useQuery } from '@tanstack/react-query';
import {
  passwordLinkResponse,
  resetPasswordResponse,
  type ResetPasswordBody,
} from '@store/shared/schemas/user';
import { apiRequest } from '../../../lib/api-client';

export function resetPassword(body: ResetPasswordBody) {
  return apiRequest('/api/user/reset-password', resetPasswordResponse, { method: 'POST', body });
}

/** The link's holder and, for an account the store made for them, the events they hold. */
export function usePasswordLink(token: string) {
  return useQuery({
    queryKey: ['password-link', token],
    queryFn: ({ signal }) =>
      apiRequest('/api/user/password-link', passwordLinkResponse, {
        method: 'POST',
        body: { token },
        signal,
      }),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
}
