// GET /api/product/single/{id}, for its myPrice: the signed-in member's price for the event now
// (their verified participant type, scholarship and the current step), and, for staff, an event
// not yet published, for its preview (docs/product.md → Drafts and publishing). Its own key under
// 'product-single' (dropped on logout): the live page's stream query must never be served a
// copy cached here before the member paid (its dayLinks would be empty).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/auth-token';

/** The answer's schema, loaded with the request (lib/api-client.ts → SchemaSource). */
const productSingleResponseSchema = async () =>
  (await import('@store/shared/schemas/product')).productSingleResponse;

export async function getProductForMember(productId: string, signal?: AbortSignal) {
  const res = await apiRequest(
    `/api/product/single/${encodeURIComponent(productId)}`,
    productSingleResponseSchema,
    {
      signal,
    },
  );
  return res.product;
}

export const myPriceQueryOptions = (productId: string, token: string | null) =>
  queryOptions({
    queryKey: ['product-single', productId, token, 'my-price'],
    queryFn: ({ signal }) => getProductForMember(productId, signal),
    enabled: Boolean(token) && productId !== '',
    retry: false,
    staleTime: 60_000,
  });

/**
 * The member's price (undefined for visitors and while loading); `draft`: the event as staff
 * preview it, when it is a draft; `pending` while a signed-in member's answer is awaited.
 */
export function useMyPrice(productId: string) {
  const token = useToken();
  const query = useQuery(myPriceQueryOptions(productId, token));
  const data = token ? query.data : undefined;
  return {
    myPrice: data?.myPrice,
    signedIn: Boolean(token),
    draft: data?.draft ? data : undefined,
    pending: Boolean(token) && productId !== '' && query.isPending,
  };
}
