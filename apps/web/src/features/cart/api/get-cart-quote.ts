// POST /api/order/quote: the signed-in member's cart priced as checkout will charge it (their
// fee tier; an event sold as a whole split over its days), or why checkout would refuse it.
// Keyed under the cart's key with the cart itself, so every cart change asks again.
import { queryOptions } from '@tanstack/react-query';
import type { CartData } from '@store/shared/domain/cart';
import { apiRequest } from '../../../lib/api-client';
import { userQueryKeys } from '../../../lib/query-keys';

export async function getCartQuote(signal?: AbortSignal) {
  return apiRequest(
    '/api/order/quote',
    async () => (await import('@store/shared/schemas/order')).cartQuoteResponse,
    { method: 'POST', body: {}, signal },
  );
}

export const cartQuoteQueryOptions = (token: string | null, cart: CartData | undefined) =>
  queryOptions({
    queryKey: [...userQueryKeys.cart(token), 'quote', cart ?? null] as const,
    queryFn: ({ signal }) => getCartQuote(signal),
    enabled: Boolean(token) && cart !== undefined,
  });
