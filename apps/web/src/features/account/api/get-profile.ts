// GET /api/user/profile: the signed-in user (checkout needs its userType, docs/product.md → Checkout and payment method).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/auth-token';
import { userQueryKeys } from '../../../lib/query-keys';

export async function getProfile(signal?: AbortSignal) {
  const res = await apiRequest(
    '/api/user/profile',
    async () => (await import('@store/shared/schemas/user')).profileResponse,
    { signal },
  );
  return res.user;
}

export const profileQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: userQueryKeys.profile(token),
    queryFn: ({ signal }) => getProfile(signal),
    enabled: Boolean(token),
    staleTime: 5 * 60_000,
  });

export function useProfile() {
  return useQuery(profileQueryOptions(useToken()));
}
