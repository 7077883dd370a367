// GET /api/waitlist/product/{productId}: the signed-in member's waiting-list state on each
// limited day of an event (sold out for them? in line, at which place? offered a seat?).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/auth-token';
import { userQueryKeys } from '../../../lib/query-keys';

/** The answer's schema, loaded with the request (lib/api-client.ts → SchemaSource). */
const waitlistProductResponseSchema = async () =>
  (await import('@store/shared/schemas/waitlist')).waitlistProductResponse;

export async function getWaitlistState(productId: string, signal?: AbortSignal) {
  const res = await apiRequest(
    `/api/waitlist/product/${encodeURIComponent(productId)}`,
    waitlistProductResponseSchema,
    { signal },
  );
  return res.days;
}

export const waitlistStateOptions = (token: string | null, productId: string) =>
  queryOptions({
    queryKey: userQueryKeys.waitlist(token, productId),
    queryFn: ({ signal }) => getWaitlistState(productId, signal),
    enabled: Boolean(token) && productId !== '',
    staleTime: 30_000,
  });

export function useWaitlistState(productId: string) {
  return useQuery(waitlistStateOptions(useToken(), productId));
}
