// GET /api/product/single/{id}, for its myPrice: the signed-in member's price for the event now
// (their verified participant type, scholarship and the current step). Its own key under
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

/** The member's price (undefined for visitors and while loading). */
export function useMyPrice(productId: string) {
  const token = useToken();
  const query = useQuery(myPriceQueryOptions(productId, token));
  return { myPrice: token ? query.data?.myPrice : undefined, signedIn: Boolean(token) };
}
