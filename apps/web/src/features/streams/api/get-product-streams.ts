// GET /api/product/single/{id}: the product with dayLinks for the days the caller paid for.
import { queryOptions } from '@tanstack/react-query';
import { productSingleResponse } from '@store/shared/schemas/product';
import { apiRequest } from '../../../lib/api-client';

export async function getProductStreams(productId: string, signal?: AbortSignal) {
  const res = await apiRequest(
    `/api/product/single/${encodeURIComponent(productId)}`,
    productSingleResponse,
    {
      signal,
    },
  );
  return res.product;
}

export const productStreamsQueryOptions = (productId: string, token: string | null) =>
  queryOptions({
    queryKey: ['product-single', productId, token],
    queryFn: ({ signal }) => getProductStreams(productId, signal),
    retry: false,
    staleTime: 60_000,
  });
