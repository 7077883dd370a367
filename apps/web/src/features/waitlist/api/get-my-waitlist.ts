// GET /api/waitlist/mine: the signed-in member's live waiting-list entries (Mis Productos).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/auth-token';
import { userQueryKeys } from '../../../lib/query-keys';

/** The answer's schema, loaded with the request (lib/api-client.ts → SchemaSource). */
const myWaitlistResponseSchema = async () =>
  (await import('@store/shared/schemas/waitlist')).myWaitlistResponse;

export async function getMyWaitlist(signal?: AbortSignal) {
  return (await apiRequest('/api/waitlist/mine', myWaitlistResponseSchema, { signal })).entries;
}

export const myWaitlistOptions = (token: string | null) =>
  queryOptions({
    queryKey: userQueryKeys.myWaitlist(token),
    queryFn: ({ signal }) => getMyWaitlist(signal),
    enabled: Boolean(token),
    staleTime: 30_000,
  });

export function useMyWaitlist() {
  return useQuery(myWaitlistOptions(useToken()));
}
